/**
 * CORS (Fetch standard, "CORS protocol"): a page on another origin, such as a form on
 * `localhost:5173`, calls the sandbox with a bearer token in `Authorization` (no cookies), so by
 * default any origin may; a preflight of an API route gets 204 with the methods and the headers
 * the API reads; answers expose the headers a client needs (`Retry-After`, `X-RateLimit-*`).
 * The allowed origins can be narrowed. Handler level; test/node/cors-browser.test.ts drives a
 * real page in Chromium.
 */
import { describe, expect, test } from 'vitest'
import { ApiOptionsError } from '../../src/server/api-options.ts'
import { createApiHandler } from '../../src/server/create-api-handler.ts'
import { a6Postcard, accounts, read, sandbox, tokens } from './sandbox.ts'

const origin = 'http://localhost:5173'
const allowedHeaders = 'Authorization, Content-Type, X-Request-Id, Idempotency-Key'
const exposedHeaders =
  'Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, X-Request-Id, Idempotent-Replayed'

/** The headers of a preflight, as a browser sends it before a non-simple request. */
const preflight = (method: string, headers = 'authorization, content-type, x-request-id') => ({
  origin,
  'access-control-request-method': method,
  'access-control-request-headers': headers,
})

/** The headers of a page's request with a token. */
const fromPage = (token: string, from = origin) => ({
  origin: from,
  authorization: `Bearer ${token}`,
  'content-type': 'application/json',
})

describe('CORS preflights of the API routes', () => {
  test.each([
    ['/api/v1/postcards', 'POST'],
    ['/api/v1/campaigns', 'POST'],
    ['/api/v1/logs', 'GET'],
    ['/api/v1/logs/r1/remove', 'POST'],
    ['/api/v1/logs/r1/resume', 'POST'],
    ['/api/v1/flows/7375c8ae-613b-4182-8fb6-51639fd11db4/pause', 'POST'],
    ['/api/v1/flows/7375c8ae-613b-4182-8fb6-51639fd11db4/resume', 'POST'],
    ['/api/v1/entries', 'GET'],
    ['/api/v1/entries/r1/proof.pdf', 'GET'],
  ])('should answer the preflight of %s with 204', async (path, method) => {
    const { sendWithHeaders, store } = sandbox()
    const answer = await read(await sendWithHeaders('OPTIONS', path, preflight(method)))
    expect(answer.status).toBe(204)
    expect(answer.text).toBe('')
    expect(answer.headers.get('access-control-allow-origin')).toBe('*')
    expect(answer.headers.get('access-control-allow-methods')).toBe(method)
    expect(answer.headers.get('access-control-allow-headers')).toBe(allowedHeaders)
    expect(answer.headers.get('access-control-max-age')).toBe('600')
    // Preflights carry no token: they are neither counted nor logged.
    expect(answer.headers.get('x-ratelimit-limit')).toBeNull()
    expect(await store.logs.list('acme', 'test', 10)).toEqual([])
  })

  test('should answer a plain OPTIONS with 204 and Allow (RFC 9110 9.3.7)', async () => {
    const { send } = sandbox()
    const answer = await read(await send('OPTIONS', '/api/v1/postcards', { token: null }))
    expect(answer.status).toBe(204)
    expect(answer.headers.get('allow')).toBe('OPTIONS, POST')
  })

  test('should answer OPTIONS of a route that does not exist with 404', async () => {
    const { sendWithHeaders } = sandbox()
    const answer = await read(
      await sendWithHeaders('OPTIONS', '/api/v1/nothing', preflight('POST'))
    )
    expect([answer.status, answer.json]).toEqual([
      404,
      { message: 'The route `/api/v1/nothing` could not be found.' },
    ])
    expect(answer.headers.get('access-control-allow-origin')).toBe('*')
  })

  test('should answer OPTIONS of the OpenAPI document', async () => {
    const { sendWithHeaders } = sandbox()
    const answer = await read(
      await sendWithHeaders('OPTIONS', '/openapi.json', preflight('GET', ''))
    )
    expect(answer.status).toBe(204)
    expect(answer.headers.get('allow')).toBe('GET, HEAD, OPTIONS')
    expect(answer.headers.get('access-control-allow-methods')).toBe('GET, HEAD')
  })
})

