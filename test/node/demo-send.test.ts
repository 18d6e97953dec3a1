/**
 * Sending from the demo: the sandbox's handler answers (no port needed), and the page reads
 * status, headers and body as they came.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import sandboxConfig from '../../config/sandbox.json' with { type: 'json' }
import { handlerOptionsOf, loadServerConfig } from '../../src/node/server-config.ts'
import { createApiHandler, type ApiHandler } from '../../src/server/create-api-handler.ts'
import { explainAnswer, sendPostcard, type SendResult } from '../../demo/send-postcard.ts'
import { SAMPLE_FROM, SAMPLE_TO } from '../../demo/sample-postcard.ts'
import { requestKey } from '../../demo/send-panel.ts'

const url = 'http://localhost/api/v1/postcards'
const [acme] = sandboxConfig.accounts
const token = acme?.tokens[0] ?? ''
const flows = { active: acme?.flows[0]?.id ?? '', paused: acme?.flows[1]?.id ?? '' }
let handler: ApiHandler
let fetchAnswer: typeof fetch

const postcard = (flowId: string) => ({
  flow_id: flowId,
  from: SAMPLE_FROM,
  to: SAMPLE_TO,
  ...(flowId === flows.active
    ? {
        content: { greeting: 'Hello **Erika**!', body: 'Spring is here.' },
        qr_codes: { coupon_url: 'https://bloom.example/c/SPRING' },
      }
    : {}),
})

beforeAll(async () => {
  handler = createApiHandler(handlerOptionsOf(await loadServerConfig()))
  fetchAnswer = ((input: string, init: RequestInit) =>
    handler(new Request(input, init))) as unknown as typeof fetch
})

describe('sendPostcard', () => {
  it('should show 201, then replay it with 409 for the same X-Request-Id', async () => {
    const request = { url, token, requestId: crypto.randomUUID(), body: postcard(flows.active) }
    const first = await sendPostcard(request, fetchAnswer)
    expect(first.status).toBe(201)
    expect(first.statusLine).toBe('201 Created')
    expect(first.body).toMatchObject({ request_id: request.requestId, status: 'queued' })
    expect(first.bodyText).toBe(JSON.stringify(first.body, null, 2))
    expect(first.headers).toEqual([
      ['X-RateLimit-Limit', '600'],
      ['X-RateLimit-Remaining', '599'],
      ['X-Request-Id', request.requestId],
    ])
    const replay = await sendPostcard(request, fetchAnswer)
    expect(replay.statusLine).toBe('409 Conflict')
    expect(replay.bodyText).toBe(first.bodyText)
    expect(explainAnswer(replay)).toBe(
      'Replayed: this X-Request-Id was used before, so the first answer comes back unchanged and no second postcard is created (spec 4.1 rule 1). Send a new request id to queue another one.'
    )
    expect(explainAnswer(first)).toBe(
      `Queued: the flow is active and the postcard goes out with the next batch (${(first.body as { queued_for: string }).queued_for}) (spec 4.1).`
    )
  })

  it('should show 202 for a paused flow', async () => {
    const result = await sendPostcard(
      { url, token, requestId: '', body: postcard(flows.paused) },
      fetchAnswer
    )
    expect(result.statusLine).toBe('202 Accepted')
    expect(result.body).toMatchObject({ status: 'accepted', queued_for: null })
    expect(explainAnswer(result)).toBe(
      'Accepted: the flow is paused, so the postcard waits until the flow is resumed (spec 3).'
    )
  })

  it('should explain a token the sandbox does not know', async () => {
    const result = await sendPostcard(
      { url, token: 'dm_test_nope', requestId: '', body: postcard(flows.active) },
      fetchAnswer
    )
    expect(result.statusLine).toBe('401 Unauthorized')
    expect(result.body).toEqual({ message: 'Unauthenticated.' })
    expect(explainAnswer(result)).toBe('The token is missing or not one of the sandbox (spec 5).')
  })

  it('should show the 422 body of a postcard the API refuses', async () => {
    const result = await sendPostcard(
      {
        url,
        token,
        requestId: '',
        body: { ...postcard(flows.active), to: { ...SAMPLE_TO, zip: '' } },
      },
      fetchAnswer
    )
    expect(result.statusLine).toBe('422 Unprocessable Content')
    expect(result.body).toEqual({
      message: 'The to.zip field is required.',
      errors: { 'to.zip': ['The to.zip field is required.'] },
    })
    expect(explainAnswer(result)).toBe(
      'Validation failed: the body lists every error at once (spec 7.1).'
    )
  })

  it('should never throw when no answer comes', async () => {
    const offline = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch
    const result: SendResult = await sendPostcard({ url, token, requestId: 'x', body: {} }, offline)
    expect(result).toMatchObject({
      status: 0,
      statusLine: 'No answer',
      bodyText: 'Failed to fetch',
    })
    expect(explainAnswer(result)).toBe('The sandbox did not answer. Is `npm start` running?')
  })
})

describe('requestKey', () => {
  const body = postcard(flows.active)
  it('should tell an answer for this card from one for another card or token', () => {
    const key = requestKey({ body, token })
    // The same card, rebuilt: the answer still belongs to it.
    expect(requestKey({ body: structuredClone(body), token })).toBe(key)
    expect(requestKey({ body: { ...body, to: { ...SAMPLE_TO, zip: '10115' } }, token })).not.toBe(
      key
    )
    expect(requestKey({ body, token: acme?.tokens[1] ?? '' })).not.toBe(key)
  })
})
