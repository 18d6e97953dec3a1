import { describe, expect, test } from 'vitest'
import { a6Postcard, campaign, dlPostcard, flows, read, sandbox, tokens } from './sandbox.ts'

const withId = (id: string) => ({ 'x-request-id': id })

describe('X-Request-Id on POST /api/v1/postcards (spec 4.1)', () => {
  test('should replay the first answer byte for byte with 409 and create no second entry', async () => {
    const { send, store } = sandbox()
    const first = await read(
      await send('POST', '/api/v1/postcards', { body: a6Postcard(), headers: withId('r-1') })
    )
    expect(first.status).toBe(201)
    // Whatever the second payload: another flow, an invalid body, not even JSON (rule 2: unconditional).
    for (const init of [
      { body: dlPostcard() },
      { body: { nonsense: true } },
      { raw: '{not json' },
    ]) {
      const again = await read(
        await send('POST', '/api/v1/postcards', { ...init, headers: withId('r-1') })
      )
      expect(again.status).toBe(409)
      expect(again.text).toBe(first.text)
      expect(again.headers.get('content-type')).toBe('application/json; charset=utf-8')
    }
    expect(await store.entries.list({ account_id: 'acme' }, 10)).toHaveLength(1)
  })

  test('should replay a 202 as well', async () => {
    const { send } = sandbox()
    const first = await read(
      await send('POST', '/api/v1/postcards', { body: dlPostcard(), headers: withId('r-2') })
    )
    const again = await read(
      await send('POST', '/api/v1/postcards', { body: dlPostcard(), headers: withId('r-2') })
    )
    expect([first.status, again.status]).toEqual([202, 409])
    expect(again.text).toBe(first.text)
  })

  test('should still replay after the entry was removed, and resume restores it (rules 2, 3)', async () => {
    const { send, store, clock } = sandbox()
    const first = await read(
      await send('POST', '/api/v1/postcards', { body: a6Postcard(), headers: withId('r-3') })
    )
    const removed = await read(await send('POST', '/api/v1/logs/r-3/remove'))
    expect(removed.status).toBe(200)
    expect((removed.json['data'] as Record<string, unknown>)['status']).toBe('removed')

    clock.time += 5 * 3_600_000 // 14:15 CET: past the 14:00 batch.
    const again = await read(
      await send('POST', '/api/v1/postcards', { body: a6Postcard(), headers: withId('r-3') })
    )
    expect(again.status).toBe(409)
    expect(again.text).toBe(first.text)
    const [entry] = await store.entries.list({ account_id: 'acme' }, 10)
    expect(entry?.status).toBe('removed')

    const resumed = await read(await send('POST', '/api/v1/logs/r-3/resume'))
    expect(resumed.json['data']).toMatchObject({
      status: 'queued',
      queued_for: '2026-03-03T07:00:00Z', // the next batch after 14:15 CET: 08:00 CET tomorrow
      updated_at: '2026-03-02T14:15:00Z',
    })
    const fresh = await read(
      await send('POST', '/api/v1/postcards', { body: a6Postcard(), headers: withId('r-4') })
    )
    expect(fresh.status).toBe(201)
    expect(await store.entries.list({ account_id: 'acme' }, 10)).toHaveLength(2)
  })

  test('should create exactly one entry for concurrent duplicates', async () => {
    const { send, store } = sandbox()
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        send('POST', '/api/v1/postcards', { body: a6Postcard(), headers: withId('burst') }).then(
          read
        )
      )
    )
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409])
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1)
    expect(await store.entries.list({ account_id: 'acme' }, 10)).toHaveLength(1)
  })

  test('should not cache a refusal: a corrected payload with the same id is accepted', async () => {
    const { send } = sandbox()
    const refused = await send('POST', '/api/v1/postcards', {
      body: a6Postcard({ to: {} }),
      headers: withId('fix-me'),
    })
    expect(refused.status).toBe(422)
    const unknownFlow = await send('POST', '/api/v1/postcards', {
      body: a6Postcard({ flow_id: '11111111-2222-4333-8444-555555555555' }),
      headers: withId('fix-me'),
    })
    expect(unknownFlow.status).toBe(404)
    const malformed = await send('POST', '/api/v1/postcards', {
      raw: '{',
      headers: withId('fix-me'),
    })
    expect(malformed.status).toBe(400)
    const fixed = await send('POST', '/api/v1/postcards', {
      body: a6Postcard(),
      headers: withId('fix-me'),
    })
    expect(fixed.status).toBe(201)
  })

  test('should scope ids by account and token mode', async () => {
    const { send } = sandbox()
    const statuses = []
    for (const token of [tokens.acmeTest, tokens.acmeLive, tokens.acmeTest]) {
      statuses.push(
        (
          await send('POST', '/api/v1/postcards', {
            token,
            body: a6Postcard(),
            headers: withId('same'),
          })
        ).status
      )
    }
    expect(statuses).toEqual([201, 201, 409])
  })

  test('should forget an id after the retention', async () => {
    const { send, clock } = sandbox({ idempotencyRetentionMs: 60_000 })
    const first = await send('POST', '/api/v1/postcards', {
      body: a6Postcard(),
      headers: withId('old'),
    })
    clock.time += 59_999
    const within = await send('POST', '/api/v1/postcards', {
      body: a6Postcard(),
      headers: withId('old'),
    })
    clock.time += 1
    const after = await send('POST', '/api/v1/postcards', {
      body: a6Postcard(),
      headers: withId('old'),
    })
    expect([first.status, within.status, after.status]).toEqual([201, 409, 201])
  })

  test('should count a replay against the rate limit', async () => {
    const { send } = sandbox()
    await send('POST', '/api/v1/postcards', { body: a6Postcard(), headers: withId('x') })
    const again = await send('POST', '/api/v1/postcards', {
      body: a6Postcard(),
      headers: withId('x'),
    })
    expect(again.headers.get('x-ratelimit-remaining')).toBe('598')
  })
})

