/**
 * The in-memory {@link Store}: the default of `createApiHandler`, right for one instance (a
 * test, a browser worker, one Node process, one Workers isolate).
 *
 * Atomicity comes from JavaScript itself: every check-and-set below runs without an `await`
 * in between, so no other request can interleave (JavaScript runs one task at a time).
 *
 * Memory stays flat: idempotency records and rate-limit windows are dropped once expired (each
 * is ordered by expiry, so a sweep only looks at its head); completed idempotency records are
 * also bounded by count and size (`maxIdempotencyRecords`, `maxIdempotencyBytes`: under unique
 * ids the 24-hour retention alone bounds nothing), the oldest dropped first; logs and entries
 * keep the newest `maxRecords` per account and mode.
 *
 * @module
 */
import type {
  CampaignRecord,
  EntryFilter,
  EntryRecord,
  IdempotencyReservation,
  LogRecord,
  RateLimitResult,
  ReserveRequest,
  Store,
  TokenMode,
} from './store.ts'

/** Options of {@link memoryStore}. */
export interface MemoryStoreOptions {
  /**
   * Log records, entries and campaigns kept per account and mode; the oldest go first
   * (default: `10000`).
   */
  readonly maxRecords?: number
  /**
   * Completed idempotency records (`X-Request-Id`, `Idempotency-Key`) kept at most, across all
   * accounts; beyond it the oldest go first, before their retention ends (default: `100000`).
   * Reservations of requests still running are never dropped.
   */
  readonly maxIdempotencyRecords?: number
  /**
   * The size of those records at most, in bytes: 2 per UTF-16 code unit of key, fingerprint
   * and stored answer, plus {@link idempotencyRecordOverhead} each (default: 64 MiB).
   */
  readonly maxIdempotencyBytes?: number
}

/** What a completed idempotency record is counted beyond its texts: map slot and objects. */
export const idempotencyRecordOverhead = 100

interface PendingRecord {
  readonly fingerprint: string
  readonly owner: string
  readonly until: number
}

/**
 * A completed record, its answer's status and text kept flat: one object per record rather than
 * two (up to 100 000 records stay alive, and each object kept is work for every full collection
 * of the garbage collector); `reserve` builds the answer of a replay.
 */
interface CompletedRecord {
  readonly key: string
  readonly fingerprint: string
  readonly status: number
  readonly body: string
  readonly until: number
  readonly bytes: number
}

/**
 * Completed idempotency records, oldest first, bounded by count and size. They are completed
 * in order of expiry (completion time + retention), so the oldest is the first to expire: one
 * queue serves both the retention and the bounds. The order lives in an array beside the
 * `Map` (as in {@link CappedMap}), so dropping the oldest never walks the `Map`'s deleted slots.
 */
class CompletedRecords {
  readonly #records = new Map<string, CompletedRecord>()
  /**
   * Oldest first from `#head`; a record replaced or deleted since stays here, stale. Slots
   * before `#head` are emptied at once, so a dropped record is never kept alive by the queue.
   */
  #order: (CompletedRecord | undefined)[] = []
  #head = 0
  #bytes = 0
  readonly #maxCount: number
  readonly #maxBytes: number

  constructor(maxCount: number, maxBytes: number) {
    this.#maxCount = maxCount
    this.#maxBytes = maxBytes
  }

  get(key: string): CompletedRecord | undefined {
    return this.#records.get(key)
  }

  /** Adds a record as the newest (replacing one of the same key), then keeps the bounds. */
  add(record: CompletedRecord): void {
    this.#forget(record.key)
    this.#records.set(record.key, record)
    this.#order.push(record)
    this.#bytes += record.bytes
    while (this.#records.size > this.#maxCount || this.#bytes > this.#maxBytes) this.#dropOldest()
  }

  /** Drops the records whose retention ended. */
  sweep(now: number): void {
    for (;;) {
      const oldest = this.#oldest()
      if (!oldest || oldest.until > now) return
      this.#dropOldest()
    }
  }

  /** The oldest live record, skipping (and emptying) stale slots. */
  #oldest(): CompletedRecord | undefined {
    while (this.#head < this.#order.length) {
      const record = this.#order[this.#head] as CompletedRecord
      if (this.#records.get(record.key) === record) return record
      this.#advance()
    }
    return undefined
  }

  #dropOldest(): void {
    const oldest = this.#oldest()
    if (!oldest) return
    this.#forget(oldest.key)
    this.#advance()
  }

