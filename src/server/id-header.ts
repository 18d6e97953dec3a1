/**
 * The id headers, `X-Request-Id` (spec 4.1) and `Idempotency-Key` (spec 4.2): any non-empty
 * value of printable ASCII (and tabs). Anything else is refused with 400 instead of being
 * echoed: header bytes reach a handler as Latin-1 text (Node, the Fetch standard), so the UTF-8
 * bytes of `ü` from curl read as `Ã¼`, while a browser or undici sends `ü` as the single
 * Latin-1 byte `FC`. Which text an id beyond ASCII means cannot be known, so its echo in the
 * JSON body (`request_id`, spec 2.4) could not be right for every client; RFC 9110 5.5 calls
 * such bytes obsolete (`obs-text`).
 *
 * @module
 */
import { HttpError } from './http-error.ts'

/** Printable ASCII and the tab (RFC 9110 5.5 `field-vchar`, `SP`, `HTAB`; no `obs-text`). */
const idText = /^[\t\x20-\x7e]*$/

/**
 * Reads an id header.
 *
 * @param headers The request's headers.
 * @param name `X-Request-Id` or `Idempotency-Key`.
 * @returns The value (`undefined` when absent or empty, which counts as not sent, spec 4.1),
 *   or the refusal of a value beyond printable ASCII.
 */
export function readIdHeader(
  headers: { get(name: string): string | null },
  name: string
): string | HttpError | undefined {
  const value = headers.get(name)
  if (value === null || value === '') return undefined
  if (idText.test(value)) return value
  return new HttpError(400, `The ${name} header must contain only printable ASCII characters.`)
}
