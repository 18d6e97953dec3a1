/**
 * Laravel's idea of a missing value, the test behind its `required` and `prohibited` rules.
 *
 * @module
 */

/**
 * Whether a code unit is one of PHP `trim()`'s default characters: space, tab, LF, CR, NUL,
 * vertical tab. (A loop over code units rather than a regular expression: every field of every
 * body is tested, and a value nearly always ends the loop at its first character.)
 */
function isBlank(code: number): boolean {
  return (
    code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d || code === 0 || code === 0x0b
  )
}

function isBlankString(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    if (!isBlank(value.charCodeAt(index))) return false
  }
  return true
}

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
  if (typeof value === 'string') return isBlankString(value)
  if (Array.isArray(value)) return value.length === 0
  if (typeof value === 'object') {
    for (const key in value) if (Object.hasOwn(value, key)) return false
    return true
  }
  return false
}
