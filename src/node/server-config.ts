/**
 * Node only: the sandbox server's config file, read and checked, with its designs and fonts
 * loaded from disk, ready for `createApiHandler`.
 *
 * The format (documented in `docs/server.md`):
 * ```json
 * { "token_prefix": "dm", "marketing_source": "...", "fonts": "fonts/fonts.json",
 *   "accounts": [ { "id": "acme", "tokens": ["dm_test_...", "dm_live_..."],
 *     "flows": [ { "id": "<uuid>", "design": "designs/a6.json", "paused": false,
 *       "batch": { "at": ["08:00", "14:00"], "time_zone": "Europe/Berlin" } } ] } ],
 *   "limits": { "postcards_per_minute": 600, "campaigns_per_minute": 60 } }
 * ```
 * Paths (`design`, `fonts`) are relative to the config file.
 *
 * @module
 */
import { SPEC_LIMITS } from '../spec/limits.ts'
import { readFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DesignError } from '../design/design-error.ts'
import type { Design } from '../design/types.ts'
import { isObject } from '../schema/read-field.ts'
import {
  ApiOptionsError,
  describeProblem,
  resolveApiOptions,
  type AccountOptions,
  type ApiHandlerOptions,
  type FlowOptions,
} from '../server/api-options.ts'
import { createFontRegistry } from '../text/font-registry.ts'
import type { FontRegistry } from '../text/types.ts'
import { FontManifestError, loadFontSources } from './load-fonts.ts'
import { loadDesign } from './load-design.ts'

/** The shipped config: sample accounts, tokens and flows on the sample designs. */
export const defaultConfigUrl: URL = new URL('../../config/sandbox.json', import.meta.url)

/** Thrown for a config file that cannot serve; every problem is listed with its path. */
export class ServerConfigError extends Error {
  override readonly name = 'ServerConfigError'
  /** Absolute path of the config file. */
  readonly source: string
  /** One line per problem, ``Unexpected `X` for `path`, expected `Y` ``. */
  readonly problems: readonly string[]

  /**
   * @param source Absolute path of the config file.
   * @param problems The problems (at least one).
   * @param cause The underlying error, if one.
   */
  constructor(source: string, problems: readonly string[], cause?: unknown) {
    super(
      `Invalid sandbox config \`${source}\`:\n${problems.map((line) => `  - ${line}`).join('\n')}`,
      { cause }
    )
    this.source = source
    this.problems = problems
  }
}

/** A flow of the config with the path its design came from (for the startup banner). */
export interface LoadedFlow extends FlowOptions {
  /** Absolute path of the design file. */
  readonly designPath: string
}

/** An account of the config. */
export interface LoadedAccount extends AccountOptions {
  readonly flows: readonly LoadedFlow[]
}

/** A loaded config: `createApiHandler` options without store, clock or static files. */
export interface ServerConfig {
  /** Absolute path of the config file. */
  readonly source: string
  readonly tokenPrefix: string
  readonly marketingSource: string | undefined
  readonly accounts: readonly LoadedAccount[]
  readonly fonts: FontRegistry
  readonly limits: { readonly postcardsPerMinute: number; readonly campaignsPerMinute: number }
}

const topLevelKeys = ['token_prefix', 'marketing_source', 'fonts', 'accounts', 'limits']
const accountKeys = ['id', 'tokens', 'flows']
const flowKeys = ['id', 'design', 'paused', 'batch']
const batchKeys = ['at', 'time_zone']
const limitKeys = ['postcards_per_minute', 'campaigns_per_minute']

/** The names the handler's option problems use, as the config file spells them. */
const configNames: readonly (readonly [string, string])[] = [
  ['`tokenPrefix`', '`token_prefix`'],
  ['`marketingSource`', '`marketing_source`'],
  ['`limits.postcardsPerMinute`', '`limits.postcards_per_minute`'],
  ['`limits.campaignsPerMinute`', '`limits.campaigns_per_minute`'],
]

/**
 * Reads and checks a config file, then loads its fonts and designs.
 *
 * @param path File path or `file:` URL (default: the shipped `config/sandbox.json`).
 * @returns The config, ready for `createApiHandler`.
 * @throws {ServerConfigError} For an unreadable file, invalid JSON, a value of the wrong kind,
 *   a design or fonts manifest that cannot be loaded, or options the handler refuses; all
 *   problems of one stage are listed at once.
 */
