/**
 * The UUID format of spec 2.1 and 2.3.
 *
 * @module
 */

/** Laravel's `Str::isUuid` pattern: 8-4-4-4-12 hexadecimal digits, any case, any version. */
const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i

/**
 * Whether a string is a UUID as the service's `uuid` rule (Laravel's `Str::isUuid`) sees it:
 * the 8-4-4-4-12 layout of hexadecimal digits in either case. No version or variant is
 * required, so the nil UUID passes, as it does there.
 *
 * @param value The string to test.
 * @returns `true` for a UUID.
 */
export function isUuid(value: string): boolean {
  return UUID.test(value)
}
