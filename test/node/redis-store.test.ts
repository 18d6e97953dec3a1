/**
 * The Redis store against a real `redis-server` (started on a free loopback port): the same
 * contract as `memoryStore`, proven by a shared table of behaviours and by a differential
 * property test (random operation sequences give the same answers from both stores), plus what
 * only a shared store has to get right: atomicity across connections, key expiry, exact bytes.
 */
import fc from 'fast-check'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openRedisStore, redisStore, RedisStoreError } from '../../src/node/redis-store.ts'
import { memoryStore } from '../../src/server/memory-store.ts'
import type { EntryRecord, LogRecord, Store, TokenMode } from '../../src/server/store.ts'
import { entry as recordEntry, log, reserve } from '../server/store-records.ts'
import { freePort, startRedisServer, type RedisServer } from '../helpers/redis-server.ts'

let server: RedisServer
let client: Redis
let other: Redis
let prefixes = 0

beforeAll(async () => {
  server = await startRedisServer()
  client = new Redis(server.url)
  other = new Redis(server.url)
}, 30_000)

afterAll(async () => {
  await client?.quit()
  await other?.quit()
  await server?.stop()
})

/** A Redis store on its own key prefix: every test starts empty. */
function freshRedis(options: { maxRecords?: number } = {}, connection: Redis = client): Store {
  return redisStore(connection, { prefix: `t${++prefixes}:`, ...options })
}

const kinds: readonly [string, (options?: { maxRecords?: number }) => Store][] = [
  ['memoryStore', (options) => memoryStore(options)],
  ['redisStore', (options) => freshRedis(options)],
]

/** Entries carry a postcard here: the Redis store must keep its bytes. */
const entry: typeof recordEntry = (id, requestId, createdAt, more = {}) =>
  recordEntry(id, requestId, createdAt, { postcard: { to: { city: 'Köln' } }, ...more })

