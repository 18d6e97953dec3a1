/**
 * What `content` (spec 2.5) and `qr_codes` (spec 2.6) share: a map keyed by the design's keys,
 * required when the design has keys and prohibited when it has none (rules 1 and 2), each value
 * present, a string and not over its limit, no key the design lacks (rule 3). Every error about
 * a key adds the expected keys to `meta` (spec 7.1), through the caller's `expectKeys`.
 *
 * @module
 */
import type { Report } from '../verdict/create-report.ts'
import type { FieldErrorCode } from '../verdict/types.ts'
import { fieldMessages } from '../schema/field-messages.ts'
import { isMissing } from '../schema/is-missing.ts'
import { childOf, fieldEntries } from '../schema/read-field.ts'
import { countCodePoints } from '../text/code-points.ts'

/** The two keyed maps of a submission. */
export type KeyedField = 'content' | 'qr_codes'

/** An error to report: its message and code. */
export interface KeyedError {
  readonly message: string
  readonly code: FieldErrorCode
  /** The data the message is made of beyond the path (see `FieldError.data`). */
  readonly data?: Readonly<Record<string, unknown>>
}

/**
 * Rules 1 and 2 of spec 2.5 and 2.6: with keys, the map is required and must be an object;
 * without, it must be omitted (`null`, blank and empty count as omitted, as for Laravel's
 * `required`).
 *
 * @param report Where to report.
 * @param field `content` or `qr_codes`.
 * @param map The value sent.
 * @param keys The design's keys.
 * @param expectKeys Adds the expected keys to `meta`.
 * @param prohibited Makes the error for a map sent to a design without keys.
 * @returns The map's entries, or `undefined` when there is nothing more to check.
 */
export function readKeyedMap(
  report: Report,
  field: KeyedField,
  map: unknown,
  keys: readonly string[],
  expectKeys: () => void,
  prohibited: () => KeyedError
): [string, unknown][] | undefined {
  if (keys.length === 0) {
    if (!isMissing(map)) {
      const { message, code, data } = prohibited()
      report.error(field, message, code, data)
      expectKeys()
    }
    return undefined
  }
  const entries = isMissing(map) ? undefined : fieldEntries(map)
  if (entries === undefined) {
    const missing = isMissing(map)
    report.error(
      field,
      missing ? fieldMessages.required(field) : fieldMessages.array(field),
      missing ? 'required' : 'array'
    )
    expectKeys()
  }
  return entries
}

/**
 * Spec 2.5 and 2.6: every key of the design carries "a non-empty string of at most N
 * characters" (code points).
 *
 * @param report Where to report.
 * @param field `content` or `qr_codes`.
 * @param map The map sent.
 * @param keys The design's keys.
 * @param max The limit in characters.
 * @param expectKeys Adds the expected keys to `meta` (for a missing value).
 */
export function checkKeyedValues(
  report: Report,
  field: KeyedField,
  map: unknown,
  keys: readonly string[],
  max: number,
  expectKeys: () => void
): void {
  for (const key of keys) {
    const value = childOf(map, key)
    // The common case, a string within its limit, makes no path (and no more code units than the
    // limit are no more code points either: nothing to count).
    const within =
      typeof value === 'string' &&
      (value.length <= max || countCodePoints(value, max) <= max) &&
      !isMissing(value)
    if (within) continue
    const path = `${field}.${key}`
    if (isMissing(value)) {
      report.error(path, fieldMessages.required(path), 'required')
      expectKeys()
    } else if (typeof value !== 'string') {
      report.error(path, fieldMessages.string(path), 'string')
    } else {
      report.error(path, fieldMessages.maxLength(path, max), 'max-length', { max })
    }
  }
}

/**
 * Rule 3 of spec 2.5 and 2.6: a key the design lacks is an error.
 *
 * @param report Where to report.
 * @param field `content` or `qr_codes`.
 * @param entries The map's entries.
 * @param keys The design's keys.
 * @param expectKeys Adds the expected keys to `meta`.
 * @param unknown The error for a key (default: prohibited).
 */
export function reportUnknownKeys(
  report: Report,
  field: KeyedField,
  entries: readonly (readonly [string, unknown])[],
  keys: readonly string[],
  expectKeys: () => void,
  unknown: (key: string, path: string) => KeyedError = (_key, path) => ({
    message: fieldMessages.prohibited(path),
    code: 'prohibited',
  })
): void {
  for (const [key] of entries) {
    // A design has at most a few keys: a scan, no set.
    if (keys.includes(key)) continue
    const path = `${field}.${key}`
    const { message, code, data } = unknown(key, path)
    report.error(path, message, code, data)
    expectKeys()
  }
}
