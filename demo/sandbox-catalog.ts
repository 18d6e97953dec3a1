/**
 * The sample designs and the sandbox's flows and tokens, as the demo page offers them. They are
 * read from the repository at build time (`config/sandbox.json`, `designs/*.json`), the same
 * files `npm start` serves, so the page needs no extra request and works offline; the designs
 * themselves are loaded only when chosen.
 *
 * @module
 */

/** A flow of the sandbox config that a design is linked to (spec 1: "an API flow"). */
export interface CatalogFlow {
  /** The flow's UUID, sent as `flow_id`. */
  readonly id: string
  /** The account that owns it. */
  readonly accountId: string
  /** A paused flow answers 202 `accepted` instead of 201 `queued` (spec 4.1). */
  readonly paused: boolean
  /** Batch times and time zone, for the hint under the flow field, e.g. `08:00, 14:00 Europe/Berlin`. */
  readonly batch: string
  /** The account's tokens, test tokens first (spec 5: test tokens record without mailing). */
  readonly tokens: readonly string[]
}

/** One sample design: where it comes from, how to load it, and the flows using it. */
export interface CatalogDesign {
  /** Repository path, e.g. `designs/a6-greeting.json`; also the value of the design picker. */
  readonly file: string
  /** Loads the design document (JSON), not yet parsed. */
  readonly load: () => Promise<unknown>
  /** Flows of the sandbox config linked to this design, in config order. */
  readonly flows: readonly CatalogFlow[]
}

/** What the page offers: the designs, and every token of the sandbox config by account. */
export interface SandboxCatalog {
  readonly designs: readonly CatalogDesign[]
  /** Every account with its tokens, for the token picker. */
  readonly accounts: readonly { readonly id: string; readonly tokens: readonly string[] }[]
  /** The token prefix of the config (spec 5 `<svc>`), e.g. `dm`. */
  readonly tokenPrefix: string
  /** The design of the config's first flow: what the page opens with. */
  readonly firstFlowDesign: string | undefined
}

/** A stand-in origin: only the paths of these URLs matter. */
const REPOSITORY = 'file:///repository/'

function record(value: unknown): Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}
}

function list(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : []
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : ''
}

/**
 * Builds the catalog from the sandbox config and the design files found next to it.
 *
 * A flow's `design` is a path relative to the config file (as `preflight serve` reads it); it is
 * matched against the design files by their repository path. Malformed parts of the config are
 * skipped rather than fatal: the server refuses such a config anyway, and the page still offers
 * every design it can load.
 *
 * @param config The parsed sandbox config (`config/sandbox.json` format, docs/server.md).
 * @param configPath Repository path of the config, e.g. `config/sandbox.json`.
 * @param designFiles Loaders of the design documents by repository path (`designs/a6.json`).
 * @returns The catalog, designs sorted by path.
 */
export function createSandboxCatalog(
  config: unknown,
  configPath: string,
  designFiles: Readonly<Record<string, () => Promise<unknown>>>
): SandboxCatalog {
  const root = record(config)
  const tokenPrefix = text(root['token_prefix']) || 'dm'
  const isTest = (token: string): boolean => token.startsWith(`${tokenPrefix}_test_`)
  const configUrl = new URL(configPath, REPOSITORY)
  const flowsByFile = new Map<string, CatalogFlow[]>()
  const accounts: { id: string; tokens: string[] }[] = []
  let firstFlowDesign: string | undefined
  for (const account of list(root['accounts']).map(record)) {
    const accountId = text(account['id'])
    const tokens = list(account['tokens'])
      .filter((token): token is string => typeof token === 'string' && token !== '')
      .sort((a, b) => Number(isTest(b)) - Number(isTest(a)))
    accounts.push({ id: accountId, tokens })
    for (const flow of list(account['flows']).map(record)) {
      const id = text(flow['id'])
      const design = text(flow['design'])
      if (id === '' || design === '') continue
      const file = new URL(design, configUrl).href.slice(REPOSITORY.length)
      const batch = record(flow['batch'])
      const times = list(batch['at']).filter((at): at is string => typeof at === 'string')
      const entry: CatalogFlow = {
        id,
        accountId,
        paused: flow['paused'] === true,
        batch: `${times.join(', ')} ${text(batch['time_zone'])}`.trim(),
        tokens,
      }
      flowsByFile.set(file, [...(flowsByFile.get(file) ?? []), entry])
      firstFlowDesign ??= file
    }
  }
  const designs = Object.keys(designFiles)
    .sort()
    .map((file) => ({
      file,
      load: designFiles[file] as () => Promise<unknown>,
      flows: flowsByFile.get(file) ?? [],
    }))
  return { designs, accounts, tokenPrefix, firstFlowDesign }
}

/**
 * Turns the keys of `import.meta.glob('../designs/*.json')` (relative to `demo/`) into
 * repository paths (`designs/a6-greeting.json`).
 *
 * @param modules The glob result.
 * @param from Repository path of the folder the glob was written in, e.g. `demo/`.
 * @returns The same loaders keyed by repository path.
 */
export function byRepositoryPath<T>(
  modules: Readonly<Record<string, T>>,
  from: string
): Record<string, T> {
  const base = new URL(from, REPOSITORY)
  const result: Record<string, T> = {}
  for (const [key, value] of Object.entries(modules)) {
    result[new URL(key, base).href.slice(REPOSITORY.length)] = value
  }
  return result
}
