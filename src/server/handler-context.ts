/**
 * What every route of the sandbox API shares: the checked options, the store, the clock, and
 * the per-request record the pipeline fills for the rate-limit headers and the API logs.
 *
 * @module
 */
import type { EmojiArtworkSource } from '../emoji/types.ts'
import type { Preflight } from '../analysis/create-preflight.ts'
import type { FontRegistry } from '../text/types.ts'
import type { ResolvedOptions } from './api-options.ts'
import type { Principal } from './authenticate.ts'
import type { CallRequest } from './direct-call.ts'
import type { HttpError } from './http-error.ts'
import type { BodyText, JsonBody } from './read-json-body.ts'
import type { RateLimitResult, Store } from './store.ts'

/** Shared by all requests of one handler. */
export interface HandlerContext {
  readonly options: ResolvedOptions
  readonly store: Store
  readonly now: () => number
  readonly fonts: FontRegistry | undefined
  /**
   * One `Preflight` per flow id (flows that share a design share one), created with the handler:
   * each owns the bounded cache of its design's analyses.
   */
  readonly preflights: ReadonlyMap<string, Preflight>
  readonly marketingSource: string | undefined
  /** Emoji artwork the sandbox's proofs draw (`GET /api/v1/entries/{request_id}/proof.pdf`). */
  readonly emojiArtwork: EmojiArtworkSource | undefined
  /** Authenticates the `Authorization` header (throws a 401). */
  readonly authenticate: (authorization: string | null) => Principal
  /** Reports an unexpected error once. */
  readonly report: (error: unknown) => void
  /**
   * The spec's date-time of an instant (`format-date-time.ts`), keeping the last second it wrote:
   * the requests of one second share the text.
   */
  readonly formatDateTime: (instant: number) => string
  /** The next batch of a flow, memoised per flow (see `schedule.ts`). */
  readonly batchCache: Map<
    string,
    { readonly from: number; readonly next: number; readonly text: string }
  >
}

/** One request on its way through the pipeline; routes fill in what they learn. */
export interface Exchange {
  /** The request: a web `Request`, or its parts from a host adapter (see `direct-call.ts`). */
  readonly request: CallRequest
  readonly method: string
  /** The URL path, still percent-encoded. */
  readonly path: string
  readonly url: URL
  /** When the request arrived (one reading of the clock per request). */
  readonly time: number
  /** The `X-Request-Id` sent (any non-empty value, spec 4.1), else a generated UUID. */
  readonly requestId: string
  /** Whether `requestId` was sent by the client (only a sent id is an idempotency key). */
  readonly requestIdSent: boolean
  /** The refusal of a sent id beyond printable ASCII (`id-header.ts`); `requestId` is then generated. */
  readonly refusal?: HttpError

  /** Set once the bearer token is known. */
  principal?: Principal
  /** Set once a rate-limit counter was hit. */
  rate?: { readonly limit: number; readonly result: RateLimitResult }
  /** Set once the body was read, even when it then turns out not to be JSON. */
  received?: BodyText
  /** Set once the body was parsed. */
  body?: JsonBody
  /** Set when the request created an entry. */
  entryId?: string
  /** Extra headers for the answer (e.g. `Idempotent-Replayed`). */
  headers?: Record<string, string>
}
