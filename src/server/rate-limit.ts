/**
 * Per-token rate limits (spec 8): 600 postcard and 60 campaign requests a minute, counted in a
 * fixed window that starts at a token's first request, as Laravel's `ThrottleRequests` counts,
 * whose headers (`X-RateLimit-Limit`, `X-RateLimit-Remaining`, `Retry-After`) spec 8 lists.
 *
 * @module
 */
import type { Exchange, HandlerContext } from './handler-context.ts'
import { HttpError } from './http-error.ts'

/** A minute (spec 8: limits are per minute). */
export const rateWindowMs = 60_000

/** Laravel's text for a refused request (spec 8: 429). */
export const tooManyAttemptsMessage = 'Too Many Attempts.'

/**
 * Counts the request against its token's limit for one endpoint.
 *
 * @param context The handler.
 * @param exchange The request; `principal` must be set. Its `rate` is set here.
 * @param endpoint Names the counter (`postcards`, `campaigns`).
 * @param limit Requests per minute.
 * @throws {HttpError} 429 with `Retry-After` when the window is full; the refused request is not
 *   counted (Laravel checks before it counts), so a client that waits is served again.
 */
export async function applyRateLimit(
  context: HandlerContext,
  exchange: Exchange,
  endpoint: string,
  limit: number
): Promise<void> {
  const principal = exchange.principal
  if (!principal) throw new Error('applyRateLimit needs an authenticated exchange')
  const key = `${endpoint}:${principal.accountId}:${principal.tokenIndex}`
  const result = await context.store.rateLimits.hit(key, limit, rateWindowMs, exchange.time)
  exchange.rate = { limit, result }
  if (!result.allowed) {
    const retryAfter = Math.max(1, Math.ceil((result.resetAt - exchange.time) / 1000))
    throw new HttpError(429, tooManyAttemptsMessage, {
      headers: {
        'retry-after': String(retryAfter),
        'x-ratelimit-reset': String(Math.ceil(result.resetAt / 1000)),
      },
    })
  }
}

/**
 * Adds the headers every answer of a rate-limited endpoint carries (spec 8).
 *
 * @param exchange The request.
 * @param headers The answer's headers: `X-RateLimit-Limit` and `X-RateLimit-Remaining` are
 *   set once the request was counted, nothing before.
 */
export function addRateLimitHeaders(exchange: Exchange, headers: Record<string, string>): void {
  if (!exchange.rate) return
  headers['x-ratelimit-limit'] = String(exchange.rate.limit)
  headers['x-ratelimit-remaining'] = String(exchange.rate.result.remaining)
}
