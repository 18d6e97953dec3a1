/**
 * `X-Request-Id` and `Idempotency-Key` hold printable ASCII only (RFC 9110 5.5: field values
 * beyond ASCII are obsolete `obs-text`, whose charset nobody agrees on). An id with any other
 * character is refused with 400, before anything else is done with the request, rather than
 * echoed re-encoded: Node and the Fetch standard read header bytes as Latin-1, so the UTF-8
 * bytes of `ü` would become `Ã¼` in the JSON body while a browser sends `ü` as one Latin-1 byte.
 */
import { describe, expect, test } from 'vitest'
import { a6Postcard, campaign, read, sandbox, tokens } from './sandbox.ts'

/** Header values as a runtime holds them: one character per byte (Latin-1). */
const utf8AsLatin1 = (text: string) => String.fromCharCode(...new TextEncoder().encode(text))

const refused = {
  message: 'The X-Request-Id header must contain only printable ASCII characters.',
}

describe('X-Request-Id', () => {
  test.each([
    ['UTF-8 bytes of ü', utf8AsLatin1('bestellung-ü')],
    ['a Latin-1 byte (what browsers send for ü)', 'bestellung-\u00fc'],
    ['an emoji in UTF-8', utf8AsLatin1('order-🎉')],
    ['a non-breaking space', 'order\u00a01'],
    ['a control character the Fetch standard lets through', 'order\u00011'],
  ])('should refuse %s with 400, creating nothing', async (_name, id) => {
    const { send, store } = sandbox()
    const answer = await read(
      await send('POST', '/api/v1/postcards', {
        body: a6Postcard(),
        headers: { 'x-request-id': id },
      })
    )
    expect([answer.status, answer.json]).toEqual([400, refused])
    // The answer carries a generated id instead, never the refused one.
    expect(answer.headers.get('x-request-id')).toMatch(/^[\da-f]{8}-[\da-f]{4}-4/)
    expect(await store.entries.list({ account_id: 'acme' }, 10)).toEqual([])
  })

  test('should refuse it on every API route, before the token is checked', async () => {
    const { send } = sandbox()
    for (const [method, path] of [
      ['POST', '/api/v1/campaigns'],
      ['GET', '/api/v1/logs'],
      ['GET', '/api/v1/entries'],
    ] as const) {
      const answer = await read(
        await send(method, path, { token: null, headers: { 'x-request-id': 'é' } })
      )
      expect([answer.status, answer.json]).toEqual([400, refused])
    }
  })

  test.each([
    'order-10023',
    '3f0c2a9e-6c1b-4d2f-9b7a-5e8d4c3b2a10',
    'with spaces and\ttab',
    '~!@#$%^&*()_+{}|:"<>?`-=[]\\;\',./',
  ])('should echo the printable ASCII id %j exactly, in the header and the body', async (id) => {
    const { send } = sandbox()
    const answer = await read(
      await send('POST', '/api/v1/postcards', {
        body: a6Postcard(),
        headers: { 'x-request-id': id },
      })
    )
    expect(answer.status).toBe(201)
    expect(answer.headers.get('x-request-id')).toBe(id)
    expect(answer.json['request_id']).toBe(id)
  })
})

describe('Idempotency-Key', () => {
  test('should refuse a key beyond printable ASCII with 400, creating nothing', async () => {
    const { send, store } = sandbox()
    const answer = await read(
      await send('POST', '/api/v1/campaigns', {
        token: tokens.acmeLive,
        body: campaign(),
        headers: { 'idempotency-key': utf8AsLatin1('kampagne-ä') },
      })
    )
    expect([answer.status, answer.json]).toEqual([
      400,
      { message: 'The Idempotency-Key header must contain only printable ASCII characters.' },
    ])
    const logs = await store.logs.list('acme', 'live', 10)
    expect(logs.map((log) => log.status)).toEqual([400])
    expect(logs[0]?.entry_id).toBe(null)
  })
})
