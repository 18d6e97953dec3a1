import { describe, expect, test } from 'vitest'
import { a6Postcard, campaign, dlPostcard, read, sandbox, tokens } from './sandbox.ts'

describe('rate limits (spec 8)', () => {
  test('should serve the 600th postcard request of a minute and refuse the 601st', async () => {
    const { send, clock } = sandbox()
    const first = clock.time
    let last: Response | undefined
    for (let index = 1; index <= 600; index++) {
      clock.time = first + index * 50 // 600 requests within 30 s
      last = await send('POST', '/api/v1/postcards', { body: dlPostcard() })
      expect(last.status).toBe(202)
    }
    expect(last?.headers.get('x-ratelimit-limit')).toBe('600')
    expect(last?.headers.get('x-ratelimit-remaining')).toBe('0')

    clock.time = first + 45_000
    const refused = await read(await send('POST', '/api/v1/postcards', { body: dlPostcard() }))
    expect(refused.status).toBe(429)
    expect(refused.text).toBe('{"message":"Too Many Attempts."}')
    expect(refused.headers.get('x-ratelimit-limit')).toBe('600')
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0')
    // The window opened with the first request at first + 50 ms and closes 60 s later.
    expect(refused.headers.get('retry-after')).toBe('16')
    expect(refused.headers.get('x-ratelimit-reset')).toBe(
      String(Math.ceil((first + 60_050) / 1000))
    )
  })

  test('should not count refused requests, so the next window is full again', async () => {
    const { send, clock } = sandbox({ limits: { postcardsPerMinute: 2 } })
    const statuses = []
    for (let index = 0; index < 5; index++) {
      statuses.push((await send('POST', '/api/v1/postcards', { body: dlPostcard() })).status)
    }
    expect(statuses).toEqual([202, 202, 429, 429, 429])
    clock.time += 60_000
    const again = await send('POST', '/api/v1/postcards', { body: dlPostcard() })
    expect(again.status).toBe(202)
    expect(again.headers.get('x-ratelimit-remaining')).toBe('1')
  })

  test('should round Retry-After up to whole seconds, at least 1', async () => {
    const { send, clock } = sandbox({ limits: { postcardsPerMinute: 1 } })
    await send('POST', '/api/v1/postcards', { body: dlPostcard() })
    clock.time += 59_999
    const refused = await send('POST', '/api/v1/postcards', { body: dlPostcard() })
    expect(refused.headers.get('retry-after')).toBe('1')
  })

  test('should count per token and per endpoint', async () => {
    const { send } = sandbox({ limits: { postcardsPerMinute: 1, campaignsPerMinute: 1 } })
    expect((await send('POST', '/api/v1/postcards', { body: dlPostcard() })).status).toBe(202)
    expect((await send('POST', '/api/v1/postcards', { body: dlPostcard() })).status).toBe(429)
    // The live token of the same account has its own counter.
    expect(
      (await send('POST', '/api/v1/postcards', { token: tokens.acmeLive, body: dlPostcard() }))
        .status
    ).toBe(202)
    // Campaigns have their own limit: 60 by default, 1 here.
    const first = await send('POST', '/api/v1/campaigns', {
      token: tokens.acmeLive,
      body: campaign(),
    })
    expect(first.status).toBe(201)
    expect(first.headers.get('x-ratelimit-limit')).toBe('1')
    expect(first.headers.get('x-ratelimit-remaining')).toBe('0')
    expect(
      (await send('POST', '/api/v1/campaigns', { token: tokens.acmeLive, body: campaign() })).status
    ).toBe(429)
  })

  test('should put the limit headers on every answer of both endpoints after authentication', async () => {
    const { send } = sandbox()
    const answers = [
      await send('POST', '/api/v1/postcards', { body: a6Postcard() }), // 201
      await send('POST', '/api/v1/postcards', { body: dlPostcard() }), // 202
      await send('POST', '/api/v1/postcards', { body: {} }), // 422
      await send('POST', '/api/v1/postcards', { raw: '{' }), // 400
      await send('POST', '/api/v1/postcards', {
        body: a6Postcard({ flow_id: '11111111-2222-4333-8444-555555555555' }),
      }), // 404
    ]
    expect(answers.map((answer) => answer.status)).toEqual([201, 202, 422, 400, 404])
    expect(answers.map((answer) => answer.headers.get('x-ratelimit-remaining'))).toEqual([
      '599',
      '598',
      '597',
      '596',
      '595',
    ])
    const forbidden = await send('POST', '/api/v1/campaigns', { body: campaign() })
    expect(forbidden.status).toBe(403)
    expect(forbidden.headers.get('x-ratelimit-limit')).toBe('60')
    expect(forbidden.headers.get('x-ratelimit-remaining')).toBe('59')
  })

  test('should leave the sandbox routes unlimited', async () => {
    const { send } = sandbox({ limits: { postcardsPerMinute: 1 } })
    for (let index = 0; index < 3; index++) {
      const response = await send('GET', '/api/v1/logs')
      expect(response.status).toBe(200)
      expect(response.headers.get('x-ratelimit-limit')).toBeNull()
    }
  })
})