  /** Empties the head slot and moves past it; now and then drops the empty slots. */
  #advance(): void {
    this.#order[this.#head] = undefined
    this.#head++
    // The array holds at most twice the live records (plus 1024).
    if (this.#head > 1024 && this.#head * 2 > this.#order.length) {
      this.#order = this.#order.slice(this.#head)
      this.#head = 0
    }
  }

  #forget(key: string): void {
    const record = this.#records.get(key)
    if (!record) return
    this.#records.delete(key)
    this.#bytes -= record.bytes
  }
}

interface Window {
  count: number
  resetAt: number
}

/**
 * Drops the expired head of a map whose values are ordered by `until` (insertion order).
 *
 * @param map The map.
 * @param now Epoch milliseconds.
 * @param expiry Reads the expiry of a value.
 */
function sweep<V>(map: Map<string, V>, now: number, expiry: (value: V) => number): void {
  for (const [key, value] of map) {
    if (expiry(value) > now) return
    map.delete(key)
  }
}

/**
 * Records by id in insertion order, at most `max` of them: inserting beyond drops the oldest.
 *
 * The order lives in a ring of ids beside the `Map`, not in the `Map`'s own order: V8 keeps the
 * slots of deleted entries at the front of a `Map` until it rehashes, so finding its oldest live
 * entry (`map.keys().next()`) walks over every record dropped before. With 10 000 records
 * kept that walk was most of the cost of appending a log record or an entry (measured in
 * `bench/server.bench.js`); the ring finds the oldest in one step and the newest without
 * copying the whole map.
 */
class CappedMap<V> {
  readonly #values = new Map<string, V>()
  /** The ids, oldest at `#head` once the ring is full (at index 0 before). */
  readonly #ring: string[] = []
  #head = 0
  readonly #max: number

  /** @param max How many records to keep (at least 1). */
  constructor(max: number) {
    this.#max = max
  }

  get(id: string): V | undefined {
    return this.#values.get(id)
  }

  /**
   * Inserts a record, or replaces the one with the same id in its place.
   *
   * @returns The record dropped to make room, if one was.
   */
  set(id: string, value: V): V | undefined {
    const replacing = this.#values.has(id)
    this.#values.set(id, value)
    if (replacing) return undefined
    if (this.#ring.length < this.#max) {
      this.#ring.push(id)
      return undefined
    }
    const oldestId = this.#ring[this.#head] as string
    this.#ring[this.#head] = id
    this.#head = (this.#head + 1) % this.#max
    const oldest = this.#values.get(oldestId)
    this.#values.delete(oldestId)
    return oldest
  }

  /**
   * The newest records that `keep` accepts, newest first.
   *
   * @param limit At most this many.
   * @param keep The filter.
   * @returns The records.
   */
  newest(limit: number, keep: (value: V) => boolean = () => true): V[] {
    const found: V[] = []
    const size = this.#ring.length
    for (let back = 1; back <= size && found.length < limit; back++) {
      const value = this.#values.get(this.#ring[(this.#head + size - back) % size] as string)
      if (value !== undefined && keep(value)) found.push(value)
    }
    return found
  }
}

/**
 * Creates an in-memory store.
 *
 * @param options Record limits.
 * @returns A fresh, empty store.
 * @example
 *   const store = memoryStore()
 *   const handler = createApiHandler({ accounts, store })
 *   // ...later, in a test: await store.entries.list({ account_id: 'acme' }, 100)
 */