describe.each(kinds)('%s (shared contract)', (_name, create) => {
  test('should reserve a free key once and report the reservation to others', async () => {
    const store = create()
    expect(await reserve(store, 'k', 'a')).toEqual({ state: 'reserved' })
    expect(await reserve(store, 'k', 'b')).toEqual({ state: 'pending', fingerprint: 'fp' })
  })

  test('should keep a completed response until its expiry, then free the key', async () => {
    const store = create()
    await reserve(store, 'k', 'a', 0)
    expect(await store.idempotency.complete('k', 'a', { status: 201, body: '{}' }, 5000)).toBe(true)
    expect(await reserve(store, 'k', 'b', 4999)).toEqual({
      state: 'completed',
      fingerprint: 'fp',
      response: { status: 201, body: '{}' },
    })
    expect(await reserve(store, 'k', 'b', 5000)).toEqual({ state: 'reserved' })
  })

  test('should let only the owner complete or release, and free a key whose lease ran out', async () => {
    const store = create()
    await reserve(store, 'k', 'a', 0)
    expect(await store.idempotency.complete('k', 'x', { status: 201, body: '' }, 9)).toBe(false)
    await store.idempotency.release('k', 'x')
    expect((await reserve(store, 'k', 'b', 999)).state).toBe('pending')
    expect((await reserve(store, 'k', 'b', 1000)).state).toBe('reserved')
    expect(await store.idempotency.complete('k', 'a', { status: 201, body: '' }, 9)).toBe(false)
    await store.idempotency.release('k', 'b')
    expect((await reserve(store, 'k', 'c', 1001)).state).toBe('reserved')
  })

  test('should count a fixed window from the first hit and not count refused hits', async () => {
    const store = create()
    const hit = (now: number) => store.rateLimits.hit('t', 2, 60_000, now)
    expect(await hit(1000)).toEqual({ allowed: true, remaining: 1, resetAt: 61_000 })
    expect(await hit(2000)).toEqual({ allowed: true, remaining: 0, resetAt: 61_000 })
    expect(await hit(3000)).toEqual({ allowed: false, remaining: 0, resetAt: 61_000 })
    expect(await hit(60_999)).toEqual({ allowed: false, remaining: 0, resetAt: 61_000 })
    expect(await hit(61_000)).toEqual({ allowed: true, remaining: 1, resetAt: 121_000 })
  })

  test('should find the latest entry of a request id and list newest first', async () => {
    const store = create()
    await store.entries.put(entry('e1', 'r1', '2026-01-01T00:00:00Z'))
    await store.entries.put(entry('e2', 'r2', '2026-01-01T00:00:01Z', { flow_id: 'f2' }))
    await store.entries.put(entry('e3', 'r1', '2026-01-02T00:00:00Z'))
    await store.entries.put(entry('e4', 'r1', '2026-01-02T00:00:00Z', { mode: 'live' }))
    expect((await store.entries.byRequestId('acme', 'test', 'r1'))?.id).toBe('e3')
    expect((await store.entries.byRequestId('acme', 'live', 'r1'))?.id).toBe('e4')
    expect(await store.entries.byRequestId('other', 'test', 'r1')).toBeUndefined()
    const ids = async (filter: Parameters<Store['entries']['list']>[0], limit = 10) =>
      (await store.entries.list(filter, limit)).map((found) => found.id)
    expect(await ids({ account_id: 'acme', mode: 'test' })).toEqual(['e3', 'e2', 'e1'])
    expect(await ids({ account_id: 'acme', mode: 'test' }, 2)).toEqual(['e3', 'e2'])
    expect(await ids({ account_id: 'acme', flow_id: 'f1' })).toEqual(['e3', 'e4', 'e1'])
    expect(await ids({ account_id: 'acme', flow_id: 'f1' }, Number.MAX_SAFE_INTEGER)).toEqual([
      'e3',
      'e4',
      'e1',
    ])
    expect(await ids({ account_id: 'other' })).toEqual([])
    expect(await store.entries.list({ account_id: 'acme' }, 10)).toEqual([
      entry('e3', 'r1', '2026-01-02T00:00:00Z'),
      entry('e4', 'r1', '2026-01-02T00:00:00Z', { mode: 'live' }),
      entry('e2', 'r2', '2026-01-01T00:00:01Z', { flow_id: 'f2' }),
      entry('e1', 'r1', '2026-01-01T00:00:00Z'),
    ])
  })

  test('should replace an entry in place, moving it to its new flow', async () => {
    const store = create()
    await store.entries.put(entry('e1', 'r1', '2026-01-01T00:00:00Z'))
    await store.entries.put(entry('e2', 'r2', '2026-01-01T00:00:00Z'))
    await store.entries.put(
      entry('e1', 'r1', '2026-01-01T00:00:00Z', { status: 'removed', flow_id: 'f2' })
    )
    const all = await store.entries.list({ account_id: 'acme' }, 10)
    expect(all.map((found) => [found.id, found.status])).toEqual([
      ['e2', 'queued'],
      ['e1', 'removed'],
    ])
    const inF1 = await store.entries.list({ account_id: 'acme', flow_id: 'f1' }, 10)
    expect(inF1.map((found) => found.id)).toEqual(['e2'])
  })

  test('should keep the newest records per account and mode only', async () => {
    const store = create({ maxRecords: 2 })
    for (const id of ['l1', 'l2', 'l3']) await store.logs.append(log(id))
    await store.logs.append(log('l4', 'live'))
    expect((await store.logs.list('acme', 'test', 10)).map((found) => found.id)).toEqual([
      'l3',
      'l2',
    ])
    expect((await store.logs.list('acme', 'live', 10)).map((found) => found.id)).toEqual(['l4'])
    for (const [id, request] of [
      ['e1', 'r1'],
      ['e2', 'r2'],
      ['e3', 'r3'],
    ] as const) {
      await store.entries.put(entry(id, request, '2026-01-01T00:00:00Z'))
    }
    expect(await store.entries.byRequestId('acme', 'test', 'r1')).toBeUndefined()
    expect((await store.entries.byRequestId('acme', 'test', 'r3'))?.id).toBe('e3')
    const inF1 = await store.entries.list({ account_id: 'acme', flow_id: 'f1' }, 10)
    expect(inF1.map((found) => found.id)).toEqual(['e3', 'e2'])
  })

  test('should keep campaigns per account and pauses per flow', async () => {
    const store = create()
    await store.campaigns.put({ id: 'c1', account_id: 'acme', created_at: '', campaign: { a: 1 } })
    expect((await store.campaigns.get('acme', 'c1'))?.campaign).toEqual({ a: 1 })
    expect(await store.campaigns.get('other', 'c1')).toBeUndefined()
    expect(await store.flows.paused('f1')).toBeUndefined()
    await store.flows.setPaused('f1', true)
    expect(await store.flows.paused('f1')).toBe(true)
    await store.flows.setPaused('f1', false)
    expect(await store.flows.paused('f1')).toBe(false)
  })

  test('should keep keys apart that differ only in lone surrogates', async () => {
    const store = create()
    for (const key of ['\uD800', '\uDBFF', '\uFFFD', '\u0001"\\uD800"']) {
      expect(await reserve(store, key, 'a')).toEqual({ state: 'reserved' })
    }
    await store.flows.setPaused('\uDC00', true)
    expect(await store.flows.paused('\uFFFD')).toBeUndefined()
  })

  test('should return stored bodies exactly, lone surrogates and all', async () => {
    const store = create()
    const body = '{"request_id":"\uD800 \uDFFF é 🌷 \u0000"}'
    await reserve(store, 'k', 'a', 0)
    await store.idempotency.complete('k', 'a', { status: 202, body }, 10_000)
    const found = await reserve(store, 'k', 'b', 1)
    expect(found).toEqual({
      state: 'completed',
      fingerprint: 'fp',
      response: { status: 202, body },
    })
  })
})

