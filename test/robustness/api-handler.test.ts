/**
 * The sandbox handler under arbitrary requests: any method, path, token, header and body
 * (arbitrary bytes, invalid UTF-8, arbitrary JSON, mutated valid submissions, 100 000-deep
 * nesting, lone-surrogate escapes), one after another and at the same time. It never throws,
 * never answers 500, always answers in the spec's shapes (2.4, 7, 7.1, 8), creates exactly one
 * entry per 201/202, replays byte for byte, and never pollutes a prototype.
 */
import fc from 'fast-check'
import { beforeAll, describe, expect, test } from 'vitest'
import { createApiHandler } from '../../src/server/create-api-handler.ts'
import { memoryStore } from '../../src/server/memory-store.ts'
import type { Store, TokenMode } from '../../src/server/store.ts'
import { createFontRegistry } from '../../src/text/font-registry.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import type { Verdict } from '../../src/verdict/types.ts'
import { loadTestFonts } from '../helpers/fonts.ts'
import {
  designs,
  expectNoPollution,
  expectSpecVerdict,
  flowIds,
  hostileJson,
  hostileString,
  mutated,
  nested,
  prototypeSnapshot,
  runs,
  timeLimit,
  validCampaign,
  validPostcard,
} from './hostile.ts'

let fonts: FontRegistry

beforeAll(async () => {
  fonts = createFontRegistry(await loadTestFonts())
})

/** Token → its account and mode. */
const grants: Readonly<Record<string, { account: string; mode: TokenMode }>> = {
  dm_test_vUn2LzQrjwQUg9yTFaT5i6wC: { account: 'acme', mode: 'test' },
  dm_live_zChN33HUNRmJG29M2TYJCUPc: { account: 'acme', mode: 'live' },
  dm_test_SdpfxrTsAttun9ZPGeZRfkFj: { account: 'globex', mode: 'test' },
  dm_live_zFyogUjeVWnBmgF2Ux7qZ3Lo: { account: 'globex', mode: 'live' },
}
const tokenList = Object.keys(grants)

const start = Date.parse('2026-03-02T09:15:00Z')

/** A handler of the sample flows with a fresh store; unexpected errors are collected. */
function sandbox() {
  const store = memoryStore()
  const errors: unknown[] = []
  const handler = createApiHandler({
    accounts: [
      {
        id: 'acme',
        tokens: tokenList.slice(0, 2),
        flows: [
          {
            id: flowIds.a6,
            design: designs.a6,
            batch: { at: ['08:00', '14:00'], time_zone: 'Europe/Berlin' },
          },
          {
            id: flowIds.dl,
            design: designs.dl,
            paused: true,
            batch: { at: ['09:00'], time_zone: 'Europe/Berlin' },
          },
        ],
      },
      {
        id: 'globex',
        tokens: tokenList.slice(2),
        flows: [
          {
            id: flowIds.a5,
            design: designs.a5,
            batch: { at: ['10:00'], time_zone: 'Europe/Amsterdam' },
          },
        ],
      },
    ],
    fonts,
    store,
    now: () => start,
    onError: (error) => errors.push(error),
  })
  return { handler, store, errors }
}

/** A header value the Fetch standard can carry: Latin-1 without controls. */
const headerValue = fc.string({
  unit: fc
    .integer({ min: 0x20, max: 0xff })
    .filter((code) => code !== 0x7f)
    .map((code) => String.fromCharCode(code)),
  maxLength: 40,
})

const paths = [
  '/api/v1/postcards',
  '/api/v1/campaigns',
  '/api/v1/logs',
  '/api/v1/entries',
  '/api/v1/logs/r1/remove',
  '/api/v1/logs/r1/resume',
  `/api/v1/flows/${flowIds.a6}/pause`,
  `/api/v1/flows/${flowIds.dl}/resume`,
  `/api/v1/flows/${flowIds.a5}/pause`,
  '/api/v2/postcards',
  '/api/v1/',
  '/api',
  '/openapi.json',
  '/',
  '/api/v1/logs/%ZZ/remove',
  '/api/v1/logs/%00/remove',
  '/api/v1/logs/%F0%9F%8C%B7/resume',
  '/api/v1/../v1/postcards',
  '/api/v1//postcards',
  '/api/v1/postcards?x=1',
  '/api/v1/logs?limit=0',
  '/api/v1/logs?limit=abc',
  '/api/v1/logs?limit=1000',
  '/api/v1/entries?flow_id=zzz&limit=5',
  `/api/v1/entries?flow_id=${flowIds.a5}`,
]

