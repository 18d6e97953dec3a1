/**
 * `X-Request-Id` over real sockets, byte for byte: an ASCII id comes back as the same bytes in
 * the header and as the same text in the body; an id with bytes beyond ASCII (UTF-8 from curl,
 * Latin-1 from a browser) is refused with 400 rather than echoed re-encoded (`ü` as `Ã¼`).
 */
import { describe, expect, test } from 'vitest'
import { rawExchange } from '../helpers/raw-http.ts'
import { useSandboxServer } from '../helpers/sandbox-server.ts'
import { a6Postcard, tokens } from '../server/sandbox.ts'

const server = useSandboxServer()

/** A postcard submission with the id's bytes as its `X-Request-Id`. */
function submission(id: Buffer): Buffer {
  const body = Buffer.from(JSON.stringify(a6Postcard()))
  return Buffer.concat([
    Buffer.from(
      `POST /api/v1/postcards HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${tokens.acmeTest}\r\nContent-Length: ${body.byteLength}\r\nConnection: close\r\nX-Request-Id: `
    ),
    id,
    Buffer.from('\r\n\r\n'),
    body,
  ])
}

describe('X-Request-Id bytes', () => {
  test.each([
    ['UTF-8 (curl in a UTF-8 terminal)', Buffer.from('bestellung-ü', 'utf8')],
    ['Latin-1 (a browser, undici, Python requests)', Buffer.from('bestellung-ü', 'latin1')],
  ])('should refuse ü in %s with 400', async (_name, id) => {
    const { answers } = await rawExchange(server().port, submission(id))
    expect(answers.map((answer) => answer.status)).toEqual([400])
    expect(JSON.parse(answers[0]?.body ?? '')).toEqual({
      message: 'The X-Request-Id header must contain only printable ASCII characters.',
    })
    expect(answers[0]?.raw.includes(id)).toBe(false)
  })

  test('should echo an ASCII id as the same bytes', async () => {
    const id = Buffer.from('Order #10023 / "spring"', 'latin1')
    const { answers } = await rawExchange(server().port, submission(id))
    const answer = answers[0]
    expect(answer?.status).toBe(201)
    expect(
      answer?.raw.includes(Buffer.concat([Buffer.from('x-request-id: '), id, Buffer.from('\r\n')]))
    ).toBe(true)
    expect(JSON.parse(answer?.body ?? '')).toMatchObject({ request_id: 'Order #10023 / "spring"' })
  })
})
