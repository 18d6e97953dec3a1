import { beforeAll, describe, expect, test } from 'vitest'
import type { EmojiArtworkSource } from '../../src/emoji/types.ts'
import { renderProof } from '../../src/proof/render-proof.ts'
import { createFontRegistry } from '../../src/text/font-registry.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import { loadTestFonts } from '../helpers/fonts.ts'
import {
  a6Postcard,
  campaign,
  designs,
  dlPostcard,
  flows,
  nextA6Batch,
  read,
  sandbox,
  tokens,
} from './sandbox.ts'

describe('GET /api/v1/logs', () => {
  test('should record every request of the two API endpoints, newest first', async () => {
    const { send } = sandbox()
    await send('POST', '/api/v1/postcards', {
      body: a6Postcard(),
      headers: { 'x-request-id': 'r-1' },
    })
    await send('POST', '/api/v1/postcards', { raw: '{', headers: { 'x-request-id': 'r-2' } })
    await send('POST', '/api/v1/campaigns', {
      body: campaign(),
      headers: { 'x-request-id': 'r-3' },
    })
    const logs = await read(await send('GET', '/api/v1/logs'))
    expect(logs.status).toBe(200)
    const data = logs.json['data'] as Record<string, unknown>[]
    expect(data.map((record) => [record['request_id'], record['status']])).toEqual([
      ['r-3', 403],
      ['r-2', 400],
      ['r-1', 201],
    ])
    expect(data[2]).toEqual({
      id: expect.any(String),
      time: '2026-03-02T09:15:00Z',
      account_id: 'acme',
      mode: 'test',
      method: 'POST',
      path: '/api/v1/postcards',
      status: 201,
      request_id: 'r-1',
      request_bytes: new TextEncoder().encode(JSON.stringify(a6Postcard())).byteLength,
      request_body: a6Postcard(),
      response_body: {
        request_id: 'r-1',
        flow_id: flows.a6,
        status: 'queued',
        queued_for: nextA6Batch,
      },
      entry_id: expect.any(String),
    })
    expect(data[1]).toMatchObject({ request_body: '{', entry_id: null })
  })

  test('should show an account only its own logs, of the token mode', async () => {
    const { send } = sandbox()
    await send('POST', '/api/v1/postcards', { body: a6Postcard() })
    await send('POST', '/api/v1/postcards', { body: a6Postcard(), token: tokens.acmeLive })
    const count = async (token: string) =>
      ((await read(await send('GET', '/api/v1/logs', { token }))).json['data'] as unknown[]).length
    expect(await count(tokens.acmeTest)).toBe(1)
    expect(await count(tokens.acmeLive)).toBe(1)
    expect(await count(tokens.globexTest)).toBe(0)
    expect(await count(tokens.globexLive)).toBe(0)
  })

  test('should not record requests without a known token, nor sandbox routes', async () => {
    const { send, store } = sandbox()
    await send('POST', '/api/v1/postcards', { body: a6Postcard(), token: 'dm_test_unknown' })
    await send('GET', '/api/v1/logs')
    await send('GET', '/api/v1/entries')
    expect(await store.logs.list('acme', 'test', 10)).toEqual([])
  })

  test('should keep a large body out of the log, by its size only', async () => {
    const { send } = sandbox()
    const body = a6Postcard({ pad: 'x'.repeat(70_000) })
    await send('POST', '/api/v1/postcards', { body })
    const [record] = (await read(await send('GET', '/api/v1/logs'))).json['data'] as Record<
      string,
      unknown
    >[]
    expect(record?.['request_body']).toBeNull()
    expect(record?.['request_bytes']).toBe(
      new TextEncoder().encode(JSON.stringify(body)).byteLength
    )
  })

  test('should honour and check limit', async () => {
    const { send } = sandbox()
    for (let index = 0; index < 3; index++)
      await send('POST', '/api/v1/postcards', { body: dlPostcard() })
    expect(
      ((await read(await send('GET', '/api/v1/logs?limit=2'))).json['data'] as unknown[]).length
    ).toBe(2)
    for (const limit of ['0', '1001', 'ten', '-1', '1.5']) {
      const response = await read(await send('GET', `/api/v1/logs?limit=${limit}`))
      expect(response.status).toBe(400)
      expect(response.json).toEqual({
        message: `Unexpected \`${limit}\` for \`limit\`, expected an integer from 1 to 1000.`,
      })
    }
  })

  test('should answer 401 without a token', async () => {
    const { send } = sandbox()
    expect((await send('GET', '/api/v1/logs', { token: null })).status).toBe(401)
  })
})

