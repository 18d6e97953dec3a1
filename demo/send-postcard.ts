/**
 * Sending the postcard to the sandbox (`POST /api/v1/postcards`, spec 4.1) and reading the
 * answer the way a client must: status, body, and the headers of spec 4.1 and 8.
 *
 * @module
 */
import type { PostcardRequest } from './curl-command.ts'

/** Headers the page shows, in this order (spec 8's three, the reset time, the id echoed back). */
export const SHOWN_HEADERS = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'Retry-After',
  'X-RateLimit-Reset',
  'X-Request-Id',
] as const

/** The statuses of spec 4.1 and 7 (and the sandbox's 400 and 413) with their reason phrases. */
const REASONS: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Content Too Large',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
}

/** An answer of the sandbox, or the reason there was none. */
export interface SendResult {
  /** HTTP status; `0` when no answer arrived (server down, network). */
  readonly status: number
  /** `201 Created`, or `No answer`. */
  readonly statusLine: string
  /** The shown headers that were present, in {@link SHOWN_HEADERS} order. */
  readonly headers: readonly (readonly [name: string, value: string])[]
  /** The body as received (pretty-printed when it is JSON). */
  readonly bodyText: string
  /** The parsed JSON body, or `undefined`. */
  readonly body: unknown
  /** The `X-Request-Id` the request carried (`''` for none). */
  readonly requestId: string
  /** Round-trip time in milliseconds. */
  readonly durationMs: number
}

/**
 * Sends one submission. Never throws: a failed connection is a result with status `0`.
 *
 * @param request URL, token, request id and body.
 * @param fetchAnswer The fetch to use (default: the global `fetch`).
 * @returns The answer.
 */
export async function sendPostcard(
  request: PostcardRequest,
  fetchAnswer: typeof fetch = (input, init) => fetch(input, init)
): Promise<SendResult> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${request.token}`,
    'content-type': 'application/json',
    accept: 'application/json',
  }
  if (request.requestId !== '') headers['x-request-id'] = request.requestId
  const started = performance.now()
  try {
    const response = await fetchAnswer(request.url, {
      method: 'POST',
      headers,
      body: JSON.stringify(request.body),
      cache: 'no-store',
    })
    const text = await response.text()
    let body: unknown
    let bodyText = text
    try {
      body = JSON.parse(text) as unknown
      bodyText = JSON.stringify(body, null, 2)
    } catch {
      body = undefined
    }
    return {
      status: response.status,
      statusLine: `${response.status} ${REASONS[response.status] ?? response.statusText}`.trim(),
      headers: SHOWN_HEADERS.flatMap((name) => {
        const value = response.headers.get(name)
        return value === null ? [] : [[name, value] as const]
      }),
      bodyText,
      body,
      requestId: request.requestId,
      durationMs: performance.now() - started,
    }
  } catch (error) {
    return {
      status: 0,
      statusLine: 'No answer',
      headers: [],
      bodyText: error instanceof Error ? error.message : String(error),
      body: undefined,
      requestId: request.requestId,
      durationMs: performance.now() - started,
    }
  }
}

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null
    ? (body as Record<string, unknown>)[name]
    : undefined
}

/**
 * One or two sentences that say what an answer means for the sender, citing the spec.
 *
 * @param result The answer.
 * @returns The explanation.
 */
export function explainAnswer(result: SendResult): string {
  const retryAfter = result.headers.find(([name]) => name === 'Retry-After')?.[1]
  switch (result.status) {
    case 0:
      return 'The sandbox did not answer. Is `npm start` running?'
    case 201: {
      const at = field(result.body, 'queued_for')
      return `Queued: the flow is active and the postcard goes out with the next batch${typeof at === 'string' ? ` (${at})` : ''} (spec 4.1).`
    }
    case 202:
      return 'Accepted: the flow is paused, so the postcard waits until the flow is resumed (spec 3).'
    case 409:
      return typeof field(result.body, 'request_id') === 'string'
        ? 'Replayed: this X-Request-Id was used before, so the first answer comes back unchanged and no second postcard is created (spec 4.1 rule 1). Send a new request id to queue another one.'
        : 'The first request with this X-Request-Id is still being processed; retry in a moment.'
    case 401:
      return 'The token is missing or not one of the sandbox (spec 5).'
    case 403:
      return 'The token may not do this (spec 7).'
    case 404:
      return 'The flow does not exist or does not belong to the account of this token (spec 4.1).'
    case 422:
      return 'Validation failed: the body lists every error at once (spec 7.1).'
    case 429:
      return `Too many requests for this token: wait ${retryAfter ?? 'a few'} seconds (spec 8).`
    default:
      return ''
  }
}
