import { afterEach, describe, expect, test, vi } from 'vitest'
import type { ApiHandlerOptions } from '../../src/server/api-options.ts'
import { directCallOf, type CallRequest } from '../../src/server/direct-call.ts'
import { a6Postcard, campaign, flows, sandbox, tokens } from './sandbox.ts'

/** One request of a scenario: what a client sends. */
interface Step {
  readonly method: string
  readonly path: string
  readonly headers?: Record<string, string>
  readonly body?: string
}

/** What a client receives, the same way for both paths: headers sorted, body as bytes. */
interface Received {
  readonly status: number
  readonly headers: readonly (readonly [string, string])[]
  readonly body: readonly number[]
}

const json = (value: unknown) => JSON.stringify(value)
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/**
 * Every kind of answer of the sandbox, in an order that makes each depend on the state the
 * ones before left: created, replayed, refused for each reason, listed, removed, resumed.
 */
const scenario: readonly Step[] = [
  { method: 'GET', path: '/openapi.json' },
  { method: 'HEAD', path: '/openapi.json' },
  { method: 'GET', path: '/' },
  { method: 'HEAD', path: '/' },
  { method: 'GET', path: '/missing.js' },
  { method: 'POST', path: '/openapi.json' },
  {
    method: 'POST',
    path: '/api/v1/postcards',
    headers: { ...bearer(tokens.acmeTest), 'x-request-id': 'r1' },
    body: json(a6Postcard()),
  },
  {
    method: 'POST',
    path: '/api/v1/postcards',
    headers: { ...bearer(tokens.acmeTest), 'x-request-id': 'r1' },
    body: 'not even JSON',
  },
  {
    method: 'POST',
    path: '/api/v1/postcards',
    headers: { ...bearer(tokens.acmeTest), 'x-request-id': 'r2' },
    body: json(a6Postcard({ content: { greeting: '# Hi' } })),
  },
  {
    method: 'POST',
    path: '/api/v1/postcards',
    headers: { ...bearer(tokens.acmeTest), 'x-request-id': 'r3' },
    body: json({ ...a6Postcard(), flow_id: flows.a5 }),
  },
  { method: 'POST', path: '/api/v1/postcards', headers: bearer(tokens.acmeTest), body: '{}' },
  { method: 'POST', path: '/api/v1/postcards', headers: bearer(tokens.acmeTest), body: '' },
  { method: 'POST', path: '/api/v1/postcards', headers: bearer(tokens.acmeTest), body: '[[[1]]]' },
  {
    method: 'POST',
    path: '/api/v1/postcards',
    headers: bearer(tokens.acmeTest),
    body: '"\\ud800"',
  },
  {
    method: 'POST',
    path: '/api/v1/postcards',
    headers: bearer(tokens.acmeTest),
    body: json({ pad: 'x'.repeat(3000) }),
  },
  { method: 'POST', path: '/api/v1/postcards', headers: bearer('dm_test_nope'), body: '{}' },
  { method: 'POST', path: '/api/v1/postcards', body: '{}' },
  { method: 'GET', path: '/api/v1/postcards', headers: bearer(tokens.acmeTest) },
  { method: 'POST', path: '/api/v2/postcards', headers: bearer(tokens.acmeTest), body: '{}' },
  {
    method: 'POST',
    path: '/api/v1/campaigns',
    headers: { ...bearer(tokens.acmeLive), 'idempotency-key': '"k1"' },
    body: json(campaign()),
  },
  {
    method: 'POST',
    path: '/api/v1/campaigns',
    headers: { ...bearer(tokens.acmeLive), 'idempotency-key': 'k1' },
    body: json(campaign()),
  },
  {
    method: 'POST',
    path: '/api/v1/campaigns',
    headers: { ...bearer(tokens.acmeLive), 'idempotency-key': 'k1' },
    body: json(campaign({ name: 'Another' })),
  },
  { method: 'POST', path: '/api/v1/campaigns', headers: bearer(tokens.acmeTest), body: '{}' },
  { method: 'POST', path: '/api/v1/logs/r1/remove', headers: bearer(tokens.acmeTest) },
  { method: 'POST', path: '/api/v1/logs/r1/resume', headers: bearer(tokens.acmeTest) },
  { method: 'POST', path: `/api/v1/flows/${flows.a6}/pause`, headers: bearer(tokens.acmeTest) },
  { method: 'GET', path: '/api/v1/entries?limit=5', headers: bearer(tokens.acmeTest) },
  { method: 'GET', path: '/api/v1/logs?limit=0', headers: bearer(tokens.acmeTest) },
  { method: 'GET', path: '/api/v1/logs', headers: bearer(tokens.acmeLive) },
  { method: 'GET', path: '/api/v1/logs', headers: bearer(tokens.acmeTest) },
]