describe('redisStore across connections', () => {
  test('should reserve a key exactly once when two connections race for it', async () => {
    const prefix = `race${++prefixes}:`
    const stores = [redisStore(client, { prefix }), redisStore(other, { prefix })]
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        reserve(stores[index % 2] as Store, 'order-1', `owner-${index}`)
      )
    )
    expect(results.filter((result) => result.state === 'reserved')).toHaveLength(1)
    expect(results.filter((result) => result.state === 'pending')).toHaveLength(59)
  })

  test('should allow exactly the limit when two connections hit one counter at once', async () => {
    const prefix = `rate${++prefixes}:`
    const stores = [redisStore(client, { prefix }), redisStore(other, { prefix })]
    const results = await Promise.all(
      Array.from({ length: 700 }, (_, index) =>
        (stores[index % 2] as Store).rateLimits.hit('token', 600, 60_000, 1000)
      )
    )
    const allowed = results.filter((result) => result.allowed)
    expect(allowed).toHaveLength(600)
    // Every count from 1 to 600 was handed out exactly once: no lost or doubled increment.
    expect(allowed.map((result) => result.remaining).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 600 }, (_, index) => index)
    )
    expect(results.filter((result) => !result.allowed)).toHaveLength(100)
    expect(new Set(results.map((result) => result.resetAt))).toEqual(new Set([61_000]))
  })

  test('should let records expire in Redis itself, so memory stays flat', async () => {
    const prefix = `ttl${++prefixes}:`
    const store = redisStore(client, { prefix })
    const keys = () => client.keys(`${prefix}*`)
    await reserve(store, 'lease', 'a', 0, 30_000)
    await reserve(store, 'done', 'a', 0, 30_000)
    await store.idempotency.complete('done', 'a', { status: 201, body: '{}' }, 86_400_000)
    await store.rateLimits.hit('token', 600, 60_000, 0)
    await reserve(store, 'short', 'a', 0, 30_000)
    await store.idempotency.complete('short', 'a', { status: 201, body: '{}' }, 150)
    const lease = await client.pttl(`${prefix}idempotency:lease`)
    const done = await client.pttl(`${prefix}idempotency:done`)
    const window = await client.pttl(`${prefix}rate:token`)
    expect(lease).toBeGreaterThan(29_000)
    expect(lease).toBeLessThanOrEqual(30_000)
    expect(done).toBeGreaterThan(86_399_000)
    expect(done).toBeLessThanOrEqual(86_400_000)
    expect(window).toBeGreaterThan(59_000)
    expect(window).toBeLessThanOrEqual(60_000)
    expect((await keys()).sort()).toEqual(
      [
        `${prefix}idempotency:done`,
        `${prefix}idempotency:lease`,
        `${prefix}idempotency:short`,
        `${prefix}rate:token`,
      ].sort()
    )
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(await client.exists(`${prefix}idempotency:short`)).toBe(0)
  })

  test('should load its scripts again after Redis forgot them', async () => {
    const store = freshRedis()
    expect(await reserve(store, 'k', 'a')).toEqual({ state: 'reserved' })
    await client.script('FLUSH')
    expect(await reserve(store, 'k', 'b')).toEqual({ state: 'pending', fingerprint: 'fp' })
  })

  test('should refuse options that cannot work', () => {
    expect(() => redisStore(client, { maxRecords: 0 })).toThrowError(
      new RedisStoreError('Unexpected `0` for `maxRecords`, expected a positive integer')
    )
  })
})

