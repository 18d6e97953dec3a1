/**
 * What Node's HTTP parser refuses before a request reaches the handler (broken framing, headers
 * too large, control characters, unknown methods, an unmet `Expect`, `CONNECT`, HTTP/2) gets
 * the sandbox's JSON shape like every other refusal: `{"message": ...}` with
 * `application/json; charset=utf-8`, then the connection is closed. Raw sockets, since no HTTP
 * client sends these.
 */
import { connect } from 'node:net'
import { describe, expect, test } from 'vitest'
import { parseAnswers, rawExchange, type RawAnswer } from '../helpers/raw-http.ts'
import { useSandboxServer } from '../helpers/sandbox-server.ts'
import { tokens } from '../server/sandbox.ts'

const server = useSandboxServer()

const auth = `Authorization: Bearer ${tokens.acmeTest}`

/** Expects the sandbox's JSON refusal, then a closed connection. */
function expectRefusal(
  exchange: { answers: readonly RawAnswer[]; closed: string },
  status: number,
  message: string
): void {
  expect(exchange.answers.map((answer) => answer.status)).toEqual([status])
  const answer = exchange.answers[0] as RawAnswer
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8')
  expect(answer.headers['connection']).toBe('close')
  expect(JSON.parse(answer.body)).toEqual({ message })
  expect(exchange.closed).toBe('end')
}

