/**
 * Test helper: records and calls of the store contract (`src/server/store.ts`), shared by the
 * memory store's tests and the Redis store's (test/node/redis-store.test.ts).
 */
import type { EntryRecord, LogRecord, Store, TokenMode } from '../../src/server/store.ts'

/** Reserves an idempotency key with the fingerprint `fp`. */
export const reserve = (store: Store, key: string, owner: string, now = 0, leaseMs = 1000) =>
  store.idempotency.reserve(key, { fingerprint: 'fp', owner, now, leaseMs })

/** An entry of account `acme`, flow `f1`, queued. */
export const entry = (
  id: string,
  requestId: string,
  createdAt: string,
  more: Partial<EntryRecord> = {}
): EntryRecord => ({
  id,
  account_id: 'acme',
  mode: 'test',
  flow_id: 'f1',
  request_id: requestId,
  status: 'queued',
  queued_for: null,
  created_at: createdAt,
  updated_at: createdAt,
  postcard: {},
  warnings: [],
  ...more,
})

/** An API log record of account `acme`: a `POST /api/v1/postcards` answered 201. */
export const log = (id: string, mode: TokenMode = 'test'): LogRecord => ({
  id,
  time: '2026-01-01T00:00:00Z',
  account_id: 'acme',
  mode,
  method: 'POST',
  path: '/api/v1/postcards',
  status: 201,
  request_id: id,
  request_bytes: 2,
  request_body: {},
  response_body: {},
  entry_id: null,
})
