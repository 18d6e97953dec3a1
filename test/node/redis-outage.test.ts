/**
 * `preflight serve --redis` through Redis outages, with real processes: a real `redis-server`
 * (append-only file written before every reply, so a restart keeps what it acknowledged) killed
 * with SIGKILL and started again on the same port, or stopped with SIGSTOP (a hung server);
 * real `preflight serve` children. While Redis is away every request gets a prompt
 * `503 {"message", "code": "store_unavailable"}` with `Retry-After` (never a hang); once Redis
 * is back the server recovers by itself (no restart); and clients that retry with the same
 * `X-Request-Id` end with exactly one entry per id, whatever the outage cut short.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ensureBuilt } from '../helpers/built-package.ts'
import { startServe, stopAllServes, type ServeProcess } from '../helpers/preflight-process.ts'
import { freePort, startRedisServer, type RedisServer } from '../helpers/redis-server.ts'
import { a6Postcard, tokens } from '../server/sandbox.ts'

let folder: string
let port: number
let redis: RedisServer
let sandbox: ServeProcess

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'redis-outage-'))
  port = await freePort()
  ;[redis] = await Promise.all([startRedisServer({ port, dir: folder }), ensureBuilt()])
  // The shipped config with the rate limit lifted: these tests count entries through crashes,
  // and a fast machine sends more than 600 postcards a minute (spec 8) in the last one.
  const shipped = new URL('../../config/sandbox.json', import.meta.url)
  const config = JSON.parse(await readFile(shipped, 'utf8')) as {
    accounts: { flows: { design: string }[] }[]
  }
  for (const account of config.accounts) {
    for (const flow of account.flows) flow.design = fileURLToPath(new URL(flow.design, shipped))
  }
  const configPath = join(folder, 'sandbox.json')
  await writeFile(
    configPath,
    JSON.stringify({ ...config, limits: { postcards_per_minute: 1_000_000 } })
  )
  sandbox = await startServe(['--redis', redis.url, '--config', configPath])
}, 120_000)

afterAll(async () => {
  if (redis?.process.signalCode === null) redis.process.kill('SIGCONT')
  await stopAllServes()
  await redis?.stop()
  await rm(folder, { recursive: true, force: true })
})

/** One answer: status, headers, text, and how long it took. */
interface Answer {
  readonly status: number
  readonly text: string
  readonly headers: Headers
  readonly ms: number
}

/** Submits the A6 postcard with an id (status 0 when the connection failed). */
async function submit(requestId: string): Promise<Answer> {
  const started = performance.now()
  try {
    const response = await fetch(`${sandbox.url}/api/v1/postcards`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${tokens.acmeTest}`,
        'content-type': 'application/json',
        'x-request-id': requestId,
      },
      body: JSON.stringify(a6Postcard()),
    })
    const text = await response.text()
    return {
      status: response.status,
      text,
      headers: response.headers,
      ms: performance.now() - started,
    }
  } catch {
    return { status: 0, text: '', headers: new Headers(), ms: performance.now() - started }
  }
}

/** The request ids of acme's test entries. */
async function entryIds(): Promise<string[]> {
  const response = await fetch(`${sandbox.url}/api/v1/entries?limit=1000`, {
    headers: { authorization: `Bearer ${tokens.acmeTest}` },
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { data: { request_id: string }[] }).data.map(
    (entry) => entry.request_id
  )
}

/**
 * Sends an id until it is settled (201, 202 or 409 with the first answer), as a client retrying
 * after `Retry-After` does; at most `ms`.
 */
async function settle(requestId: string, ms: number): Promise<Answer> {
  const end = performance.now() + ms
  for (;;) {
    const answer = await submit(requestId)
    const retryable =
      answer.status === 0 ||
      answer.status === 503 ||
      (answer.status === 409 && answer.text.includes('"request_in_progress"'))
    if (!retryable || performance.now() > end) return answer
    const wait = Number(answer.headers.get('retry-after') ?? '1')
    await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 1) * 250))
  }
}

/** Expects the refusal of an unreachable store. */
function expectUnavailable(answer: Answer): void {
  expect(answer.status).toBe(503)
  expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8')
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
  expect(JSON.parse(answer.text)).toEqual({
    message: 'The sandbox cannot reach its store; retry in a moment.',
    code: 'store_unavailable',
  })
}

describe('preflight serve --redis through an outage', () => {
  test('should answer 503 while Redis is down, and recover by itself when it returns', async () => {
    const first = await submit('outage-a')
    expect(first.status).toBe(201)

    redis.process.kill('SIGKILL')
    await new Promise((resolve) => redis.process.once('exit', resolve))
    for (const id of ['outage-b', 'outage-a']) {
      const answer = await submit(id)
      expectUnavailable(answer)
      expect(answer.ms).toBeLessThan(3000)
    }
    const list = await fetch(`${sandbox.url}/api/v1/entries`, {
      headers: { authorization: `Bearer ${tokens.acmeTest}` },
    })
    expect(list.status).toBe(503)

    redis = await startRedisServer({ port, dir: folder })
    // The same server process, not restarted: within a few seconds it is back.
    const b = await settle('outage-b', 15_000)
    expect(b.status).toBe(201)
    const a = await submit('outage-a')
    expect(a.status).toBe(409)
    expect(a.text).toBe(first.text)
    const ids = await entryIds()
    expect(ids.filter((id) => id === 'outage-a')).toHaveLength(1)
    expect(ids.filter((id) => id === 'outage-b')).toHaveLength(1)
  })

  test('should answer 503 within a bounded time while Redis hangs, never hang itself', async () => {
    redis.process.kill('SIGSTOP')
    try {
      const answers = await Promise.all([submit('hang-1'), submit('hang-2')])
      for (const answer of answers) {
        expectUnavailable(answer)
        expect(answer.ms).toBeLessThan(6000)
      }
    } finally {
      redis.process.kill('SIGCONT')
    }
    for (const id of ['hang-1', 'hang-2']) expect((await settle(id, 40_000)).status).toBe(201)
    const ids = await entryIds()
    for (const id of ['hang-1', 'hang-2'])
      expect(ids.filter((found) => found === id)).toHaveLength(1)
  })

  test('should end with exactly one entry per id when clients retry through a crash', async () => {
    // 8 clients submit new ids back to back; Redis is killed in the middle and restarted.
    const ids: string[] = []
    let stop = false
    const clients = Array.from({ length: 8 }, async (_, client) => {
      for (let index = 0; !stop; index++) {
        const id = `crash-${client}-${index}`
        ids.push(id)
        await submit(id)
      }
    })
    await new Promise((resolve) => setTimeout(resolve, 400))
    redis.process.kill('SIGKILL')
    await new Promise((resolve) => redis.process.once('exit', resolve))
    await new Promise((resolve) => setTimeout(resolve, 300))
    redis = await startRedisServer({ port, dir: folder })
    await new Promise((resolve) => setTimeout(resolve, 300))
    stop = true
    await Promise.all(clients)
    // Every client retries each of its ids until it is settled: 201, 202 or a replay.
    const settled = await Promise.all(ids.map((id) => settle(id, 45_000)))
    for (const answer of settled) expect([201, 202, 409]).toContain(answer.status)
    const stored = await entryIds()
    for (const id of ids) expect(stored.filter((found) => found === id)).toHaveLength(1)
  }, 120_000)
})