describe('POST /api/v1/logs/{request_id}/remove and /resume', () => {
  test('should remove an entry from its mailing and restore it', async () => {
    const { send, store } = sandbox()
    await send('POST', '/api/v1/postcards', {
      body: a6Postcard(),
      headers: { 'x-request-id': 'order/7' },
    })
    const removed = await read(await send('POST', '/api/v1/logs/order%2F7/remove'))
    expect(removed.status).toBe(200)
    expect(removed.json['data']).toMatchObject({
      request_id: 'order/7',
      status: 'removed',
      queued_for: null,
    })
    // Removing twice changes nothing.
    const twice = await read(await send('POST', '/api/v1/logs/order%2F7/remove'))
    expect(twice.json).toEqual(removed.json)
    const resumed = await read(await send('POST', '/api/v1/logs/order%2F7/resume'))
    expect(resumed.json['data']).toMatchObject({ status: 'queued', queued_for: nextA6Batch })
    const [entry] = await store.entries.list({ account_id: 'acme' }, 1)
    expect(entry?.status).toBe('queued')
  })

  test('should resume into a paused flow as accepted', async () => {
    const { send } = sandbox()
    await send('POST', '/api/v1/postcards', {
      body: dlPostcard(),
      headers: { 'x-request-id': 'd' },
    })
    await send('POST', '/api/v1/logs/d/remove')
    const resumed = await read(await send('POST', '/api/v1/logs/d/resume'))
    expect(resumed.json['data']).toMatchObject({ status: 'accepted', queued_for: null })
  })

  test('should answer 404 for a request without entry, or of another account or mode', async () => {
    const { send } = sandbox()
    await send('POST', '/api/v1/postcards', {
      body: a6Postcard(),
      headers: { 'x-request-id': 'mine' },
    })
    await send('POST', '/api/v1/postcards', { raw: '{', headers: { 'x-request-id': 'bad' } })
    for (const [path, token] of [
      ['/api/v1/logs/bad/remove', tokens.acmeTest],
      ['/api/v1/logs/nope/resume', tokens.acmeTest],
      ['/api/v1/logs/mine/remove', tokens.globexTest],
      ['/api/v1/logs/mine/remove', tokens.acmeLive],
    ] as const) {
      const response = await read(await send('POST', path, { token }))
      expect(response.status).toBe(404)
      const id = path.split('/')[4]
      expect(response.json).toEqual({ message: `No entry was created by the request \`${id}\`.` })
    }
  })
})

describe('POST /api/v1/flows/{flow_id}/pause and /resume', () => {
  test('should hold queued entries and answer new ones with 202 while paused', async () => {
    const { send, store, clock } = sandbox()
    await send('POST', '/api/v1/postcards', { body: a6Postcard() })
    const paused = await read(await send('POST', `/api/v1/flows/${flows.a6}/pause`))
    expect(paused.json).toEqual({ data: { id: flows.a6, paused: true, next_batch: null } })
    const held = await send('POST', '/api/v1/postcards', { body: a6Postcard() })
    expect(held.status).toBe(202)
    expect(
      (await store.entries.list({ account_id: 'acme' }, 10)).map((entry) => entry.status)
    ).toEqual(['accepted', 'accepted'])

    clock.time += 6 * 3_600_000 // 15:15 CET: the next batch is tomorrow 08:00 CET.
    const resumed = await read(await send('POST', `/api/v1/flows/${flows.a6}/resume`))
    expect(resumed.json).toEqual({
      data: { id: flows.a6, paused: false, next_batch: '2026-03-03T07:00:00Z' },
    })
    const entries = await store.entries.list({ account_id: 'acme' }, 10)
    expect(entries.map((entry) => [entry.status, entry.queued_for, entry.updated_at])).toEqual([
      ['queued', '2026-03-03T07:00:00Z', '2026-03-02T15:15:00Z'],
      ['queued', '2026-03-03T07:00:00Z', '2026-03-02T15:15:00Z'],
    ])
    expect((await send('POST', '/api/v1/postcards', { body: a6Postcard() })).status).toBe(201)
  })

  test('should resume a flow paused in the configuration', async () => {
    const { send } = sandbox()
    await send('POST', `/api/v1/flows/${flows.dl}/resume`)
    expect((await send('POST', '/api/v1/postcards', { body: dlPostcard() })).status).toBe(201)
  })

  test('should not let an account touch another account’s flow', async () => {
    const { send } = sandbox()
    const response = await read(await send('POST', `/api/v1/flows/${flows.a5}/pause`))
    expect(response.status).toBe(404)
    expect(response.json).toEqual({
      message: `The flow \`${flows.a5}\` does not exist or does not belong to this account.`,
    })
  })
})

