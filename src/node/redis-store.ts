/**
 * Node only: the sandbox's {@link Store} in Redis, so that several server processes (behind one
 * load balancer, or restarted after a crash) share idempotency records, rate-limit counters,
 * entries, API logs, campaigns and flow pauses: a store in memory is correct for one process only.
 *
 * Every operation that reads and then writes is one Lua script, which Redis runs atomically:
 * reserving an idempotency key (Redis `SET … NX`, https://redis.io/docs/latest/commands/set/,
 * extended with the lease and the expiry of the record), completing or releasing it only by its
 * owner (the owner-checked compare-and-set), counting a rate-limit hit, and inserting a record
 * into a capped collection. No check-then-act ever spans two round trips.
 *
 * Time is the caller's `now` (the handler's clock), as in `memoryStore`, so windows and leases
 * mean the same for every instance; Redis key expiry (`PEXPIRE`) only removes records once they
 * can no longer matter, so memory stays flat without a sweep.
 *
 * The client is anything with ioredis's `eval`/`evalsha` (an ioredis `Redis`); `ioredis` itself
 * is only loaded by {@link openRedisStore}, so the package needs it only when Redis is used.
 *
 * @module
 */
import { createHash } from 'node:crypto'
import type {
  CampaignRecord,
  EntryRecord,
  IdempotencyReservation,
  LogRecord,
  RateLimitResult,
  Store,
  StoredResponse,
  TokenMode,
} from '../server/store.ts'
import { StoreUnavailableError } from '../server/store-unavailable-error.ts'

/**
 * The part of a Redis client the store uses: Lua scripts by hash, with the script as fallback.
 * An ioredis `Redis` (or `Cluster`: all keys of one script share a hash tag) fits.
 */
export interface RedisClient {
  evalsha(sha1: string, numkeys: number, ...args: (string | number)[]): Promise<unknown>
  eval(script: string, numkeys: number, ...args: (string | number)[]): Promise<unknown>
}

/** Options of {@link redisStore} and {@link openRedisStore}. */
export interface RedisStoreOptions {
  /**
   * Prefix of every key, so that several sandboxes (or tests) can share one Redis database
   * (default: `preflight:`).
   */
  readonly prefix?: string
  /**
   * Log records, entries and campaigns kept per account and mode; the oldest go first, as in
   * `memoryStore` (default: `10000`).
   */
  readonly maxRecords?: number
}

/** A store with the connection it opened; `close` ends the connection. */
export interface RedisStore extends Store {
  /** Ends the connection after the commands sent so far (`QUIT`). */
  close(): Promise<void>
}

/** Misuse of the Redis store: options that cannot work, a URL that is not Redis's, no server. */
export class RedisStoreError extends Error {
  override readonly name = 'RedisStoreError'
}

/** A Lua script with its SHA-1, run by `EVALSHA` and loaded by `EVAL` when Redis lacks it. */
interface Script {
  readonly source: string
  readonly sha: string
}

function script(source: string): Script {
  return { source, sha: createHash('sha1').update(source).digest('hex') }
}

/**
 * Reserve: a record is `state`, `fp`, `owner`, `until` (lease end or expiry, in the caller's
 * epoch ms) and `at` (when it was reserved). A record whose `until` has passed is free.
 * KEYS: record. ARGV: fingerprint, owner, now, until, leaseMs.
 */
const reserveScript = script(`
local record = redis.call('HMGET', KEYS[1], 'state', 'fp', 'until', 'response')
if record[1] and tonumber(record[3]) > tonumber(ARGV[3]) then
  if record[1] == 'completed' then return {'completed', record[2], record[4]} end
  return {'pending', record[2]}
end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'state', 'pending', 'fp', ARGV[1], 'owner', ARGV[2], 'until', ARGV[4], 'at', ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return {'reserved'}
`)

/**
 * Complete, by the owner of a pending record only. The key lives until the record expires:
 * `expiresAt - at` from the reservation, never less than its logical lifetime.
 * KEYS: record. ARGV: owner, response (JSON), expiresAt.
 */
const completeScript = script(`
local record = redis.call('HMGET', KEYS[1], 'state', 'owner', 'at')
if record[1] ~= 'pending' or record[2] ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'state', 'completed', 'response', ARGV[2], 'until', ARGV[3])
redis.call('HDEL', KEYS[1], 'owner')
local ttl = tonumber(ARGV[3]) - tonumber(record[3])
if ttl < 1 then ttl = 1 end
redis.call('PEXPIRE', KEYS[1], string.format('%d', ttl))
return 1
`)

