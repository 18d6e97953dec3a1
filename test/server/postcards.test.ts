import { describe, expect, test } from 'vitest'
import { validatePostcard } from '../../src/postcard/validate-postcard.ts'
import { createFontRegistry } from '../../src/text/font-registry.ts'
import { loadTestFonts } from '../helpers/fonts.ts'
import {
  a6Postcard,
  designs,
  dlPostcard,
  flows,
  nextA6Batch,
  read,
  sandbox,
  tokens,
} from './sandbox.ts'

const uuid = /^[\da-f]{8}-[\da-f]{4}-4[\da-f]{3}-[89ab][\da-f]{3}-[\da-f]{12}$/

describe('POST /api/v1/postcards', () => {
  test('should queue an entry of an active flow for its next batch with 201', async () => {
    const { send, store } = sandbox()
    const response = await read(
      await send('POST', '/api/v1/postcards', {
        body: a6Postcard(),
        headers: { 'x-request-id': 'order-10023' },
      })
    )
    expect(response.status).toBe(201)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(response.headers.get('x-request-id')).toBe('order-10023')
    // spec 2.4, members in the spec's order.
    expect(response.text).toBe(
      `{"request_id":"order-10023","flow_id":"${flows.a6}","status":"queued","queued_for":"${nextA6Batch}"}`
    )
    const entries = await store.entries.list({ account_id: 'acme' }, 10)
    expect(entries).toEqual([
      {
        id: expect.stringMatching(uuid),
        account_id: 'acme',
        mode: 'test',
        flow_id: flows.a6,
        request_id: 'order-10023',
        status: 'queued',
        queued_for: nextA6Batch,
        created_at: '2026-03-02T09:15:00Z',
        updated_at: '2026-03-02T09:15:00Z',
        postcard: a6Postcard(),
        warnings: [],
        // The first answer, replayed should the idempotency record be missing.
        answer: { status: 201, body: response.text },
      },
    ])
  })

  test('should accept an entry of a paused flow with 202 and queued_for null', async () => {
    const { send } = sandbox()
    const response = await read(
      await send('POST', '/api/v1/postcards', {
        body: dlPostcard(),
        headers: { 'x-request-id': 'r1' },
      })
    )
    expect(response.status).toBe(202)
    expect(response.text).toBe(
      `{"request_id":"r1","flow_id":"${flows.dl}","status":"accepted","queued_for":null}`
    )
  })

  test('should generate a request_id when no X-Request-Id is sent', async () => {
    const { send } = sandbox()
    const response = await read(await send('POST', '/api/v1/postcards', { body: a6Postcard() }))
    expect(response.status).toBe(201)
    expect(response.json['request_id']).toMatch(uuid)
    expect(response.headers.get('x-request-id')).toBe(response.json['request_id'])
    // An empty X-Request-Id is not a value (spec 4.1: any non-empty value).
    const empty = await read(
      await send('POST', '/api/v1/postcards', {
        body: a6Postcard(),
        headers: { 'x-request-id': '' },
      })
    )
    expect(empty.json['request_id']).toMatch(uuid)
  })

  test('should record test and live entries apart', async () => {
    const { send, store } = sandbox()
    await send('POST', '/api/v1/postcards', { body: a6Postcard() })
    await send('POST', '/api/v1/postcards', { body: a6Postcard(), token: tokens.acmeLive })
    const modes = (await store.entries.list({ account_id: 'acme' }, 10)).map((entry) => entry.mode)
    expect(modes.sort()).toEqual(['live', 'test'])
  })

  test.each([
    ['no Authorization header', null],
    ['an unknown token', 'dm_test_doesNotExist000000000000'],
    ['another prefix', 'xx_test_vUn2LzQrjwQUg9yTFaT5i6wC'],
  ])('should answer 401 for %s', async (_name, token) => {
    const { send } = sandbox()
    const response = await read(
      await send('POST', '/api/v1/postcards', { token, body: a6Postcard() })
    )
    expect(response.status).toBe(401)
    expect(response.text).toBe('{"message":"Unauthenticated."}')
    expect(response.headers.get('x-ratelimit-limit')).toBeNull()
  })

  test('should answer 404 alike for an unknown flow and a flow of another account', async () => {
    const { send, store } = sandbox()
    const unknown = '11111111-2222-4333-8444-555555555555'
    for (const flowId of [unknown, flows.a5]) {
      const response = await read(
        await send('POST', '/api/v1/postcards', { body: a6Postcard({ flow_id: flowId }) })
      )
      expect(response.status).toBe(404)
      expect(response.json).toEqual({
        message: `The flow \`${flowId}\` does not exist or does not belong to this account.`,
      })
    }
    expect(await store.entries.list({ account_id: 'acme' }, 10)).toEqual([])
    expect(await store.entries.list({ account_id: 'globex' }, 10)).toEqual([])
  })

  test('should find a flow whatever the case of its id', async () => {
    const { send } = sandbox()
    const response = await read(
      await send('POST', '/api/v1/postcards', {
        body: a6Postcard({ flow_id: flows.a6.toUpperCase() }),
      })
    )
    expect(response.status).toBe(201)
    expect(response.json['flow_id']).toBe(flows.a6)
  })

  test('should answer 422 with exactly the core verdict of the flow design', async () => {
    const { send, store } = sandbox()
    const payloads = [
      a6Postcard({ content: { greeting: 'Hi', bdy: 'typo' } }), // spec 2.5 rules 1, 3
      a6Postcard({ content: { greeting: 'x'.repeat(8001), body: 'Hi' } }), // spec 8
      a6Postcard({ qr_codes: { coupon_url: '' } }), // spec 2.6 rule 3
      { ...a6Postcard(), to: { city: 3 } }, // spec 2.3
    ]
    for (const payload of payloads) {
      const response = await read(await send('POST', '/api/v1/postcards', { body: payload }))
      const verdict = validatePostcard(payload, designs.a6)
      expect(verdict.ok).toBe(false)
      expect(response.status).toBe(422)
      expect(response.text).toBe(JSON.stringify(!verdict.ok && verdict.body))
    }
    expect(await store.entries.list({ account_id: 'acme' }, 10)).toEqual([])
  })

  test('should judge with the fonts it was given, exactly as the core does', async () => {
    const fonts = createFontRegistry(await loadTestFonts())
    const { send } = sandbox({ fonts })
    // Far more text than the 68 x 60 mm area holds (spec 2.5 rule 4), and a short one.
    for (const body of ['word '.repeat(1500).trim(), 'Spring is here.']) {
      const payload = a6Postcard({ content: { greeting: 'Hi', body } })
      const response = await read(await send('POST', '/api/v1/postcards', { body: payload }))
      const verdict = validatePostcard(payload, designs.a6, { fonts })
      expect(response.status).toBe(verdict.ok ? 201 : 422)
      if (!verdict.ok) expect(response.text).toBe(JSON.stringify(verdict.body))
    }
  })

  test('should answer 422 for the design-independent fields when flow_id is unusable', async () => {
    const { send } = sandbox()
    const cases: [unknown, unknown][] = [
      [
        {},
        {
          message: 'The flow_id field is required. (and 2 more errors)',
          errors: {
            flow_id: ['The flow_id field is required.'],
            from: ['The from field is required.'],
            to: ['The to field is required.'],
          },
        },
      ],
      [
        { ...a6Postcard(), flow_id: 'flow-1' },
        {
          message: 'The flow_id field must be a valid UUID.',
          errors: { flow_id: ['The flow_id field must be a valid UUID.'] },
        },
      ],
      [
        { ...a6Postcard(), flow_id: 42, to: null },
        {
          message: 'The flow_id field must be a string. (and 1 more error)',
          errors: {
            flow_id: ['The flow_id field must be a string.'],
            to: ['The to field is required.'],
          },
        },
      ],
      [
        [],
        {
          message: 'The flow_id field is required. (and 2 more errors)',
          errors: {
            flow_id: ['The flow_id field is required.'],
            from: ['The from field is required.'],
            to: ['The to field is required.'],
          },
        },
      ],
    ]
    for (const [payload, expected] of cases) {
      const response = await read(await send('POST', '/api/v1/postcards', { body: payload }))
      expect(response.status).toBe(422)
      expect(response.json).toEqual(expected)
    }
  })

  test('should store the warnings of an accepted entry', async () => {
    const { send, store } = sandbox()
    await send('POST', '/api/v1/postcards', { body: a6Postcard({ campaign: 'spring' }) })
    const [entry] = await store.entries.list({ account_id: 'acme' }, 1)
    const verdict = validatePostcard(a6Postcard({ campaign: 'spring' }), designs.a6)
    expect(verdict.warnings.length).toBeGreaterThan(0)
    expect(entry?.warnings).toEqual(verdict.warnings)
  })
})
