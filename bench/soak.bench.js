// @ts-check
// Soak of the sandbox server (issue 8): 50 concurrent clients on loopback for a bounded time,
// against the BUILT server (`npx tsc -p tsconfig.build.json`; `npm run bench` builds) in its own
// process, so its memory is measured alone. Every answer is checked as it arrives and the whole
// run is accounted for at the end: every 201/202 made exactly one entry (counted by the server's
// store, compared by count and by two hash sums of the request ids), every replay is byte for
// byte the first answer, the rate limits hold exactly (600 postcard requests a minute per token:
// the 601st gets 429, never the 600th), idempotency records expire after the retention (a reused
// id is new again) and memory stays flat.
//
// Time is the server's injectable clock, moved by one minute per "phase" (2 s of real time)
// while no request is in flight, so every request belongs to exactly one rate-limit window and
// the count per window is exact under any concurrency.
//
// Used three ways: `run()` for `npm run bench`; `runSoak()`/`startSoakServer()` by
// test/node/soak.test.ts (CI: ~12 s; `PREFLIGHT_SOAK_SECONDS=60` for the documented run); and
// `node bench/soak.bench.js --soak-server '<json>'` is the server process itself.
import { fork } from 'node:child_process'
import { createServer } from 'node:http'
import { fileURLToPath } from 'node:url'

/** The virtual start: Monday 2 March 2026, 10:15 in Berlin. */
const START = Date.parse('2026-03-02T09:15:00Z')
const MINUTE = 60_000

/**
 * FNV-1a over UTF-16 code units, with a given offset basis: two bases give two independent
 * 32-bit hashes of a request id, whose sums compare the multisets of created entries.
 *
 * @param {string} text
 * @param {number} basis
 */
function fnv(text, basis) {
  let hash = basis
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

/** Running count and two hash sums of created entries (`account`, `mode`, `request_id`). */
function createTally() {
  let count = 0
  let sumA = 0
  let sumB = 0
  return {
    /** @param {string} account @param {string} mode @param {string} requestId */
    add(account, mode, requestId) {
      const scope = `${account}\u0000${mode}\u0000${requestId}`
      count++
      sumA = (sumA + fnv(scope, 0x811c9dc5)) % 2 ** 48
      sumB = (sumB + fnv(scope, 0x050c5d1f)) % 2 ** 48
    },
    value: () => ({ count, sumA, sumB }),
  }
}

// ---------------------------------------------------------------------------------------------
// The server process.

/**
 * Runs the sandbox of the shipped config on 127.0.0.1 with a clock moved by the parent, and
 * answers the parent's messages: `advance`, `memory`, `summary`, `stop`.
 *
 * @param {{ retentionMs: number, maxRecords: number, maxIdempotencyRecords?: number }} options
 */
async function serve(options) {
  const { createApiHandler } = await import('../dist/server/create-api-handler.js')
  const { memoryStore } = await import('../dist/server/memory-store.js')
  const { toNodeListener } = await import('../dist/node/serve.js')
  const { handlerOptionsOf, loadServerConfig } = await import('../dist/node/server-config.js')
  const config = await loadServerConfig()
  const inner = memoryStore({
    maxRecords: options.maxRecords,
    ...(options.maxIdempotencyRecords
      ? { maxIdempotencyRecords: options.maxIdempotencyRecords }
      : {}),
  })
  const tally = createTally()
  /** @type {string[]} */
  const errors = []
  let now = START
  // The soak never calls the sandbox routes that change entries, so every put is a new entry.
  const store = {
    ...inner,
    entries: {
      ...inner.entries,
      /** @param {import('../dist/server/store.js').EntryRecord} entry */
      put(entry) {
        tally.add(entry.account_id, entry.mode, entry.request_id)
        return inner.entries.put(entry)
      },
    },
  }
  const handler = createApiHandler({
    ...handlerOptionsOf(config),
    store,
    now: () => now,
    idempotencyRetentionMs: options.retentionMs,
    onError: (error) => {
      if (errors.length < 20) errors.push(String(error instanceof Error ? error.stack : error))
    },
  })
  const server = createServer({ keepAlive: true }, toNodeListener(handler))
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)))
  const address = /** @type {import('node:net').AddressInfo} */ (server.address())
  const gc = /** @type {() => void} */ (globalThis.gc)
  const send = (/** @type {unknown} */ message) => process.send?.(message)
  process.on('message', async (/** @type {{ type: string, id: number }} */ message) => {
    const reply = (/** @type {object} */ value) => send({ ...value, id: message.id })
    if (message.type === 'advance') {
      now += MINUTE
      reply({ now })
    } else if (message.type === 'memory') {
      gc()
      gc()
      const { heapUsed, rss } = process.memoryUsage()
      reply({ heapUsed, rss })
    } else if (message.type === 'summary') {
      /** @type {Record<string, number>} */
      const stored = {}
      for (const account of config.accounts) {
        for (const mode of /** @type {const} */ (['test', 'live'])) {
          const list = await inner.entries.list({ account_id: account.id, mode }, 1_000_000)
          stored[`${account.id}/${mode}`] = list.length
        }
      }
      reply({ created: tally.value(), errors, stored })
    } else if (message.type === 'stop') {
      server.closeAllConnections()
      server.close(() => {
        reply({})
        process.exit(0)
      })
    }
  })
  send({
    type: 'ready',
    url: `http://127.0.0.1:${address.port}`,
    limits: config.limits,
    tokens: config.accounts.flatMap((account) =>
      account.tokens.map((token) => ({
        token,
        account: account.id,
        mode: token.startsWith(`${config.tokenPrefix}_live_`) ? 'live' : 'test',
      }))
    ),
    flows: config.accounts.flatMap((account) =>
      account.flows.map((flow) => ({
        id: flow.id,
        account: account.id,
        paused: flow.paused === true,
        contentKeys: flow.design.markdownAreas.map((area) => area.key),
        qrKeys: flow.design.keyedQrCodes.map((code) => code.key),
      }))
    ),
  })
}

