/**
 * Options of `createApiHandler` and their check. The options are written by the host (or read
 * from its config file), so a mistake is a misuse: {@link ApiOptionsError} names every problem
 * at once, with the path of the value, before the first request is served.
 *
 * @module
 */
import { SPEC_LIMITS } from '../spec/limits.ts'
import { CampaignOptionsError } from '../campaign/campaign-options-error.ts'
import { validateCampaign } from '../campaign/validate-campaign.ts'
import type { Design } from '../design/types.ts'
import { isUuid } from '../schema/is-uuid.ts'
import { isObject } from '../schema/read-field.ts'
import type { EmojiArtworkSource } from '../emoji/types.ts'
import type { FontRegistry } from '../text/types.ts'
import type { TokenGrant } from './authenticate.ts'
import { isOrigin, type CorsOptions, type CorsPolicy } from './cors.ts'
import { isBatchTime, isTimeZone } from './next-batch.ts'
import type { Store, TokenMode } from './store.ts'

/** When a flow runs its batches (spec 3: entries of an active flow go out in the next batch). */
export interface BatchSchedule {
  /** Wall-clock times `HH:mm`, e.g. `["08:00", "14:00"]`. */
  readonly at: readonly string[]
  /** IANA time zone of those times, e.g. `Europe/Berlin`. */
  readonly time_zone: string
}

/** An API flow (spec 1): a mailing setup linked to a postcard design. */
export interface FlowOptions {
  /** The flow's UUID, sent as `flow_id`. Unique across all accounts. */
  readonly id: string
  /** The parsed design (`parseDesign`) that `content` and `qr_codes` are judged against. */
  readonly design: Design
  /** A paused flow accepts entries with 202 and queues none (spec 3) (default: `false`). */
  readonly paused?: boolean
  readonly batch: BatchSchedule
}

/** An account: its API tokens and its flows (no account sees another's, spec 4.1). */
export interface AccountOptions {
  readonly id: string
  /** Bearer tokens, `<prefix>_test_...` or `<prefix>_live_...` (spec 5). */
  readonly tokens: readonly string[]
  readonly flows: readonly FlowOptions[]
}

/** Requests per minute and token (spec 8). */
export interface RateLimitOptions {
  /** `POST /api/v1/postcards` (default: `600`). */
  readonly postcardsPerMinute?: number
  /** `POST /api/v1/campaigns` (default: `60`). */
  readonly campaignsPerMinute?: number
}

/** A static file of the demo page (see {@link ApiHandlerOptions.assets}). */
export interface Asset {
  readonly body: Uint8Array | string
  /** Media type, e.g. `text/html; charset=utf-8`. */
  readonly contentType: string
}

/**
 * Looks up a static file by URL path (`/`, `/assets/index-3f2a.js`); `undefined` when there is
 * none. The path is decoded and never contains `..` segments.
 */
export type AssetSource = (path: string) => Promise<Asset | undefined> | Asset | undefined

/** Options of `createApiHandler`. */
export interface ApiHandlerOptions {
  /** The accounts of the sandbox, with their tokens and flows (at least one). */
  readonly accounts: readonly AccountOptions[]
  /** The service's short brand prefix of tokens, `<svc>` in spec 5 (default: `dm`). */
  readonly tokenPrefix?: string
  /**
   * Lower-case name of the supported marketing-automation platform, an allowed
   * `segment.source` besides `csv` (spec 2.1), passed to `validateCampaign`.
   */
  readonly marketingSource?: string
  /**
   * The fonts of the designs: with them `validatePostcard` checks that texts fit their areas
   * (spec 2.5 rule 4). Every family a Markdown area uses must be registered.
   */
  readonly fonts?: FontRegistry
  /** Where state lives (default: a fresh `memoryStore()`). */
  readonly store?: Store
  /** The clock, epoch milliseconds (default: `Date.now`). */
  readonly now?: () => number
  /** Rate limits per token (spec 8). */
  readonly limits?: RateLimitOptions
  /**
   * How long a used `X-Request-Id` or `Idempotency-Key` is remembered, in milliseconds
   * (default: 24 hours, as Stripe's keys; the spec does not say).
   */
  readonly idempotencyRetentionMs?: number
  /** Largest accepted request body in bytes; larger ones get 413 (default: 1 MB, 1048576). */
  readonly maxBodyBytes?: number
  /** Serves `GET /emoji/<key>.svg` from this artwork (default: no emoji route). */
  readonly emojiArtwork?: EmojiArtworkSource
  /** Serves other `GET` paths (the demo page) from this source (default: none, 404). */
  readonly assets?: AssetSource
  /** Called once with every unexpected error, which becomes a bare 500 (default: `console.error`). */
  readonly onError?: (error: unknown) => void
  /**
   * Which origins may call the sandbox from a browser (CORS, `cors.ts`); `false` sends no CORS
   * headers (default: any origin, `{ origins: '*' }`: tokens travel in a header, not cookies).
   */
  readonly cors?: CorsOptions | false
}