describe('openRedisStore', () => {
  test('should connect, share state with other connections, and close', async () => {
    const store = await openRedisStore(server.url, { prefix: `open${++prefixes}:` })
    const twin = redisStore(client, { prefix: `open${prefixes}:` })
    await store.flows.setPaused('f1', true)
    expect(await twin.flows.paused('f1')).toBe(true)
    await store.close()
    await expect(store.flows.paused('f1')).rejects.toThrowError()
  })

  test('should refuse a URL that is not a Redis URL', async () => {
    await expect(openRedisStore('http://127.0.0.1:6379')).rejects.toThrowError(
      new RedisStoreError(
        'Unexpected `http://127.0.0.1:6379` for the Redis URL, expected `redis://host:port` or `rediss://host:port`'
      )
    )
  })

  test('should report a server that cannot be reached, without the password', async () => {
    const port = await freePort()
    await expect(
      openRedisStore(`redis://user:secret@127.0.0.1:${port}/0`, { connectTimeoutMs: 1000 })
    ).rejects.toThrowError(
      new RedisStoreError(
        `Unexpected \`connect ECONNREFUSED 127.0.0.1:${port}\` connecting to \`redis://user:***@127.0.0.1:${port}/0\`, expected a reachable Redis server`
      )
    )
  })
})

/** One operation of the differential test, applied to both stores in the same order. */
type Operation =
  | { op: 'reserve'; key: string; owner: string; now: number }
  | { op: 'complete'; key: string; owner: string; status: number; now: number }
  | { op: 'release'; key: string; owner: string }
  | { op: 'hit'; key: string; limit: number; now: number }
  | { op: 'put'; entry: EntryRecord }
  | { op: 'byRequest'; mode: TokenMode; request: string }
  | { op: 'list'; mode?: TokenMode; flow?: string; limit: number }
  | { op: 'append'; log: LogRecord }
  | { op: 'logs'; mode: TokenMode; limit: number }

/** The handler's constants: one lease and one retention for all keys (so expiry is ordered). */
const leaseMs = 1000
const retentionMs = 1500

const small = <T>(...values: T[]) => fc.constantFrom(...values)
const step = fc.integer({ min: 0, max: 700 })
const reserveOp = fc.record({
  op: fc.constant('reserve' as const),
  key: small('k1', 'k2'),
  owner: small('a', 'b', 'c'),
  now: step,
})
const completeOp = fc.record({
  op: fc.constant('complete' as const),
  key: small('k1', 'k2'),
  owner: small('a', 'b', 'c'),
  status: small(201, 202),
  now: step,
})
const releaseOp = fc.record({
  op: fc.constant('release' as const),
  key: small('k1', 'k2'),
  owner: small('a', 'b'),
})
const hitOp = fc.record({
  op: fc.constant('hit' as const),
  key: small('t1', 't2'),
  limit: small(1, 2, 3),
  now: fc.integer({ min: 0, max: 40_000 }),
})
const putOp = fc
  .record({
    id: small('e1', 'e2', 'e3', 'e4', 'e5'),
    request: small('r1', 'r2'),
    day: fc.integer({ min: 1, max: 2 }),
    mode: small<TokenMode>('test', 'live'),
    flow: small('f1', 'f2'),
    status: small<EntryRecord['status']>('queued', 'accepted', 'removed'),
  })
  .map(({ id, request, day, mode, flow, status }) => ({
    op: 'put' as const,
    entry: entry(id, request, `2026-01-0${day}T00:00:00Z`, { mode, flow_id: flow, status }),
  }))