/** A JSON body for the postcards or campaigns endpoint, or any text or bytes. */
const body: fc.Arbitrary<BodyInit | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom('a6', 'dl', 'a5').map((name) => JSON.stringify(validPostcard(name))),
  fc
    .constantFrom('a6', 'dl', 'a5')
    .chain((name) => mutated(() => validPostcard(name)))
    .map((value) => JSON.stringify(value) ?? 'null'),
  fc.constant(JSON.stringify(validCampaign())),
  mutated(validCampaign).map((value) => JSON.stringify(value) ?? 'null'),
  hostileJson.map((value) => JSON.stringify(value) ?? 'null'),
  hostileString,
  fc.uint8Array({ maxLength: 64 }),
  fc.constantFrom(
    '',
    '{',
    '{"flow_id":"\\ud800"}',
    '["\\udfff"]',
    '{"__proto__":{"polluted":"yes"}}',
    '\uFEFF{}',
    `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
    JSON.stringify(nested(600, 'object'))
  )
)

/** One request of a client. */
interface Call {
  readonly method: string
  readonly path: string
  readonly token: string | null
  readonly authorization?: string
  readonly requestId?: string
  readonly idempotencyKey?: string
  readonly contentType?: string
  readonly body: BodyInit | undefined
}

const call: fc.Arbitrary<Call> = fc.record(
  {
    method: fc.oneof(
      { arbitrary: fc.constant('POST'), weight: 4 },
      fc.constantFrom('GET', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'post', 'FOO')
    ),
    path: fc.oneof(
      { arbitrary: fc.constant('/api/v1/postcards'), weight: 4 },
      fc.constantFrom(...paths),
      fc.webPath().map((path) => `/api/v1${path}`)
    ),
    token: fc.oneof({ arbitrary: fc.constantFrom(...tokenList), weight: 4 }, fc.constant(null)),
    authorization: fc.oneof(
      fc.constantFrom('Bearer', 'Bearer ', 'bearer dm_test_vUn2LzQrjwQUg9yTFaT5i6wC', 'Basic eDp5'),
      headerValue.map((value) => `Bearer ${value}`)
    ),
    requestId: fc.oneof(
      { arbitrary: fc.constantFrom('r1', 'r2'), weight: 3 },
      headerValue,
      fc.constant('x'.repeat(10_000))
    ),
    idempotencyKey: fc.oneof(fc.constantFrom('k1', 'k2'), headerValue),
    contentType: fc.constantFrom(
      'application/json',
      'text/plain',
      'application/json; charset=latin1'
    ),
    body,
  },
  { requiredKeys: ['method', 'path', 'token', 'body'] }
)

/** A body bigger than the default limit of 1 MB (413). */
const oversized = JSON.stringify({ ...validPostcard('a6'), padding: 'x'.repeat(1_100_000) })

/** The flows each account may submit to. */
const flowsOf: Readonly<Record<string, readonly ('a6' | 'dl' | 'a5')[]>> = {
  acme: ['a6', 'dl'],
  globex: ['a5'],
}

/**
 * What real clients mostly send: a submission to a flow of the token's account (valid, with a
 * few changes, or over the size limit) with a request id from a small pool, so that replays and
 * duplicates happen; or a campaign with an `Idempotency-Key`.
 */
const clientCall: fc.Arbitrary<Call> = fc
  .record({
    token: fc.constantFrom(...tokenList),
    pick: fc.nat(),
    requestId: fc.option(fc.constantFrom('r1', 'r2', 'r3', ' r1 '), { nil: undefined }),
    change: fc.constantFrom('valid', 'valid', 'mutated', 'oversized', 'campaign'),
    mutations: fc
      .constantFrom('a6', 'dl', 'a5')
      .chain((name) => mutated(() => validPostcard(name)).map((value) => [name, value] as const)),
    campaignBody: fc.oneof(fc.constant(validCampaign()), mutated(validCampaign)),
    idempotencyKey: fc.constantFrom('k1', 'k2'),
  })
  .map(({ token, pick, requestId, change, mutations, campaignBody, idempotencyKey }) => {
    const grant = grants[token] as { account: string }
    const names = flowsOf[grant.account] ?? []
    const name = names[pick % names.length] ?? 'a6'
    if (change === 'campaign') {
      return {
        method: 'POST',
        path: '/api/v1/campaigns',
        token,
        idempotencyKey,
        contentType: 'application/json',
        body: JSON.stringify(campaignBody),
      }
    }
    const json =
      change === 'valid'
        ? JSON.stringify(validPostcard(name))
        : change === 'oversized'
          ? oversized
          : (JSON.stringify(mutations[1]) ?? 'null')
    return {
      method: 'POST',
      path: '/api/v1/postcards',
      token,
      contentType: 'application/json',
      body: json,
      ...(requestId === undefined ? {} : { requestId }),
    }
  })

/** Mostly client-like calls, with chaotic ones mixed in. */
const anyCall = fc.oneof({ arbitrary: clientCall, weight: 3 }, { arbitrary: call, weight: 2 })

const statuses = new Set([200, 201, 202, 204, 400, 401, 403, 404, 405, 409, 413, 422, 429])

/** What the client saw: the request and the answer. */
interface Exchange {
  readonly call: Call
  readonly status: number
  readonly text: string
  readonly headers: Headers
}

/** Sends one call to the handler. */
async function send(handler: (request: Request) => Promise<Response>, c: Call): Promise<Exchange> {
  const headers = new Headers()
  if (c.token !== null) headers.set('authorization', `Bearer ${c.token}`)
  else if (c.authorization !== undefined) headers.set('authorization', c.authorization)
  if (c.requestId !== undefined) headers.set('x-request-id', c.requestId)
  if (c.idempotencyKey !== undefined) headers.set('idempotency-key', c.idempotencyKey)
  if (c.contentType !== undefined) headers.set('content-type', c.contentType)
  const hasBody = c.body !== undefined && c.method !== 'GET' && c.method !== 'HEAD'
  const response = await handler(
    new Request(`http://localhost${c.path}`, {
      method: c.method,
      headers,
      ...(hasBody ? { body: c.body } : {}),
    })
  )
  return {
    call: c,
    status: response.status,
    text: await response.text(),
    headers: response.headers,
  }
}

