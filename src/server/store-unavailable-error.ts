/**
 * A store that cannot be reached: a network failure, a timeout, a server restarting. A store
 * throws it (`redisStore` does) for a failure that is not the request's fault and may pass, so
 * the handler answers `503` with `Retry-After` (`toResponse`) instead of a `500`, and reports no
 * bug. Whatever the store did not confirm may or may not have happened; the handler keeps
 * retries with the same `X-Request-Id` to one entry (`postcards-route.ts`).
 *
 * @module
 */

/** The store could not be reached; the same request may succeed in a moment. */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError'
}
