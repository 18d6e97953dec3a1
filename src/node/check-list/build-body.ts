/**
 * Builds the body of one postcard submission (spec 2.3) from a row: the template's constant
 * fields (`flow_id`, `from`, texts the same for everyone), then the row's cells at their paths.
 *
 * @module
 */

/** A field path of a body, e.g. `['to', 'first_name']` or `['flow_id']`. */
export type BodyPath = readonly string[]

/** A JSON object as the template and the NDJSON rows are. */
export type JsonObject = Readonly<Record<string, unknown>>

/** Whether a value is a plain JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Sets a value at a path of a body built over a template, copying each object on the path the
 * first time it is written, so the template (shared by every row) is never changed.
 *
 * @param body The row's body (its top level already a copy).
 * @param template The template it started from.
 * @param path Where.
 * @param value What.
 */
export function setPath(
  body: Record<string, unknown>,
  template: JsonObject,
  path: BodyPath,
  value: unknown
): void {
  const last = path.length - 1
  let target = body
  let original: unknown = template
  for (const [depth, key] of path.entries()) {
    if (depth === last) {
      assign(target, key, value)
      return
    }
    original = isJsonObject(original) ? original[key] : undefined
    const current = target[key]
    if (!isJsonObject(current)) {
      // A scalar in the template is replaced by an object, as the row's column asks.
      const fresh: Record<string, unknown> = {}
      assign(target, key, fresh)
      target = fresh
    } else if (current === original) {
      const copy = { ...current }
      assign(target, key, copy)
      target = copy
    } else {
      target = current as Record<string, unknown>
    }
  }
}

/** Sets an own member; `__proto__` (a key JSON may carry) stays a member, never a prototype. */
function assign(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    })
  } else target[key] = value
}

/**
 * The body of a CSV row: the template with each non-empty cell set at its column's path. An
 * empty cell leaves the field to the template, or out of the body (`to.company` blank for a
 * private recipient); the service then judges the body as it would judge any other.
 *
 * @param template Constant fields, shared by every row (never changed).
 * @param paths The body path of each column, `null` for a column that is not a body field.
 * @param cells The row's fields, in column order.
 * @returns A new body.
 */
export function buildCsvBody(
  template: JsonObject,
  paths: readonly (BodyPath | null)[],
  cells: readonly string[]
): Record<string, unknown> {
  const body: Record<string, unknown> = { ...template }
  for (let column = 0; column < paths.length; column++) {
    const path = paths[column]
    const cell = cells[column]
    if (path === null || path === undefined || cell === undefined || cell === '') continue
    setPath(body, template, path, cell)
  }
  return body
}

/**
 * Deep-merges a JSON row over the template: objects merge member by member, anything else
 * replaces. Top-level keys are renamed by the column map first (`null` drops the key), and a
 * dotted key (`"to.first_name"`) is a path, as in a CSV header.
 *
 * @param template Constant fields (never changed).
 * @param row The parsed NDJSON line.
 * @param rename The column map (`--map`).
 * @returns A new body; a row that is not an object replaces the template whole (and is judged
 *   as the service would judge it).
 */
export function buildJsonBody(
  template: JsonObject,
  row: unknown,
  rename: ReadonlyMap<string, BodyPath | null>
): unknown {
  if (!isJsonObject(row)) return row
  const body: Record<string, unknown> = { ...template }
  for (const key of Object.keys(row)) {
    const renamed = rename.get(key)
    const mapped =
      renamed !== undefined || rename.has(key)
        ? (renamed ?? null)
        : key.includes('.')
          ? key.split('.')
          : [key]
    if (mapped === null) continue
    mergeAt(body, template, mapped, row[key])
  }
  return body
}

/** Merges a value at a path: objects member by member over what the template has there. */
function mergeAt(
  body: Record<string, unknown>,
  template: JsonObject,
  path: BodyPath,
  value: unknown
): void {
  if (isJsonObject(value)) {
    for (const key of Object.keys(value)) mergeAt(body, template, [...path, key], value[key])
    if (Object.keys(value).length === 0) setPath(body, template, path, readPath(body, path) ?? {})
    return
  }
  setPath(body, template, path, value)
}

/** The value at a path, or `undefined`. */
export function readPath(body: unknown, path: BodyPath): unknown {
  let value = body
  for (const key of path) {
    if (!isJsonObject(value) || !Object.hasOwn(value, key)) return undefined
    value = value[key]
  }
  return value
}