/** Release, by the owner of a pending record only. KEYS: record. ARGV: owner. */
const releaseScript = script(`
local record = redis.call('HMGET', KEYS[1], 'state', 'owner')
if record[1] == 'pending' and record[2] == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 0
`)

/**
 * A fixed-window hit: the window starts at the first hit and ends `windowMs` later; a refused
 * hit is not counted. KEYS: window. ARGV: limit, windowMs, now, now + windowMs.
 * Returns allowed (0/1), remaining, resetAt (as a string: epoch ms exceed Lua's integer reply).
 */
const hitScript = script(`
local limit = tonumber(ARGV[1])
local now = tonumber(ARGV[3])
local window = redis.call('HMGET', KEYS[1], 'count', 'reset')
local count = tonumber(window[1])
local reset = window[2]
if not count or tonumber(reset) <= now then
  count = 0
  reset = ARGV[4]
  redis.call('DEL', KEYS[1])
  redis.call('HSET', KEYS[1], 'count', 0, 'reset', reset)
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
if count >= limit then return {0, 0, reset} end
count = redis.call('HINCRBY', KEYS[1], 'count', 1)
return {1, limit - count, reset}
`)

/**
 * Inserts or replaces a record of a capped collection: `data` (id → JSON) ordered by `order`
 * (id → insertion number; a replaced record keeps its place), the oldest dropped beyond `max`.
 * Entries also keep, per id, their flow (`flows`, with one ordered set per flow), their request
 * id (`requests`) and creation time (`created`), and `byRequest` (request id → the latest entry
 * of that request, as `memoryStore` keeps it).
 * KEYS: data, order, seq, flows, requests, created, byRequest, the flow's set.
 * ARGV: id, json, max, flow, request id, created_at, prefix of the flow sets (`''` for a
 * collection without flows: logs, campaigns).
 */
const putScript = script(`
local id, max, flowPrefix = ARGV[1], tonumber(ARGV[3]), ARGV[7]
local entries = flowPrefix ~= ''
local score = redis.call('ZSCORE', KEYS[2], id)
local replacing = score ~= false
if replacing then
  if entries then
    local old = redis.call('HGET', KEYS[4], id)
    if old and old ~= ARGV[4] then redis.call('ZREM', flowPrefix .. old, id) end
  end
else
  score = redis.call('INCR', KEYS[3])
  redis.call('ZADD', KEYS[2], score, id)
end
redis.call('HSET', KEYS[1], id, ARGV[2])
if entries then
  redis.call('ZADD', KEYS[8], score, id)
  redis.call('HSET', KEYS[4], id, ARGV[4])
  redis.call('HSET', KEYS[5], id, ARGV[5])
  redis.call('HSET', KEYS[6], id, ARGV[6])
end
if not replacing and redis.call('ZCARD', KEYS[2]) > max then
  local dropped = redis.call('ZPOPMIN', KEYS[2])[1]
  redis.call('HDEL', KEYS[1], dropped)
  if entries then
    local flow = redis.call('HGET', KEYS[4], dropped)
    if flow then redis.call('ZREM', flowPrefix .. flow, dropped) end
    local request = redis.call('HGET', KEYS[5], dropped)
    if request and redis.call('HGET', KEYS[7], request) == dropped then
      redis.call('HDEL', KEYS[7], request)
    end
    redis.call('HDEL', KEYS[4], dropped)
    redis.call('HDEL', KEYS[5], dropped)
    redis.call('HDEL', KEYS[6], dropped)
  end
end
if entries then
  local current = redis.call('HGET', KEYS[7], ARGV[5])
  local created = current and redis.call('HGET', KEYS[6], current)
  if not created or created <= ARGV[6] then redis.call('HSET', KEYS[7], ARGV[5], id) end
end
return 1
`)

/**
 * The newest `count` records of an ordered set, newest first, as JSON texts.
 * KEYS: data, the ordered set. ARGV: count.
 */
const newestScript = script(`
local ids = redis.call('ZREVRANGE', KEYS[2], 0, tonumber(ARGV[1]) - 1)
local found = {}
for _, id in ipairs(ids) do
  local json = redis.call('HGET', KEYS[1], id)
  if json then found[#found + 1] = json end
end
return found
`)

/** The entry a request id points at, as JSON. KEYS: byRequest, data. ARGV: request id. */
const byRequestScript = script(`
local id = redis.call('HGET', KEYS[1], ARGV[1])
if not id then return false end
return redis.call('HGET', KEYS[2], id)
`)

/** Reads one hash field. KEYS: hash. ARGV: field. */
const getScript = script(`return redis.call('HGET', KEYS[1], ARGV[1])`)

