/**
 * The fields of an address object (spec 2.3), read from the postcard schema so the list exists
 * once.
 *
 * @module
 */
import { fieldOrder } from '../schema/postcard.generated.js'

/** `company`, `first_name` … `country`, in the spec's order. */
export const ADDRESS_FIELDS: readonly string[] = Object.freeze(
  fieldOrder.filter((path) => path.startsWith('to.')).map((path) => path.slice('to.'.length))
)

/**
 * The field paths of each address side, `to.company` … `from.country`, as {@link ADDRESS_FIELDS}
 * orders them: made once, so the rules that visit every field of every body build no path.
 */
export const ADDRESS_FIELD_PATHS: Readonly<Record<'to' | 'from', readonly string[]>> =
  Object.freeze({
    to: Object.freeze(ADDRESS_FIELDS.map((field) => `to.${field}`)),
    from: Object.freeze(ADDRESS_FIELDS.map((field) => `from.${field}`)),
  })

/**
 * Whether `test` holds for a string member of an address object: one pass over its members, no
 * lookup by name, so that a rule which finds nothing in most addresses (emoji, missing glyphs)
 * skips the field-by-field reading. Other members than the address fields count too (a pre-test
 * may be wrong the safe way only). Reads the body as read once: plain data, no getters.
 *
 * @param address The value at `to` or `from` (anything).
 * @param test What to look for in a string.
 * @returns `false` when no string member passes, or `address` is no object.
 */
export function someAddressValue(address: unknown, test: (value: string) => boolean): boolean {
  if (typeof address !== 'object' || address === null || Array.isArray(address)) return false
  const record = address as Readonly<Record<string, unknown>>
  for (const key in record) {
    const value = record[key]
    if (typeof value === 'string' && test(value)) return true
  }
  return false
}