/**
 * The largest request body the sandbox reads when `maxBodyBytes` is not set: 1 MB (1048576
 * bytes); larger ones get 413. The CLI judges files against the same limit, so that it says
 * what the sandbox would say.
 */
export const defaultMaxBodyBytes = 1_048_576

/** Thrown by `createApiHandler` for options that cannot work; lists every problem. */
export class ApiOptionsError extends Error {
  override readonly name = 'ApiOptionsError'
  /** One line per problem, ``Unexpected `X` for `path`, expected `Y` ``. */
  readonly problems: readonly string[]

  /** @param problems The problems found (at least one). */
  constructor(problems: readonly string[]) {
    super(`Invalid API handler options:\n${problems.map((line) => `  - ${line}`).join('\n')}`)
    this.problems = problems
  }
}

/** A flow with what the handler needs at hand. */
export interface ResolvedFlow extends FlowOptions {
  readonly accountId: string
  readonly paused: boolean
}

/** Options after the check, with defaults filled and lookups built. */
export interface ResolvedOptions {
  readonly tokenPrefix: string
  readonly grants: readonly TokenGrant[]
  readonly flows: ReadonlyMap<string, ResolvedFlow>
  readonly postcardsPerMinute: number
  readonly campaignsPerMinute: number
  readonly idempotencyRetentionMs: number
  readonly maxBodyBytes: number
  readonly cors: CorsPolicy | false
}

const prefixPattern = /^[a-z][a-z\d]{0,15}$/

/**
 * One problem of host options, in the project's grammar:
 * ``Unexpected `X` for `path`, expected Y``, the value shortened to one short line.
 *
 * @param value The offending value.
 * @param path Where it is, e.g. `accounts[0].tokens[1]`.
 * @param expected What would be right.
 * @returns The sentence.
 */
export function describeProblem(value: unknown, path: string, expected: string): string {
  let text: string
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value))
  } catch {
    text = String(value)
  }
  if (text.length > 60) text = `${text.slice(0, 57)}...`
  return `Unexpected \`${text}\` for \`${path}\`, expected ${expected}`
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0

/**
 * Checks the options and fills the defaults.
 *
 * @param options The host's options.
 * @returns The resolved options.
 * @throws {ApiOptionsError} Listing every problem.
 */