describe('CORS headers of the answers', () => {
  test.each([
    ['a 201', 201, tokens.acmeTest, a6Postcard()],
    ['a 401', 401, 'dm_test_nope', a6Postcard()],
    ['a 413', 413, tokens.acmeTest, 'x'.repeat(1_100_000)],
  ] as const)('should let the page read %s and its headers', async (_name, status, token, body) => {
    const { sendWithHeaders } = sandbox()
    const answer = await read(
      await sendWithHeaders('POST', '/api/v1/postcards', fromPage(token), body)
    )
    expect(answer.status).toBe(status)
    expect(answer.headers.get('access-control-allow-origin')).toBe('*')
    expect(answer.headers.get('access-control-expose-headers')).toBe(exposedHeaders)
  })

  test('should expose Retry-After and X-RateLimit-* on a 429', async () => {
    const { send, sendWithHeaders } = sandbox({ limits: { postcardsPerMinute: 1 } })
    await send('POST', '/api/v1/postcards', { body: a6Postcard() })
    const answer = await read(
      await sendWithHeaders('POST', '/api/v1/postcards', fromPage(tokens.acmeTest), a6Postcard())
    )
    expect(answer.status).toBe(429)
    expect(answer.headers.get('access-control-allow-origin')).toBe('*')
    expect(answer.headers.get('access-control-expose-headers')).toBe(exposedHeaders)
    expect(answer.headers.get('retry-after')).toMatch(/^\d+$/)
  })

  test('should allow the OpenAPI document to another origin', async () => {
    const { send } = sandbox()
    const answer = await read(await send('GET', '/openapi.json', { token: null }))
    expect(answer.headers.get('access-control-allow-origin')).toBe('*')
  })
})

describe('CORS with a list of origins', () => {
  const options = { cors: { origins: ['https://app.example', origin] } }

  test('should answer a listed origin with that origin, and Vary: Origin', async () => {
    const { sendWithHeaders } = sandbox(options)
    const answer = await read(
      await sendWithHeaders('OPTIONS', '/api/v1/postcards', preflight('POST'))
    )
    expect(answer.status).toBe(204)
    expect(answer.headers.get('access-control-allow-origin')).toBe(origin)
    expect(answer.headers.get('vary')).toBe('Origin')
  })

  test('should refuse the preflight of another origin with 403', async () => {
    const { sendWithHeaders } = sandbox(options)
    const answer = await read(
      await sendWithHeaders('OPTIONS', '/api/v1/postcards', {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
      })
    )
    expect([answer.status, answer.json]).toEqual([
      403,
      {
        message:
          'The origin `https://evil.example` may not call this sandbox; allowed: `https://app.example`, `http://localhost:5173`.',
      },
    ])
    expect(answer.headers.get('access-control-allow-origin')).toBeNull()
  })

  test('should answer a simple request of another origin without letting the page read it', async () => {
    const { sendWithHeaders } = sandbox(options)
    const answer = await read(
      await sendWithHeaders(
        'POST',
        '/api/v1/postcards',
        fromPage(tokens.acmeTest, 'https://evil.example'),
        a6Postcard()
      )
    )
    expect(answer.status).toBe(201)
    expect(answer.headers.get('access-control-allow-origin')).toBeNull()
    expect(answer.headers.get('vary')).toBe('Origin')
  })

  test('should send no CORS headers at all with cors: false', async () => {
    const { sendWithHeaders } = sandbox({ cors: false })
    const answer = await read(
      await sendWithHeaders('OPTIONS', '/api/v1/postcards', preflight('POST'))
    )
    expect(answer.status).toBe(204)
    expect(answer.headers.get('access-control-allow-origin')).toBeNull()
    expect(answer.headers.get('allow')).toBe('OPTIONS, POST')
  })

  test('should refuse origins that are not origins', () => {
    let error: unknown
    try {
      createApiHandler({
        accounts,
        cors: { origins: ['https://app.example/', 'localhost:5173', '*.example.com'] },
      })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ApiOptionsError)
    expect((error as ApiOptionsError).problems).toEqual([
      'Unexpected `https://app.example/` for `cors.origins[0]`, expected an origin, e.g. `https://app.example.com` (scheme, host and port; no path), or `*`',
      'Unexpected `localhost:5173` for `cors.origins[1]`, expected an origin, e.g. `https://app.example.com` (scheme, host and port; no path), or `*`',
      'Unexpected `*.example.com` for `cors.origins[2]`, expected an origin, e.g. `https://app.example.com` (scheme, host and port; no path), or `*`',
    ])
  })
})
