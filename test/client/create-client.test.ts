/**
 * The client against a scripted fetch: every retry rule, the deadline, aborts, `Retry-After`,
 * the one id of a send, and the errors. Waits pass at once on a fake clock.
 */
import { describe, expect, expectTypeOf, test } from 'vitest'
import type { CampaignRequest, PostcardSubmission } from '../../src/api/types.ts'
import {
  ApiError,
  ClientOptionsError,
  createClient,
  RequestIdReusedError,
  SendError,
  UnprocessableError,
  type ClientOptions,
  type PostcardAnswer,
  type PostcardResult,
  type RetryOptions,
  type UnprocessableBody,
} from '../../src/client/index.ts'
import {
  fakeClock,
  json,
  networkError,
  postcardAnswer,
  scriptedFetch,
  type Step,
} from './fake-fetch.ts'
import { a6Postcard, campaign as campaignBody } from '../server/sandbox.ts'

const token = 'dm_test_vUn2LzQrjwQUg9yTFaT5i6wC'
const uuidV4 = /^[\da-f]{8}-[\da-f]{4}-4[\da-f]{3}-[89ab][\da-f]{3}-[\da-f]{12}$/

const postcard = a6Postcard() as unknown as PostcardSubmission
const campaign = campaignBody() as unknown as CampaignRequest

/** A client on a scripted fetch and a fake clock. */
function setup(
  steps: readonly Step[],
  retry: RetryOptions = {},
  options: Partial<ClientOptions> = {}
) {
  const clock = fakeClock()
  const { fetch, calls } = scriptedFetch(steps, () => clock.time)
  const client = createClient({
    baseUrl: 'https://api.example.com',
    token,
    fetch,
    retry: { ...clock.retry, ...retry },
    ...options,
  })
  return { client, calls, clock }
}