/** Sets one hash field. KEYS: hash. ARGV: field, value. */
const setScript = script(`return redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])`)

/** With the `u` flag a surrogate class matches only a surrogate without its partner. */
const loneSurrogate = /[\uD800-\uDFFF]/u

/**
 * A string as a key part that survives the trip to Redis: clients send strings as UTF-8, which
 * turns every lone UTF-16 surrogate into U+FFFD (two different keys would meet). Well-formed
 * strings stay as they are (readable in `redis-cli`); others, and the rare one starting with
 * U+0001, become U+0001 and their JSON text, whose `\uXXXX` escapes keep them apart.
 */
function part(text: string): string {
  return loneSurrogate.test(text) || text.startsWith('\u0001')
    ? `\u0001${JSON.stringify(text)}`
    : text
}

/** Whether an error is Redis's answer to `EVALSHA` of a script it has not loaded. */
function isNoScript(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('NOSCRIPT')
}

/**
 * Redis's error replies that say "not now" rather than "wrong": loading its data after a
 * restart, a script running too long, a replica or cluster in transition, out of memory.
 */
const transientReply =
  /^(?:LOADING|BUSY|MASTERDOWN|TRYAGAIN|CLUSTERDOWN|READONLY|OOM|MISCONF|NOREPLICAS)\b/

/**
 * A failure of a command as the handler should see it: Redis unreachable, too slow or not ready
 * becomes a {@link StoreUnavailableError} (503, retry), an error reply of Redis (a bug) stays as
 * it is (500).
 *
 * @param error What the client threw.
 * @returns The error to throw.
 */
function storeError(error: unknown): unknown {
  const reply = error instanceof Error && error.name === 'ReplyError'
  if (reply && !transientReply.test(error.message)) return error
  const reason = error instanceof Error ? error.message : String(error)
  return new StoreUnavailableError(`Redis is unavailable: ${reason}`, { cause: error })
}

/**
 * Creates a store on an existing Redis connection (the caller keeps and closes it).
 *
 * @param client An ioredis `Redis` (or any client with its `eval`/`evalsha`).
 * @param options Key prefix and record limits.
 * @returns The store; every instance with the same Redis and prefix sees the same state.
 * @throws {RedisStoreError} For a `maxRecords` that is not a positive integer or a prefix that
 *   is not a string.
 * @example
 *   import { Redis } from 'ioredis'
 *   const redis = new Redis('redis://127.0.0.1:6379')
 *   const handler = createApiHandler({ accounts, fonts, store: redisStore(redis) })
 */
