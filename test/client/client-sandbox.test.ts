/**
 * The client against the sandbox handler in-process (`fetch` calls `createApiHandler`'s handler):
 * the answers of spec 4 as the client returns and throws them, and the local pre-flight, whose
 * 422 must be the sandbox's own, byte for byte, without a request.
 */
import { beforeAll, describe, expect, test } from 'vitest'
import type { CampaignRequest, PostcardSubmission } from '../../src/api/types.ts'
import {
  ApiError,
  createClient,
  RequestIdReusedError,
  UnprocessableError,
  type FetchLike,
  type PreflightLike,
} from '../../src/client/index.ts'
import { createPreflight } from '../../src/analysis/create-preflight.ts'
import { validatePostcard } from '../../src/postcard/validate-postcard.ts'
import { createFontRegistry } from '../../src/text/font-registry.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import { loadTestFonts } from '../helpers/fonts.ts'
import { a6Postcard, campaign, designs, flows, sandbox, tokens } from '../server/sandbox.ts'

let fonts: FontRegistry

beforeAll(async () => {
  fonts = createFontRegistry(await loadTestFonts())
})

/** A sandbox with the fonts, a client on it, and the requests the client made. */
function setup(token = tokens.acmeTest, preflight?: PreflightLike) {
  const box = sandbox({ fonts })
  const requests: Request[] = []
  const fetch: FetchLike = (url, init) => {
    const request = new Request(url, init)
    requests.push(request)
    return box.handler(request)
  }
  const client = createClient({
    baseUrl: 'http://localhost',
    token,
    fetch,
    ...(preflight ? { preflight } : {}),
  })
  return { ...box, client, requests }
}

const postcard = (extra: Record<string, unknown> = {}) =>
  a6Postcard(extra) as unknown as PostcardSubmission

/** The sandbox's own 422 body for a payload. */
async function sandboxRefusal(payload: unknown): Promise<unknown> {
  const { send } = sandbox({ fonts })
  const response = await send('POST', '/api/v1/postcards', { body: payload })
  expect(response.status).toBe(422)
  return response.json()
}

describe('postcards against the sandbox', () => {
  test('should return 201 queued with the answer of spec 2.4', async () => {
    const { client, store } = setup()
    const result = await client.postcards.create(postcard(), { requestId: 'crm-4711' })
    expect(result).toEqual({
      status: 201,
      body: {
        request_id: 'crm-4711',
        flow_id: flows.a6,
        status: 'queued',
        queued_for: '2026-03-02T13:00:00Z',
      },
      replayed: false,
      requestId: 'crm-4711',
      attempts: 1,
      warnings: [],
    })
    const entries = await store.entries.list({ account_id: 'acme' }, 10)
    expect(entries.map((entry) => entry.request_id)).toEqual(['crm-4711'])
  })

  test('should return 202 accepted for a paused flow', async () => {
    const { client } = setup()
    const result = await client.postcards.create({
      flow_id: flows.dl,
      from: { address_line1: 'Gartenweg 3', zip: '10115', city: 'Berlin', country: 'DE' },
      to: { address_line1: 'Heidestraße 17', zip: '51147', city: 'Köln', country: 'DE' },
    })
    expect(result).toMatchObject({ status: 202, body: { status: 'accepted', queued_for: null } })
  })

  test('should tell a reused id from a resend, and create one entry either way', async () => {
    const { client, store } = setup()
    const first = await client.postcards.create(postcard(), { requestId: 'crm-1' })
    const reused = await client.postcards
      .create(postcard({ to: { ...postcard().to, first_name: 'Max' } }), { requestId: 'crm-1' })
      .catch((error: unknown) => error)
    expect(reused).toBeInstanceOf(RequestIdReusedError)
    expect((reused as RequestIdReusedError).body).toEqual(first.body)
    const resent = await client.postcards.create(postcard(), { requestId: 'crm-1', resend: true })
    expect(resent).toMatchObject({ status: 409, replayed: true, body: first.body })
    expect(await store.entries.list({ account_id: 'acme' }, 10)).toHaveLength(1)
  })

  test('should throw the sandbox’s 404 and 401 as ApiErrors with its messages', async () => {
    const { client } = setup()
    const missing = '0b7f2a8e-3c1d-4e5f-8a9b-0c1d2e3f4a5b'
    const notFound = (await client.postcards
      .create(postcard({ flow_id: missing }), { requestId: 'r-404' })
      .catch((error: unknown) => error)) as ApiError
    expect(notFound).toBeInstanceOf(ApiError)
    expect(notFound).toMatchObject({
      status: 404,
      attempts: 1,
      body: {
        message: `The flow \`${missing}\` does not exist or does not belong to this account.`,
      },
    })
    expect(notFound.headers.get('x-ratelimit-limit')).toBe('600')

    const { client: stranger } = setup('dm_test_unknown0000000000')
    await expect(stranger.postcards.create(postcard())).rejects.toMatchObject({
      name: 'ApiError',
      status: 401,
      body: { message: 'Unauthenticated.' },
    })
  })

  test('should throw the sandbox’s 422 with its errors and meta', async () => {
    const payload = postcard({ content: { greeting: 'Hello' } })
    const { client } = setup()
    const error = await client.postcards.create(payload).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(UnprocessableError)
    const refused = error as UnprocessableError
    expect(refused.local).toBe(false)
    expect(refused.body).toEqual(await sandboxRefusal(payload))
    expect(refused.errors).toEqual({ 'content.body': ['The content.body field is required.'] })
    expect(refused.meta?.expected_content_keys).toEqual(['greeting', 'body'])
  })
})

