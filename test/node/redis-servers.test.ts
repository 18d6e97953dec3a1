/**
 * Several sandbox processes sharing one Redis (`preflight serve --redis <url>`), run as users
 * run them: the built `bin/preflight.js` in child processes, a real `redis-server` on a free
 * loopback port. One client talks to both servers at once; idempotency, rate limits, entries,
 * logs and flow pauses must behave as if there were one server, also after one is killed with
 * SIGKILL and started again. `beforeAll` builds `dist/` when it is missing or older than `src/`.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ensureBuilt, root } from '../helpers/built-package.ts'
import {
  startServe,
  stopAllServes,
  writeShippedConfig,
  type ServeProcess,
} from '../helpers/preflight-process.ts'
import { a6Postcard, address } from '../server/sandbox.ts'
import { freePort, startRedisServer, type RedisServer } from '../helpers/redis-server.ts'

const bin = join(root, 'bin/preflight.js')

/** acme's A6 flow (active) and DL flow (paused) of the shipped config. */
const a6Flow = '7375c8ae-613b-4182-8fb6-51639fd11db4'
const acmeTest = 'dm_test_vUn2LzQrjwQUg9yTFaT5i6wC'
const globexLive = 'dm_live_zFyogUjeVWnBmgF2Ux7qZ3Lo'
const postcardsPerMinute = 30

let redis: RedisServer
let configPath: string
let folder: string

/** Starts `preflight serve --redis` on a free port. */
const startSandbox = () => startServe(['--config', configPath, '--redis', redis.url])

/** A valid submission to acme's A6 flow. */
const postcard = a6Postcard({ content: { greeting: 'Hello **Erika**!', body: 'Spring is here.' } })

/** One request; the answer's status, text and headers. */
async function send(
  base: string,
  path: string,
  init: { token?: string; body?: unknown; requestId?: string; method?: string } = {}
) {
  const headers: Record<string, string> = {
    authorization: `Bearer ${init.token ?? acmeTest}`,
  }
  if (init.requestId) headers['x-request-id'] = init.requestId
  if (init.body !== undefined) headers['content-type'] = 'application/json'
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  })
  return { status: response.status, text: await response.text(), headers: response.headers }
}

let a: ServeProcess
let b: ServeProcess

beforeAll(async () => {
  const [server] = await Promise.all([startRedisServer(), ensureBuilt()])
  redis = server
  folder = await mkdtemp(join(tmpdir(), 'preflight-redis-'))
  configPath = await writeShippedConfig(join(folder, 'sandbox.json'), {
    limits: { postcards_per_minute: postcardsPerMinute, campaigns_per_minute: 60 },
  })
  ;[a, b] = await Promise.all([startSandbox(), startSandbox()])
}, 120_000)

afterAll(async () => {
  await stopAllServes()
  await redis?.stop()
  if (folder) await rm(folder, { recursive: true, force: true })
})

