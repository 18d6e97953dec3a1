/**
 * When a try is retried and how long the client waits before the next one.
 *
 * @module
 */
import { ClientOptionsError } from './client-options-error.ts'
import type { RetryOptions } from './types.ts'

/** A retry policy with every default filled in. */
export interface RetryPolicy {
  readonly attempts: number
  readonly baseDelayMs: number
  readonly maxDelayMs: number
  readonly deadlineMs: number
  readonly attemptTimeoutMs: number
  readonly now: () => number
  readonly sleep: (ms: number, signal: AbortSignal | undefined) => Promise<void>
  readonly random: () => number
}

/**
 * The defaults of {@link RetryOptions}: 5 tries, waits of up to 0.5, 1, 2 and 4 s (full
 * jitter), 30 s for the whole send, 10 s per try. Five tries ride out a restart or a failover of
 * a few seconds; 30 s stays below the minute of a rate-limit window (spec 8), so a 429 whose
 * `Retry-After` is longer ends the send at once with the service's answer.
 */
export const DEFAULT_RETRY: Readonly<
  Required<
    Pick<
      RetryOptions,
      'attempts' | 'baseDelayMs' | 'maxDelayMs' | 'deadlineMs' | 'attemptTimeoutMs'
    >
  >
> = Object.freeze({
  attempts: 5,
  baseDelayMs: 500,
  maxDelayMs: 10_000,
  deadlineMs: 30_000,
  attemptTimeoutMs: 10_000,
})

/**
 * Waits `ms`, or less when `signal` aborts (then rejects with its reason).
 *
 * @param ms The wait.
 * @param signal Ends the wait early.
 * @returns When the wait is over.
 */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/**
 * Fills in the defaults of the retry options and checks them.
 *
 * @param options The client's `retry` option; `false` is one try.
 * @returns The policy.
 * @throws {ClientOptionsError} For a count or a duration that cannot work.
 */
export function resolveRetry(options: RetryOptions | false | undefined): RetryPolicy {
  const given: RetryOptions = options === false ? { attempts: 1 } : (options ?? {})
  const policy: Record<string, unknown> = {
    ...DEFAULT_RETRY,
    now: Date.now,
    sleep,
    random: Math.random,
  }
  // An option set to `undefined` keeps its default, as if it were not given.
  for (const [name, value] of Object.entries(given)) if (value !== undefined) policy[name] = value
  const { attempts } = policy
  if (typeof attempts !== 'number' || !Number.isInteger(attempts) || attempts < 1) {
    throw new ClientOptionsError(
      `Unexpected \`${String(attempts)}\` for \`retry.attempts\`, expected an integer of at least \`1\``
    )
  }
  for (const name of ['baseDelayMs', 'maxDelayMs', 'deadlineMs', 'attemptTimeoutMs']) {
    const value = policy[name]
    if (typeof value !== 'number' || !(value >= 0)) {
      throw new ClientOptionsError(
        `Unexpected \`${String(value)}\` for \`retry.${name}\`, expected a number of ms of at least \`0\` (\`Infinity\` for none)`
      )
    }
  }
  for (const name of ['now', 'sleep', 'random']) {
    if (typeof policy[name] !== 'function') {
      throw new ClientOptionsError(
        `Unexpected \`${String(policy[name])}\` for \`retry.${name}\`, expected a function`
      )
    }
  }
  return policy as unknown as RetryPolicy
}

/**
 * Whether an answer is worth another try with the same id: a 5xx (the service or a gateway
 * failed, maybe after creating the entry: the replay will tell), a 429 (spec 8: wait
 * `Retry-After`), and a 409 `request_in_progress` (a try of this send is still running on the
 * service: ask again for its answer). Any other 4xx would be answered the same again.
 *
 * @param status The answer's status.
 * @param code The body's `code`, if any.
 * @returns Whether to retry.
 */
export function isRetryable(status: number, code: string | undefined): boolean {
  return status >= 500 || status === 429 || (status === 409 && code === 'request_in_progress')
}

/**
 * The wait before the next try: full jitter (AWS, "Exponential Backoff And Jitter") between 0
 * and `baseDelayMs * 2^(retry - 1)`, bounded by `maxDelayMs`, and never less than the
 * service's `Retry-After`.
 *
 * @param policy The policy.
 * @param retry 1 before the second try, 2 before the third...
 * @param retryAfterMs The answer's `Retry-After`, if any.
 * @returns The wait in ms.
 */
export function retryDelay(
  policy: RetryPolicy,
  retry: number,
  retryAfterMs: number | undefined
): number {
  const bound = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1))
  return Math.max(retryAfterMs ?? 0, policy.random() * bound)
}

/**
 * Reads `Retry-After` (RFC 9110 10.2.3): delay-seconds (spec 8 says seconds) or an HTTP date.
 *
 * @param value The header's value.
 * @param now The time now, ms since the epoch.
 * @returns The wait in ms (0 for a date in the past), or `undefined` without a usable value.
 */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined
  const text = value.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  // IMF-fixdate and RFC 850 dates end in GMT; asctime dates are GMT without saying so. Nothing
  // else is read as a date (Date.parse takes far more, e.g. `1.5`).
  const date = / GMT$/.test(text)
    ? Date.parse(text)
    : /^[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d \d{4}$/.test(text)
      ? Date.parse(`${text} GMT`)
      : Number.NaN
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}
