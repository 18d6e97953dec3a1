/**
 * A response of the sandbox API before it becomes a web `Response`: status, headers and the
 * exact body text. Keeping the text lets the pipeline record it in the API logs and cache it for
 * an idempotent replay byte for byte (spec 4.1 rule 1) without reading a `Response` twice.
 *
 * @module
 */
import type { CallAnswer } from './direct-call.ts'

/**
 * A finished answer of the API; the body is the exact text sent (JSON for every API route but
 * the sandbox's PDF proofs, which are bytes).
 */
export interface Reply {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: string | Uint8Array
  /** The value `body` serialises, when known (spares the API log a parse). */
  readonly value?: unknown
}

/** A reply whose body is JSON text: every answer of the API routes, logged and replayed. */
export interface JsonReply extends Reply {
  readonly body: string
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
): JsonReply {
  return {
    status,
    headers: { 'content-type': jsonContentType, ...headers },
    body: JSON.stringify(value),
    value,
  }
}

/**
 * The answer to send for a reply: its status, headers and body.
 *
 * @param reply The reply.
 * @param withoutBody `true` for a `HEAD` request: same headers, no body.
 * @returns The answer.
 */
export function answerOf(reply: Reply, withoutBody = false): CallAnswer {
  return { status: reply.status, headers: reply.headers, body: withoutBody ? null : reply.body }
}

/**
 * Turns an answer into a web `Response`.
 *
 * @param answer The answer.
 * @returns The `Response`.
 */
export function toWebResponse(answer: CallAnswer): Response {
  // A Uint8Array is a valid body in every runtime; TypeScript's DOM types only want one
  // backed by an ArrayBuffer, which Node's Buffer does not promise.
  return new Response(answer.body as BodyInit | null, {
    status: answer.status,
    headers: answer.headers,
  })
}
