/**
 * Stopping `preflight serve` with SIGTERM, as a process manager does, with real processes: the
 * server stops accepting at once, finishes the requests in flight (each gets its answer, with
 * `Connection: close`), closes idle connections, and exits within a bounded time
 * (`--shutdown-timeout`) even when a client never finishes its request. With `--redis`, what
 * was accepted before the stop is there for the next server.
 */
import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ensureBuilt } from '../helpers/built-package.ts'
import { startServe, stopAllServes, type ServeProcess } from '../helpers/preflight-process.ts'
import { parseAnswers, type RawAnswer } from '../helpers/raw-http.ts'
import { startRedisServer, type RedisServer } from '../helpers/redis-server.ts'
import { a6Postcard, tokens } from '../server/sandbox.ts'

beforeAll(async () => {
  await ensureBuilt()
}, 120_000)

afterAll(async () => {
  await stopAllServes()
})

/** A request whose body is half sent: in flight until `finish()`. */
interface InFlight {
  /** Sends the rest of the body; resolves with the answer and how the connection ended. */
  finish(): Promise<{ answer: RawAnswer | undefined; closed: string }>
  /** Resolves once the server closed the connection, with what it sent. */
  readonly ended: Promise<{ answer: RawAnswer | undefined; closed: string }>
}

/** Opens a postcard submission and sends its head and half of its body. */
async function startSubmission(port: number, requestId: string): Promise<InFlight> {
  const body = Buffer.from(JSON.stringify(a6Postcard()))
  const socket: Socket = connect(port, '127.0.0.1')
  await new Promise((resolve) => socket.once('connect', resolve))
  const chunks: Buffer[] = []
  socket.on('data', (chunk) => chunks.push(chunk))
  const ended = new Promise<{ answer: RawAnswer | undefined; closed: string }>((resolve) => {
    let closed = 'end'
    socket.on('error', (error: NodeJS.ErrnoException) => (closed = error.code ?? 'error'))
    socket.on('close', () => resolve({ answer: parseAnswers(Buffer.concat(chunks))[0], closed }))
  })
  socket.write(
    `POST /api/v1/postcards HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${tokens.acmeTest}\r\nX-Request-Id: ${requestId}\r\nContent-Length: ${body.byteLength}\r\n\r\n`
  )
  socket.write(body.subarray(0, 40))
  // Let the server read the head: the request is now in flight.
  await new Promise((resolve) => setTimeout(resolve, 100))
  return {
    finish() {
      socket.write(body.subarray(40))
      return ended
    },
    ended,
  }
}

/** Whether a new connection is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(false)
    })
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'))
  })
}

/** Waits until `check` holds, every 20 ms, at most `ms`. */
async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = performance.now() + ms
  while (performance.now() < end) {
    if (await check()) return true
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return false
}

describe('preflight serve on SIGTERM', () => {
  test('should stop accepting, answer the requests in flight, then exit 0', async () => {
    const server = await startServe(['--shutdown-timeout', '10'])
    const inFlight = await Promise.all(
      Array.from({ length: 5 }, (_, index) => startSubmission(server.port, `stop-${index}`))
    )
    // An idle kept-alive connection is closed at once.
    const idle = await fetch(`${server.url}/openapi.json`)
    expect(idle.status).toBe(200)
    const stoppedAt = performance.now()
    server.child.kill('SIGTERM')
    expect(await until(() => refused(server.port), 2000)).toBe(true)
    // The requests in flight finish after the stop, and each gets its answer.
    const answers = await Promise.all(inFlight.map((request) => request.finish()))
    for (const [index, { answer, closed }] of answers.entries()) {
      expect(answer?.status).toBe(201)
      expect(JSON.parse(answer?.body ?? '')).toMatchObject({ request_id: `stop-${index}` })
      expect(answer?.headers['connection']).toBe('close')
      expect(closed).toBe('end')
    }
    expect(await server.exited).toBe(0)
    // Well within the timeout: nothing was left to wait for.
    expect(performance.now() - stoppedAt).toBeLessThan(5000)
  })

  test('should exit within --shutdown-timeout when a client never finishes', async () => {
    const server = await startServe(['--shutdown-timeout', '1.5'])
    const stuck = await startSubmission(server.port, 'stuck-1')
    const stoppedAt = performance.now()
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
    const took = performance.now() - stoppedAt
    expect(took).toBeGreaterThanOrEqual(1400)
    expect(took).toBeLessThan(4000)
    const { answer } = await stuck.ended
    expect(answer).toBeUndefined()
    expect(server.output()).toContain(
      'preflight serve: 1 connection was still open after 1.5 s and was closed'
    )
  })

  test('should exit at once on a second signal', async () => {
    const server = await startServe(['--shutdown-timeout', '30'])
    await startSubmission(server.port, 'stuck-2')
    const stoppedAt = performance.now()
    server.child.kill('SIGTERM')
    await new Promise((resolve) => setTimeout(resolve, 300))
    server.child.kill('SIGINT')
    expect(await server.exited).toBe(0)
    expect(performance.now() - stoppedAt).toBeLessThan(3000)
  })
})

describe('preflight serve --redis on SIGTERM', () => {
  let redis: RedisServer

  beforeAll(async () => {
    redis = await startRedisServer()
  })
  afterAll(async () => {
    await redis?.stop()
  })

  test('should keep every request answered during the stop for the next server', async () => {
    const first: ServeProcess = await startServe(['--redis', redis.url])
    const inFlight = await Promise.all(
      Array.from({ length: 5 }, (_, index) => startSubmission(first.port, `redis-stop-${index}`))
    )
    first.child.kill('SIGTERM')
    const answers = await Promise.all(inFlight.map((request) => request.finish()))
    expect(answers.map(({ answer }) => answer?.status)).toEqual([201, 201, 201, 201, 201])
    expect(await first.exited).toBe(0)

    const next = await startServe(['--redis', redis.url])
    const response = await fetch(`${next.url}/api/v1/entries?limit=1000`, {
      headers: { authorization: `Bearer ${tokens.acmeTest}` },
    })
    const ids = ((await response.json()) as { data: { request_id: string }[] }).data
      .map((entry) => entry.request_id)
      .filter((id) => id.startsWith('redis-stop-'))
      .sort()
    expect(ids).toEqual(Array.from({ length: 5 }, (_, index) => `redis-stop-${index}`))
    // Each replays the answer it got, byte for byte.
    for (const [index, { answer }] of answers.entries()) {
      const replay = await fetch(`${next.url}/api/v1/postcards`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${tokens.acmeTest}`,
          'x-request-id': `redis-stop-${index}`,
        },
        body: '{}',
      })
      expect(replay.status).toBe(409)
      expect(await replay.text()).toBe(answer?.body)
    }
    expect(await next.stop()).toBe(0)
  })
})
