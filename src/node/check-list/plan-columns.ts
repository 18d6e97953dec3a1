/**
 * Which body field each column of a recipient list fills (spec 2.3, 2.5, 2.6), decided once
 * from the header, the column map and the template, with every mistake found before the first
 * row is judged: a list that would be rejected row by row for a misnamed column is a setup
 * mistake, told once.
 *
 * @module
 */
import type { Design } from '../../design/types.ts'
import { UsageError } from '../cli/cli-io.ts'
import { readPath, type BodyPath, type JsonObject } from './build-body.ts'

/** `--map`: list column name to body path (`"Vorname": "to.first_name"`), `null` to ignore. */
export type ColumnMap = ReadonlyMap<string, BodyPath | null>

/** The columns of a list as the rows are built from them. */
export interface ColumnPlan {
  /** The body path of each column, `null` for a column that is not a body field. */
  readonly paths: readonly (BodyPath | null)[]
  /** Columns that are not body fields and not in the map: left out, told once. */
  readonly ignored: readonly string[]
}

/** The top-level fields of a postcard submission (spec 2.3) and how deep their paths go. */
const ROOTS: Readonly<Record<string, number>> = {
  flow_id: 1,
  from: 2,
  to: 2,
  content: 2,
  qr_codes: 2,
}

/** Required members of an address object (spec 2.3). */
const REQUIRED_ADDRESS = ['address_line1', 'zip', 'city', 'country'] as const

/** The field-name pattern of `content` and `qr_codes` keys (spec 2.5, 2.6, 8). */
const KEY_PATTERN = /^[a-z][a-z0-9_]{0,63}$/

/**
 * Reads a body path written with dots (`to.first_name`).
 *
 * @param text The path as written in a header, a map or `--set`.
 * @returns The path, or `undefined` when it names no field of a postcard submission.
 */
export function parseBodyPath(text: string): BodyPath | undefined {
  const path = text.split('.')
  const [root = ''] = path
  const depth = Object.hasOwn(ROOTS, root) ? ROOTS[root] : undefined
  if (depth === undefined || path.length !== depth) {
    return undefined
  }
  return path.every((segment) => segment !== '') ? path : undefined
}

/** The paths the design and spec 2.3 require, in the spec's order. */
export function requiredPaths(design: Design): string[] {
  return [
    'flow_id',
    ...REQUIRED_ADDRESS.map((field) => `from.${field}`),
    ...REQUIRED_ADDRESS.map((field) => `to.${field}`),
    ...design.markdownAreas.map((area) => `content.${area.key}`),
    ...design.keyedQrCodes.map((code) => `qr_codes.${code.key}`),
  ]
}

/** Backticked, comma-separated names. */
function listed(names: readonly string[]): string {
  return names.map((name) => `\`${name}\``).join(', ')
}

/**
 * Checks the `content`/`qr_codes` keys of a set of paths against the design: an unknown key
 * would make the service reject every row (spec 2.5 rule 3, 2.6 rule 3).
 *
 * @param paths Dotted paths the rows will fill.
 * @param design The flow's design.
 * @param where What the paths come from, for the message (`column`, `template field`).
 * @throws {UsageError} For a key the design does not have.
 */
export function checkDesignKeys(paths: Iterable<string>, design: Design, where: string): void {
  const expected = {
    content: design.markdownAreas.map((area) => area.key),
    qr_codes: design.keyedQrCodes.map((code) => code.key),
  }
  for (const path of paths) {
    const [root, key] = path.split('.')
    if ((root !== 'content' && root !== 'qr_codes') || key === undefined) continue
    const keys = expected[root]
    if (keys.includes(key)) continue
    const wanted =
      keys.length === 0
        ? `no \`${root}\` (the design \`${design.name}\` has none)`
        : `one of ${listed(keys.map((name) => `${root}.${name}`))}`
    const shape = KEY_PATTERN.test(key) ? '' : ' (keys match `^[a-z][a-z0-9_]{0,63}$`)'
    throw new UsageError(`Unexpected ${where} \`${path}\`, expected ${wanted}${shape}`)
  }
}

/**
 * Plans the columns of a CSV list.
 *
 * - A header naming a body field (`flow_id`, `to.first_name`, `content.greeting`,
 *   `qr_codes.coupon_url`) fills it; `--map` renames other headers (`"PLZ": "to.zip"`) or drops
 *   them (`null`). Any other column is left out and told once (a customer number, a note).
 * - Mistakes stop before the first row: two columns for one field, a `content`/`qr_codes` key
 *   the design does not have, a required field (spec 2.3, 2.5 rule 1, 2.6 rule 1) with neither a
 *   column nor a value in the template.
 *
 * @param header The header's fields.
 * @param map The column map.
 * @param template The constant fields.
 * @param design The flow's design.
 * @returns The plan.
 * @throws {UsageError} For the mistakes above.
 */
export function planColumns(
  header: readonly string[],
  map: ColumnMap,
  template: JsonObject,
  design: Design
): ColumnPlan {
  const paths: (BodyPath | null)[] = []
  const ignored: string[] = []
  const filledBy = new Map<string, string>()
  for (const raw of header) {
    const name = raw.trim()
    const mapped = map.get(name)
    const path = mapped !== undefined || map.has(name) ? (mapped ?? null) : parseBodyPath(name)
    if (path === undefined || path === null) {
      paths.push(null)
      if (path === undefined && name !== '') ignored.push(name)
      continue
    }
    const dotted = path.join('.')
    const earlier = filledBy.get(dotted)
    if (earlier !== undefined) {
      throw new UsageError(
        `Unexpected columns \`${earlier}\` and \`${name}\` both for \`${dotted}\`, expected one column per field`
      )
    }
    filledBy.set(dotted, name)
    paths.push(path)
  }
  checkDesignKeys(filledBy.keys(), design, 'column')
  const missing = requiredPaths(design).filter(
    (path) => !filledBy.has(path) && readPath(template, path.split('.')) === undefined
  )
  if (missing.length > 0) {
    throw new UsageError(
      `Missing ${missing.length === 1 ? 'column' : 'columns'} ${listed(missing)}, expected a column (or a \`--map\` entry) for each required field, or its value in \`--template\`/\`--set\``
    )
  }
  return { paths, ignored }
}

/**
 * Reads a column map document: `{ "<column>": "<body path>" | null }`.
 *
 * @param json The parsed `--map` file.
 * @param source Its path, for messages.
 * @returns The map.
 * @throws {UsageError} For anything else than an object of paths and nulls.
 */
export function readColumnMap(json: unknown, source: string): ColumnMap {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new UsageError(
      `Unexpected column map \`${source}\`, expected a JSON object of column names to body paths, e.g. {"PLZ": "to.zip"}`
    )
  }
  const map = new Map<string, BodyPath | null>()
  for (const [column, target] of Object.entries(json)) {
    if (target === null) {
      map.set(column.trim(), null)
      continue
    }
    const path = typeof target === 'string' ? parseBodyPath(target) : undefined
    if (path === undefined) {
      throw new UsageError(
        `Unexpected \`${JSON.stringify(target)}\` for the column \`${column}\` in \`${source}\`, expected a body path such as \`to.first_name\`, \`content.<key>\` or \`qr_codes.<key>\` (or null to ignore the column)`
      )
    }
    map.set(column.trim(), path)
  }
  return map
}