/** Handler options both paths get: a body limit the scenario passes, a page at `/`. */
const options: Partial<ApiHandlerOptions> = {
  maxBodyBytes: 2048,
  assets: (path) =>
    path === '/'
      ? { body: new TextEncoder().encode('<p>start</p>'), contentType: 'text/html' }
      : undefined,
}

/** Ids that are the same in every run, so that two runs can be compared byte for byte. */
function countingUuids() {
  let next = 0
  return vi
    .spyOn(crypto, 'randomUUID')
    .mockImplementation(
      () =>
        `00000000-0000-4000-8000-${String(++next).padStart(12, '0')}` as `${string}-${string}-${string}-${string}-${string}`
    )
}

const bytesOf = (body: string | Uint8Array | null) =>
  body === null ? [] : [...(typeof body === 'string' ? new TextEncoder().encode(body) : body)]

/** Runs the scenario through the fetch handler, as any runtime would. */
async function throughFetch(): Promise<Received[]> {
  countingUuids()
  const { handler } = sandbox(options)
  const received: Received[] = []
  for (const step of scenario) {
    const response = await handler(
      new Request(`http://localhost${step.path}`, {
        method: step.method,
        headers: step.headers ?? {},
        ...(step.body === undefined ? {} : { body: step.body }),
      })
    )
    received.push({
      status: response.status,
      headers: [...response.headers].sort(([a], [b]) => (a < b ? -1 : 1)),
      body: [...new Uint8Array(await response.arrayBuffer())],
    })
  }
  return received
}

/** Runs the scenario through the direct call, the body collected or streamed. */
async function throughDirectCall(body: 'collected' | 'streamed'): Promise<Received[]> {
  countingUuids()
  const { handler } = sandbox(options)
  const call = directCallOf(handler)
  if (!call) throw new Error('createApiHandler made a handler without a direct call')
  const received: Received[] = []
  for (const step of scenario) {
    const bytes = step.body === undefined ? undefined : new TextEncoder().encode(step.body)
    const headers = new Headers(step.headers)
    // What a server sets for a body of known length (a `Request` in Node sets it too).
    if (bytes) headers.set('content-length', String(bytes.byteLength))
    const request: CallRequest = {
      method: step.method,
      url: `http://localhost${step.path}`,
      headers,
      body:
        bytes && body === 'streamed'
          ? new ReadableStream<Uint8Array>({
              start(controller) {
                // In two chunks, as a network delivers it.
                controller.enqueue(bytes.subarray(0, bytes.byteLength >> 1))
                controller.enqueue(bytes.subarray(bytes.byteLength >> 1))
                controller.close()
              },
            })
          : null,
      collected: body === 'collected' ? bytes : undefined,
    }
    const answer = await call(request)
    received.push({
      status: answer.status,
      headers: Object.entries(answer.headers)
        .map(([name, value]) => [name.toLowerCase(), value] as const)
        .sort(([a], [b]) => (a < b ? -1 : 1)),
      body: bytesOf(answer.body),
    })
  }
  return received
}

describe('the direct call of createApiHandler', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  test('should be attached to the handler createApiHandler makes, and to no other', () => {
    const { handler } = sandbox()
    expect(typeof directCallOf(handler)).toBe('function')
    expect(directCallOf((request: Request) => handler(request))).toBeUndefined()
    expect(Object.keys(handler)).toEqual([])
  })

  test.each(['collected', 'streamed'] as const)(
    'should answer every request exactly as the fetch handler does, the body %s',
    async (body) => {
      const expected = await throughFetch()
      // The scenario reaches the answers it is meant to reach.
      expect(expected.map((answer) => answer.status)).toEqual([
        200, 200, 200, 200, 404, 405, 201, 409, 422, 404, 422, 400, 422, 400, 413, 401, 401, 405,
        404, 201, 201, 409, 403, 200, 200, 200, 200, 400, 200, 200,
      ])
      expect(await throughDirectCall(body)).toEqual(expected)
    }
  )
})
