/**
 * The rule every value of `content` and `qr_codes` shares: present, a string, not over its limit.
 *
 * @module
 */
import type { Report } from '../verdict/create-report.ts'
import { fieldMessages } from '../schema/field-messages.ts'
import { isMissing } from '../schema/is-missing.ts'
import { countCharacters } from './count-characters.ts'

/**
 * Reports a value of a design key that is missing, not a string, or longer than `max`
 * characters (spec 2.5 and 2.6: "a non-empty string of at most N characters").
 *
 * @param report Where to report.
 * @param path The field path, e.g. `content.greeting`.
 * @param value The value sent.
 * @param max The limit in characters (code points).
 * @returns Whether the value was missing, so the caller can add the expected keys to `meta`.
 */
export function checkKeyedValue(
  report: Report,
  path: string,
  value: unknown,
  max: number
): boolean {
  if (isMissing(value)) {
    report.error(path, fieldMessages.required(path), 'required')
    return true
  }
  if (typeof value !== 'string') {
    report.error(path, fieldMessages.string(path), 'string')
  } else if (countCharacters(value, max) > max) {
    report.error(path, fieldMessages.maxLength(path, max), 'max-length', { max })
  }
  return false
}
