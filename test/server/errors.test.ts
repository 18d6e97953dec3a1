import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { memoryStore } from '../../src/server/memory-store.ts'
import type { Store } from '../../src/server/store.ts'
import { a6Postcard, campaign, flows, read, sandbox, tokens } from './sandbox.ts'

describe('refusals of bad requests', () => {
  test('should answer malformed JSON with 400 and a message', async () => {
    const { send } = sandbox()
    for (const path of ['/api/v1/postcards', '/api/v1/campaigns']) {
      const response = await read(
        await send('POST', path, { token: tokens.acmeLive, raw: '{"flow_id": ' })
      )
      expect(response.status).toBe(400)
      expect(response.text).toBe('{"message":"The request body is not valid JSON."}')
    }
  })

  test('should answer a body over 1 MB with 413, declared or streamed', async () => {
    const { handler } = sandbox()
    const big = `{"pad":"${'x'.repeat(1_048_576)}"}`
    const declared = await read(
      await handler(
        new Request('http://localhost/api/v1/postcards', {
          method: 'POST',
          headers: { authorization: `Bearer ${tokens.acmeTest}` },
          body: big,
        })
      )
    )
    expect(declared.status).toBe(413)
    expect(declared.text).toBe('{"message":"The request body is larger than 1 MB."}')

    let sent = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 65_536
        controller.enqueue(new Uint8Array(65_536).fill(0x20))
        if (sent > 64 * 1_048_576) controller.close()
      },
    })
    const streamed = await handler(
      new Request('http://localhost/api/v1/postcards', {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.acmeTest}` },
        body: stream,
        duplex: 'half',
      } as RequestInit)
    )
    expect(streamed.status).toBe(413)
    // The handler stopped after the limit instead of reading 64 MB.
    expect(sent).toBeLessThan(2 * 1_048_576)
  })

  test('should accept a body of exactly 1 MB', async () => {
    const { send } = sandbox()
    const body = JSON.stringify(a6Postcard())
    const bytes = new TextEncoder().encode(body).byteLength
    const padded = body.slice(0, -1) + `,"pad":"${'x'.repeat(1_048_576 - bytes - 9)}"}`
    expect(new TextEncoder().encode(padded).byteLength).toBe(1_048_576)
    expect((await send('POST', '/api/v1/postcards', { raw: padded })).status).toBe(201)
  })

  test.each([
    ['GET', '/api/v1/postcards', 'POST'],
    ['PUT', '/api/v1/campaigns', 'POST'],
    ['DELETE', '/api/v1/logs', 'GET'],
    ['GET', '/api/v1/flows/x/pause', 'POST'],
    ['POST', '/openapi.json', 'GET, HEAD'],
  ])('should answer %s %s with 405 and Allow: %s', async (method, path, allow) => {
    const { send } = sandbox()
    const response = await read(await send(method, path))
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe(allow)
    expect(response.json).toEqual({
      message: `The ${method} method is not supported for route \`${path}\`. Supported methods: ${allow}.`,
    })
  })

  test.each([
    '/api/v1/postcard',
    '/api/v2/postcards',
    '/api',
    '/api/v1/logs/x/delete',
    '/nothing',
    '/',
  ])('should answer %s with a JSON 404', async (path) => {
    const { send } = sandbox()
    const response = await read(await send('GET', path))
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(response.json).toEqual({ message: `The route \`${path}\` could not be found.` })
  })

  test('should turn an unexpected failure into a bare 500 and report it once', async () => {
    const working = memoryStore()
    let failures = 1
    const broken: Store = {
      ...working,
      entries: {
        ...working.entries,
        put: (entry) =>
          failures-- > 0 ? Promise.reject(new Error('disk on fire')) : working.entries.put(entry),
      },
    }
    const { send, errors } = sandbox({ store: broken })
    const response = await read(
      await send('POST', '/api/v1/postcards', {
        body: a6Postcard(),
        headers: { 'x-request-id': 'r' },
      })
    )
    expect(response.status).toBe(500)
    expect(response.text).toBe('{"message":"Server Error"}')
    expect(errors).toHaveLength(1)
    expect((errors[0] as Error).message).toBe('disk on fire')
    // The reservation was released: once the store works again the id is free.
    const retry = await send('POST', '/api/v1/postcards', {
      body: a6Postcard(),
      headers: { 'x-request-id': 'r' },
    })
    expect(retry.status).toBe(201)
  })
})

describe('the handler on arbitrary input', () => {
  test('should never answer 500 nor report an error', async () => {
    const { handler, errors } = sandbox({
      limits: { postcardsPerMinute: 100_000, campaignsPerMinute: 100_000 },
    })
    const paths = fc.oneof(
      fc.constantFrom(
        '/api/v1/postcards',
        '/api/v1/campaigns',
        '/api/v1/logs',
        '/api/v1/entries',
        `/api/v1/flows/${flows.a6}/pause`,
        `/api/v1/flows/${flows.a6}/resume`,
        '/api/v1/logs/r/remove',
        '/api/v1/logs/%ZZ/resume',
        '/openapi.json',
        '/emoji/1f600.svg',
        '/api/v1/entries?limit=abc',
        '/api/v1/logs?limit=5000'
      ),
      fc.webPath()
    )
    const bodies = fc.oneof(
      fc.json(),
      fc.string(),
      fc.jsonValue().map((value) => JSON.stringify({ ...a6Postcard(), content: value })),
      fc.jsonValue().map((value) => JSON.stringify(a6Postcard({ to: value, qr_codes: value }))),
      fc.jsonValue().map((value) => JSON.stringify(campaign({ segment: value, metadata: value }))),
      fc.uint8Array({ maxLength: 64 })
    )
    const headerValue = fc
      .string({ unit: 'binary-ascii', maxLength: 40 })
      .filter((value) => /^[\x20-\x7e]*$/.test(value))
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'HEAD', 'OPTIONS', 'PATCH'),
        paths,
        fc.option(bodies, { nil: undefined }),
        fc.constantFrom(
          tokens.acmeTest,
          tokens.acmeLive,
          tokens.globexLive,
          'dm_test_nope',
          '',
          'Bearer'
        ),
        fc.option(headerValue, { nil: undefined }),
        fc.option(headerValue, { nil: undefined }),
        async (method, path, body, token, requestId, key) => {
          const headers = new Headers({ authorization: `Bearer ${token}` })
          if (requestId !== undefined) headers.set('x-request-id', requestId)
          if (key !== undefined) headers.set('idempotency-key', key)
          const withBody = body !== undefined && method !== 'GET' && method !== 'HEAD'
          const response = await handler(
            new Request(`http://localhost${path.startsWith('/') ? path : `/${path}`}`, {
              method,
              headers,
              ...(withBody ? { body: body as BodyInit } : {}),
            })
          )
          expect(response.status).not.toBe(500)
          await response.arrayBuffer()
        }
      ),
      { numRuns: 300 }
    )
    expect(errors).toEqual([])
  })
})