const byRequestOp = fc.record({
  op: fc.constant('byRequest' as const),
  mode: small<TokenMode>('test', 'live'),
  request: small('r1', 'r2', 'r3'),
})
const listOp = fc.record(
  {
    op: fc.constant('list' as const),
    mode: small<TokenMode>('test', 'live'),
    flow: small('f1', 'f2'),
    limit: fc.integer({ min: 1, max: 6 }),
  },
  { requiredKeys: ['op', 'limit'] }
)
const appendOp = fc
  .record({ id: small('l1', 'l2', 'l3', 'l4'), mode: small<TokenMode>('test', 'live') })
  .map(({ id, mode }) => ({ op: 'append' as const, log: log(id, mode) }))
const logsOp = fc.record({
  op: fc.constant('logs' as const),
  mode: small<TokenMode>('test', 'live'),
  limit: fc.integer({ min: 1, max: 5 }),
})
const operation: fc.Arbitrary<Operation> = fc.oneof(
  { arbitrary: reserveOp, weight: 3 },
  { arbitrary: completeOp, weight: 3 },
  { arbitrary: releaseOp, weight: 1 },
  { arbitrary: hitOp, weight: 2 },
  { arbitrary: putOp, weight: 5 },
  { arbitrary: byRequestOp, weight: 3 },
  { arbitrary: listOp, weight: 3 },
  { arbitrary: appendOp, weight: 2 },
  { arbitrary: logsOp, weight: 1 }
)

/** Applies one operation at time `now` and returns what the store answered. */
async function apply(store: Store, step: Operation, now: number): Promise<unknown> {
  switch (step.op) {
    case 'reserve':
      return store.idempotency.reserve(step.key, {
        fingerprint: `fp-${step.owner}`,
        owner: step.owner,
        now,
        leaseMs,
      })
    case 'complete':
      return store.idempotency.complete(
        step.key,
        step.owner,
        { status: step.status, body: `{"by":"${step.owner}"}` },
        now + retentionMs
      )
    case 'release':
      return store.idempotency.release(step.key, step.owner)
    case 'hit':
      return store.rateLimits.hit(step.key, step.limit, 60_000, now)
    case 'put':
      return store.entries.put(step.entry)
    case 'byRequest':
      return store.entries.byRequestId('acme', step.mode, step.request)
    case 'list':
      return store.entries.list(
        {
          account_id: 'acme',
          ...(step.mode ? { mode: step.mode } : {}),
          ...(step.flow ? { flow_id: step.flow } : {}),
        },
        step.limit
      )
    case 'append':
      return store.logs.append(step.log)
    case 'logs':
      return store.logs.list('acme', step.mode, step.limit)
  }
}

describe('redisStore against memoryStore', () => {
  test('should answer every sequence of operations as memoryStore does', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(operation, { minLength: 10, maxLength: 60, size: 'max' }),
        async (steps) => {
          const memory = memoryStore({ maxRecords: 3 })
          const redis = freshRedis({ maxRecords: 3 })
          // The clock only moves forward; `step.now` of timed operations is how far.
          let clock = 0
          const leases = new Map<string, { owner: string; until: number }>()
          for (const step of steps) {
            if ('now' in step) clock += step.now
            if (step.op === 'complete') {
              const lease = leases.get(step.key)
              // A late owner whose lease ran out and nobody took over: memoryStore answers
              // depending on whether a sweep ran in between; the contract leaves it open.
              if (lease?.owner === step.owner && lease.until <= clock) continue
            }
            const answer = await apply(redis, step, clock)
            expect(answer).toEqual(await apply(memory, step, clock))
            if (step.op === 'reserve' && (answer as { state: string }).state === 'reserved') {
              leases.set(step.key, { owner: step.owner, until: clock + leaseMs })
            }
          }
        }
      ),
      { seed: 20_260_302, numRuns: 200 }
    )
  })
})