export async function loadServerConfig(
  path: string | URL = defaultConfigUrl
): Promise<ServerConfig> {
  const source = resolve(path instanceof URL ? fileURLToPath(path) : path)
  const directory = dirname(source)
  let json: unknown
  try {
    json = JSON.parse((await readFile(source, 'utf8')).replace(/^\uFEFF/, ''))
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const reason =
      error instanceof SyntaxError
        ? `Unexpected JSON syntax error \`${error.message}\`, expected a JSON document`
        : `Unexpected ${code === 'ENOENT' ? 'missing' : `unreadable (\`${code ?? 'error'}\`)`} file, expected a config file`
    throw new ServerConfigError(source, [reason], error)
  }

  const problems: string[] = []
  const problem = (value: unknown, at: string, expected: string) =>
    problems.push(describeProblem(value, at, expected))
  const unknownKeys = (object: Record<string, unknown>, known: readonly string[], at: string) => {
    for (const key of Object.keys(object)) {
      if (!known.includes(key)) {
        problems.push(
          `Unexpected key \`${key}\` in \`${at || '(config)'}\`, expected one of ${known.map((name) => `\`${name}\``).join(', ')}`
        )
      }
    }
  }
  const optionalString = (object: Record<string, unknown>, key: string, at: string) => {
    const value = object[key]
    if (value !== undefined && typeof value !== 'string') problem(value, at, 'a string')
    return typeof value === 'string' ? value : undefined
  }

  if (!isObject(json))
    throw new ServerConfigError(source, ['Unexpected config, expected a JSON object'])
  unknownKeys(json, topLevelKeys, '')
  const tokenPrefix = optionalString(json, 'token_prefix', 'token_prefix') ?? 'dm'
  const marketingSource = optionalString(json, 'marketing_source', 'marketing_source')
  const fontsPath = optionalString(json, 'fonts', 'fonts')

  const limits = json['limits'] ?? {}
  let postcardsPerMinute = SPEC_LIMITS.postcardsPerMinute
  let campaignsPerMinute = SPEC_LIMITS.campaignsPerMinute
  if (!isObject(limits)) problem(limits, 'limits', 'an object')
  else {
    unknownKeys(limits, limitKeys, 'limits')
    postcardsPerMinute = (limits['postcards_per_minute'] ?? postcardsPerMinute) as number
    campaignsPerMinute = (limits['campaigns_per_minute'] ?? campaignsPerMinute) as number
  }

  // Designs to load: [account index, flow index, absolute path].
  const designs: { account: number; flow: number; path: string }[] = []
  const accounts = json['accounts']
  if (!Array.isArray(accounts)) problem(accounts, 'accounts', 'an array of accounts')
  const accountList: unknown[] = Array.isArray(accounts) ? accounts : []
  accountList.forEach((account, a) => {
    const at = `accounts[${a}]`
    if (!isObject(account)) return void problem(account, at, 'an object')
    unknownKeys(account, accountKeys, at)
    const flows = account['flows']
    if (!Array.isArray(flows)) return void problem(flows, `${at}.flows`, 'an array of flows')
    flows.forEach((flow: unknown, f) => {
      const flowAt = `${at}.flows[${f}]`
      if (!isObject(flow)) return void problem(flow, flowAt, 'an object')
      unknownKeys(flow, flowKeys, flowAt)
      if (isObject(flow['batch'])) unknownKeys(flow['batch'], batchKeys, `${flowAt}.batch`)
      const design = flow['design']
      if (typeof design !== 'string' || design === '') {
        problem(design, `${flowAt}.design`, 'the path of a design JSON file')
      } else {
        designs.push({ account: a, flow: f, path: resolve(directory, design) })
      }
    })
  })
  if (problems.length > 0) throw new ServerConfigError(source, problems)

  let fonts: FontRegistry
  try {
    const sources = await loadFontSources(
      fontsPath === undefined ? undefined : resolve(directory, fontsPath)
    )
    fonts = createFontRegistry(sources)
  } catch (error) {
    if (!(error instanceof FontManifestError)) throw error
    throw new ServerConfigError(source, [`fonts: ${error.message}`], error)
  }

  const loaded = new Map<string, Design>()
  await Promise.all(
    designs.map(async ({ account, flow, path: designPath }) => {
      try {
        loaded.set(`${account}/${flow}`, await loadDesign(designPath, { families: fonts.families }))
      } catch (error) {
        if (!(error instanceof DesignError)) throw error
        problems.push(`accounts[${account}].flows[${flow}].design: ${error.message}`)
      }
    })
  )
  if (problems.length > 0) throw new ServerConfigError(source, problems.sort())

  const loadedAccounts: LoadedAccount[] = accountList.map((account, a) => {
    const record = account as Record<string, unknown>
    return {
      ...(record as unknown as AccountOptions),
      flows: (record['flows'] as Record<string, unknown>[]).map((flow, f) => ({
        ...(flow as unknown as FlowOptions),
        design: loaded.get(`${a}/${f}`) as Design,
        designPath: resolve(directory, flow['design'] as string),
      })),
    }
  })
  const config: ServerConfig = {
    source,
    tokenPrefix,
    marketingSource,
    accounts: loadedAccounts,
    fonts,
    limits: { postcardsPerMinute, campaignsPerMinute },
  }
  try {
    resolveApiOptions(handlerOptionsOf(config))
  } catch (error) {
    if (!(error instanceof ApiOptionsError)) throw error
    const renamed = error.problems.map((line) =>
      configNames.reduce((text, [from, to]) => text.replaceAll(from, to), line)
    )
    throw new ServerConfigError(source, renamed, error)
  }
  return config
}

/**
 * The `createApiHandler` options of a config.
 *
 * @param config A loaded config.
 * @returns The options (no store, clock or static files: the server adds those).
 */
export function handlerOptionsOf(config: ServerConfig): ApiHandlerOptions {
  return {
    accounts: config.accounts,
    tokenPrefix: config.tokenPrefix,
    ...(config.marketingSource === undefined ? {} : { marketingSource: config.marketingSource }),
    fonts: config.fonts,
    limits: config.limits,
  }
}
