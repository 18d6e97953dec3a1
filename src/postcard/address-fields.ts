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