describe('preflight serve --redis, two processes', () => {
  test('should create one entry and replay it when both servers get the same X-Request-Id at once', async () => {
    const [first, second] = await Promise.all([
      send(a.url, '/api/v1/postcards', { body: postcard, requestId: 'two-servers-1' }),
      send(b.url, '/api/v1/postcards', { body: postcard, requestId: 'two-servers-1' }),
    ])
    expect([first.status, second.status].sort()).toEqual([201, 409])
    expect(first.text).toBe(second.text)
    expect(JSON.parse(first.text)).toMatchObject({
      request_id: 'two-servers-1',
      flow_id: a6Flow,
      status: 'queued',
    })
    const entries = JSON.parse((await send(b.url, `/api/v1/entries?flow_id=${a6Flow}`)).text) as {
      data: { request_id: string }[]
    }
    expect(entries.data.filter((entry) => entry.request_id === 'two-servers-1')).toHaveLength(1)
    // Both requests are in the one API log (spec 1: every request is recorded).
    const logs = JSON.parse((await send(a.url, '/api/v1/logs')).text) as {
      data: { request_id: string; status: number }[]
    }
    expect(
      logs.data
        .filter((log) => log.request_id === 'two-servers-1')
        .map((log) => log.status)
        .sort()
    ).toEqual([201, 409])
  })

  test('should keep every pair of concurrent duplicates to one entry and one identical replay', async () => {
    const ids = Array.from({ length: 10 }, (_, index) => `two-servers-pair-${index}`)
    const answers = await Promise.all(
      ids.flatMap((id) => [
        send(a.url, '/api/v1/postcards', { body: postcard, requestId: id }),
        send(b.url, '/api/v1/postcards', { body: postcard, requestId: id }),
      ])
    )
    for (let index = 0; index < ids.length; index++) {
      const pair = [answers[2 * index], answers[2 * index + 1]]
      expect(pair.map((answer) => answer?.status).sort()).toEqual([201, 409])
      expect(pair[0]?.text).toBe(pair[1]?.text)
    }
    const entries = JSON.parse((await send(a.url, '/api/v1/entries?limit=1000')).text) as {
      data: { request_id: string }[]
    }
    for (const id of ids) {
      expect(entries.data.filter((entry) => entry.request_id === id)).toHaveLength(1)
    }
  })

  test('should hold the rate limit exactly across both servers', async () => {
    // 45 requests of one token at once, split over the two servers: the limit (30 a minute)
    // is one counter in Redis, so exactly 30 pass and 15 get 429.
    const answers = await Promise.all(
      Array.from({ length: 45 }, (_, index) =>
        send(index % 2 === 0 ? a.url : b.url, '/api/v1/postcards', {
          token: globexLive,
          body: {},
        })
      )
    )
    const passed = answers.filter((answer) => answer.status !== 429)
    const refused = answers.filter((answer) => answer.status === 429)
    expect(passed).toHaveLength(postcardsPerMinute)
    expect(refused).toHaveLength(45 - postcardsPerMinute)
    expect(new Set(passed.map((answer) => answer.status))).toEqual(new Set([422]))
    expect(
      passed
        .map((answer) => Number(answer.headers.get('x-ratelimit-remaining')))
        .sort((x, y) => x - y)
    ).toEqual(Array.from({ length: postcardsPerMinute }, (_, index) => index))
    for (const answer of refused) {
      expect(answer.text).toBe('{"message":"Too Many Attempts."}')
      expect(answer.headers.get('x-ratelimit-limit')).toBe(String(postcardsPerMinute))
      expect(answer.headers.get('x-ratelimit-remaining')).toBe('0')
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    }
  })

  test('should share flow pauses: paused on one server, accepted with 202 on the other', async () => {
    const paused = await send(a.url, `/api/v1/flows/${a6Flow}/pause`, { method: 'POST', body: {} })
    expect(paused.status).toBe(200)
    const held = await send(b.url, '/api/v1/postcards', { body: postcard, requestId: 'paused-1' })
    expect(held.status).toBe(202)
    expect(held.text).toBe(
      `{"request_id":"paused-1","flow_id":"${a6Flow}","status":"accepted","queued_for":null}`
    )
    const resumed = await send(b.url, `/api/v1/flows/${a6Flow}/resume`, {
      method: 'POST',
      body: {},
    })
    expect(resumed.status).toBe(200)
    const entries = JSON.parse((await send(a.url, '/api/v1/entries?limit=1000')).text) as {
      data: { request_id: string; status: string }[]
    }
    expect(entries.data.find((entry) => entry.request_id === 'paused-1')?.status).toBe('queued')
  })

  test('should still replay after a server is killed with SIGKILL and started again', async () => {
    const first = await send(a.url, '/api/v1/postcards', { body: postcard, requestId: 'killed-1' })
    expect(first.status).toBe(201)
    expect(await a.stop('SIGKILL')).toBe('SIGKILL')
    a = await startSandbox()
    const replay = await send(a.url, '/api/v1/postcards', {
      body: { ...postcard, to: { ...address, city: 'Bonn' } },
      requestId: 'killed-1',
    })
    expect(replay.status).toBe(409)
    expect(replay.text).toBe(first.text)
    // The earlier replays survive too, and nothing was created twice.
    const again = await send(a.url, '/api/v1/postcards', {
      body: postcard,
      requestId: 'two-servers-1',
    })
    expect(again.status).toBe(409)
    const entries = JSON.parse((await send(a.url, '/api/v1/entries?limit=1000')).text) as {
      data: { request_id: string }[]
    }
    expect(entries.data.filter((entry) => entry.request_id === 'killed-1')).toHaveLength(1)
    expect(entries.data.filter((entry) => entry.request_id === 'two-servers-1')).toHaveLength(1)
  })
})

describe('preflight serve --redis, misuse', () => {
  test('should exit with 2 and one line when Redis cannot be reached', async () => {
    const port = await freePort()
    const child = spawn(
      process.execPath,
      [bin, 'serve', '--port', '0', '--redis', `redis://127.0.0.1:${port}`],
      {
        cwd: root,
      }
    )
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const code = await new Promise((done) => child.once('exit', done))
    expect(code).toBe(2)
    expect(stderr).toBe(
      `preflight serve: Unexpected \`connect ECONNREFUSED 127.0.0.1:${port}\` connecting to \`redis://127.0.0.1:${port}\`, expected a reachable Redis server (see --redis)\n`
    )
  })

  test('should exit with 2 for a URL that is not a Redis URL', async () => {
    const child = spawn(process.execPath, [bin, 'serve', '--redis', 'localhost:6379'], {
      cwd: root,
    })
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const code = await new Promise((done) => child.once('exit', done))
    expect(code).toBe(2)
    expect(stderr).toBe(
      'preflight serve: Unexpected `localhost:6379` for the Redis URL, expected `redis://host:port` or `rediss://host:port` (see --redis)\n'
    )
  })
})
