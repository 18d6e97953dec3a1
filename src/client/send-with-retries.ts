/**
 * One logical send: the same request, with the same id, tried until an answer that is final,
 * within the retry policy, the deadline and the caller's signal.
 *
 * @module
 */
import { apiErrorOf, ApiError, type Answer, type SendContext } from './api-error.ts'
import { isRetryable, parseRetryAfter, retryDelay, type RetryPolicy } from './retry-policy.ts'
import { SendError, type SendErrorReason } from './send-error.ts'
import type { FetchLike } from './types.ts'

/** A request to send, with its id already in `headers`. */
export interface SendRequest extends SendContext {
  readonly url: string
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
  readonly signal: AbortSignal | undefined
}

/** The answer that ended a send. */
export interface Sent {
  /** A final answer: not retryable, or retryable with no try left (never a 2xx then). */
  readonly answer: Answer
  /** Tries made. */
  readonly attempts: number
  /**
   * Whether a try before the answered one may have reached the service: it failed without an
   * answer, or answered 5xx or 409 `request_in_progress` (not 429: a rate-limited request is
   * refused before anything is done, spec 8).
   */
  readonly reachedBefore: boolean
  /** The failure of the try before, if any. */
  readonly previous: unknown
}

/** How one try ended: an answer, or a failure without one. */
type Outcome =
  { readonly answer: Answer } | { readonly failure: unknown; readonly timedOut: boolean }

/** The largest delay `setTimeout` keeps (2^31 - 1 ms); a longer one means no timer. */
const maxTimerMs = 2_147_483_647

function codeOf(body: unknown): string | undefined {
  const code = (body as { readonly code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/**
 * One try: fetch and read the whole body, cut after `limitMs` or when the caller aborts, even
 * with a fetch that ignores its signal.
 */
async function tryOnce(fetch: FetchLike, request: SendRequest, limitMs: number): Promise<Outcome> {
  const controller = new AbortController()
  const timeout = new DOMException(`The try took longer than ${limitMs} ms`, 'TimeoutError')
  let cut: (reason: unknown) => void = () => undefined
  const stopped = new Promise<never>((_, reject) => (cut = reject))
  const stop = (reason: unknown) => {
    controller.abort(reason)
    cut(reason)
  }
  const caller = request.signal
  const onAbort = () => stop(caller?.reason)
  caller?.addEventListener('abort', onAbort, { once: true })
  const timer = limitMs <= maxTimerMs ? setTimeout(() => stop(timeout), limitMs) : undefined
  try {
    const read = (async (): Promise<Answer> => {
      const response = await fetch(request.url, {
        method: 'POST',
        headers: request.headers,
        body: request.body,
        signal: controller.signal,
      })
      const text = await response.text()
      return { status: response.status, headers: response.headers, body: parseBody(text) }
    })()
    return { answer: await Promise.race([read, stopped]) }
  } catch (failure) {
    return { failure, timedOut: failure === timeout }
  } finally {
    clearTimeout(timer)
    caller?.removeEventListener('abort', onAbort)
  }
}

/**
 * Sends a request until an answer that is final.
 *
 * Tries again, with the same request (so the same id), after a failure without an answer and
 * after the answers {@link isRetryable} names, waiting {@link retryDelay} in between. Stops at
 * the first other answer, which it returns (a 2xx included); when no try or no time is left,
 * throws the last retryable answer as an {@link ApiError}, or a {@link SendError} when the last
 * try got no answer.
 *
 * @param fetch The fetch.
 * @param policy The retry policy.
 * @param request The request.
 * @returns The final answer.
 * @throws {ApiError} The last answer (5xx, 429, 409 in progress) when the retries are over.
 * @throws {SendError} `network` (no try left), `deadline`, `aborted`.
 */
export async function sendWithRetries(
  fetch: FetchLike,
  policy: RetryPolicy,
  request: SendRequest
): Promise<Sent> {
  const { now } = policy
  const { signal } = request
  const deadlineAt = now() + policy.deadlineMs
  let attempts = 0
  let reached = false
  let last: unknown

  const fail = (reason: SendErrorReason, cause: unknown): SendError => {
    const what =
      reason === 'aborted'
        ? 'aborted'
        : reason === 'deadline'
          ? `no answer within the deadline of ${policy.deadlineMs} ms`
          : 'no answer'
    const hint = reached
      ? `; a try may have reached the service: send again with the same ${request.idHeader} to know`
      : ''
    const said = cause instanceof Error ? `: ${cause.message}` : ''
    return new SendError(
      `${request.label}: ${what} after ${attempts} ${attempts === 1 ? 'try' : 'tries'} (${request.idHeader} \`${request.requestId}\`)${said}${hint}`,
      { reason, requestId: request.requestId, attempts, reached, cause }
    )
  }
  /** The end of the retries: the last answer, or a failure without one. */
  const giveUp = (reason: SendErrorReason) => (last instanceof ApiError ? last : fail(reason, last))

  for (;;) {
    if (signal?.aborted) throw fail('aborted', signal.reason)
    const left = deadlineAt - now()
    if (left <= 0) throw giveUp('deadline')
    const reachedBefore = reached
    const previous = last
    attempts++
    const limit = Math.min(policy.attemptTimeoutMs, left)
    const outcome = await tryOnce(fetch, request, limit)
    let retryAfterMs: number | undefined
    if ('failure' in outcome) {
      reached = true
      if (signal?.aborted) throw fail('aborted', signal.reason)
      last = outcome.failure
      if (outcome.timedOut && limit === left) throw fail('deadline', last)
    } else {
      const { answer } = outcome
      if (!isRetryable(answer.status, codeOf(answer.body))) {
        return { answer, attempts, reachedBefore, previous }
      }
      retryAfterMs = parseRetryAfter(answer.headers.get('retry-after'), now())
      last = apiErrorOf(request, answer, attempts, retryAfterMs, previous)
      if (answer.status !== 429) reached = true
    }
    if (attempts >= policy.attempts) throw giveUp('network')
    const delay = retryDelay(policy, attempts, retryAfterMs)
    if (now() + delay >= deadlineAt) throw giveUp('deadline')
    try {
      await policy.sleep(delay, signal)
    } catch (error) {
      if (signal?.aborted) throw fail('aborted', signal.reason)
      throw error
    }
  }
}
