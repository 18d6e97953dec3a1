/**
 * The state of the sandbox behind one interface: idempotency records, rate-limit counters,
 * postcard entries, API logs, campaigns and flow pauses. Every method is async so a shared
 * store (Redis through ioredis, a database) can implement it for more than one instance; the
 * handler never keeps state of its own: several instances are correct only with one shared store
 * for all of it.
 *
 * Time is always passed in (`now`, epoch milliseconds, from the handler's injectable clock) so
 * windows, leases and expiry are deterministic in tests and consistent across instances.
 *
 * @module
 */
import type { Warning } from '../verdict/types.ts'

/** The mode of a bearer token (spec 5): test records entries without mailings. */
export type TokenMode = 'test' | 'live'

/** A response kept for an idempotent replay: the exact status and body text. */
export interface StoredResponse {
  readonly status: number
  readonly body: string
}

/**
 * What reserving an idempotency key found:
 * - `reserved`: the caller owns the key and must `complete` or `release` it;
 * - `pending`: another request owns it and is still running;
 * - `completed`: a finished request stored its response.
 */
export type IdempotencyReservation =
  | { readonly state: 'reserved' }
  | { readonly state: 'pending'; readonly fingerprint: string }
  | {
      readonly state: 'completed'
      readonly fingerprint: string
      readonly response: StoredResponse
    }

/** Arguments of {@link IdempotencyStore.reserve}. */
export interface ReserveRequest {
  /** Fingerprint of the payload (empty when the payload does not matter, spec 4.1). */
  readonly fingerprint: string
  /** A unique id of the reserving request; only it may complete or release the key. */
  readonly owner: string
  readonly now: number
  /**
   * How long a reservation blocks the key without being completed: a crashed owner must not
   * block a key for the whole retention.
   */
  readonly leaseMs: number
}

/** Idempotency records with an atomic check-and-reserve (as Redis `SET … NX` reserves a key). */
export interface IdempotencyStore {
  /**
   * Atomically reserves `key` when it is free (never used, its lease ran out, or its record
   * expired), else reports what holds it.
   */
  reserve(key: string, request: ReserveRequest): Promise<IdempotencyReservation>
  /**
   * Stores the response of the owner's request, kept until `expiresAt`. Does nothing when
   * `owner` no longer holds the key (a late owner must not overwrite a takeover).
   *
   * @returns Whether the record was stored.
   */
  complete(
    key: string,
    owner: string,
    response: StoredResponse,
    expiresAt: number
  ): Promise<boolean>
  /** Frees a reservation that did not lead to a stored response (only the owner can). */
  release(key: string, owner: string): Promise<void>
}

/** The state of a rate-limit counter after a hit. */
export interface RateLimitResult {
  /** Whether the hit was within the limit; a refused hit is not counted (Laravel). */
  readonly allowed: boolean
  /** Hits left in the current window. */
  readonly remaining: number
  /** When the current window ends (epoch milliseconds). */
  readonly resetAt: number
}

/** Fixed-window counters; the window starts at the first hit of a key, so resets spread out. */
export interface RateLimitStore {
  /** Counts one hit unless the window already holds `limit` hits. Atomic. */
  hit(key: string, limit: number, windowMs: number, now: number): Promise<RateLimitResult>
}

/** Where a postcard entry stands (spec 3; `removed` is the API logs' remove action). */
export type EntryStatus = 'queued' | 'accepted' | 'removed'

/** One recipient submitted to a flow (spec 4.1): what `GET /api/v1/entries` lists. */
export interface EntryRecord {
  readonly id: string
  readonly account_id: string
  readonly mode: TokenMode
  readonly flow_id: string
  /** The request that created it (the `X-Request-Id`, or the generated id). */
  readonly request_id: string
  readonly status: EntryStatus
  /** The batch it is queued for; null while accepted (flow paused) or removed. */
  readonly queued_for: string | null
  readonly created_at: string
  readonly updated_at: string
  /** The submitted postcard (`from`, `to`, `content`, `qr_codes`). */
  readonly postcard: unknown
  /**
   * Non-blocking findings of the check, e.g. an emoji newer than the pinned set: the service
   * accepts such an entry and reports it in the entry preview (spec 2.3).
   */
  readonly warnings: readonly Warning[]
  /**
   * The answer that created it (201 or 202), kept so that a retry of its `X-Request-Id` replays
   * it even when the idempotency record is missing: its store failed between writing the entry
   * and the record, or dropped the record to stay within its bounds. Not listed by the sandbox
   * routes.
   */
  readonly answer?: StoredResponse
}

/** Which entries to list; entries of other accounts are never returned. */
export interface EntryFilter {
  readonly account_id: string
  readonly mode?: TokenMode
  readonly flow_id?: string
}

/** Postcard entries. */
export interface EntryStore {
  /** Inserts an entry or replaces the one with the same `id`. */
  put(entry: EntryRecord): Promise<void>
  /** The latest entry created by a request id in an account and mode. */
  byRequestId(
    accountId: string,
    mode: TokenMode,
    requestId: string
  ): Promise<EntryRecord | undefined>
  /** Matching entries, newest first. */
  list(filter: EntryFilter, limit: number): Promise<readonly EntryRecord[]>
}

/** One request in an account's API logs (spec 1: every request is recorded). */
export interface LogRecord {
  readonly id: string
  /** When the request arrived, `YYYY-MM-DDTHH:mm:ssZ`. */
  readonly time: string
  readonly account_id: string
  readonly mode: TokenMode
  readonly method: string
  readonly path: string
  readonly status: number
  readonly request_id: string
  /** Size of the request body in bytes. */
  readonly request_bytes: number
  /** The request body (parsed JSON, else its text); null when absent or over the log limit. */
  readonly request_body: unknown
  readonly response_body: unknown
  /** The entry this request created, if any (the target of remove and resume). */
  readonly entry_id: string | null
}

/** API logs. */
export interface LogStore {
  append(record: LogRecord): Promise<void>
  /** An account's records of one mode, newest first. */
  list(accountId: string, mode: TokenMode, limit: number): Promise<readonly LogRecord[]>
}

/** A created campaign (spec 4.2): its 201 body. */
export interface CampaignRecord {
  readonly id: string
  readonly account_id: string
  readonly created_at: string
  readonly campaign: Readonly<Record<string, unknown>>
}

/** Campaigns. */
export interface CampaignStore {
  put(record: CampaignRecord): Promise<void>
  get(accountId: string, id: string): Promise<CampaignRecord | undefined>
}

/** Pauses set at run time (the configured `paused` applies until one is set). */
export interface FlowStateStore {
  paused(flowId: string): Promise<boolean | undefined>
  setPaused(flowId: string, paused: boolean): Promise<void>
}

/**
 * All state of the sandbox API. `memoryStore()` is the default; a shared implementation lets
 * several instances of the handler serve one sandbox.
 */
export interface Store {
  readonly idempotency: IdempotencyStore
  readonly rateLimits: RateLimitStore
  readonly entries: EntryStore
  readonly logs: LogStore
  readonly campaigns: CampaignStore
  readonly flows: FlowStateStore
}
