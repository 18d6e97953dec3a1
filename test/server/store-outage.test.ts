/**
 * A store that cannot be reached (`StoreUnavailableError`, what `redisStore` throws while Redis
 * is down or hangs), at every step of a submission: the answer is `503` with `Retry-After` and
 * the code `store_unavailable`, never a 500 and never reported as a bug; and a client that
 * retries with the same `X-Request-Id` ends with exactly one entry, also when the outage struck
 * between writing the entry and its idempotency record (the entry keeps its answer).
 */
import { describe, expect, test } from 'vitest'
import { memoryStore } from '../../src/server/memory-store.ts'
import { StoreUnavailableError } from '../../src/server/store-unavailable-error.ts'
import type { Store } from '../../src/server/store.ts'
import { a6Postcard, read, sandbox } from './sandbox.ts'

/** The steps a submission with an id takes in the store. */
type Step =
  'hit' | 'reserve' | 'paused' | 'put' | 'put-after-write' | 'complete' | 'release' | 'log'

/** A memory store whose chosen steps fail as an unreachable store does, while `down` holds. */
function flakyStore(failing: readonly Step[]) {
  const inner = memoryStore()
  const state = { down: true }
  const fail = (step: Step) => {
    if (state.down && failing.includes(step)) {
      throw new StoreUnavailableError(`Redis is unavailable: ${step}`)
    }
  }
  const store: Store = {
    ...inner,
    rateLimits: {
      hit: async (...args) => (fail('hit'), inner.rateLimits.hit(...args)),
    },
    idempotency: {
      reserve: async (...args) => (fail('reserve'), inner.idempotency.reserve(...args)),
      complete: async (...args) => (fail('complete'), inner.idempotency.complete(...args)),
      release: async (...args) => (fail('release'), inner.idempotency.release(...args)),
    },
    flows: { ...inner.flows, paused: async (id) => (fail('paused'), inner.flows.paused(id)) },
    entries: {
      ...inner.entries,
      async put(entry) {
        fail('put')
        await inner.entries.put(entry)
        // Written, but the answer of the store was lost on its way back.
        fail('put-after-write')
      },
    },
    logs: { ...inner.logs, append: async (log) => (fail('log'), inner.logs.append(log)) },
  }
  return { store, inner, state }
}

const unavailable = {
  message: 'The sandbox cannot reach its store; retry in a moment.',
  code: 'store_unavailable',
}

describe('a store that cannot be reached', () => {
  test.each<Step[]>([
    ['hit'],
    ['reserve'],
    ['paused'],
    ['put'],
    ['put-after-write'],
    ['complete'],
    ['put', 'release'],
    ['complete', 'release'],
  ])('should answer 503 when it fails at %s, then one entry after retries', async (...steps) => {
    const { store, inner, state } = flakyStore(steps)
    const { send, errors } = sandbox({ store })
    const submit = () =>
      send('POST', '/api/v1/postcards', {
        body: a6Postcard(),
        headers: { 'x-request-id': 'outage-1' },
      }).then(read)
    const first = await submit()
    expect([first.status, first.json]).toEqual([503, unavailable])
    expect(first.headers.get('retry-after')).toBe('1')
    expect(errors).toEqual([])
    // The store is back: the client retries with the same id until it is settled.
    state.down = false
    let answer = await submit()
    for (let tries = 0; answer.status === 409 && answer.text.includes('in_progress'); tries++) {
      // A reservation whose release failed holds the id until its background release runs.
      expect(tries).toBeLessThan(10)
      await new Promise((resolve) => setTimeout(resolve, 300))
      answer = await submit()
    }
    expect([201, 409]).toContain(answer.status)
    expect(answer.json).toMatchObject({ request_id: 'outage-1', status: 'queued' })
    const again = await submit()
    expect([again.status, again.text]).toEqual([409, answer.text])
    const entries = await inner.entries.list({ account_id: 'acme' }, 10)
    expect(entries.map((entry) => entry.request_id)).toEqual(['outage-1'])
    expect(errors).toEqual([])
  })

  test('should still answer when only the API log cannot be written', async () => {
    const { store, inner } = flakyStore(['log'])
    const { send, errors } = sandbox({ store })
    const answer = await read(await send('POST', '/api/v1/postcards', { body: a6Postcard() }))
    expect(answer.status).toBe(201)
    expect(await inner.logs.list('acme', 'test', 10)).toEqual([])
    expect(errors).toEqual([])
  })

  test('should answer 503 on the sandbox routes too', async () => {
    const failing: Store = {
      ...memoryStore(),
      entries: {
        ...memoryStore().entries,
        list: async () => {
          throw new StoreUnavailableError('Redis is unavailable')
        },
      },
    }
    const { send } = sandbox({ store: failing })
    const answer = await read(await send('GET', '/api/v1/entries'))
    expect([answer.status, answer.json]).toEqual([503, unavailable])
  })
})

describe('an X-Request-Id whose idempotency record is gone', () => {
  test('should replay the answer kept with its entry after the record was dropped', async () => {
    const store = memoryStore({ maxIdempotencyRecords: 1 })
    const { send } = sandbox({ store })
    const submit = (id: string, body = a6Postcard()) =>
      send('POST', '/api/v1/postcards', { body, headers: { 'x-request-id': id } }).then(read)
    const first = await submit('kept-a')
    await submit('kept-b') // drops the record of kept-a
    const replay = await submit('kept-a', { nonsense: true })
    expect([replay.status, replay.text]).toEqual([409, first.text])
    const entries = await store.entries.list({ account_id: 'acme' }, 10)
    expect(entries.map((entry) => entry.request_id).sort()).toEqual(['kept-a', 'kept-b'])
  })

  test('should treat the id as new once its retention ended, as with a record', async () => {
    const { send, clock, store } = sandbox({ idempotencyRetentionMs: 60_000 })
    const submit = () =>
      send('POST', '/api/v1/postcards', {
        body: a6Postcard(),
        headers: { 'x-request-id': 'old' },
      }).then(read)
    expect((await submit()).status).toBe(201)
    clock.time += 61_000
    expect((await submit()).status).toBe(201)
    expect(await store.entries.list({ account_id: 'acme' }, 10)).toHaveLength(2)
  })

  test('should not list the kept answer with the entry', async () => {
    const { send } = sandbox()
    await send('POST', '/api/v1/postcards', { body: a6Postcard() })
    const listed = await read(await send('GET', '/api/v1/entries'))
    const entry = (listed.json['data'] as Record<string, unknown>[])[0] ?? {}
    expect(Object.keys(entry)).not.toContain('answer')
  })
})
