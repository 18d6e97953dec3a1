/**
 * Refusals sent before the body is read (413 over the limit, 401, 429) reach clients that are
 * still sending: the server closes in the stages of RFC 9112 9.6 (stop reading, answer,
 * half-close, drain for a bounded time and size, close) instead of resetting the connection,
 * which destroys the answer on its way (a client writing its body gets EPIPE or ECONNRESET and
 * never reads the answer waiting in its socket).
 *
 * Real sockets and processes: `preflight serve` in a child process (in the test's own process the
 * server reads in step with its clients and the resets do not show), 20 concurrent `node:http`
 * clients, each writing 3 MB with back pressure.
 */
import { createServer, request as httpRequest, type Server } from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import { connect, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ensureBuilt } from '../helpers/built-package.ts'
import {
  startServe,
  stopAllServes,
  writeShippedConfig,
  type ServeProcess,
} from '../helpers/preflight-process.ts'
import { toNodeListener } from '../../src/node/node-bridge.ts'
import { createApiHandler } from '../../src/server/create-api-handler.ts'
import { parseAnswers } from '../helpers/raw-http.ts'
import { accounts, tokens } from '../server/sandbox.ts'

const megabytes = 3
const clients = 20

/** What one client saw: the answer, or the error that came instead. */
interface Outcome {
  readonly status?: number
  readonly body?: string
  readonly error?: string
}

/**
 * Sends a 3 MB body in 16 KiB writes with back pressure, as a client uploading a file does.
 *
 * @param url The server.
 * @param token The bearer token.
 * @param framing `length` (Content-Length) or `chunked`.
 */
function upload(url: string, token: string, framing: 'length' | 'chunked'): Promise<Outcome> {
  const size = megabytes * 1_048_576
  return new Promise((resolvePromise) => {
    let answered = false
    const headers: Record<string, string | number> = { authorization: `Bearer ${token}` }
    if (framing === 'length') headers['content-length'] = size
    const req = httpRequest(
      `${url}/api/v1/postcards`,
      { method: 'POST', headers, agent: false },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => {
          answered = true
          resolvePromise({ status: res.statusCode ?? 0, body })
        })
        res.on('error', (error: NodeJS.ErrnoException) => {
          if (!answered) resolvePromise({ error: `response ${error.code ?? error.message}` })
        })
      }
    )
    // An error after the answer (a write after the server closed) does not matter; one before
    // it means the answer was lost.
    req.on('error', (error: NodeJS.ErrnoException) => {
      setTimeout(() => {
        if (!answered) resolvePromise({ error: error.code ?? error.message })
      }, 500)
    })
    const chunk = Buffer.alloc(16_384, 0x20)
    let written = 0
    const pump = () => {
      while (written < size && !req.destroyed) {
        written += chunk.byteLength
        if (!req.write(chunk)) return void req.once('drain', pump)
      }
      if (!req.destroyed) req.end()
    }
    pump()
  })
}

/** The outcomes of 20 concurrent uploads, counted by status or error. */
async function tally(
  url: string,
  token: string,
  framing: 'length' | 'chunked'
): Promise<{ counts: Record<string, number>; bodies: Set<string> }> {
  const outcomes = await Promise.all(
    Array.from({ length: clients }, () => upload(url, token, framing))
  )
  const counts: Record<string, number> = {}
  const bodies = new Set<string>()
  for (const outcome of outcomes) {
    const key = outcome.error ?? String(outcome.status)
    counts[key] = (counts[key] ?? 0) + 1
    if (outcome.body !== undefined) bodies.add(outcome.body)
  }
  return { counts, bodies }
}

let sandbox: ServeProcess
let limited: ServeProcess
let folder: string

beforeAll(async () => {
  await ensureBuilt()
  folder = await mkdtemp(join(tmpdir(), 'early-refusal-'))
  // The second server has a postcard limit of 1 a minute per token, for 429s.
  const config = await writeShippedConfig(join(folder, 'limited.json'), {
    limits: { postcards_per_minute: 1, campaigns_per_minute: 60 },
  })
  ;[sandbox, limited] = await Promise.all([startServe(), startServe(['--config', config])])
}, 60_000)

afterAll(async () => {
  await stopAllServes()
  await rm(folder, { recursive: true, force: true })
})

