/**
 * Character sets and a string generator for the property tests of QR values: lower case (byte
 * mode), upper case and digits (alphanumeric and numeric mode), as URLs mix them.
 */
import fc from 'fast-check'

export const lower = 'abcdefghijklmnopqrstuvwxyz'
export const upper = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
export const digits = '0123456789'

/** Strings of `min` to `max` characters drawn from `set`. */
export const chars = (set: string, min: number, max: number): fc.Arbitrary<string> =>
  fc.string({ unit: fc.constantFrom(...set), minLength: min, maxLength: max })