/**
 * @typedef {{ token: string, account: string, mode: 'test' | 'live' }} SoakToken
 * @typedef {{ id: string, account: string, paused: boolean, contentKeys: string[], qrKeys: string[] }} SoakFlow
 * @typedef {{
 *   url: string,
 *   tokens: SoakToken[],
 *   flows: SoakFlow[],
 *   limits: { postcardsPerMinute: number, campaignsPerMinute: number },
 *   retentionMs: number,
 *   maxRecords: number,
 *   maxIdempotencyRecords?: number,
 *   advance(): Promise<unknown>,
 *   memory(): Promise<{ heapUsed: number, rss: number }>,
 *   summary(): Promise<{ created: { count: number, sumA: number, sumB: number }, errors: string[], stored: Record<string, number> }>,
 *   stop(): Promise<void>,
 * }} SoakServer
 */

/**
 * Starts the server process (Node with `--expose-gc`, so memory is measured after a collection).
 *
 * @param {{ retentionMs?: number, maxRecords?: number, maxIdempotencyRecords?: number }} [options]
 *   Idempotency retention (default: 4 minutes of the virtual clock), records kept per account
 *   and mode (default: 2000, so the caps are reached early and memory must plateau), and
 *   completed idempotency records kept in all (default: the store's, 100 000).
 * @returns {Promise<SoakServer>}
 */
