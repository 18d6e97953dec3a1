import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { memoryStore } from '../../src/server/memory-store.ts'
import { entry, log, reserve } from './store-records.ts'

describe('memoryStore idempotency', () => {
  test('should reserve a free key once and report the reservation to others', async () => {
    const store = memoryStore()
    expect(await reserve(store, 'k', 'a')).toEqual({ state: 'reserved' })
    expect(await reserve(store, 'k', 'b')).toEqual({ state: 'pending', fingerprint: 'fp' })
  })

  test('should reserve exactly once under concurrent calls', async () => {
    const store = memoryStore()
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) => reserve(store, 'k', `o${index}`))
    )
    expect(results.filter((result) => result.state === 'reserved')).toHaveLength(1)
  })

  test('should keep a completed response until it expires, then free the key', async () => {
    const store = memoryStore()
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
    const store = memoryStore()
    await reserve(store, 'k', 'a', 0)
    expect(await store.idempotency.complete('k', 'intruder', { status: 201, body: '' }, 9)).toBe(
      false
    )
    await store.idempotency.release('k', 'intruder')
    expect((await reserve(store, 'k', 'b', 999)).state).toBe('pending')
    // The lease of `a` ends at 1000: `b` takes over, and `a` can no longer complete.
    expect((await reserve(store, 'k', 'b', 1000)).state).toBe('reserved')
    expect(await store.idempotency.complete('k', 'a', { status: 201, body: '' }, 9)).toBe(false)
    await store.idempotency.release('k', 'b')
    expect((await reserve(store, 'k', 'c', 1001)).state).toBe('reserved')
  })
})

describe('memoryStore idempotency bounds', () => {
  const day = 86_400_000
  /** Reserves and completes `key` at `now`, kept for a day. */
  const use = async (store: ReturnType<typeof memoryStore>, key: string, body = '{}', now = 0) => {
    await reserve(store, key, `owner-${key}`, now)
    return store.idempotency.complete(key, `owner-${key}`, { status: 201, body }, now + day)
  }
  const stateOf = async (store: ReturnType<typeof memoryStore>, key: string, now = 1) =>
    (await reserve(store, key, 'probe', now)).state

  test('should keep at most maxIdempotencyRecords completed records, dropping the oldest first', async () => {
    const store = memoryStore({ maxIdempotencyRecords: 3 })
    for (const key of ['a', 'b', 'c', 'd', 'e']) expect(await use(store, key)).toBe(true)
    expect(await stateOf(store, 'e')).toBe('completed')
    expect(await stateOf(store, 'd')).toBe('completed')
    expect(await stateOf(store, 'c')).toBe('completed')
    // Evicted: the key is free again, as after its retention.
    expect(await stateOf(store, 'b')).toBe('reserved')
    expect(await stateOf(store, 'a')).toBe('reserved')
  })

  test('should keep their size under maxIdempotencyBytes, dropping the oldest first', async () => {
    // Each record: (1 key char + 2 fingerprint chars + 1000 body chars) × 2 bytes + 100 = 2106.
    const store = memoryStore({ maxIdempotencyBytes: 3 * 2106 + 10 })
    for (const key of ['a', 'b', 'c', 'd']) await use(store, key, 'x'.repeat(1000))
    expect(await stateOf(store, 'a')).toBe('reserved')
    for (const key of ['b', 'c', 'd']) expect(await stateOf(store, key)).toBe('completed')
    // A larger answer (4110 bytes) makes room by dropping as many old ones as it takes.
    await use(store, 'big', 'x'.repeat(2000))
    expect(await stateOf(store, 'b')).toBe('reserved')
    expect(await stateOf(store, 'c')).toBe('reserved')
    expect(await stateOf(store, 'd')).toBe('completed')
    expect(await stateOf(store, 'big')).toBe('completed')
  })

  test('should never drop a reservation still running', async () => {
    const store = memoryStore({ maxIdempotencyRecords: 1 })
    await reserve(store, 'running', 'owner', 0)
    for (const key of ['a', 'b', 'c']) await use(store, key)
    expect(await reserve(store, 'running', 'other', 1)).toEqual({
      state: 'pending',
      fingerprint: 'fp',
    })
    expect(
      await store.idempotency.complete('running', 'owner', { status: 201, body: '' }, day)
    ).toBe(true)
    expect(await stateOf(store, 'running')).toBe('completed')
    expect(await stateOf(store, 'c')).toBe('reserved')
  })

  test('should count a record completed again once', async () => {
    const store = memoryStore({ maxIdempotencyRecords: 2 })
    await use(store, 'a')
    await use(store, 'b')
    // `a` expired and was used again: one record, now the newest.
    await reserve(store, 'a', 'again', day + 1)
    await store.idempotency.complete('a', 'again', { status: 201, body: '{}' }, 2 * day)
    await use(store, 'c', '{}', day + 2)
    expect(await stateOf(store, 'a', day + 3)).toBe('completed')
    expect(await stateOf(store, 'c', day + 3)).toBe('completed')
  })

  test('should stay within its bounds under a stream of unique keys', async () => {
    const store = memoryStore({ maxIdempotencyRecords: 1000 })
    for (let index = 0; index < 50_000; index++) await use(store, `id-${index}`, '{}', index)
    let kept = 0
    for (let index = 0; index < 50_000; index += 50) {
      if ((await stateOf(store, `id-${index}`, 50_000)) === 'completed') kept++
    }
    // The newest 1000 of 50 000, sampled every 50th: 20.
    expect(kept).toBe(20)
  })

  test.each([
    ['maxIdempotencyRecords', 0],
    ['maxIdempotencyRecords', 1.5],
    ['maxIdempotencyBytes', -1],
  ])('should refuse %s = %s', (name, value) => {
    expect(() => memoryStore({ [name]: value })).toThrow(
      `Unexpected \`${value}\` for \`${name}\`, expected a positive integer`
    )
  })
})

