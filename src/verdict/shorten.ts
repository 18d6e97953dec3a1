/**
 * Short quotes of user values inside messages.
 *
 * @module
 */
import { codePointsEnd, countCodePoints } from '../text/code-points.ts'

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

/** Longest string shown whole by {@link showValue}, in code points. */
const MAX_SHOWN = 40

/**
 * A short rendering of any value for a message about a document (a design, a configuration):
 * strings JSON-quoted, cut to their first 39 code points and `…` past 40; containers elided.
 *
 * @param value Any value.
 * @returns E.g. `"https://example.com/a.png"`, `{…}`, `[]`, `12`, `null`.
 */
export function showValue(value: unknown): string {
  if (typeof value === 'string') {
    const long = countCodePoints(value, MAX_SHOWN) > MAX_SHOWN
    return JSON.stringify(long ? `${value.slice(0, codePointsEnd(value, MAX_SHOWN - 1))}…` : value)
  }
  if (Array.isArray(value)) return value.length === 0 ? '[]' : '[…]'
  if (value === null) return 'null'
  if (typeof value === 'object') return Object.keys(value).length === 0 ? '{}' : '{…}'
  if (typeof value === 'bigint') return `${value}n`
  if (typeof value === 'number' || typeof value === 'boolean' || value === undefined) {
    return String(value)
  }
  return typeof value
}
