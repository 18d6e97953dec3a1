/**
 * Laravel's idea of a missing value, the test behind its `required` and `prohibited` rules.
 *
 * @module
 */

/** PHP `trim()`'s default characters: space, tab, LF, CR, NUL, vertical tab. */
const BLANK = /^[ \t\n\r\0\v]*$/

/**
 * Whether a value counts as missing for Laravel's `required` rule (and as absent for
 * `prohibited`): `undefined` (absent), `null`, a string that is empty after PHP's `trim()`, or
 * an empty object or list (an empty PHP array). JSON Schema's `required` tests presence only,
 * which is why the generated validators leave it to this test.
 *
 * @param value Any JSON value, `undefined` when absent.
 * @returns `true` when the value is missing.
 */
export function isMissing(value: unknown): boolean {
  if (value === undefined || value === null) return true
  if (typeof value === 'string') return BLANK.test(value)
  if (Array.isArray(value)) return value.length === 0
  if (typeof value === 'object') {
    for (const key in value) if (Object.hasOwn(value, key)) return false
    return true
  }
  return false
}