describe('memoryStore rate limits', () => {
  test('should count a fixed window from the first hit and not count refused hits', async () => {
    const store = memoryStore()
    const hit = (now: number) => store.rateLimits.hit('t', 2, 60_000, now)
    expect(await hit(1000)).toEqual({ allowed: true, remaining: 1, resetAt: 61_000 })
    expect(await hit(2000)).toEqual({ allowed: true, remaining: 0, resetAt: 61_000 })
    expect(await hit(3000)).toEqual({ allowed: false, remaining: 0, resetAt: 61_000 })
    expect(await hit(60_999)).toEqual({ allowed: false, remaining: 0, resetAt: 61_000 })
    expect(await hit(61_000)).toEqual({ allowed: true, remaining: 1, resetAt: 121_000 })
  })

  test('should keep counters of different keys apart', async () => {
    const store = memoryStore()
    await store.rateLimits.hit('a', 1, 60_000, 0)
    expect((await store.rateLimits.hit('b', 1, 60_000, 0)).allowed).toBe(true)
    expect((await store.rateLimits.hit('a', 1, 60_000, 0)).allowed).toBe(false)
  })
})

describe('memoryStore entries and logs', () => {
  test('should find the latest entry of a request id and list newest first', async () => {
    const store = memoryStore()
    await store.entries.put(entry('e1', 'r1', '2026-01-01T00:00:00Z'))
    await store.entries.put(entry('e2', 'r2', '2026-01-01T00:00:01Z', { flow_id: 'f2' }))
    await store.entries.put(entry('e3', 'r1', '2026-01-02T00:00:00Z'))
    await store.entries.put(entry('e4', 'r1', '2026-01-02T00:00:00Z', { mode: 'live' }))
    expect((await store.entries.byRequestId('acme', 'test', 'r1'))?.id).toBe('e3')
    expect((await store.entries.byRequestId('acme', 'live', 'r1'))?.id).toBe('e4')
    expect((await store.entries.byRequestId('other', 'test', 'r1'))?.id).toBeUndefined()
    const ids = async (filter: Parameters<typeof store.entries.list>[0], limit = 10) =>
      (await store.entries.list(filter, limit)).map((found) => found.id)
    expect(await ids({ account_id: 'acme', mode: 'test' })).toEqual(['e3', 'e2', 'e1'])
    expect(await ids({ account_id: 'acme', mode: 'test' }, 2)).toEqual(['e3', 'e2'])
    expect(await ids({ account_id: 'acme', flow_id: 'f1' })).toEqual(['e3', 'e4', 'e1'])
    expect(await ids({ account_id: 'other' })).toEqual([])
  })

  test('should replace an entry in place', async () => {
    const store = memoryStore()
    await store.entries.put(entry('e1', 'r1', '2026-01-01T00:00:00Z'))
    await store.entries.put(entry('e1', 'r1', '2026-01-01T00:00:00Z', { status: 'removed' }))
    const all = await store.entries.list({ account_id: 'acme' }, 10)
    expect(all.map((found) => [found.id, found.status])).toEqual([['e1', 'removed']])
  })

  test('should keep the newest records per account and mode only', async () => {
    const store = memoryStore({ maxRecords: 2 })
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
    ]) {
      await store.entries.put(entry(id as string, request as string, '2026-01-01T00:00:00Z'))
    }
    expect(await store.entries.byRequestId('acme', 'test', 'r1')).toBeUndefined()
    expect((await store.entries.byRequestId('acme', 'test', 'r3'))?.id).toBe('e3')
  })

  test('should drop the oldest record first, round after round, whatever is replaced', async () => {
    // Model: a Map keeps insertion order, a replaced key keeps its place, the oldest goes first.
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g'), { maxLength: 40 }),
        fc.integer({ min: 1, max: 8 }),
        async (maxRecords, ids, limit) => {
          const store = memoryStore({ maxRecords })
          const model = new Map<string, number>()
          for (const [step, id] of ids.entries()) {
            await store.entries.put(
              entry(id, `r-${id}`, '2026-01-01T00:00:00Z', { postcard: step })
            )
            await store.logs.append({ ...log(id), request_bytes: step })
            const replacing = model.has(id)
            model.set(id, step)
            if (!replacing && model.size > maxRecords)
              model.delete(model.keys().next().value as string)
          }
          const expected = [...model].reverse().slice(0, limit)
          const entries = await store.entries.list({ account_id: 'acme' }, limit)
          expect(entries.map((found) => [found.id, found.postcard])).toEqual(expected)
          const logs = await store.logs.list('acme', 'test', limit)
          expect(logs.map((found) => [found.id, found.request_bytes])).toEqual(expected)
          for (const id of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) {
            const found = await store.entries.byRequestId('acme', 'test', `r-${id}`)
            expect(found?.postcard).toBe(model.get(id))
          }
        }
      )
    )
  })

  test('should keep campaigns and pauses', async () => {
    const store = memoryStore()
    await store.campaigns.put({
      id: 'c1',
      account_id: 'acme',
      created_at: '',
      campaign: { id: 'c1' },
    })
    expect((await store.campaigns.get('acme', 'c1'))?.campaign).toEqual({ id: 'c1' })
    expect(await store.campaigns.get('other', 'c1')).toBeUndefined()
    expect(await store.flows.paused('f1')).toBeUndefined()
    await store.flows.setPaused('f1', true)
    expect(await store.flows.paused('f1')).toBe(true)
  })

  test('should refuse a record limit that is not a positive integer', () => {
    expect(() => memoryStore({ maxRecords: 0 })).toThrowError(
      'Unexpected `0` for `maxRecords`, expected a positive integer'
    )
  })
})