const isPostcards = (exchange: Exchange) =>
  exchange.call.method.toUpperCase() === 'POST' &&
  new URL(`http://localhost${exchange.call.path}`).pathname === '/api/v1/postcards'

/** The checks of one answer: status, media type, and the body shape of its status. */
function expectSpecAnswer(exchange: Exchange): void {
  const { status, text, headers, call: c } = exchange
  expect(statuses).toContain(status)
  const api = new URL(`http://localhost${c.path}`).pathname.startsWith('/api')
  if (c.method === 'HEAD' || !api) return
  // OPTIONS (RFC 9110 9.3.7, CORS): no content.
  if (status === 204) return void expect([c.method.toUpperCase(), text]).toEqual(['OPTIONS', ''])
  expect(headers.get('content-type')).toBe('application/json; charset=utf-8')
  const json = JSON.parse(text) as Record<string, unknown>
  if (status === 201 || status === 202 || (status === 409 && isPostcards(exchange))) {
    if (isPostcards(exchange)) {
      // spec 2.4: the same four members, in this order, for 201, 202 and 409.
      expect(Object.keys(json)).toEqual(['request_id', 'flow_id', 'status', 'queued_for'])
      expect(json['status']).toBe(status === 202 ? 'accepted' : json['status'])
      expect([...Object.values(flowIds)]).toContain(json['flow_id'])
      return
    }
  }
  if (status === 422) {
    expectSpecVerdict({ ok: false, status: 422, body: json, warnings: [] } as unknown as Verdict)
    return
  }
  if (status >= 400) {
    expect(typeof json['message']).toBe('string')
    if (status === 429) {
      // spec 8.
      expect(headers.get('x-ratelimit-limit')).toMatch(/^\d+$/)
      expect(headers.get('x-ratelimit-remaining')).toBe('0')
      expect(Number(headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    }
  }
}

/** The token a call authenticates with (the auth scheme is case-insensitive, RFC 9110 11.1). */
function tokenOf(c: Call): string | undefined {
  if (c.token !== null) return c.token
  const sent = /^bearer +(\S+)$/i.exec(c.authorization?.trim() ?? '')?.[1]
  return sent !== undefined && sent in grants ? sent : undefined
}

/** Exactly one entry per 201/202, each replay byte for byte the first answer. */
async function expectNothingLost(store: Store, exchanges: readonly Exchange[]): Promise<void> {
  const scopeOf = (exchange: Exchange) => {
    const grant = grants[tokenOf(exchange.call) ?? '']
    return `${grant?.account}/${grant?.mode}/${exchange.headers.get('x-request-id') ?? ''}`
  }
  const postcards = exchanges.filter((exchange) => isPostcards(exchange) && tokenOf(exchange.call))
  const created = new Map<string, string>()
  for (const exchange of postcards) {
    if (exchange.status !== 201 && exchange.status !== 202) continue
    // A request id is remembered for 24 hours: a second entry for it is a loss of idempotency.
    expect(created.has(scopeOf(exchange))).toBe(false)
    created.set(scopeOf(exchange), exchange.text)
  }
  for (const exchange of postcards) {
    if (exchange.status === 409) expect(exchange.text).toBe(created.get(scopeOf(exchange)))
  }
  for (const [account, mode] of [
    ['acme', 'test'],
    ['acme', 'live'],
    ['globex', 'test'],
    ['globex', 'live'],
  ] as const) {
    const entries = await store.entries.list({ account_id: account, mode }, 10_000)
    const expected = [...created.keys()].filter((scope) => scope.startsWith(`${account}/${mode}/`))
    expect(entries).toHaveLength(expected.length)
    for (const entry of entries) {
      expect(created.has(`${account}/${mode}/${entry.request_id}`)).toBe(true)
    }
  }
}

describe('createApiHandler under hostile requests', () => {
  test(
    'should answer every request of a sequence in the spec shape, losing nothing',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(anyCall, { minLength: 1, maxLength: 8 }), async (calls) => {
          const before = prototypeSnapshot()
          const { handler, store, errors } = sandbox()
          const exchanges: Exchange[] = []
          for (const c of calls) exchanges.push(await send(handler, c))
          expect(
            errors.map((error) => (error instanceof Error ? error.stack : String(error)))
          ).toEqual([])
          for (const exchange of exchanges) expectSpecAnswer(exchange)
          await expectNothingLost(store, exchanges)
          expectNoPollution(before)
        }),
        runs(200)
      )
    },
    timeLimit
  )

  test(
    'should answer concurrent requests in the spec shape, losing nothing',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(anyCall, { minLength: 2, maxLength: 8 }), async (calls) => {
          const before = prototypeSnapshot()
          const { handler, store, errors } = sandbox()
          const exchanges = await Promise.all(calls.map((c) => send(handler, c)))
          expect(
            errors.map((error) => (error instanceof Error ? error.stack : String(error)))
          ).toEqual([])
          for (const exchange of exchanges) {
            // A duplicate may meet its first request still running: the one retryable 409.
            if (exchange.status === 409 && exchange.text.includes('"request_in_progress"')) continue
            expectSpecAnswer(exchange)
          }
          await expectNothingLost(
            store,
            exchanges.filter((exchange) => !exchange.text.includes('"request_in_progress"'))
          )
          expectNoPollution(before)
        }),
        runs(100)
      )
    },
    timeLimit
  )
})
