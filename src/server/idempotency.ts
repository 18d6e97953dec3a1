/**
 * Reserving an idempotency key (`X-Request-Id` on postcards, spec 4.1; `Idempotency-Key` on
 * campaigns, spec 4.2) so that concurrent duplicates do the work exactly once.
 *
 * A duplicate that arrives while the first request is still running waits for it (polling the
 * store, which works for a shared store too) and then gets the first one's answer, as if it had
 * arrived a moment later. If the first request does not finish within the wait, the duplicate
 * gets a 409 with the code `request_in_progress` and `Retry-After: 1`: the only 409 a client
 * may retry (a duplicate id or another payload under a key is final: retrying it cannot help).
 *
 * @module
 */
import type { Principal } from './authenticate.ts'
import type { HandlerContext } from './handler-context.ts'
import type { JsonReply } from './reply.ts'
import { HttpError } from './http-error.ts'
import { StoreUnavailableError } from './store-unavailable-error.ts'
import type { IdempotencyReservation, StoredResponse } from './store.ts'

/** How long a reservation blocks its key if its owner never finishes (a crashed instance). */
export const leaseMs = 30_000

/** Polls of a running duplicate: 50 × 20 ms, one second of waiting at most. */
const pollAttempts = 50
const pollDelayMs = 20

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The store key of an idempotency key: scoped by account and token mode, so no client can
 * reach another's cached answers with a guessed key (IETF draft, security considerations),
 * and by endpoint, whose keys are different headers.
 *
 * @param principal Who sent it.
 * @param endpoint `postcards` or `campaigns`.
 * @param key The header value.
 * @returns The store key.
 */
export function idempotencyKey(principal: Principal, endpoint: string, key: string): string {
  return `${endpoint}\u0000${principal.accountId}\u0000${principal.mode}\u0000${key}`
}

/**
 * Reserves a key, waiting while a request with the same key and fingerprint runs.
 *
 * @param context The handler.
 * @param key The store key ({@link idempotencyKey}).
 * @param fingerprint The payload's fingerprint (`''` when the payload does not matter).
 * @param owner A unique id of this request.
 * @param header The header's name, for the in-progress message.
 * @param recover Finds the answer of an earlier request with this key whose record is missing
 *   (postcards: in the entry it created); it is then replayed (and stored again).
 * @returns `reserved` (this request owns the key), or `completed` with the stored answer; a
 *   `pending` result with another fingerprint is returned at once for the caller to refuse.
 * @throws {HttpError} 409 `request_in_progress` when the other request does not finish in time.
 */
export async function reserveKey(
  context: HandlerContext,
  key: string,
  fingerprint: string,
  owner: string,
  header: string,
  recover?: () => Promise<StoredResponse | undefined>
): Promise<IdempotencyReservation> {
  for (let attempt = 0; ; attempt++) {
    const found = await context.store.idempotency.reserve(key, {
      fingerprint,
      owner,
      now: context.now(),
      leaseMs,
    })
    if (found.state === 'completed') return found
    if (found.state === 'pending' && found.fingerprint !== fingerprint) return found
    // The key is free or held, but an earlier request with it may have done its work without
    // storing its answer (a store outage in between, a request that died, a dropped record).
    const earlier = found.state === 'reserved' || attempt === 0 ? await recover?.() : undefined
    if (earlier) {
      if (found.state === 'reserved') {
        // Store it for the next retry; the answer stands even if this fails.
        await context.store.idempotency
          .complete(key, owner, earlier, context.now() + context.options.idempotencyRetentionMs)
          .catch(() => context.store.idempotency.release(key, owner).catch(() => undefined))
      }
      return { state: 'completed', fingerprint, response: earlier }
    }
    if (found.state === 'reserved') return found
    if (attempt >= pollAttempts) {
      throw new HttpError(
        409,
        `A request with the same ${header} is still being processed; retry in a moment.`,
        { body: { code: 'request_in_progress' }, headers: { 'retry-after': '1' } }
      )
    }
    await sleep(pollDelayMs)
  }
}

/** How often a release the store could not take is tried again, while the lease lasts. */
const releaseRetryMs = 500

/**
 * Frees a reservation whose request stored no answer. While the store is unreachable the
 * request's own answer (often the 503 of the same outage) stands, and the release is tried
 * again in the background until the store takes it or the lease ends: retries with the same key
 * are served as soon as the store is back, not only when the lease ends. Freeing is always safe:
 * only the owner can, and a retry that finds the entry an earlier request wrote replays it.
 *
 * @param context The handler.
 * @param key The store key.
 * @param owner The request that reserved it.
 */
export async function releaseKey(
  context: HandlerContext,
  key: string,
  owner: string
): Promise<void> {
  const until = context.now() + leaseMs
  const attempt = async (): Promise<void> => {
    try {
      await context.store.idempotency.release(key, owner)
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error
      if (context.now() + releaseRetryMs >= until) return
      const timer: unknown = setTimeout(() => void attempt().catch(context.report), releaseRetryMs)
      // Node: a retry never keeps a stopping process alive.
      ;(timer as { unref?: () => void }).unref?.()
    }
  }
  await attempt()
}

/**
 * Runs the work of a request that holds a reserved key: an answer of one of the `kept`
 * statuses is stored under the key for the retention (spec 4.1: a retry gets it again); any
 * other answer, or a thrown error, releases the key, so that a retry does the work itself.
 *
 * @param context The handler.
 * @param key The reserved key.
 * @param owner The request that reserved it.
 * @param kept Statuses whose answer is kept, e.g. `[201, 202]`.
 * @param work The request's work.
 * @returns The work's answer.
 */
export async function completeOrRelease(
  context: HandlerContext,
  key: string,
  owner: string,
  kept: readonly number[],
  work: () => Promise<JsonReply>
): Promise<JsonReply> {
  let completed = false
  try {
    const reply = await work()
    if (kept.includes(reply.status)) {
      completed = await context.store.idempotency.complete(
        key,
        owner,
        { status: reply.status, body: reply.body },
        context.now() + context.options.idempotencyRetentionMs
      )
    }
    return reply
  } finally {
    if (!completed) await releaseKey(context, key, owner)
  }
}