describe(`${clients} clients sending ${megabytes} MB at once`, () => {
  test.each(['length', 'chunked'] as const)(
    'should all get the 413 (%s framing), none a reset',
    async (framing) => {
      const { counts, bodies } = await tally(sandbox.url, tokens.acmeTest, framing)
      expect(counts).toEqual({ '413': clients })
      expect([...bodies]).toEqual(['{"message":"The request body is larger than 1 MB."}'])
    }
  )

  test('should all get the 401 of an unknown token, none a reset', async () => {
    const { counts, bodies } = await tally(sandbox.url, 'dm_test_unknown0', 'length')
    expect(counts).toEqual({ '401': clients })
    expect([...bodies]).toEqual(['{"message":"Unauthenticated."}'])
  })

  test('should all get the 429 of a spent minute, none a reset', async () => {
    // The first request of the minute is counted (413), the others are refused before reading.
    const { counts, bodies } = await tally(limited.url, tokens.globexTest, 'length')
    expect(counts).toEqual({ '413': 1, '429': clients - 1 })
    expect(bodies).toContain('{"message":"Too Many Attempts."}')
  })
})

describe('the drain after an early answer is bounded', () => {
  const linger = { timeoutMs: 400, maxBytes: 1_048_576 }
  let server: Server
  let port: number

  beforeAll(async () => {
    server = createServer(
      { requireHostHeader: false },
      toNodeListener(createApiHandler({ accounts }), { linger })
    )
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    port = (server.address() as AddressInfo).port
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((done) => server.close(done))
  })

  /**
   * A chunked upload that never ends, from a client that keeps writing after the server's FIN
   * (half-open, as curl is): `chunk` bytes every `everyMs` (0: as fast as the socket takes).
   * Resolves once the server closed the connection (the client's write fails or it closes).
   */
  function endlessUpload(token: string, chunk: number, everyMs: number) {
    return new Promise<{ answer: string; written: number; lingered: number }>((resolvePromise) => {
      const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true })
      let received = Buffer.alloc(0)
      let written = 0
      let answeredAt = 0
      let timer: NodeJS.Timeout | undefined
      let finished = false
      const finish = () => {
        if (finished) return
        finished = true
        clearTimeout(timer)
        const answer = parseAnswers(received)[0]
        resolvePromise({
          answer: answer ? `${answer.status} ${answer.body}` : '',
          written,
          lingered: performance.now() - answeredAt,
        })
        socket.destroy()
      }
      socket.on('data', (data) => {
        received = Buffer.concat([received, data])
        if (!answeredAt && parseAnswers(received).length > 0) answeredAt = performance.now()
      })
      socket.on('close', finish)
      socket.on('error', finish)
      socket.write(
        `POST /api/v1/postcards HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nTransfer-Encoding: chunked\r\n\r\n`
      )
      const data = Buffer.concat([
        Buffer.from(`${chunk.toString(16)}\r\n`),
        Buffer.alloc(chunk, 0x20),
        Buffer.from('\r\n'),
      ])
      const pump = () => {
        if (socket.destroyed) return
        written += chunk
        const more = socket.write(data)
        if (everyMs > 0) timer = setTimeout(pump, everyMs)
        else if (more) setImmediate(pump)
        else socket.once('drain', pump)
      }
      pump()
    })
  }

  test('should stop reading a client that keeps sending fast after the bytes bound', async () => {
    const result = await endlessUpload(tokens.acmeTest, 65_536, 0)
    expect(result.answer).toBe('413 {"message":"The request body is larger than 1 MB."}')
    // 1 MB read for the limit, at most 1 MiB drained, plus what the two kernels buffer; well
    // before the time bound.
    expect(result.written).toBeLessThan(6 * 1_048_576)
    expect(result.lingered).toBeLessThan(linger.timeoutMs)
  })

  test('should stop reading a slow client after the time bound', async () => {
    // 2 KiB every 20 ms stays far below the bytes bound; a 401 is sent before reading.
    const result = await endlessUpload('dm_test_nope', 2048, 20)
    expect(result.answer).toBe('401 {"message":"Unauthenticated."}')
    expect(result.lingered).toBeGreaterThanOrEqual(linger.timeoutMs - 50)
    expect(result.lingered).toBeLessThan(linger.timeoutMs + 2000)
  })

  test('should close without a reset once the client stops sending', async () => {
    const closed = await new Promise<{ answer: string; how: string }>((resolvePromise) => {
      const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true })
      let received = Buffer.alloc(0)
      let how = 'clean'
      socket.on('data', (data) => (received = Buffer.concat([received, data])))
      socket.on('error', (error: NodeJS.ErrnoException) => (how = error.code ?? 'error'))
      socket.on('close', () => {
        const answer = parseAnswers(received)[0]
        resolvePromise({ answer: answer ? `${answer.status} ${answer.body}` : '', how })
      })
      socket.write(
        `POST /api/v1/postcards HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${tokens.acmeTest}\r\nContent-Length: 2000000\r\n\r\n`
      )
      // Once the answer arrived: 512 KiB more of the body (within the bounds), then FIN.
      socket.once('data', () => socket.end(Buffer.alloc(512 * 1024, 0x20)))
    })
    expect(closed).toEqual({
      answer: '413 {"message":"The request body is larger than 1 MB."}',
      how: 'clean',
    })
  })
})
