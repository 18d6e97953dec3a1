/**
 * Node only: a Node request's header lines as the Fetch standard's `Headers` reads them, without
 * building a `Headers`.
 *
 * Why: the pipeline only ever calls `get` on a request's headers, a few times per request, and
 * Node 20's `Headers` validates and copies every line on `append` (about a tenth of the bridge's
 * own CPU per request). This reads the raw lines on demand and gives what `get` of a `Headers`
 * made of them by `append` would give (a differential test holds the two equal):
 *
 * - names match without regard to case;
 * - a value loses leading and trailing HTTP whitespace (tab, LF, CR, space);
 * - a line `append` would refuse (a NUL, CR or LF left in the value, a character beyond
 *   U+00FF) is skipped, as the bridge skipped it before;
 * - repeated lines are joined by `, ` (`; ` for `Cookie`), in the order sent.
 *
 * @module
 */
import type { HeaderReader } from '../server/direct-call.ts'

/** Whether a UTF-16 code unit is HTTP whitespace (Fetch: tab, LF, CR, space). */
const isHttpWhitespace = (code: number) =>
  code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d

/** A NUL, CR or LF, or a character `Headers` cannot hold (beyond U+00FF): the line is skipped. */
const refusedCharacter = /[\0\n\r\u0100-\uffff]/

/**
 * A header value as `Headers.append` keeps it.
 *
 * @param value The raw value.
 * @returns The value without surrounding HTTP whitespace, or `undefined` when `append` would
 *   throw on it.
 */
function fetchValue(value: string): string | undefined {
  let start = 0
  let end = value.length
  while (end > start && isHttpWhitespace(value.charCodeAt(end - 1))) end--
  while (start < end && isHttpWhitespace(value.charCodeAt(start))) start++
  const kept = start === 0 && end === value.length ? value : value.slice(start, end)
  return refusedCharacter.test(kept) ? undefined : kept
}

/**
 * The headers of a Node request for the pipeline.
 *
 * @param rawHeaders The request's `rawHeaders` (name, value, name, value, ...).
 * @returns A reader whose `get` equals that of a `Headers` the lines were appended to.
 */
export function requestHeaders(rawHeaders: readonly string[]): HeaderReader {
  return {
    get(name: string): string | null {
      const wanted = name.toLowerCase()
      const separator = wanted === 'cookie' ? '; ' : ', '
      let joined: string | null = null
      for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
        const field = rawHeaders[index] as string
        if (field.length !== wanted.length || field.toLowerCase() !== wanted) continue
        const value = fetchValue(rawHeaders[index + 1] as string)
        if (value === undefined) continue
        joined = joined === null ? value : `${joined}${separator}${value}`
      }
      return joined
    },
  }
}
