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
import { readFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DesignError } from '../design/design-error.ts'
import type { Design } from '../design/types.ts'
import { isObject } from '../schema/read-field.ts'
import { SPEC_LIMITS } from '../spec/limits.ts'
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
import { locateJsonError } from './locate-json-error.ts'

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
 * Every problem is reported at once, as `parseDesign` reports a design's: the shape of the file
 * (unknown keys, values of the wrong kind), the fonts manifest, every design that cannot be
 * loaded, and what the handler refuses (tokens, flow ids, batch times, time zones, limits). A
 * missing design hides nothing else: its flow is checked with a stand-in design.
 *
 * @param path File path or `file:` URL (default: the shipped `config/sandbox.json`).
 * @returns The config, ready for `createApiHandler`.
 * @throws {ServerConfigError} Listing every problem: for a file that cannot be read or is not
 *   JSON (with line and column), the one problem; else every problem of every stage, in the
 *   order of the stages and, within one, of the file.
 */
export async function loadServerConfig(
  path: string | URL = defaultConfigUrl
): Promise<ServerConfig> {
  const source = resolve(path instanceof URL ? fileURLToPath(path) : path)
  const directory = dirname(source)
  const json = await readConfigJson(source)

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

  // Stage 1, the file's own shape: what the handler's check does not see (keys, paths).
  // Accounts and flows that are not objects are left to the handler's check, which names them.
  if (!isObject(json))
    throw new ServerConfigError(source, ['Unexpected config, expected a JSON object'])
  unknownKeys(json, topLevelKeys, '')
  const fontsPath = json['fonts']
  if (fontsPath !== undefined && typeof fontsPath !== 'string') {
    problem(fontsPath, 'fonts', 'the path of a fonts manifest (JSON)')
  }
  const limits = json['limits'] ?? {}
  if (!isObject(limits)) problem(limits, 'limits', 'an object')
  else unknownKeys(limits, limitKeys, 'limits')
  const accountList: readonly unknown[] = Array.isArray(json['accounts']) ? json['accounts'] : []
  /** The design file of each flow, by `account/flow`; absent for a path that is not one. */
  const designPaths = new Map<string, string>()
  accountList.forEach((account, a) => {
    if (!isObject(account)) return
    unknownKeys(account, accountKeys, `accounts[${a}]`)
    const flows = account['flows']
    if (!Array.isArray(flows)) return
    flows.forEach((flow: unknown, f) => {
      const flowAt = `accounts[${a}].flows[${f}]`
      if (!isObject(flow)) return
      unknownKeys(flow, flowKeys, flowAt)
      if (isObject(flow['batch'])) unknownKeys(flow['batch'], batchKeys, `${flowAt}.batch`)
      const design = flow['design']
      if (typeof design !== 'string' || design === '') {
        problem(design, `${flowAt}.design`, 'the path of a design JSON file')
      } else designPaths.set(`${a}/${f}`, resolve(directory, design))
    })
  })

  // Stage 2, the fonts: without them, designs are still loaded (their families unchecked).
  let fonts: FontRegistry | undefined
  try {
    fonts = createFontRegistry(
      await loadFontSources(
        typeof fontsPath === 'string' ? resolve(directory, fontsPath) : undefined
      )
    )
  } catch (error) {
    if (!(error instanceof FontManifestError)) throw error
    problems.push(`fonts: ${error.message}`)
  }

  // Stage 3, every design, in the order of the file.
  const loaded = new Map<string, Design>()
  const results = await Promise.all(
    [...designPaths].map(async ([at, designPath]) => {
      try {
        const families = fonts?.families
        loaded.set(at, await loadDesign(designPath, families ? { families } : {}))
        return undefined
      } catch (error) {
        if (!(error instanceof DesignError)) throw error
        const [a, f] = at.split('/')
        return `accounts[${a}].flows[${f}].design: ${error.message}`
      }
    })
  )
  for (const result of results) if (result !== undefined) problems.push(result)

  // Stage 4, what the handler refuses, checked on the file's values as they are; a flow whose
  // design did not load is checked with a stand-in, so that its other problems still show.
  const loadedAccounts = accountList.map((account, a) => {
    if (!isObject(account) || !Array.isArray(account['flows'])) return account
    return {
      ...account,
      flows: (account['flows'] as unknown[]).map((flow, f) => {
        if (!isObject(flow)) return flow
        const designPath = designPaths.get(`${a}/${f}`)
        return {
          ...flow,
          design: loaded.get(`${a}/${f}`) ?? standInDesign,
          designPath: designPath ?? '',
        }
      }),
    }
  }) as unknown as readonly LoadedAccount[]
  const rawLimits = isObject(limits) ? limits : {}
  const config = {
    source,
    tokenPrefix: (json['token_prefix'] ?? 'dm') as string,
    marketingSource: json['marketing_source'] as string | undefined,
    accounts: Array.isArray(json['accounts'])
      ? loadedAccounts
      : (json['accounts'] as unknown as readonly LoadedAccount[]),
    fonts: fonts ?? createFontRegistry({}),
    limits: {
      postcardsPerMinute: (rawLimits['postcards_per_minute'] ??
        SPEC_LIMITS.postcardsPerMinute) as number,
      campaignsPerMinute: (rawLimits['campaigns_per_minute'] ??
        SPEC_LIMITS.campaignsPerMinute) as number,
    },
  } satisfies ServerConfig
  try {
    // Without the fonts (reported above), the families of the designs cannot be checked.
    const { fonts: _fonts, ...options } = handlerOptionsOf(config)
    resolveApiOptions(fonts ? { ...options, fonts } : options)
  } catch (error) {
    if (!(error instanceof ApiOptionsError)) throw error
    for (const line of error.problems) {
      problems.push(configNames.reduce((text, [from, to]) => text.replaceAll(from, to), line))
    }
  }
  if (problems.length > 0) throw new ServerConfigError(source, problems)
  return config
}

/** A design with nothing in it: stands in for one that did not load, in the handler's check. */
const standInDesign = { markdownAreas: [] } as unknown as Design

/**
 * Reads a config file as JSON.
 *
 * @param source Absolute path.
 * @returns The value.
 * @throws {ServerConfigError} For a file that cannot be read, or is not JSON (with the line and
 *   column where it stops being JSON).
 */
async function readConfigJson(source: string): Promise<unknown> {
  let text: string
  try {
    text = (await readFile(source, 'utf8')).replace(/^\uFEFF/, '')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const what = code === 'ENOENT' ? 'missing' : `unreadable (\`${code ?? 'error'}\`)`
    throw new ServerConfigError(source, [`Unexpected ${what} file, expected a config file`], error)
  }
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    const located = locateJsonError(text)
    const reason = located
      ? `line ${located.line}, column ${located.column}: ${located.message}`
      : 'Unexpected text, expected a JSON document'
    throw new ServerConfigError(source, [reason], error)
  }
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
