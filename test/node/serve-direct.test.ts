import { createServer, type Server } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { toNodeListener } from '../../src/node/serve.ts'
import type { ApiHandler } from '../../src/server/create-api-handler.ts'
import { a6Postcard, flows, nextA6Batch, sandbox, tokens } from '../server/sandbox.ts'

/** Ids that are the same in every run, so that two servers can be compared byte for byte. */
function countingUuids() {
  let next = 0
  vi.spyOn(crypto, 'randomUUID').mockImplementation(
    () =>
      `00000000-0000-4000-8000-${String(++next).padStart(12, '0')}` as ReturnType<
        typeof crypto.randomUUID
      >
  )
}

/** Listens on a free port of 127.0.0.1. */
async function listen(handler: ApiHandler): Promise<{ server: Server; port: number }> {
  const server = createServer(toNodeListener(handler))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, port: (server.address() as AddressInfo).port }
}

/** Sends raw bytes on a fresh connection; resolves with everything the server sent back. */
function exchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let received = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => (received += chunk))
    socket.on('end', () => resolve(received))
    // The server may close before it read everything sent (a refusal of an unread body).
    socket.on('error', (error) => (received ? resolve(received) : reject(error)))
    socket.end(request, 'utf8')
  })
}

const auth = `Authorization: Bearer ${tokens.acmeTest}\r\n`
const body = JSON.stringify(a6Postcard())
const length = (text: string) => Buffer.byteLength(text)

/** Raw requests over the bridge's paths: collected, streamed (chunked), refused unread, HEAD. */
const requests = [
  `POST /api/v1/postcards HTTP/1.1\r\nHost: x\r\n${auth}X-Request-Id: n1\r\nContent-Type: application/json\r\nContent-Length: ${length(body)}\r\nConnection: close\r\n\r\n${body}`,
  `POST /api/v1/postcards HTTP/1.1\r\nHost: x\r\n${auth}X-Request-Id: n1\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
  `POST /api/v1/postcards HTTP/1.1\r\nHost: x\r\n${auth}X-Request-Id: n2\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${length(body).toString(16)}\r\n${body}\r\n0\r\n\r\n`,
  `POST /api/v1/postcards HTTP/1.1\r\nHost: x\r\n${auth}Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n4\r\n{"a\r\n`,
  `POST /api/v1/postcards HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer nope\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
  `POST /api/v1/postcards HTTP/1.1\r\nHost: x\r\n${auth}Content-Length: 2000000\r\nConnection: close\r\n\r\n{`,
  `GET /api/v1/postcards HTTP/1.1\r\nHost: x\r\n${auth}Connection: close\r\n\r\n`,
  `HEAD /openapi.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
  `GET /api/v1/logs?limit=3 HTTP/1.1\r\nHost: x\r\n${auth}Connection: close\r\n\r\n`,
  `OPTIONS /api/v1/postcards HTTP/1.1\r\nHost: x\r\nOrigin: http://localhost:5173\r\nAccess-Control-Request-Method: POST\r\nConnection: close\r\n\r\n`,
]

/** An answer without its `Date` header, the one line that differs from second to second. */
const withoutDate = (answer: string) => answer.replace(/^Date: .*\r\n/im, '')

describe('the Node bridge', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  test('should send the same bytes through the direct call as through Request and Response', async () => {
    const answers: string[][] = []
    // `createApiHandler`'s own handler takes the direct call; a wrapper around it is any fetch
    // handler to the bridge, which then builds a Request and reads the Response.
    for (const wrap of [
      (handler: ApiHandler) => handler,
      (handler: ApiHandler) => (request: Request) => handler(request),
    ]) {
      countingUuids()
      const { handler, clock } = sandbox()
      const { server, port } = await listen(wrap(handler))
      try {
        const run: string[] = []
        for (const request of requests) {
          run.push(withoutDate(await exchange(port, request)))
          clock.time += 1000
        }
        answers.push(run)
      } finally {
        server.close()
        vi.restoreAllMocks()
      }
    }
    const [direct, viaFetch] = answers as [string[], string[]]
    expect(direct.map((answer) => answer.slice(0, 12))).toEqual([
      'HTTP/1.1 201',
      'HTTP/1.1 409',
      'HTTP/1.1 201',
      'HTTP/1.1 400',
      'HTTP/1.1 401',
      'HTTP/1.1 413',
      'HTTP/1.1 405',
      'HTTP/1.1 200',
      'HTTP/1.1 200',
      'HTTP/1.1 204',
    ])
    const created = `{"request_id":"n1","flow_id":"${flows.a6}","status":"queued","queued_for":"${nextA6Batch}"}`
    expect(direct[0]).toBe(
      'HTTP/1.1 201 Created\r\naccess-control-allow-origin: *\r\n' +
        'access-control-expose-headers: Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, ' +
        'X-RateLimit-Reset, X-Request-Id, Idempotent-Replayed\r\n' +
        'content-type: application/json; charset=utf-8\r\n' +
        'x-ratelimit-limit: 600\r\nx-ratelimit-remaining: 599\r\nx-request-id: n1\r\n' +
        `content-length: ${created.length}\r\nConnection: close\r\n\r\n${created}`
    )
    // A refusal that left the body unread closes the connection itself.
    expect(direct[4]).toMatch(
      /\r\nconnection: close\r\ncontent-length: 30\r\n\r\n\{"message":"Unauthenticated\."\}$/
    )
    expect(direct).toEqual(viaFetch)
  })
})