describe('Idempotency-Key on POST /api/v1/campaigns (spec 4.2)', () => {
  const live = (body: unknown, key?: string, token = tokens.acmeLive) => ({
    token,
    body,
    ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }),
  })

  test('should return the original campaign for the same key and the same payload', async () => {
    const { send, store } = sandbox()
    const first = await read(await send('POST', '/api/v1/campaigns', live(campaign(), 'k-1')))
    expect(first.status).toBe(201)
    expect(first.headers.get('idempotent-replayed')).toBeNull()
    // The same JSON value in another key order is the same payload (RFC 8785).
    const reordered = Object.fromEntries(Object.entries(campaign()).reverse())
    const again = await read(await send('POST', '/api/v1/campaigns', live(reordered, 'k-1')))
    expect(again.status).toBe(201)
    expect(again.text).toBe(first.text)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    const id = first.json['id'] as string
    expect(await store.campaigns.get('acme', id)).toBeDefined()
  })

  test('should answer 409 for the same key with another payload', async () => {
    const { send } = sandbox()
    await send('POST', '/api/v1/campaigns', live(campaign(), 'k-2'))
    const other = await read(
      await send('POST', '/api/v1/campaigns', live(campaign({ name: 'Summer sale' }), 'k-2'))
    )
    expect(other.status).toBe(409)
    expect(other.json).toEqual({
      message:
        'The Idempotency-Key `k-2` was already used with a different payload; use a new key for a new campaign.',
      code: 'idempotency_key_reused',
    })
  })

  test('should treat a quoted structured-field key as its bare content', async () => {
    const { send } = sandbox()
    const first = await read(await send('POST', '/api/v1/campaigns', live(campaign(), 'k-3')))
    const again = await read(await send('POST', '/api/v1/campaigns', live(campaign(), '"k-3"')))
    expect(again.text).toBe(first.text)
  })

  test('should create one campaign for concurrent requests with one key', async () => {
    const { send } = sandbox()
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        send('POST', '/api/v1/campaigns', live(campaign(), 'k-4')).then(read)
      )
    )
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201])
    expect(new Set(answers.map((answer) => answer.json['id'])).size).toBe(1)
    expect(
      answers.filter((answer) => answer.headers.get('idempotent-replayed') === 'true')
    ).toHaveLength(4)
  })

  test('should not remember a refused payload under its key', async () => {
    const { send } = sandbox()
    const refused = await send(
      'POST',
      '/api/v1/campaigns',
      live(campaign({ segment: { source: 'shopify', id: 'x' } }), 'k-5')
    )
    expect(refused.status).toBe(422)
    const fixed = await send('POST', '/api/v1/campaigns', live(campaign(), 'k-5'))
    expect(fixed.status).toBe(201)
  })

  test('should create a new campaign each time without a key, and scope keys by account', async () => {
    const { send } = sandbox()
    const a = await read(await send('POST', '/api/v1/campaigns', live(campaign())))
    const b = await read(await send('POST', '/api/v1/campaigns', live(campaign())))
    expect(a.json['id']).not.toBe(b.json['id'])
    const acme = await read(await send('POST', '/api/v1/campaigns', live(campaign(), 'shared')))
    const globex = await read(
      await send('POST', '/api/v1/campaigns', live(campaign(), 'shared', tokens.globexLive))
    )
    expect(globex.status).toBe(201)
    expect(globex.json['id']).not.toBe(acme.json['id'])
  })
})

describe('a postcard flow id', () => {
  test('is not an idempotency scope: one X-Request-Id across flows replays', async () => {
    const { send } = sandbox()
    await send('POST', '/api/v1/postcards', { body: a6Postcard(), headers: withId('one') })
    const other = await read(
      await send('POST', '/api/v1/postcards', { body: dlPostcard(), headers: withId('one') })
    )
    expect(other.status).toBe(409)
    expect(other.json['flow_id']).toBe(flows.a6)
  })
})
