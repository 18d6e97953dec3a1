/**
 * The request target and `Host` as RFC 9112 section 3 defines them, sent over raw sockets: an
 * origin-form target is a path, whatever it starts with (`//evil.example/...` is the path
 * `//evil.example/...`, never a host); an absolute-form target names its own host; the
 * asterisk form is for `OPTIONS` only; an HTTP/1.1 request has exactly one valid `Host`.
 */
import { describe, expect, test } from 'vitest'
import { rawExchange, type RawAnswer } from '../helpers/raw-http.ts'
import { useSandboxServer } from '../helpers/sandbox-server.ts'
import { a6Postcard, tokens } from '../server/sandbox.ts'

const testToken = tokens.acmeTest
const postcard = JSON.stringify(a6Postcard())

const server = useSandboxServer()

/** One request over a raw socket (closed after the answer); its single answer. */
async function ask(head: string, body = ''): Promise<RawAnswer> {
  const length = body === '' ? '' : `Content-Length: ${Buffer.byteLength(body)}\r\n`
  const bytes = Buffer.concat([
    Buffer.from(`${head}\r\nConnection: close\r\n${length}\r\n`, 'latin1'),
    Buffer.from(body, 'utf8'),
  ])
  const { answers } = await rawExchange(server().port, bytes)
  expect(answers).toHaveLength(1)
  return answers[0] as RawAnswer
}

/** The request ids of the entries of acme's test mode. */
async function entryRequestIds(): Promise<string[]> {
  const response = await fetch(`${server().url}/api/v1/entries?limit=1000`, {
    headers: { authorization: `Bearer ${testToken}` },
  })
  return ((await response.json()) as { data: { request_id: string }[] }).data.map(
    (entry) => entry.request_id
  )
}

const post = (target: string, requestId: string, host = 'Host: localhost') =>
  ask(
    `POST ${target} HTTP/1.1\r\n${host}\r\nAuthorization: Bearer ${testToken}\r\nX-Request-Id: ${requestId}`,
    postcard
  )

describe('origin-form targets are paths (RFC 9112 3.2.1)', () => {
  test.each([
    ['//evil.example/api/v1/postcards', 'slashes-1'],
    ['//api/v1/postcards', 'slashes-2'],
    ['///api/v1/postcards', 'slashes-3'],
    ['//localhost/api/v1/postcards', 'slashes-4'],
    ['/\\evil.example/api/v1/postcards', 'slashes-5'],
  ])('should answer 404 naming the path for `POST %s`, creating nothing', async (target, id) => {
    const answer = await post(target, id)
    expect(answer.status).toBe(404)
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8')
    const path = target.replace('\\', '/')
    expect(JSON.parse(answer.body)).toEqual({
      message: `The route \`${path}\` could not be found.`,
    })
    expect(await entryRequestIds()).not.toContain(id)
  })

  test('should still serve the real path', async () => {
    const answer = await post('/api/v1/postcards', 'origin-form-1')
    expect(answer.status).toBe(201)
    expect(await entryRequestIds()).toContain('origin-form-1')
  })

  test('should answer 404 for `GET //openapi.json`, which is not `/openapi.json`', async () => {
    const answer = await ask('GET //openapi.json HTTP/1.1\r\nHost: localhost')
    expect(answer.status).toBe(404)
    expect(JSON.parse(answer.body)).toEqual({
      message: 'The route `//openapi.json` could not be found.',
    })
  })
})

describe('absolute-form targets (RFC 9112 3.2.2)', () => {
  test('should route an http URL by its path, whatever its host and the Host header', async () => {
    const answer = await post('http://evil.example/api/v1/postcards', 'absolute-1', 'Host: other')
    expect(answer.status).toBe(201)
    expect(await entryRequestIds()).toContain('absolute-1')
  })

  test('should keep the path of an absolute URL a path: `http://h//api/v1/postcards` is 404', async () => {
    const answer = await post('http://localhost//api/v1/postcards', 'absolute-2')
    expect(answer.status).toBe(404)
    expect(JSON.parse(answer.body)).toEqual({
      message: 'The route `//api/v1/postcards` could not be found.',
    })
  })

  test.each(['ftp://evil.example/api/v1/postcards', 'http:///api/v1/postcards'])(
    'should refuse `%s` with 400',
    async (target) => {
      const answer = await post(target, 'absolute-bad')
      expect(answer.status).toBe(400)
      expect(answer.headers['connection']).toBe('close')
      expect(JSON.parse(answer.body)).toEqual({
        message: `The request target \`${target}\` is not an \`http\` or \`https\` URL.`,
      })
      expect(await entryRequestIds()).not.toContain('absolute-bad')
    }
  )

  test.each(['http:/api/v1/postcards', 'http:api/v1/postcards'])(
    "should refuse `%s` with 400 (Node's parser already does)",
    async (target) => {
      const answer = await post(target, 'absolute-bad')
      expect(answer.status).toBe(400)
      expect(await entryRequestIds()).not.toContain('absolute-bad')
    }
  )
})

describe('the asterisk form (RFC 9112 3.2.4)', () => {
  test('should answer `OPTIONS *` with 204 and the methods of the server', async () => {
    const answer = await ask('OPTIONS * HTTP/1.1\r\nHost: localhost')
    expect(answer.status).toBe(204)
    expect(answer.headers['allow']).toBe('GET, HEAD, OPTIONS, POST')
    expect(answer.body).toBe('')
  })

  test('should refuse `*` with any other method', async () => {
    const answer = await ask('GET * HTTP/1.1\r\nHost: localhost')
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.body)).toEqual({
      message: 'The request target `*` is only allowed with OPTIONS.',
    })
  })
})

describe('Host (RFC 9112 3.2)', () => {
  test.each([
    ['no Host in HTTP/1.1', 'GET /openapi.json HTTP/1.1', 'The request has no Host header.'],
    [
      'two Host headers',
      'GET /openapi.json HTTP/1.1\r\nHost: a\r\nHost: b',
      'The request has more than one Host header.',
    ],
    [
      'a Host with a path',
      'GET /openapi.json HTTP/1.1\r\nHost: evil.example/x',
      'The Host header `evil.example/x` is not a host.',
    ],
    [
      'a Host with user info',
      'GET /openapi.json HTTP/1.1\r\nHost: user@evil.example',
      'The Host header `user@evil.example` is not a host.',
    ],
    [
      'a Host that is no IPv4 address although it looks like one',
      'GET /openapi.json HTTP/1.1\r\nHost: 999.1.1.1',
      'The Host header `999.1.1.1` is not a host.',
    ],
    [
      'a Host with a bad port',
      'GET /openapi.json HTTP/1.1\r\nHost: localhost:99999',
      'The Host header `localhost:99999` is not a host.',
    ],
  ])('should answer 400 in JSON for %s', async (_name, head, message) => {
    const answer = await ask(head)
    expect(answer.status).toBe(400)
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(answer.headers['connection']).toBe('close')
    expect(JSON.parse(answer.body)).toEqual({ message })
  })

  test.each([
    ['HTTP/1.0 without Host', 'GET /openapi.json HTTP/1.0'],
    ['an IPv6 literal with a port', 'GET /openapi.json HTTP/1.1\r\nHost: [::1]:8787'],
    ['a name with a port', 'GET /openapi.json HTTP/1.1\r\nHost: sandbox.test:8787'],
  ])('should serve %s', async (_name, head) => {
    expect((await ask(head)).status).toBe(200)
  })
})
