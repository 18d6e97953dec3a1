/**
 * Short quotes of user values inside messages.
 *
 * @module
 */
import { codePointsEnd } from '../text/code-points.ts'

/** Longest value quoted whole, in code points: a zip, a country, a field name fit easily. */
const MAX_QUOTED = 48

/**
 * A value as quoted in a message: whole when short, else its first characters and `…`, so that a
 * megabyte-long value never turns into a megabyte-long message. Cuts between code points, never
 * inside a surrogate pair.
 *
 * @param value The value to quote.
 * @param max Most code points kept (default: `48`).
 * @returns The value, or its beginning followed by `…`.
 */
export function shorten(value: string, max = MAX_QUOTED): string {
  if (value.length <= max) return value
  const end = codePointsEnd(value, max)
  return end >= value.length ? value : `${value.slice(0, end)}…`
}
