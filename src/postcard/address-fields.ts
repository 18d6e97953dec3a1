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