/** The rejection of a promise (fails when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise
  } catch (error) {
    return error as Error
  }
  throw new Error('expected a rejection')
}

const ids = (calls: readonly { headers: Headers }[], name = 'x-request-id') =>
  calls.map((call) => call.headers.get(name))

describe('createClient options', () => {
  test.each([
    ['localhost:8787'],
    ['ftp://example.com'],
    ['https://user:secret@api.example.com'],
    ['https://api.example.com/?version=1'],
    ['https://api.example.com/#top'],
    ['not a url'],
  ])('should refuse the base URL `%s`', (baseUrl) => {
    expect(() => createClient({ baseUrl, token })).toThrowError(
      new ClientOptionsError(
        `Unexpected \`${baseUrl}\` for \`baseUrl\`, expected an http(s) URL without credentials, query or fragment, e.g. \`https://api.example.com\``
      )
    )
  })

  test.each([[''], ['dm_test_a b'], ['dm_test_\nx'], [undefined]])(
    'should refuse the token %j',
    (value) => {
      expect(() =>
        createClient({ baseUrl: 'https://api.example.com', token: value as string })
      ).toThrowError(
        new ClientOptionsError(
          'Unexpected `token`, expected the API token: visible ASCII characters, e.g. `dm_test_…`'
        )
      )
    }
  )
})

describe('a postcard send', () => {
  test('should POST the JSON body with the token and one new X-Request-Id', async () => {
    const { client, calls } = setup(
      [(call) => json(201, postcardAnswer(call.headers.get('x-request-id') ?? ''))],
      {},
      {
        baseUrl: new URL('https://api.example.com/direct-mail/'),
      }
    )
    const result = await client.postcards.create(postcard)
    expect(calls).toHaveLength(1)
    const [call] = calls
    expect(call?.url).toBe('https://api.example.com/direct-mail/api/v1/postcards')
    expect(call?.method).toBe('POST')
    expect(JSON.parse(call?.body ?? '')).toEqual(postcard)
    expect(Object.fromEntries(call?.headers ?? [])).toEqual({
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'x-request-id': result.requestId,
    })
    expect(result.requestId).toMatch(uuidV4)
    expect(result).toEqual({
      status: 201,
      body: postcardAnswer(result.requestId),
      replayed: false,
      requestId: result.requestId,
      attempts: 1,
      warnings: [],
    })
  })

  test('should give every send its own id, and use the caller’s as it is', async () => {
    const { client, calls } = setup([json(202, postcardAnswer('x', 'accepted'))])
    await client.postcards.create(postcard)
    await client.postcards.create(postcard)
    const result = await client.postcards.create(postcard, { requestId: 'order-4711/erika' })
    expect(new Set(ids(calls)).size).toBe(3)
    expect(ids(calls)[2]).toBe('order-4711/erika')
    expect(result).toMatchObject({ status: 202, replayed: false, requestId: 'order-4711/erika' })
  })

  test('should use generateId for sends without an id', async () => {
    let next = 0
    const { client, calls } = setup(
      [json(201, postcardAnswer('x'))],
      {},
      {
        generateId: () => `id-${++next}`,
      }
    )
    await client.postcards.create(postcard)
    await client.campaigns.create(campaign)
    expect(ids(calls)[0]).toBe('id-1')
    expect(ids(calls, 'idempotency-key')[1]).toBe('id-2')
  })

  test.each([[''], [' padded'], ['line\nbreak'], ['ü'], ['x'.repeat(256)]])(
    'should refuse the requestId %j before sending',
    async (requestId) => {
      const { client, calls } = setup([json(201, postcardAnswer('x'))])
      const error = await rejection(client.postcards.create(postcard, { requestId }))
      expect(error).toBeInstanceOf(ClientOptionsError)
      expect(error.message).toBe(
        `Unexpected \`${requestId.slice(0, 300)}\` for \`requestId\`, expected 1 to 255 visible ASCII characters`
      )
      expect(calls).toHaveLength(0)
    }
  )

  test('should refuse resend without a requestId', async () => {
    const { client, calls } = setup([json(201, postcardAnswer('x'))])
    await expect(client.postcards.create(postcard, { resend: true })).rejects.toThrowError(
      new ClientOptionsError(
        'Unexpected `resend` without `requestId`, expected the `requestId` of the send it repeats'
      )
    )
    expect(calls).toHaveLength(0)
  })
})

describe('retries', () => {
  test.each([
    ['a network failure', networkError()],
    ['a 500', json(500, { message: 'Server Error' })],
    ['a 502', new Response('<html>Bad Gateway</html>', { status: 502 })],
    ['a 503', json(503, { message: 'Service Unavailable' })],
    ['a 504', new Response('', { status: 504 })],
    ['a 429', json(429, { message: 'Too Many Attempts.' })],
    [
      'a 409 request_in_progress',
      json(409, { message: 'still running', code: 'request_in_progress' }),
    ],
  ])('should retry after %s with the same X-Request-Id', async (_, failure) => {
    const { client, calls } = setup([
      failure,
      failure,
      (call) => json(201, postcardAnswer(call.headers.get('x-request-id') ?? '')),
    ])
    const result = await client.postcards.create(postcard)
    expect(calls).toHaveLength(3)
    expect(ids(calls)).toEqual([result.requestId, result.requestId, result.requestId])
    expect(calls.map((call) => call.body)).toEqual(Array(3).fill(JSON.stringify(postcard)))
    expect(result).toMatchObject({ status: 201, attempts: 3, replayed: false })
  })

  test.each([
    [400, { message: 'Unexpected JSON' }],
    [401, { message: 'Unauthenticated.' }],
    [403, { message: 'Forbidden.' }],
    [404, { message: 'The flow `x` does not exist or does not belong to this account.' }],
    [405, { message: 'Method not allowed' }],
    [408, { message: 'Request Timeout' }],
    [409, { message: 'Conflict', code: 'idempotency_key_reused' }],
    [413, { message: 'Too large' }],
    [415, { message: 'Unsupported' }],
  ])('should never retry a %i, and throw it as an ApiError', async (status, body) => {
    const { client, calls } = setup([json(status, body), json(201, postcardAnswer('x'))])
    const error = await rejection(client.postcards.create(postcard, { requestId: 'r-1' }))
    expect(calls).toHaveLength(1)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).not.toBeInstanceOf(UnprocessableError)
    expect(error).toMatchObject({
      name: 'ApiError',
      status,
      body,
      requestId: 'r-1',
      attempts: 1,
      code: 'code' in body ? body.code : undefined,
      message: `POST /api/v1/postcards: ${status} ${body.message} (X-Request-Id \`r-1\`, try 1)`,
    })
  })

  test('should throw a 422 as an UnprocessableError with the spec’s errors and meta', async () => {
    const body = {
      message: 'The content.greeting field does not fit its area. (and 1 more error)',
      errors: {
        'content.greeting': ['The content.greeting field does not fit its area.'],
        'to.zip': ['The to.zip field is required.'],
      },
      meta: { expected_content_keys: ['greeting', 'body'] },
    }
    const { client, calls } = setup([json(422, body)])
    const error = await rejection(client.postcards.create(postcard, { requestId: 'r-2' }))
    expect(calls).toHaveLength(1)
    expect(error).toBeInstanceOf(UnprocessableError)
    const refused = error as UnprocessableError
    expect(refused.name).toBe('UnprocessableError')
    expect(refused.status).toBe(422)
    expect(refused.errors).toEqual(body.errors)
    expect(refused.meta).toEqual(body.meta)
    expect(refused.local).toBe(false)
    expect(refused.body).toEqual(body)
    expect(refused.message).toBe(
      `POST /api/v1/postcards: 422 ${body.message} (X-Request-Id \`r-2\`, try 1)`
    )
  })

  test('should keep `errors` an object for a 422 that is not the spec’s', async () => {
    const { client } = setup([new Response('Unprocessable', { status: 422 })])
    const error = (await rejection(client.postcards.create(postcard))) as UnprocessableError
    expect(error).toBeInstanceOf(UnprocessableError)
    expect(error.body).toBe('Unprocessable')
    expect(error.errors).toEqual({})
    expect(error.meta).toBeUndefined()
  })

  test('should wait full-jitter backoff between tries, doubling up to maxDelayMs', async () => {
    const { client, clock } = setup([networkError()], {
      attempts: 7,
      baseDelayMs: 100,
      maxDelayMs: 1000,
      random: () => 0.75,
    })
    await rejection(client.postcards.create(postcard))
    expect(clock.slept).toEqual([75, 150, 300, 600, 750, 750])
  })

  test('should wait the Retry-After in seconds, and in an HTTP date', async () => {
    const { client, calls, clock } = setup(
      [
        json(429, { message: 'Too Many Attempts.' }, { 'retry-after': '7' }),
        json(503, {}, { 'retry-after': 'Mon, 02 Mar 2026 09:15:19 GMT' }),
        json(201, postcardAnswer('x')),
      ],
      { random: () => 0 }
    )
    await client.postcards.create(postcard)
    expect(clock.slept).toEqual([7000, 12_000])
    expect(calls.map((call) => call.time - (calls[0]?.time ?? 0))).toEqual([0, 7000, 19_000])
  })

  test('should give up with the last answer when its Retry-After passes the deadline', async () => {
    const { client, calls, clock } = setup([
      json(429, { message: 'Too Many Attempts.' }, { 'retry-after': '45' }),
    ])
    const error = (await rejection(client.postcards.create(postcard))) as ApiError
    expect(calls).toHaveLength(1)
    expect(clock.slept).toEqual([])
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 429, retryAfterMs: 45_000, attempts: 1 })
    expect(error.headers.get('retry-after')).toBe('45')
  })

  test('should throw the last answer when no try is left, with the earlier failure as cause', async () => {
    const { client, calls } = setup([networkError(), json(503, { message: 'Service Unavailable' })])
    const error = (await rejection(
      client.postcards.create(postcard, { requestId: 'r-3' })
    )) as ApiError
    expect(calls).toHaveLength(5)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 503, attempts: 5, requestId: 'r-3' })
    expect(error.message).toBe(
      'POST /api/v1/postcards: 503 Service Unavailable (X-Request-Id `r-3`, try 5)'
    )
    const causes: unknown[] = []
    for (let cause = error.cause; cause !== undefined; cause = (cause as Error).cause) {
      causes.push(cause instanceof ApiError ? cause.status : (cause as Error).message)
    }
    expect(causes).toEqual([503, 503, 503, 'fetch failed'])
  })

  test('should throw a network SendError when no try is left after network failures', async () => {
    const { client, calls } = setup([networkError()], { attempts: 3 })
    const error = (await rejection(
      client.postcards.create(postcard, { requestId: 'r-4' })
    )) as SendError
    expect(calls).toHaveLength(3)
    expect(error).toBeInstanceOf(SendError)
    expect(error).toMatchObject({
      name: 'SendError',
      reason: 'network',
      attempts: 3,
      reached: true,
      requestId: 'r-4',
    })
    expect(error.cause).toBeInstanceOf(TypeError)
    expect(error.message).toBe(
      'POST /api/v1/postcards: no answer after 3 tries (X-Request-Id `r-4`): fetch failed; a try may have reached the service: send again with the same X-Request-Id to know'
    )
  })

  test('should try once with retry: false', async () => {
    const clock = fakeClock()
    const { fetch, calls } = scriptedFetch([json(503, {})])
    const client = createClient({ baseUrl: 'https://api.example.com', token, fetch, retry: false })
    const error = (await rejection(client.postcards.create(postcard))) as ApiError
    expect(calls).toHaveLength(1)
    expect(error.status).toBe(503)
    expect(clock.slept).toEqual([])
  })
})

describe('the deadline', () => {
  test('should not begin a wait that ends past it: a deadline SendError after network failures', async () => {
    const { client, calls, clock } = setup([networkError()], {
      deadlineMs: 1000,
      baseDelayMs: 400,
      attempts: 10,
      random: () => 0.99,
    })
    const error = (await rejection(
      client.postcards.create(postcard, { requestId: 'r-5' })
    )) as SendError
    // Waits of 396 and 792 ms: the second would end at 1188 ms, past the deadline.
    expect(clock.slept).toEqual([396])
    expect(calls).toHaveLength(2)
    expect(error).toMatchObject({ reason: 'deadline', attempts: 2, reached: true })
    expect(error.message).toBe(
      'POST /api/v1/postcards: no answer within the deadline of 1000 ms after 2 tries (X-Request-Id `r-5`): fetch failed; a try may have reached the service: send again with the same X-Request-Id to know'
    )
  })

  test('should end with the last answer when the deadline ends retries of answers', async () => {
    const { client, calls } = setup([json(502, { message: 'Bad Gateway' })], {
      deadlineMs: 1000,
      baseDelayMs: 400,
      attempts: 10,
      random: () => 0.99,
    })
    const error = (await rejection(client.postcards.create(postcard))) as ApiError
    expect(calls).toHaveLength(2)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 502, attempts: 2 })
  })

  test('should count slow answers against it', async () => {
    const clock = fakeClock()
    const { fetch, calls } = scriptedFetch([
      () => {
        clock.time += 800
        return json(503, {})
      },
    ])
    const client = createClient({
      baseUrl: 'https://api.example.com',
      token,
      fetch,
      retry: { ...clock.retry, deadlineMs: 2000, random: () => 0 },
    })
    await rejection(client.postcards.create(postcard))
    // 0-800, 800-1600, 1600-2400: no fourth try starts after the deadline at 2000.
    expect(calls).toHaveLength(3)
  })

  test('should cut a try still running at the deadline, even when fetch ignores its signal', async () => {
    const hanging = () => new Promise<Response>(() => undefined)
    const { fetch, calls } = scriptedFetch([hanging])
    const client = createClient({
      baseUrl: 'https://api.example.com',
      token,
      fetch,
      retry: { deadlineMs: 40, attemptTimeoutMs: 10_000 },
    })
    const error = (await rejection(client.postcards.create(postcard))) as SendError
    expect(calls).toHaveLength(1)
    expect(calls[0]?.signal?.aborted).toBe(true)
    expect(error).toBeInstanceOf(SendError)
    expect(error).toMatchObject({ reason: 'deadline', attempts: 1, reached: true })
    expect((error.cause as DOMException).name).toBe('TimeoutError')
  })

  test('should cut a try past attemptTimeoutMs and retry it with the same id', async () => {
    const { fetch, calls } = scriptedFetch([
      () => new Promise<Response>(() => undefined),
      (call) => json(409, postcardAnswer(call.headers.get('x-request-id') ?? '')),
    ])
    const client = createClient({
      baseUrl: 'https://api.example.com',
      token,
      fetch,
      retry: { attemptTimeoutMs: 20, baseDelayMs: 0 },
    })
    const result = await client.postcards.create(postcard, { requestId: 'r-6' })
    expect(ids(calls)).toEqual(['r-6', 'r-6'])
    // The cut try may have reached the service: the 409 replays it.
    expect(result).toMatchObject({ status: 409, replayed: true, attempts: 2 })
  })
})

describe('aborting', () => {
  test('should send nothing when the signal is already aborted', async () => {
    const { client, calls } = setup([json(201, postcardAnswer('x'))])
    const reason = new Error('user left')
    const error = (await rejection(
      client.postcards.create(postcard, { signal: AbortSignal.abort(reason), requestId: 'r-7' })
    )) as SendError
    expect(calls).toHaveLength(0)
    expect(error).toMatchObject({ reason: 'aborted', attempts: 0, reached: false, cause: reason })
    expect(error.message).toBe(
      'POST /api/v1/postcards: aborted after 0 tries (X-Request-Id `r-7`): user left'
    )
  })

  test('should abort the running try through fetch’s signal', async () => {
    const controller = new AbortController()
    const { client, calls } = setup([
      (call) =>
        new Promise<Response>((_, reject) => {
          call.signal?.addEventListener('abort', () => reject(call.signal?.reason))
          controller.abort(new Error('stop'))
        }),
    ])
    const error = (await rejection(
      client.postcards.create(postcard, { signal: controller.signal })
    )) as SendError
    expect(calls).toHaveLength(1)
    expect(calls[0]?.signal?.aborted).toBe(true)
    expect(error).toMatchObject({ reason: 'aborted', attempts: 1, reached: true })
    expect((error.cause as Error).message).toBe('stop')
  })

  test('should end a wait between tries', async () => {
    const controller = new AbortController()
    const { fetch, calls } = scriptedFetch([
      () => {
        setTimeout(() => controller.abort(new Error('stop')), 10)
        return json(503, {})
      },
    ])
    // The real wait, long enough to be cut.
    const client = createClient({
      baseUrl: 'https://api.example.com',
      token,
      fetch,
      retry: { baseDelayMs: 20_000, random: () => 1 },
    })
    const started = Date.now()
    const error = (await rejection(
      client.postcards.create(postcard, { signal: controller.signal })
    )) as SendError
    expect(Date.now() - started).toBeLessThan(5000)
    expect(calls).toHaveLength(1)
    expect(error).toMatchObject({ reason: 'aborted', attempts: 1, reached: true })
    expect((error.cause as Error).message).toBe('stop')
  })
})

describe('409 on postcards', () => {
  test('should be success, replayed, after a try whose answer was lost', async () => {
    const { client, calls } = setup([
      networkError(),
      (call) => json(409, postcardAnswer(call.headers.get('x-request-id') ?? '')),
    ])
    const result = await client.postcards.create(postcard)
    expect(ids(calls)).toEqual([result.requestId, result.requestId])
    expect(result).toEqual({
      status: 409,
      body: postcardAnswer(result.requestId),
      replayed: true,
      requestId: result.requestId,
      attempts: 2,
      warnings: [],
    })
  })

  test.each([
    ['a 503', json(503, {})],
    ['a 409 request_in_progress', json(409, { message: '…', code: 'request_in_progress' })],
  ])('should be success, replayed, after %s', async (_, first) => {
    const { client } = setup([first, json(409, postcardAnswer('r-8'))])
    const result = await client.postcards.create(postcard, { requestId: 'r-8' })
    expect(result).toMatchObject({ status: 409, replayed: true, attempts: 2 })
  })

  test('should be a RequestIdReusedError on the first try of a caller’s id', async () => {
    const { client, calls } = setup([json(409, postcardAnswer('order-1', 'accepted'))])
    const error = (await rejection(
      client.postcards.create(postcard, { requestId: 'order-1' })
    )) as RequestIdReusedError
    expect(calls).toHaveLength(1)
    expect(error).toBeInstanceOf(RequestIdReusedError)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      name: 'RequestIdReusedError',
      status: 409,
      code: 'request_id_reused',
      requestId: 'order-1',
      attempts: 1,
      body: postcardAnswer('order-1', 'accepted'),
    })
    expect(error.message).toBe(
      'POST /api/v1/postcards: 409 (X-Request-Id `order-1`, try 1): the id was used by an earlier request; nothing was queued now. Send with a new requestId, or with `resend: true` when this repeats that request'
    )
  })

  test('should be a RequestIdReusedError after a 429: a refused try reached nothing', async () => {
    const { client, calls } = setup([
      json(429, { message: 'Too Many Attempts.' }, { 'retry-after': '1' }),
      json(409, postcardAnswer('order-2')),
    ])
    const error = await rejection(client.postcards.create(postcard, { requestId: 'order-2' }))
    expect(calls).toHaveLength(2)
    expect(error).toBeInstanceOf(RequestIdReusedError)
    expect((error as ApiError).cause).toMatchObject({ status: 429 })
  })

  test('should be success, replayed, on the first try with resend: true', async () => {
    const { client } = setup([json(409, postcardAnswer('order-1', 'accepted'))])
    const result = await client.postcards.create(postcard, { requestId: 'order-1', resend: true })
    expect(result).toMatchObject({
      status: 409,
      replayed: true,
      attempts: 1,
      body: { status: 'accepted', queued_for: null },
    })
  })

  test('should be an ApiError when the body is no postcard answer', async () => {
    const { client } = setup([networkError(), json(409, { message: 'Conflict' })])
    const error = await rejection(client.postcards.create(postcard))
    expect(error).toBeInstanceOf(ApiError)
    expect(error).not.toBeInstanceOf(RequestIdReusedError)
    expect(error).toMatchObject({ status: 409, attempts: 2 })
  })
})

describe('a campaign send', () => {
  test('should send one Idempotency-Key on every try, and no X-Request-Id', async () => {
    const created = {
      id: 'c0ffee00-0000-4000-8000-000000000000',
      slug: 'spring-sale-2026-c0ffee00',
      status: 'draft',
    }
    const { client, calls } = setup([
      networkError(),
      json(503, {}),
      json(201, created, { 'idempotent-replayed': 'true' }),
    ])
    const result = await client.campaigns.create(campaign)
    expect(calls).toHaveLength(3)
    expect(calls[0]?.url).toBe('https://api.example.com/api/v1/campaigns')
    expect(ids(calls, 'x-request-id')).toEqual([null, null, null])
    expect(ids(calls, 'idempotency-key')).toEqual(Array(3).fill(result.idempotencyKey))
    expect(result.idempotencyKey).toMatch(uuidV4)
    expect(result).toEqual({
      status: 201,
      body: created,
      replayed: true,
      idempotencyKey: result.idempotencyKey,
      attempts: 3,
    })
  })

  test('should say replayed only when the service says so', async () => {
    const { client } = setup([json(201, { id: 'x', slug: 'x', status: 'draft' })])
    const result = await client.campaigns.create(campaign, {
      idempotencyKey: 'campaign-2026-spring',
    })
    expect(result).toMatchObject({ replayed: false, idempotencyKey: 'campaign-2026-spring' })
  })

  test('should throw a 409 idempotency_key_reused, even after a lost answer', async () => {
    const body = {
      message:
        'The Idempotency-Key `k` was already used with a different payload; use a new key for a new campaign.',
      code: 'idempotency_key_reused',
    }
    const { client, calls } = setup([networkError(), json(409, body)])
    const error = (await rejection(
      client.campaigns.create(campaign, { idempotencyKey: 'k' })
    )) as ApiError
    expect(calls).toHaveLength(2)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 409,
      code: 'idempotency_key_reused',
      requestId: 'k',
      body,
    })
    expect(error.message).toBe(
      `POST /api/v1/campaigns: 409 ${body.message} (Idempotency-Key \`k\`, try 2)`
    )
  })

  test('should refuse a bad idempotencyKey before sending', async () => {
    const { client, calls } = setup([json(201, {})])
    await expect(client.campaigns.create(campaign, { idempotencyKey: '' })).rejects.toThrowError(
      new ClientOptionsError(
        'Unexpected `` for `idempotencyKey`, expected 1 to 255 visible ASCII characters'
      )
    )
    expect(calls).toHaveLength(0)
  })
})

describe('the global fetch', () => {
  test('should be looked up at each call', async () => {
    const original = globalThis.fetch
    const seen: string[] = []
    globalThis.fetch = (async (input: string) => {
      seen.push(input)
      return json(201, postcardAnswer('x'))
    }) as typeof fetch
    try {
      const client = createClient({ baseUrl: 'https://api.example.com', token })
      await client.postcards.create(postcard)
    } finally {
      globalThis.fetch = original
    }
    expect(seen).toEqual(['https://api.example.com/api/v1/postcards'])
  })
})

describe('the types', () => {
  test('should tell a replay by `replayed`, and type the bodies of errors', () => {
    expectTypeOf<Extract<PostcardResult, { replayed: true }>['status']>().toEqualTypeOf<409>()
    expectTypeOf<PostcardResult['body']>().toEqualTypeOf<PostcardAnswer>()
    expectTypeOf<RequestIdReusedError['body']>().toEqualTypeOf<PostcardAnswer>()
    expectTypeOf<UnprocessableError['body']>().toEqualTypeOf<UnprocessableBody>()
    expectTypeOf<UnprocessableError['errors']>().toEqualTypeOf<UnprocessableBody['errors']>()
    expectTypeOf<SendError['reason']>().toEqualTypeOf<'network' | 'deadline' | 'aborted'>()
  })
})