describe('GET /api/v1/entries', () => {
  test('should list the entries of the account and mode, filtered by flow', async () => {
    const { send } = sandbox()
    await send('POST', '/api/v1/postcards', { body: a6Postcard() })
    await send('POST', '/api/v1/postcards', { body: dlPostcard() })
    await send('POST', '/api/v1/postcards', { body: dlPostcard(), token: tokens.acmeLive })
    const all = await read(await send('GET', '/api/v1/entries'))
    expect(
      (all.json['data'] as Record<string, unknown>[]).map((entry) => entry['flow_id'])
    ).toEqual([flows.dl, flows.a6])
    const filtered = await read(await send('GET', `/api/v1/entries?flow_id=${flows.a6}`))
    expect((filtered.json['data'] as unknown[]).length).toBe(1)
    expect((await send('GET', `/api/v1/entries?flow_id=${flows.a5}`)).status).toBe(404)
    const globex = await read(await send('GET', '/api/v1/entries', { token: tokens.globexTest }))
    expect(globex.json).toEqual({ data: [] })
  })
})

describe('GET /api/v1/entries/{request_id}/proof.pdf', () => {
  let fonts: FontRegistry
  beforeAll(async () => {
    fonts = createFontRegistry(await loadTestFonts())
  })
  /** The Twemoji artwork of the proof's emoji, as a host hands it in (here: a red square). */
  const artwork: EmojiArtworkSource = async (keys) =>
    new Map(
      keys.map((key) => [
        key,
        {
          key,
          viewBox: '0 0 36 36',
          width: 36,
          height: 36,
          body: '<rect width="36" height="36" fill="#d0021b"/>',
        },
      ])
    )

  test('should answer the proof of the entry, the bytes renderProof gives for its postcard', async () => {
    const { send } = sandbox({ fonts, emojiArtwork: artwork })
    const body = a6Postcard({ content: { greeting: 'Hallo 🌷', body: 'Bis bald!' } })
    const created = await send('POST', '/api/v1/postcards', {
      body,
      headers: { 'x-request-id': 'order-7' },
    })
    expect(created.status).toBe(201)
    const response = await send('GET', '/api/v1/entries/order-7/proof.pdf')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    expect(response.headers.get('content-disposition')).toBe('inline; filename="proof-order-7.pdf"')
    const pdf = new Uint8Array(await response.arrayBuffer())
    const expected = renderProof(body, designs.a6, {
      fonts,
      emojiArtwork: await artwork(['1f337']),
    })
    expect(pdf).toEqual(expected)
    // The sandbox's artwork is drawn (without it the tulip would be the missing-emoji marker).
    expect(pdf).not.toEqual(renderProof(body, designs.a6, { fonts }))
    // A proof is a sandbox route: not in the API logs, not rate-limited.
    expect(response.headers.get('x-ratelimit-limit')).toBeNull()
  })

  test('should answer 404 for a request without entry, or of another account or mode', async () => {
    const { send } = sandbox({ fonts })
    await send('POST', '/api/v1/postcards', {
      body: a6Postcard(),
      headers: { 'x-request-id': 'mine' },
    })
    for (const [id, token] of [
      ['nope', tokens.acmeTest],
      ['mine', tokens.globexTest],
      ['mine', tokens.acmeLive],
    ] as const) {
      const response = await read(await send('GET', `/api/v1/entries/${id}/proof.pdf`, { token }))
      expect(response.status).toBe(404)
      expect(response.json).toEqual({ message: `No entry was created by the request \`${id}\`.` })
    }
    expect((await send('GET', '/api/v1/entries/mine/proof.pdf')).status).toBe(200)
  })

  test('should answer 401 without a token and 503 in a sandbox without fonts', async () => {
    const { send } = sandbox()
    await send('POST', '/api/v1/postcards', {
      body: a6Postcard(),
      headers: { 'x-request-id': 'mine' },
    })
    const anonymous = await read(
      await send('GET', '/api/v1/entries/mine/proof.pdf', { token: null })
    )
    expect(anonymous.status).toBe(401)
    const fontless = await read(await send('GET', '/api/v1/entries/mine/proof.pdf'))
    expect([fontless.status, fontless.json]).toEqual([
      503,
      { message: 'This sandbox has no fonts to set the texts in, so it draws no proofs.' },
    ])
  })
})