describe('the local pre-flight', () => {
  const overflowing = () =>
    postcard({ content: { greeting: 'Hello **Erika**!', body: 'Spring is here. '.repeat(120) } })

  test.each([
    ['a function', () => (body: unknown) => validatePostcard(body, designs.a6, { fonts })],
    [
      'a Preflight-like object',
      () => ({ validate: (body: unknown) => validatePostcard(body, designs.a6, { fonts }) }),
    ],
    ['a Preflight of the core', () => createPreflight({ design: designs.a6, fonts })],
  ])('should throw, as %s, the sandbox’s own 422 without a request', async (_, make) => {
    const payload = overflowing()
    const { client, requests } = setup(tokens.acmeTest, make())
    const error = await client.postcards
      .create(payload, { requestId: 'r-local' })
      .catch((caught: unknown) => caught)
    expect(requests).toHaveLength(0)
    expect(error).toBeInstanceOf(UnprocessableError)
    const refused = error as UnprocessableError
    const expected = await sandboxRefusal(payload)
    expect(refused.body).toEqual(expected)
    expect(refused).toMatchObject({ local: true, attempts: 0, requestId: 'r-local', status: 422 })
    expect(refused.meta?.markdown_fit_errors?.[0]?.key).toBe('body')
    expect(refused.message).toBe(
      `POST /api/v1/postcards: 422 ${(expected as { message: string }).message} (X-Request-Id \`r-local\`, checked locally, nothing sent)`
    )
  })

  test('should send what it accepts, with the verdict’s warnings', async () => {
    const judged: unknown[] = []
    const payload = postcard({ to: { ...postcard().to, first_name: 'Erika 🫩' } })
    const { client, requests } = setup(tokens.acmeTest, (body) => {
      judged.push(body)
      return validatePostcard(body, designs.a6, { fonts, emojiVersion: '15.1' })
    })
    const result = await client.postcards.create(payload)
    expect(requests).toHaveLength(1)
    expect(result.status).toBe(201)
    expect(result.warnings.map((warning) => [warning.code, warning.path])).toEqual([
      ['emoji-not-in-set', 'to.first_name'],
    ])
    // It judges the JSON that is sent, not the caller's object.
    expect(judged).toEqual([payload])
    expect(judged[0]).not.toBe(payload)
  })
})

describe('campaigns against the sandbox', () => {
  const body = campaign() as unknown as CampaignRequest

  test('should create one campaign per key, replay it, and refuse the key with another body', async () => {
    const { client } = setup(tokens.acmeLive)
    const first = await client.campaigns.create(body, { idempotencyKey: 'spring-2026' })
    expect(first).toMatchObject({ status: 201, replayed: false, attempts: 1 })
    expect(first.body).toMatchObject({ status: 'draft', name: 'Spring sale 2026' })
    const again = await client.campaigns.create(body, { idempotencyKey: 'spring-2026' })
    expect(again).toMatchObject({ status: 201, replayed: true, body: first.body })
    const other = await client.campaigns
      .create({ ...body, name: 'Autumn' }, { idempotencyKey: 'spring-2026' })
      .catch((error: unknown) => error)
    expect(other).toBeInstanceOf(ApiError)
    expect(other).toMatchObject({ status: 409, code: 'idempotency_key_reused' })
  })

  test('should throw the 403 of a test token and the 422 of an online-shop segment', async () => {
    const { client: test } = setup(tokens.acmeTest)
    await expect(test.campaigns.create(body)).rejects.toMatchObject({ status: 403 })
    const { client } = setup(tokens.acmeLive)
    const error = await client.campaigns
      .create({ ...body, segment: { ...body.segment, source: 'shopify' } })
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(UnprocessableError)
    expect(Object.keys((error as UnprocessableError).errors)).toEqual(['segment.source'])
  })
})
