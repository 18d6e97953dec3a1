/**
 * "Copy as curl": the request the page sends, as one command to paste into a POSIX shell.
 *
 * @module
 */

/** What a submission request consists of (spec 4.1). */
export interface PostcardRequest {
  /** Absolute URL of `POST /api/v1/postcards`. */
  readonly url: string
  /** The bearer token (spec 5). */
  readonly token: string
  /** The `X-Request-Id` idempotency key; `''` sends none (spec 4.1). */
  readonly requestId: string
  /** The JSON body (spec 2.3). */
  readonly body: unknown
}

/**
 * Quotes a word for a POSIX shell: single quotes keep everything literal except `'` itself,
 * which is closed, escaped and reopened (`'\''`).
 *
 * @param word Any string.
 * @returns The quoted word.
 */
export function shellQuote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`
}

/**
 * Writes the request as a curl command (`-i` to show the status and the rate-limit headers of
 * spec 8). The body is compact JSON sent byte for byte (`--data-binary`), so line breaks inside
 * Markdown stay the JSON escape `\n` that spec 2.5 asks for.
 *
 * @param request The request.
 * @returns The command, one option per line joined with ` \` continuations.
 */
export function curlCommand(request: PostcardRequest): string {
  const lines = [
    `curl -i ${shellQuote(request.url)}`,
    `-H ${shellQuote(`Authorization: Bearer ${request.token}`)}`,
    `-H ${shellQuote('Content-Type: application/json')}`,
    `-H ${shellQuote('Accept: application/json')}`,
  ]
  if (request.requestId !== '') lines.push(`-H ${shellQuote(`X-Request-Id: ${request.requestId}`)}`)
  lines.push(`--data-binary ${shellQuote(JSON.stringify(request.body))}`)
  return lines.join(' \\\n  ')
}