export function redisStore(client: RedisClient, options: RedisStoreOptions = {}): Store {
  const prefix = options.prefix ?? 'preflight:'
  const maxRecords = options.maxRecords ?? 10_000
  if (typeof prefix !== 'string') {
    throw new RedisStoreError(`Unexpected \`${String(prefix)}\` for \`prefix\`, expected a string`)
  }
  if (!Number.isInteger(maxRecords) || maxRecords < 1) {
    throw new RedisStoreError(
      `Unexpected \`${String(maxRecords)}\` for \`maxRecords\`, expected a positive integer`
    )
  }

  const run = async (
    { source, sha }: Script,
    keys: readonly string[],
    args: readonly (string | number)[]
  ): Promise<unknown> => {
    try {
      return await client.evalsha(sha, keys.length, ...keys, ...args)
    } catch (error) {
      if (!isNoScript(error)) throw storeError(error)
    }
    try {
      // First use on this Redis (or after SCRIPT FLUSH / a restart): EVAL loads it.
      return await client.eval(source, keys.length, ...keys, ...args)
    } catch (error) {
      throw storeError(error)
    }
  }

  /** Keys of a capped collection; `{...}` is a Redis Cluster hash tag: one slot per scope. */
  const collection = (kind: string, scope: string) => {
    const base = `${prefix}{${kind}:${scope}}`
    return {
      data: `${base}:data`,
      order: `${base}:order`,
      seq: `${base}:seq`,
      flows: `${base}:flow-of`,
      requests: `${base}:request-of`,
      created: `${base}:created`,
      byRequest: `${base}:by-request`,
      flowSetPrefix: `${base}:flow:`,
    }
  }
  const entryScope = (accountId: string, mode: TokenMode) => `${part(accountId)}:${mode}`
  const put = (
    keys: ReturnType<typeof collection>,
    id: string,
    json: string,
    entry?: { flow: string; request: string; created: string }
  ) =>
    run(
      putScript,
      [
        keys.data,
        keys.order,
        keys.seq,
        keys.flows,
        keys.requests,
        keys.created,
        keys.byRequest,
        entry ? keys.flowSetPrefix + entry.flow : keys.order,
      ],
      [
        id,
        json,
        maxRecords,
        entry?.flow ?? '',
        entry?.request ?? '',
        entry?.created ?? '',
        entry ? keys.flowSetPrefix : '',
      ]
    )
  const newest = async <T>(
    keys: ReturnType<typeof collection>,
    set: string,
    limit: number
  ): Promise<T[]> => {
    const count = Math.min(Math.max(0, Math.floor(limit)), maxRecords)
    if (count === 0) return []
    const found = (await run(newestScript, [keys.data, set], [count])) as string[]
    return found.map((json) => JSON.parse(json) as T)
  }

  const idempotencyKey = (key: string) => `${prefix}idempotency:${part(key)}`
  const flowsKey = `${prefix}flows`

  return {
    idempotency: {
      async reserve(key, request): Promise<IdempotencyReservation> {
        const found = (await run(
          reserveScript,
          [idempotencyKey(key)],
          [
            request.fingerprint,
            request.owner,
            request.now,
            request.now + request.leaseMs,
            Math.max(1, Math.ceil(request.leaseMs)),
          ]
        )) as [string, string?, string?]
        const [state, fingerprint = '', response] = found
        if (state === 'reserved') return { state: 'reserved' }
        if (state === 'pending') return { state: 'pending', fingerprint }
        return {
          state: 'completed',
          fingerprint,
          response: JSON.parse(response ?? 'null') as StoredResponse,
        }
      },
      async complete(key, owner, response, expiresAt) {
        // JSON keeps the body exact: a raw string would lose lone surrogates to UTF-8.
        const stored = JSON.stringify({ status: response.status, body: response.body })
        const done = await run(completeScript, [idempotencyKey(key)], [owner, stored, expiresAt])
        return done === 1
      },
      async release(key, owner) {
        await run(releaseScript, [idempotencyKey(key)], [owner])
      },
    },

    rateLimits: {
      async hit(key, limit, windowMs, now): Promise<RateLimitResult> {
        const [allowed, remaining, resetAt] = (await run(
          hitScript,
          [`${prefix}rate:${part(key)}`],
          [limit, Math.max(1, Math.ceil(windowMs)), now, now + windowMs]
        )) as [number, number, string]
        return { allowed: allowed === 1, remaining, resetAt: Number(resetAt) }
      },
    },

    entries: {
      async put(entry: EntryRecord) {
        const keys = collection('entries', entryScope(entry.account_id, entry.mode))
        await put(keys, part(entry.id), JSON.stringify(entry), {
          flow: part(entry.flow_id),
          request: part(entry.request_id),
          created: entry.created_at,
        })
      },
      async byRequestId(accountId, mode, requestId) {
        const keys = collection('entries', entryScope(accountId, mode))
        const json = await run(byRequestScript, [keys.byRequest, keys.data], [part(requestId)])
        return typeof json === 'string' ? (JSON.parse(json) as EntryRecord) : undefined
      },
      async list(filter, limit) {
        const modes: readonly TokenMode[] = filter.mode ? [filter.mode] : ['test', 'live']
        const found: EntryRecord[] = []
        for (const mode of modes) {
          const keys = collection('entries', entryScope(filter.account_id, mode))
          const set =
            filter.flow_id === undefined ? keys.order : keys.flowSetPrefix + part(filter.flow_id)
          found.push(...(await newest<EntryRecord>(keys, set, limit)))
        }
        // As memoryStore: newest first by creation, stable (within a mode, by insertion).
        return found
          .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0))
          .slice(0, Math.max(0, limit))
      },
    },

    logs: {
      async append(record: LogRecord) {
        const keys = collection('logs', entryScope(record.account_id, record.mode))
        await put(keys, part(record.id), JSON.stringify(record))
      },
      async list(accountId, mode, limit) {
        const keys = collection('logs', entryScope(accountId, mode))
        return newest<LogRecord>(keys, keys.order, limit)
      },
    },

    campaigns: {
      async put(record: CampaignRecord) {
        const keys = collection('campaigns', part(record.account_id))
        await put(keys, part(record.id), JSON.stringify(record))
      },
      async get(accountId, id) {
        const keys = collection('campaigns', part(accountId))
        const json = await run(getScript, [keys.data], [part(id)])
        return typeof json === 'string' ? (JSON.parse(json) as CampaignRecord) : undefined
      },
    },

    flows: {
      async paused(flowId) {
        const value = await run(getScript, [flowsKey], [part(flowId)])
        return value === '1' ? true : value === '0' ? false : undefined
      },
      async setPaused(flowId, paused) {
        await run(setScript, [flowsKey], [part(flowId), paused ? '1' : '0'])
      },
    },
  }
}

