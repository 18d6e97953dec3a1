/**
 * A response of the sandbox API before it becomes a web `Response`: status, headers and the
 * exact body text. Keeping the text lets the pipeline record it in the API logs and cache it for
 * an idempotent replay byte for byte (spec 4.1 rule 1) without reading a `Response` twice.
 *
 * @module
 */

/** A finished answer of the API; the body is the exact text sent (JSON for every API route). */
export interface Reply {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
  /** The value `body` serialises, when known (spares the API log a parse). */
  readonly value?: unknown
}

/** Media type of every JSON answer (spec 1: bodies are JSON). */
export const jsonContentType = 'application/json; charset=utf-8'

/**
 * Builds a JSON reply.
 *
 * @param status HTTP status.
 * @param value Any JSON-serialisable value.
 * @param headers Extra headers (the content type is set here).
 * @returns The reply with `value` serialised once.
 */
export function jsonReply(
  status: number,
  value: unknown,
  headers: Readonly<Record<string, string>> = {}
): Reply {
  return {
    status,
    headers: { 'content-type': jsonContentType, ...headers },
    body: JSON.stringify(value),
    value,
  }
}

/**
 * Turns a reply into a web `Response`.
 *
 * @param reply The reply.
 * @param extraHeaders Headers added last (rate-limit headers, the request id...).
 * @param withoutBody `true` for a `HEAD` request: same headers, no body.
 * @returns The `Response`.
 */
export function toWebResponse(
  reply: Reply,
  extraHeaders: Readonly<Record<string, string>> = {},
  withoutBody = false
): Response {
  return new Response(withoutBody ? null : reply.body, {
    status: reply.status,
    headers: { ...reply.headers, ...extraHeaders },
  })
}