export function resolveApiOptions(options: ApiHandlerOptions): ResolvedOptions {
  const problems: string[] = []
  const problem = (value: unknown, path: string, expected: string) =>
    problems.push(describeProblem(value, path, expected))

  const tokenPrefix = options.tokenPrefix ?? 'dm'
  const prefixOk = typeof tokenPrefix === 'string' && prefixPattern.test(tokenPrefix)
  if (!prefixOk) problem(tokenPrefix, 'tokenPrefix', 'lower-case letters and digits, e.g. `dm`')
  // The prefix is letters and digits only once checked, so it is safe inside a pattern.
  const tokenPattern = prefixOk ? new RegExp(`^${tokenPrefix}_(test|live)_[A-Za-z\\d]+$`) : null

  if (options.marketingSource !== undefined) {
    try {
      // validateCampaign checks its options before the body: refuse them now, not per request.
      validateCampaign({}, { marketingSource: options.marketingSource })
    } catch (error) {
      if (!(error instanceof CampaignOptionsError)) throw error
      problem(options.marketingSource, 'marketingSource', `a marketing source (${error.message})`)
    }
  }

  const count = (value: number | undefined, path: string, fallback: number): number => {
    if (value === undefined) return fallback
    if (!isCount(value)) problem(value, path, 'a positive integer')
    return value
  }
  const postcardsPerMinute = count(
    options.limits?.postcardsPerMinute,
    'limits.postcardsPerMinute',
    SPEC_LIMITS.postcardsPerMinute
  )
  const campaignsPerMinute = count(
    options.limits?.campaignsPerMinute,
    'limits.campaignsPerMinute',
    SPEC_LIMITS.campaignsPerMinute
  )
  const idempotencyRetentionMs = count(
    options.idempotencyRetentionMs,
    'idempotencyRetentionMs',
    86_400_000
  )
  const maxBodyBytes = count(options.maxBodyBytes, 'maxBodyBytes', defaultMaxBodyBytes)

  let cors: CorsPolicy | false = '*'
  if (options.cors === false) cors = false
  else if (options.cors !== undefined) {
    const origins = options.cors.origins ?? '*'
    if (origins === '*') cors = '*'
    else if (!Array.isArray(origins)) problem(origins, 'cors.origins', '`*` or a list of origins')
    else {
      origins.forEach((origin: unknown, index) => {
        if (typeof origin !== 'string' || (origin !== '*' && !isOrigin(origin))) {
          problem(
            origin,
            `cors.origins[${index}]`,
            'an origin, e.g. `https://app.example.com` (scheme, host and port; no path), or `*`'
          )
        }
      })
      cors = origins.includes('*') ? '*' : new Set(origins as readonly string[])
    }
  }

  const grants: TokenGrant[] = []
  const flows = new Map<string, ResolvedFlow>()
  const accountIds = new Set<string>()
  const accounts: readonly unknown[] = Array.isArray(options.accounts) ? options.accounts : []
  if (!Array.isArray(options.accounts) || accounts.length === 0) {
    problem(options.accounts, 'accounts', 'at least one account')
  }
  accounts.forEach((account, a) => {
    const at = `accounts[${a}]`
    if (!isObject(account)) return void problem(account, at, 'an object')
    const id = account['id']
    if (typeof id !== 'string' || id === '') problem(id, `${at}.id`, 'a non-empty string')
    else if (accountIds.has(id)) problem(id, `${at}.id`, 'an id no other account has')
    else accountIds.add(id)
    const accountId = String(id)

    const tokens = account['tokens']
    if (!Array.isArray(tokens) || tokens.length === 0) {
      problem(tokens, `${at}.tokens`, 'at least one token')
    } else {
      tokens.forEach((token: unknown, t) => {
        const match = typeof token === 'string' ? (tokenPattern?.exec(token) ?? null) : null
        if (!match || typeof token !== 'string') {
          problem(
            token,
            `${at}.tokens[${t}]`,
            `\`${tokenPrefix}_test_\` or \`${tokenPrefix}_live_\` followed by letters and digits`
          )
        } else if (grants.some((grant) => grant.token === token)) {
          problem(token, `${at}.tokens[${t}]`, 'a token used once')
        } else {
          grants.push({ token, accountId, mode: match[1] as TokenMode })
        }
      })
    }

    const accountFlows = account['flows']
    if (!Array.isArray(accountFlows)) return void problem(accountFlows, `${at}.flows`, 'an array')
    accountFlows.forEach((flow: unknown, f) => {
      const path = `${at}.flows[${f}]`
      if (!isObject(flow)) return void problem(flow, path, 'an object')
      const flowId = flow['id']
      if (typeof flowId !== 'string' || !isUuid(flowId)) {
        problem(flowId, `${path}.id`, 'a UUID')
      } else if (flows.has(flowId.toLowerCase())) {
        problem(flowId, `${path}.id`, 'a flow id no other flow has')
      }
      const design = flow['design']
      if (!isObject(design) || !Array.isArray(design['markdownAreas'])) {
        problem(design, `${path}.design`, 'a design returned by `parseDesign`')
      } else if (options.fonts) {
        for (const area of design['markdownAreas'] as Design['markdownAreas']) {
          if (!options.fonts.has(area.font_family)) {
            problem(
              area.font_family,
              `${path}.design`,
              `a font family of \`fonts\` (${options.fonts.families.map((name) => `\`${name}\``).join(', ')}) in Markdown area \`${area.key}\``
            )
          }
        }
      }
      const paused = flow['paused'] ?? false
      if (typeof paused !== 'boolean') problem(paused, `${path}.paused`, 'a boolean')
      const batch = flow['batch']
      if (!isObject(batch)) return void problem(batch, `${path}.batch`, 'an object')
      const times = batch['at']
      if (!Array.isArray(times) || times.length === 0) {
        problem(times, `${path}.batch.at`, 'at least one time `HH:mm`')
      } else {
        times.forEach((time: unknown, i) => {
          if (typeof time !== 'string' || !isBatchTime(time)) {
            problem(time, `${path}.batch.at[${i}]`, 'a time `HH:mm` from `00:00` to `23:59`')
          }
        })
      }
      const timeZone = batch['time_zone']
      if (typeof timeZone !== 'string' || !isTimeZone(timeZone)) {
        problem(timeZone, `${path}.batch.time_zone`, 'an IANA time zone, e.g. `Europe/Berlin`')
      }
      if (typeof flowId === 'string' && !flows.has(flowId.toLowerCase())) {
        flows.set(flowId.toLowerCase(), {
          ...(flow as unknown as FlowOptions),
          accountId,
          paused: paused === true,
        })
      }
    })
  })

  if (problems.length > 0) throw new ApiOptionsError(problems)
  return {
    tokenPrefix,
    grants,
    flows,
    postcardsPerMinute,
    campaignsPerMinute,
    idempotencyRetentionMs,
    maxBodyBytes,
    cors,
  }
}