export function memoryStore(options: MemoryStoreOptions = {}): Store {
  const count = (name: keyof MemoryStoreOptions, fallback: number): number => {
    const value = options[name] ?? fallback
    if (!Number.isInteger(value) || value < 1) {
      throw new RangeError(
        `Unexpected \`${String(value)}\` for \`${name}\`, expected a positive integer`
      )
    }
    return value
  }
  const maxRecords = count('maxRecords', 10_000)
  const maxIdempotencyRecords = count('maxIdempotencyRecords', 100_000)
  const maxIdempotencyBytes = count('maxIdempotencyBytes', 64 * 1_048_576)

  // Idempotency: completed records live in `done` (oldest first, bounded); reservations live in
  // `pending` (ordered by lease end).
  const pending = new Map<string, PendingRecord>()
  const done = new CompletedRecords(maxIdempotencyRecords, maxIdempotencyBytes)
  const windows = new Map<string, Window>()
  const entries = new Map<string, CappedMap<EntryRecord>>()
  const entryByRequest = new Map<string, Map<string, string>>()
  const logs = new Map<string, CappedMap<LogRecord>>()
  const campaigns = new Map<string, CappedMap<CampaignRecord>>()
  const paused = new Map<string, boolean>()

  const scopeOf = (accountId: string, mode: TokenMode) => `${accountId}\u0000${mode}`
  const bucket = <V>(maps: Map<string, CappedMap<V>>, scope: string) => {
    let map = maps.get(scope)
    if (!map) maps.set(scope, (map = new CappedMap(maxRecords)))
    return map
  }

  return {
    idempotency: {
      async reserve(key: string, request: ReserveRequest): Promise<IdempotencyReservation> {
        done.sweep(request.now)
        sweep(pending, request.now, (record) => record.until)
        const completed = done.get(key)
        if (completed) {
          return {
            state: 'completed',
            fingerprint: completed.fingerprint,
            response: { status: completed.status, body: completed.body },
          }
        }
        const running = pending.get(key)
        if (running) return { state: 'pending', fingerprint: running.fingerprint }
        pending.set(key, {
          fingerprint: request.fingerprint,
          owner: request.owner,
          until: request.now + request.leaseMs,
        })
        return { state: 'reserved' }
      },
      async complete(key, owner, response, expiresAt) {
        const running = pending.get(key)
        if (running?.owner !== owner) return false
        pending.delete(key)
        const texts = key.length + running.fingerprint.length + response.body.length
        done.add({
          key,
          fingerprint: running.fingerprint,
          status: response.status,
          body: response.body,
          until: expiresAt,
          bytes: 2 * texts + idempotencyRecordOverhead,
        })
        return true
      },
      async release(key, owner) {
        if (pending.get(key)?.owner === owner) pending.delete(key)
      },
    },

    rateLimits: {
      async hit(key, limit, windowMs, now): Promise<RateLimitResult> {
        sweep(windows, now, (window) => window.resetAt)
        let window = windows.get(key)
        if (!window) {
          window = { count: 0, resetAt: now + windowMs }
          windows.set(key, window)
        }
        if (window.count >= limit) {
          return { allowed: false, remaining: 0, resetAt: window.resetAt }
        }
        window.count++
        return { allowed: true, remaining: limit - window.count, resetAt: window.resetAt }
      },
    },

    entries: {
      async put(entry) {
        const scope = scopeOf(entry.account_id, entry.mode)
        const dropped = bucket(entries, scope).set(entry.id, entry)
        let index = entryByRequest.get(scope)
        if (!index) entryByRequest.set(scope, (index = new Map()))
        if (dropped && index.get(dropped.request_id) === dropped.id) {
          index.delete(dropped.request_id)
        }
        const current = index.get(entry.request_id)
        const currentEntry = current === undefined ? undefined : entries.get(scope)?.get(current)
        // The index points at the latest entry of a request id (an id may be reused once its
        // idempotency record expired).
        if (!currentEntry || currentEntry.created_at <= entry.created_at) {
          index.set(entry.request_id, entry.id)
        }
      },
      async byRequestId(accountId, mode, requestId) {
        const scope = scopeOf(accountId, mode)
        const id = entryByRequest.get(scope)?.get(requestId)
        return id === undefined ? undefined : entries.get(scope)?.get(id)
      },
      async list(filter: EntryFilter, limit) {
        const modes: readonly TokenMode[] = filter.mode ? [filter.mode] : ['test', 'live']
        const found: EntryRecord[] = []
        for (const mode of modes) {
          const map = entries.get(scopeOf(filter.account_id, mode))
          if (map) {
            found.push(
              ...map.newest(limit, (entry) =>
                filter.flow_id === undefined ? true : entry.flow_id === filter.flow_id
              )
            )
          }
        }
        // Stable: within one mode the order is already newest first.
        return found
          .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0))
          .slice(0, limit)
      },
    },

    logs: {
      async append(record) {
        bucket(logs, scopeOf(record.account_id, record.mode)).set(record.id, record)
      },
      async list(accountId, mode, limit) {
        const map = logs.get(scopeOf(accountId, mode))
        return map ? map.newest(limit) : []
      },
    },

    campaigns: {
      async put(record) {
        bucket(campaigns, record.account_id).set(record.id, record)
      },
      async get(accountId, id) {
        return campaigns.get(accountId)?.get(id)
      },
    },

    flows: {
      async paused(flowId) {
        return paused.get(flowId)
      },
      async setPaused(flowId, value) {
        paused.set(flowId, value)
      },
    },
  }
}