/** Options of {@link openRedisStore}. */
export interface OpenRedisStoreOptions extends RedisStoreOptions {
  /** How long to wait for the first connection, in milliseconds (default: `5000`). */
  readonly connectTimeoutMs?: number
  /**
   * How long a command may take before the request gets 503, in milliseconds (default: `2000`):
   * a Redis that hangs (stopped, or a network that drops packets) never hangs a request.
   */
  readonly commandTimeoutMs?: number
  /**
   * Where the connection's state changes go: one line when Redis becomes unreachable, one when
   * it is back (default: `console.warn`).
   */
  readonly log?: (line: string) => void
}

/**
 * The URL without its password, for messages.
 *
 * @param url A Redis URL.
 * @returns The URL with `***` as password.
 */
function redact(url: URL): string {
  if (url.password === '') return url.href
  const shown = new URL(url.href)
  shown.password = '***'
  return shown.href
}

/**
 * Connects to Redis and creates a store that owns the connection: what
 * `preflight serve --redis <url>` uses. The connection is checked before it returns, so a
 * wrong URL or a server that is down is reported at start, not on the first request; later
 * outages make requests fail fast with 503 and `Retry-After` (a hung Redis after
 * `commandTimeoutMs`) while the client reconnects by itself, and are logged once each.
 *
 * @param url `redis://[user:password@]host[:port][/db]` or `rediss://` (TLS).
 * @param options Key prefix, record limits, connect and command timeouts, log.
 * @returns The store; `close()` ends the connection.
 * @throws {RedisStoreError} For a URL that is not a Redis URL, a missing `ioredis` package, or a
 *   server that cannot be reached (the message names the URL, without its password).
 * @example
 *   const store = await openRedisStore('redis://127.0.0.1:6379')
 *   const sandbox = await startSandboxServer({ store })
 *   // ...
 *   await sandbox.close()
 *   await store.close()
 */
export async function openRedisStore(
  url: string,
  options: OpenRedisStoreOptions = {}
): Promise<RedisStore> {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    parsed = new URL('invalid:')
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
    throw new RedisStoreError(
      `Unexpected \`${url.slice(0, 80)}\` for the Redis URL, expected \`redis://host:port\` or \`rediss://host:port\``
    )
  }
  const ioredis = await import('ioredis').catch(() => undefined)
  if (!ioredis) {
    throw new RedisStoreError(
      'Unexpected missing package `ioredis`, expected it installed to use Redis (`npm install ioredis`)'
    )
  }
  const client = new ioredis.Redis(url, {
    lazyConnect: true,
    connectTimeout: options.connectTimeoutMs ?? 5000,
    // While Redis is away, a command fails at once (the request gets 503 and may retry)
    // instead of waiting in a queue; a command already sent fails when the connection drops,
    // or after the timeout when Redis hangs. Never resent: whether it ran is unknown, and the
    // handler's retries are safe (`postcards-route.ts`), a silent second run is not.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    commandTimeout: options.commandTimeoutMs ?? 2000,
    // ioredis waits this long for a socket that already failed to close (2 s by default),
    // which kept a refused `preflight serve --redis` alive for two seconds.
    disconnectTimeout: 100,
  })
  // ioredis reports connection trouble as events; the cause of a failed start is the last one
  // (`connect()` itself only says that the connection closed). Later ones reach the callers.
  let cause: unknown
  client.on('error', (error: unknown) => (cause = error))
  try {
    await client.connect()
    await client.ping()
  } catch (error) {
    client.disconnect()
    const failure = cause ?? error
    const reason = failure instanceof Error ? failure.message : String(failure)
    throw new RedisStoreError(
      `Unexpected \`${reason}\` connecting to \`${redact(parsed)}\`, expected a reachable Redis server`
    )
  }
  // Outages after the start: ioredis reconnects by itself (every 2 s at most); say so once.
  const log = options.log ?? ((line: string) => console.warn(line))
  let down = false
  const lost = () => {
    if (down) return
    down = true
    const reason = cause instanceof Error ? ` (${cause.message})` : ''
    log(
      `postcard-preflight: Redis at ${redact(parsed)} is unreachable${reason}; requests get 503 until it is back`
    )
  }
  client.on('error', lost)
  client.on('close', lost)
  client.on('ready', () => {
    if (!down) return
    down = false
    log(`postcard-preflight: Redis at ${redact(parsed)} is back`)
  })
  const store = redisStore(client, options)
  return {
    ...store,
    async close() {
      client.removeListener('close', lost)
      await client.quit().catch(() => client.disconnect())
    },
  }
}
