/**
 * Reading a JSON body the way the service does. PHP decodes JSON objects and lists alike to
 * arrays, so a list where an object is expected reads as an object keyed `0`, `1`, …; every read
 * goes through these helpers, which also keep `__proto__` and other inherited names out.
 *
 * @module
 */

/** Whether a value is a JSON object (not `null`, not a list). */
export function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Matches the canonical decimal index of a list item (`0`, `17`; never `01`). */
const INDEX = /^(?:0|[1-9]\d{0,15})$/

/**
 * The member `key` of an object, or item `key` of a list; `undefined` when absent or when
 * `value` has no members.
 *
 * @param value Any JSON value.
 * @param key A member name (a list index as a decimal string).
 * @returns The member, or `undefined`.
 */
export function childOf(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null) return undefined
  if (Array.isArray(value)) return INDEX.test(key) ? (value as unknown[])[Number(key)] : undefined
  return Object.hasOwn(value, key) ? (value as Readonly<Record<string, unknown>>)[key] : undefined
}

/**
 * The value at a dot-separated field path such as `to.zip`, read as {@link childOf} reads.
 *
 * @param root The body.
 * @param path A field path; `''` is the body itself.
 * @returns The value, or `undefined`.
 */
export function readField(root: unknown, path: string): unknown {
  if (path === '') return root
  let value = root
  for (const key of path.split('.')) {
    value = childOf(value, key)
    if (value === undefined) return undefined
  }
  return value
}

/**
 * The members of an object or items of a list as `[key, value]` pairs in order; `undefined` for
 * any other value.
 *
 * @param value Any JSON value.
 * @returns The pairs, or `undefined` when `value` has no members.
 */
export function fieldEntries(value: unknown): [string, unknown][] | undefined {
  // Array.from visits holes too (a sparse array from a JavaScript caller; JSON has none).
  if (Array.isArray(value))
    return Array.from(value as unknown[], (item, index) => [String(index), item])
  if (isObject(value)) return Object.entries(value)
  return undefined
}

/** Whether a value has members: an object or a list (a PHP array). */
export function hasMembers(value: unknown): value is object {
  return typeof value === 'object' && value !== null
}