export async function startSoakServer(options = {}) {
  const settings = {
    retentionMs: options.retentionMs ?? 4 * MINUTE,
    maxRecords: options.maxRecords ?? 2000,
    ...(options.maxIdempotencyRecords === undefined
      ? {}
      : { maxIdempotencyRecords: options.maxIdempotencyRecords }),
  }
  const child = fork(fileURLToPath(import.meta.url), ['--soak-server', JSON.stringify(settings)], {
    execArgv: ['--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  let next = 0
  /** @type {Map<number, (value: any) => void>} */
  const waiting = new Map()
  /** @type {(value: any) => void} */
  let onReady = () => undefined
  const ready = new Promise((resolve, reject) => {
    onReady = resolve
    child.once('exit', (code) => reject(new Error(`The soak server exited with ${code}`)))
  })
  child.on('message', (/** @type {any} */ message) => {
    if (message.type === 'ready') onReady(message)
    else waiting.get(message.id)?.(message)
  })
  const ask = (/** @type {string} */ type) =>
    new Promise((resolve) => {
      const id = ++next
      waiting.set(id, (value) => {
        waiting.delete(id)
        resolve(value)
      })
      child.send({ type, id })
    })
  const info = /** @type {any} */ (await ready)
  return {
    url: info.url,
    tokens: info.tokens,
    flows: info.flows,
    limits: info.limits,
    ...settings,
    advance: () => ask('advance'),
    async memory() {
      const { heapUsed, rss } = /** @type {any} */ (await ask('memory'))
      return { heapUsed, rss }
    },
    async summary() {
      const { created, errors, stored } = /** @type {any} */ (await ask('summary'))
      return { created, errors, stored }
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      await ask('stop')
      await exited
    },
  }
}

// ---------------------------------------------------------------------------------------------
// The clients.

/** A seeded generator (mulberry32): the same seed gives the same request mix. */
function random(/** @type {number} */ seed) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** A sorted copy's value at a quantile. */
function quantile(/** @type {Float64Array} */ sorted, /** @type {number} */ q) {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
}

const address = {
  first_name: 'Erika',
  last_name: 'Mustermann',
  address_line1: 'Heidestraße 17',
  zip: '51147',
  city: 'Köln',
  country: 'DE',
}

/**
 * A valid submission to a flow, with a marker that makes each payload different. The marker is
 * in the recipient and the QR URL, not in the Markdown: the layout caches shaped words (up to
 * 20,000 per face), and unique words would make the heap grow until that cache is cleared.
 */
function postcardFor(/** @type {SoakFlow} */ flow, /** @type {string} */ marker) {
  /** @type {Record<string, unknown>} */
  const body = {
    flow_id: flow.id,
    from: {
      company: 'Bloom & Co.',
      address_line1: 'Gartenweg 3',
      zip: '10115',
      city: 'Berlin',
      country: 'DE',
    },
    to: { ...address, last_name: `Mustermann ${marker}` },
  }
  if (flow.contentKeys.length > 0) {
    body.content = Object.fromEntries(flow.contentKeys.map((key) => [key, 'Hello **Erika**!']))
  }
  if (flow.qrKeys.length > 0) {
    body.qr_codes = Object.fromEntries(
      flow.qrKeys.map((key) => [key, `https://example.com/c/${marker}`])
    )
  }
  return body
}

/** A valid campaign (spec 2.1). */
function campaignFor(/** @type {string} */ marker) {
  return {
    name: `Soak ${marker}`,
    description: null,
    metadata: [marker],
    processingType: 'one_off',
    addressVerification: true,
    segment: { source: 'csv', id: 'b2a0c6f4-2f7e-4f38-9a43-6c7a7f0b1c55' },
    design: { postcardDesignId: '2f1d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b' },
    delivery: { deliveryPeriodEndAt: '2026-04-30' },
    billing: { paymentMethod: 'rechnung', invoiceEmail: 'billing@example.com' },
  }
}

/**
 * @typedef {{
 *   seconds: number,
 *   clients: number,
 *   phases: number,
 *   requests: number,
 *   statuses: Record<string, number>,
 *   kinds: Record<string, number>,
 *   created: number,
 *   replays: number,
 *   refused: number,
 *   expiredReuses: number,
 *   inProgress: number,
 *   windows: { checked: number, full: number },
 *   latency: { median_us: number, p99_us: number, created_median_us: number, created_p99_us: number },
 *   memory: { samples: { heapUsed: number, rss: number }[], peakRss: number, peakHeap: number },
 *   server: { created: { count: number, sumA: number, sumB: number }, errors: string[], stored: Record<string, number> },
 *   expected: { count: number, sumA: number, sumB: number },
 *   failures: string[],
 *   failureCount: number,
 * }} SoakReport
 */

/**
 * Runs the soak against a server from {@link startSoakServer}.
 *
 * @param {SoakServer} server
 * @param {{ durationMs: number, clients?: number, phaseMs?: number, seed?: number }} options
 *   Real time to run; concurrent clients (default 50); real time per virtual minute (default
 *   2000 ms); seed of the request mix.
 * @returns {Promise<SoakReport>}
 */
export async function runSoak(server, options) {
  const clients = options.clients ?? 50
  const phaseMs = options.phaseMs ?? 2000
  const rng = random(options.seed ?? 8)
  const postcardLimit = server.limits.postcardsPerMinute
  const campaignLimit = server.limits.campaignsPerMinute
  const retentionPhases = server.retentionMs / MINUTE
  // With a bound on the idempotency records (`maxIdempotencyRecords`), the oldest ids and keys
  // are forgotten before their retention: replays use those of the current phase only (at most
  // ~2000 records, below the bound of the soak).
  const rememberedPhases = server.maxIdempotencyRecords === undefined ? retentionPhases : 1
  const testTokens = server.tokens.filter((token) => token.mode === 'test')
  const hot = testTokens[0]
  if (!hot) throw new Error('The soak needs a test token')
  const flowsOf = (/** @type {string} */ account) =>
    server.flows.filter((flow) => flow.account === account)
  const liveOf = (/** @type {string} */ account) =>
    server.tokens.find((token) => token.account === account && token.mode === 'live')

  const tally = createTally()
  /** @type {Record<string, number>} */
  const statuses = {}
  /** @type {Record<string, number>} */
  const kinds = {}
  /** @type {string[]} */
  const failures = []
  let failureCount = 0
  const fail = (/** @type {string} */ text) => {
    failureCount++
    if (failures.length < 20) failures.push(text)
  }
  /** Rate-limit windows: `endpoint token phase` → allowed count, refused count, remainings. */
  /** @type {Map<string, { allowed: number, refused: number, remaining: number[], limit: number }>} */
  const windows = new Map()
  const latencies = []
  const createdLatencies = []
  let requests = 0
  let replays = 0
  let expiredReuses = 0
  let inProgress = 0
  let phase = 0
  let stopped = false
  let inFlight = 0
  /** @type {Promise<void> | undefined} */
  let paused
  /** @type {() => void} */
  let resume = () => undefined
  /** @type {() => void} */
  let drained = () => undefined

  /**
   * Sends one request and books it: status, latency, rate-limit window.
   *
   * @param {{ method?: string, path: string, token: SoakToken, body?: unknown, requestId?: string, idempotencyKey?: string }} request
   */
  async function send(request) {
    /** @type {Record<string, string>} */
    const headers = { authorization: `Bearer ${request.token.token}` }
    if (request.body !== undefined) headers['content-type'] = 'application/json'
    if (request.requestId !== undefined) headers['x-request-id'] = request.requestId
    if (request.idempotencyKey !== undefined) headers['idempotency-key'] = request.idempotencyKey
    const sentIn = phase
    const started = performance.now()
    const response = await fetch(`${server.url}${request.path}`, {
      method: request.method ?? 'POST',
      headers,
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    })
    const text = await response.text()
    const micros = (performance.now() - started) * 1000
    if (sentIn !== phase) fail(`A request crossed a phase boundary: ${request.path}`)
    requests++
    latencies.push(micros)
    statuses[response.status] = (statuses[response.status] ?? 0) + 1
    const endpoint =
      request.path === '/api/v1/postcards'
        ? 'postcards'
        : request.path === '/api/v1/campaigns'
          ? 'campaigns'
          : undefined
    if (endpoint && (request.method ?? 'POST') === 'POST') {
      const key = `${endpoint} ${request.token.token} ${sentIn}`
      let window = windows.get(key)
      if (!window) {
        window = {
          allowed: 0,
          refused: 0,
          remaining: [],
          limit: endpoint === 'postcards' ? postcardLimit : campaignLimit,
        }
        windows.set(key, window)
      }
      if (response.status === 429) {
        window.refused++
        if (text !== '{"message":"Too Many Attempts."}') fail(`429 body ${text}`)
        if (response.headers.get('x-ratelimit-remaining') !== '0')
          fail('429 without X-RateLimit-Remaining: 0')
        if (!(Number(response.headers.get('retry-after')) >= 1)) fail('429 without Retry-After')
      } else {
        window.allowed++
        window.remaining.push(Number(response.headers.get('x-ratelimit-remaining')))
      }
      if (response.headers.get('x-ratelimit-limit') !== String(window.limit)) {
        fail(`X-RateLimit-Limit ${response.headers.get('x-ratelimit-limit')} on ${endpoint}`)
      }
    }
    if (response.status === 201 || response.status === 202) createdLatencies.push(micros)
    return { status: response.status, text, headers: response.headers, sentIn }
  }

  /**
   * Books a created entry, or fails.
   *
   * @param {SoakToken} token
   * @param {{ status: number, text: string, headers: Headers }} answer
   * @param {string} [requestId]
   */
  function created(token, answer, requestId) {
    const id = requestId ?? answer.headers.get('x-request-id') ?? ''
    let json
    try {
      json = JSON.parse(answer.text)
    } catch {
      json = undefined
    }
    const keys = json && typeof json === 'object' ? Object.keys(json).join(',') : ''
    if (keys !== 'request_id,flow_id,status,queued_for' || json.request_id !== id) {
      fail(`201/202 body ${answer.text}`)
    }
    if ((answer.status === 201) !== (json?.status === 'queued'))
      fail(`status ${answer.status} with ${answer.text}`)
    tally.add(token.account, token.mode, id)
  }

  /** @param {number} index */
  async function client(index) {
    // Half the clients share the hot token, whose minute fills up: the 429 path under load.
    const token =
      index % 2 === 0 ? hot : (server.tokens[Math.floor(index / 2) % server.tokens.length] ?? hot)
    const flows = flowsOf(token.account)
    const live = liveOf(token.account)
    /** @type {{ id: string, text: string, phase: number }[]} */
    const recent = []
    /** @type {{ id: string, phase: number }[]} */
    const aged = []
    /** @type {{ key: string, body: unknown, text: string, phase: number }[]} */
    const campaigns = []
    let counter = 0
    const fresh = () => `soak-${index}-${counter++}`
    const flow = () => flows[Math.floor(rng() * flows.length)] ?? flows[0]

    const submit = async (/** @type {string} */ id) => {
      const target = /** @type {SoakFlow} */ (flow())
      const answer = await send({
        path: '/api/v1/postcards',
        token,
        body: postcardFor(target, id),
        requestId: id,
      })
      if (answer.status === 201 || answer.status === 202) {
        created(token, answer, id)
        recent.push({ id, text: answer.text, phase: answer.sentIn })
        if (recent.length > 32) recent.shift()
        if (counter % 16 === 0) {
          aged.push({ id, phase: answer.sentIn })
          if (aged.length > 16) aged.shift()
        }
      } else if (answer.status !== 429) fail(`new postcard: ${answer.status} ${answer.text}`)
      return answer
    }

    while (!stopped) {
      if (paused) await paused
      if (stopped) break
      inFlight++
      try {
        const roll = rng()
        const kind =
          roll < 0.5
            ? 'new'
            : roll < 0.65
              ? 'replay'
              : roll < 0.73
                ? 'duplicate'
                : roll < 0.81
                  ? 'invalid'
                  : roll < 0.88
                    ? 'anonymous'
                    : roll < 0.93
                      ? 'campaign'
                      : roll < 0.95
                        ? 'expired'
                        : 'read'
        kinds[kind] = (kinds[kind] ?? 0) + 1
        if (kind === 'new') await submit(fresh())
        else if (kind === 'replay') {
          // Within the retention, a replay is unconditional (spec 4.1 rules 1-2): another
          // payload gets the first answer, byte for byte.
          const candidates = recent.filter((item) => phase - item.phase < rememberedPhases)
          const item = candidates[Math.floor(rng() * candidates.length)]
          if (item) {
            const answer = await send({
              path: '/api/v1/postcards',
              token,
              body: postcardFor(/** @type {SoakFlow} */ (flow()), 'other'),
              requestId: item.id,
            })
            if (answer.status === 409) {
              replays++
              if (answer.text !== item.text)
                fail(`replay of ${item.id}: ${answer.text} ≠ ${item.text}`)
            } else if (answer.status !== 429)
              fail(`replay of ${item.id}: ${answer.status} ${answer.text}`)
          }
        } else if (kind === 'duplicate') {
          const id = fresh()
          const target = /** @type {SoakFlow} */ (flow())
          const pair = await Promise.all([
            send({
              path: '/api/v1/postcards',
              token,
              body: postcardFor(target, id),
              requestId: id,
            }),
            send({
              path: '/api/v1/postcards',
              token,
              body: postcardFor(target, id),
              requestId: id,
            }),
          ])
          const made = pair.filter((answer) => answer.status === 201 || answer.status === 202)
          const replayed = pair.filter((answer) => answer.status === 409)
          for (const answer of made) created(token, answer, id)
          if (made.length > 1) fail(`two entries for ${id}`)
          for (const answer of replayed) {
            if (answer.text.includes('"request_in_progress"')) inProgress++
            else if (made[0]?.text !== answer.text) fail(`duplicate ${id}: ${answer.text}`)
            else replays++
          }
          if (replayed.length > 0 && made.length === 0) fail(`replay without an entry for ${id}`)
          for (const answer of pair) {
            if (![201, 202, 409, 429].includes(answer.status)) fail(`duplicate: ${answer.status}`)
          }
        } else if (kind === 'invalid') {
          // A refused payload is not remembered: the same id then creates the entry.
          const id = fresh()
          const target = /** @type {SoakFlow} */ (flow())
          const { to: _to, ...body } = postcardFor(target, id)
          const answer = await send({ path: '/api/v1/postcards', token, body, requestId: id })
          if (answer.status === 422) {
            if (!answer.text.startsWith('{"message":"The to field is required.'))
              fail(`422 ${answer.text}`)
            await submit(id)
          } else if (answer.status !== 429) fail(`invalid: ${answer.status} ${answer.text}`)
        } else if (kind === 'anonymous') {
          const target = /** @type {SoakFlow} */ (flow())
          const answer = await send({
            path: '/api/v1/postcards',
            token,
            body: postcardFor(target, 'anon'),
          })
          if (answer.status === 201 || answer.status === 202) created(token, answer)
          else if (answer.status !== 429) fail(`anonymous: ${answer.status} ${answer.text}`)
        } else if (kind === 'campaign' && live) {
          const roll2 = rng()
          // Keys are remembered for the retention, like request ids.
          const current = campaigns.filter((item) => phase - item.phase < rememberedPhases)
          const known = current[Math.floor(rng() * current.length)]
          if (known && roll2 < 0.3) {
            // Same key, same payload: the original campaign again (spec 4.2).
            const answer = await send({
              path: '/api/v1/campaigns',
              token: live,
              body: known.body,
              idempotencyKey: known.key,
            })
            if (answer.status === 201) {
              if (answer.text !== known.text) fail(`campaign replay ${answer.text} ≠ ${known.text}`)
              else replays++
            } else if (answer.status !== 429)
              fail(`campaign replay: ${answer.status} ${answer.text}`)
          } else if (known && roll2 < 0.45) {
            // Same key, another payload: 409 (spec 4.2).
            const answer = await send({
              path: '/api/v1/campaigns',
              token: live,
              body: campaignFor('other'),
              idempotencyKey: known.key,
            })
            if (answer.status !== 409 && answer.status !== 429)
              fail(`campaign mismatch: ${answer.status} ${answer.text}`)
          } else {
            const key = `campaign-${index}-${counter++}`
            const body = campaignFor(key)
            const answer = await send({
              path: '/api/v1/campaigns',
              token: live,
              body,
              idempotencyKey: key,
            })
            if (answer.status === 201) {
              campaigns.push({ key, body, text: answer.text, phase: answer.sentIn })
              if (campaigns.length > 8) campaigns.shift()
            } else if (answer.status !== 429) fail(`campaign: ${answer.status} ${answer.text}`)
          }
        } else if (kind === 'expired') {
          // After the retention the record is gone (memory stays flat): the id is new again.
          const at = aged.findIndex((item) => phase - item.phase > retentionPhases)
          const item = aged[at]
          if (item) {
            aged.splice(at, 1)
            const answer = await submit(item.id)
            if (answer.status === 201 || answer.status === 202) expiredReuses++
          }
        } else if (kind === 'read') {
          const answer = await send({ method: 'GET', path: '/api/v1/entries?limit=5', token })
          const data = answer.status === 200 ? JSON.parse(answer.text).data : undefined
          if (!Array.isArray(data) || data.length > 5)
            fail(`entries: ${answer.status} ${answer.text.slice(0, 200)}`)
        }
      } catch (error) {
        fail(`client ${index}: ${error instanceof Error ? error.message : String(error)}`)
      } finally {
        inFlight--
        if (paused && inFlight === 0) drained()
      }
    }
  }

  /** @type {{ heapUsed: number, rss: number }[]} */
  const samples = [await server.memory()]
  const started = performance.now()
  const running = Array.from({ length: clients }, (_, index) => client(index))
  while (performance.now() - started < options.durationMs) {
    await new Promise((resolve) => setTimeout(resolve, phaseMs))
    // Close the minute: hold the clients, wait for the requests in flight, move the clock.
    paused = new Promise((resolvePause) => (resume = () => resolvePause(undefined)))
    if (inFlight > 0) await new Promise((resolveDrain) => (drained = () => resolveDrain(undefined)))
    samples.push(await server.memory())
    await server.advance()
    phase++
    if (performance.now() - started >= options.durationMs) stopped = true
    const release = resume
    paused = undefined
    release()
  }
  stopped = true
  await Promise.all(running)
  const seconds = (performance.now() - started) / 1000

  let full = 0
  for (const [key, window] of windows) {
    const sorted = window.remaining.sort((a, b) => a - b)
    const expected = Array.from(
      { length: window.allowed },
      (_, index) => window.limit - window.allowed + index
    )
    if (window.allowed > window.limit)
      fail(`${key}: ${window.allowed} allowed, limit ${window.limit}`)
    if (window.refused > 0 && window.allowed !== window.limit) {
      fail(`${key}: 429 after ${window.allowed} allowed, limit ${window.limit}`)
    }
    if (sorted.join() !== expected.join()) fail(`${key}: remaining ${sorted.slice(0, 5).join()}...`)
    if (window.refused > 0) full++
  }
  const server_ = await server.summary()
  const expected = tally.value()
  if (server_.errors.length > 0) fail(`server errors: ${server_.errors[0]}`)
  if (JSON.stringify(server_.created) !== JSON.stringify(expected)) {
    fail(`entries: server ${JSON.stringify(server_.created)}, clients ${JSON.stringify(expected)}`)
  }
  const sortedLatencies = Float64Array.from(latencies).sort()
  const sortedCreated = Float64Array.from(createdLatencies).sort()
  return {
    seconds,
    clients,
    phases: phase,
    requests,
    statuses,
    kinds,
    created: expected.count,
    replays,
    refused: statuses[429] ?? 0,
    expiredReuses,
    inProgress,
    windows: { checked: windows.size, full },
    latency: {
      median_us: quantile(sortedLatencies, 0.5),
      p99_us: quantile(sortedLatencies, 0.99),
      created_median_us: quantile(sortedCreated, 0.5),
      created_p99_us: quantile(sortedCreated, 0.99),
    },
    memory: {
      samples,
      peakRss: Math.max(...samples.map((sample) => sample.rss)),
      peakHeap: Math.max(...samples.map((sample) => sample.heapUsed)),
    },
    server: server_,
    expected,
    failures,
    failureCount,
  }
}

/**
 * `npm run bench`: a 15-second soak; latency of every request and of the ones that created an
 * entry, with the accounting in the note.
 *
 * @returns {Promise<{ name: string, median_us: number, p99_us: number, note: string }[]>}
 */
export async function run() {
  const server = await startSoakServer()
  try {
    const report = await runSoak(server, { durationMs: 15_000 })
    const mb = (/** @type {number} */ bytes) => `${(bytes / 1_048_576).toFixed(0)} MB`
    const lost = report.failureCount === 0 ? 'nothing lost' : `${report.failureCount} FAILURES`
    const note = `${report.requests} requests in ${report.seconds.toFixed(1)} s by ${report.clients} clients (${(report.requests / report.seconds).toFixed(0)}/s): ${report.created} entries, ${report.replays} identical replays, ${report.refused} × 429 (${report.windows.full} full minutes exact), peak RSS ${mb(report.memory.peakRss)}, ${lost}`
    return [
      {
        name: 'soak: any request, 50 clients',
        median_us: report.latency.median_us,
        p99_us: report.latency.p99_us,
        note,
      },
      {
        name: 'soak: request that created an entry (201/202)',
        median_us: report.latency.created_median_us,
        p99_us: report.latency.created_p99_us,
        note: 'A6, DL and A5 flows of the shipped config: Markdown fit-checked on the shipped fonts, QR URLs',
      },
    ]
  } finally {
    await server.stop()
  }
}

const serverFlag = process.argv.indexOf('--soak-server')
if (serverFlag >= 0) await serve(JSON.parse(process.argv[serverFlag + 1] ?? '{}'))