describe('refusals of the parser, in JSON', () => {
  test.each([
    [
      'Content-Length and Transfer-Encoding together (RFC 9112 6.3)',
      `POST /api/v1/postcards HTTP/1.1\r\nHost: h\r\n${auth}\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
      400,
      'The request has both Content-Length and Transfer-Encoding.',
    ],
    [
      'a Content-Length that is not a number',
      `POST /api/v1/postcards HTTP/1.1\r\nHost: h\r\n${auth}\r\nContent-Length: 3x\r\n\r\nabc`,
      400,
      'The Content-Length header is not a valid length.',
    ],
    [
      'two different Content-Length values',
      `POST /api/v1/postcards HTTP/1.1\r\nHost: h\r\n${auth}\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd`,
      400,
      'The Content-Length header is not a valid length.',
    ],
    [
      'a chunk size that is not hexadecimal',
      `POST /api/v1/postcards HTTP/1.1\r\nHost: h\r\n${auth}\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n`,
      400,
      'The request body is not valid chunked encoding.',
    ],
    [
      'a Transfer-Encoding that does not end with chunked',
      `POST /api/v1/postcards HTTP/1.1\r\nHost: h\r\n${auth}\r\nTransfer-Encoding: gzip\r\n\r\nabc`,
      400,
      'The Transfer-Encoding `gzip` does not end with `chunked`, so the body has no known length.',
    ],
    [
      'a control character in a header value',
      `GET /openapi.json HTTP/1.1\r\nHost: h\r\nX-Request-Id: a\x01b\r\n\r\n`,
      400,
      'A request header is malformed: a character that is not allowed, or a space before its colon.',
    ],
    [
      'a space before the colon of a header',
      `GET /openapi.json HTTP/1.1\r\nHost : h\r\n\r\n`,
      400,
      'A request header is malformed: a character that is not allowed, or a space before its colon.',
    ],
    [
      'a space in the request target',
      `GET /a b HTTP/1.1\r\nHost: h\r\n\r\n`,
      400,
      'The request line is malformed.',
    ],
    [
      'a request target that is not a URL',
      `POST http:/api/v1/postcards HTTP/1.1\r\nHost: h\r\n\r\n`,
      400,
      'The request line is malformed.',
    ],
    ['bare LF line ends', `GET / HTTP/1.1\nHost: h\n\n`, 400, 'The request line is malformed.'],
    [
      'an unknown method',
      `FOO /api/v1/postcards HTTP/1.1\r\nHost: h\r\n\r\n`,
      501,
      'The FOO method is not supported.',
    ],
    [
      'a method in lower case (methods are case-sensitive)',
      `post /api/v1/postcards HTTP/1.1\r\nHost: h\r\n\r\n`,
      501,
      'The post method is not supported.',
    ],
    [
      'CONNECT (this server is no proxy)',
      `CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n`,
      501,
      'The CONNECT method is not supported: this server is not a proxy.',
    ],
    [
      'an HTTP/2 request line',
      `GET /openapi.json HTTP/2.0\r\nHost: h\r\n\r\n`,
      505,
      'HTTP/2.0 is not supported; send HTTP/1.1 or HTTP/1.0.',
    ],
    [
      'the HTTP/2 preface (prior knowledge)',
      `PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n`,
      505,
      'HTTP/2.0 is not supported; send HTTP/1.1 or HTTP/1.0.',
    ],
    [
      'an expectation other than 100-continue (RFC 9110 10.1.1)',
      `POST /api/v1/postcards HTTP/1.1\r\nHost: h\r\n${auth}\r\nExpect: 200-ok\r\nContent-Length: 2\r\n\r\n{}`,
      417,
      'The expectation `200-ok` cannot be met; only `100-continue` is supported.',
    ],
    [
      'a transfer coding other than chunked',
      `POST /api/v1/postcards HTTP/1.1\r\nHost: h\r\n${auth}\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n`,
      501,
      'The transfer coding `gzip` is not supported; send the body with `chunked` alone or with a Content-Length.',
    ],
  ])('should answer %s', async (_name, request, status, message) => {
    expectRefusal(await rawExchange(server().port, request), status, message)
  })

  test('should answer headers over 16 KB with 431', async () => {
    const request = `GET /openapi.json HTTP/1.1\r\nHost: h\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`
    expectRefusal(
      await rawExchange(server().port, request),
      431,
      'The request headers are larger than 16 KB.'
    )
  })

  test('should answer a well-formed request, then a malformed one pipelined behind it', async () => {
    const exchange = await rawExchange(
      server().port,
      'GET /openapi.json HTTP/1.1\r\nHost: h\r\n\r\nGET /a b HTTP/1.1\r\nHost: h\r\n\r\n'
    )
    expect(exchange.answers.map((answer) => answer.status)).toEqual([200, 400])
    expect(JSON.parse(exchange.answers[1]?.body ?? '')).toEqual({
      message: 'The request line is malformed.',
    })
    expect(exchange.closed).toBe('end')
  })
})

describe('a body cut short', () => {
  test.each([
    ['a declared length', 'Content-Length: 100\r\n\r\n{"flow_id":'],
    ['chunked', 'Transfer-Encoding: chunked\r\n\r\n5\r\n{"flo'],
  ])('should answer a client that half-closes in the middle of %s', async (_name, rest) => {
    const received = await new Promise<Buffer>((resolvePromise) => {
      const socket = connect({ port: server().port, host: '127.0.0.1', allowHalfOpen: true })
      const chunks: Buffer[] = []
      socket.on('data', (chunk) => chunks.push(chunk))
      socket.on('close', () => resolvePromise(Buffer.concat(chunks)))
      socket.end(`POST /api/v1/postcards HTTP/1.1\r\nHost: h\r\n${auth}\r\n${rest}`)
    })
    const answers = parseAnswers(received)
    expect(answers.map((answer) => answer.status)).toEqual([400])
    expect(JSON.parse(answers[0]?.body ?? '')).toEqual({
      message: 'The request ended before its body was complete.',
    })
  })
})

describe('Expect: 100-continue (RFC 9110 10.1.1)', () => {
  test('should refuse a declared body over the limit at once, without 100 Continue', async () => {
    const exchange = await rawExchange(
      server().port,
      `POST /api/v1/postcards HTTP/1.1\r\nHost: h\r\n${auth}\r\nExpect: 100-continue\r\nContent-Length: 3000000\r\n\r\n`
    )
    expect(exchange.answers.map((answer) => answer.status)).toEqual([413])
    expect(exchange.received.toString('latin1')).not.toContain('100 Continue')
  })

  test('should refuse an unknown token at once, without 100 Continue', async () => {
    const exchange = await rawExchange(
      server().port,
      `POST /api/v1/postcards HTTP/1.1\r\nHost: h\r\nAuthorization: Bearer dm_test_nope\r\nExpect: 100-continue\r\nTransfer-Encoding: chunked\r\n\r\n`
    )
    expect(exchange.answers.map((answer) => answer.status)).toEqual([401])
    expect(exchange.received.toString('latin1')).not.toContain('100 Continue')
  })

  test('should send 100 Continue when the body is wanted, then the answer', async () => {
    const exchange = await rawExchange(
      server().port,
      `POST /api/v1/postcards HTTP/1.1\r\nHost: h\r\n${auth}\r\nExpect: 100-continue\r\nContent-Length: 2\r\nConnection: close\r\n\r\n`
    )
    expect(exchange.answers.map((answer) => answer.status)).toEqual([100])
    // The client sends its body once it saw the 100: the answer follows.
    const after = await rawExchange(
      server().port,
      `POST /api/v1/postcards HTTP/1.1\r\nHost: h\r\n${auth}\r\nExpect: 100-continue\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`
    )
    expect(after.answers.map((answer) => answer.status)).toEqual([100, 422])
  })
})
