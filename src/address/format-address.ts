/**
 * `formatAddress`: an address as the destination's post reads it.
 *
 * @module
 */
import { resolveAddress } from './resolve-address.ts'
import type { AddressObject, FormatAddressOptions } from './types.ts'

/**
 * The lines of an address as the destination's post expects them, top to bottom: the order of
 * name, company, street lines, postal code and city from Google's address data (libaddressinput)
 * with the posts' own rules on top (`1016 GV  AMSTERDAM` for PostNL, `NEW YORK NY 10001` for
 * USPS, the UK postcode on its own line); the postal code in capitals with the post's spacing;
 * streets and names as sent. International mail ends with the destination's name in capitals in
 * the language the origin's post expects (`SCHWEIZ` from Germany, `DUITSLAND` from the
 * Netherlands); domestic mail has no country line.
 *
 * Pure and cheap (a few µs): call it on every keystroke. Never throws; missing or mistyped
 * fields are left out.
 *
 * @example
 * formatAddress(
 *   { first_name: 'Anna', last_name: 'de Vries', address_line1: 'Prinsengracht 263',
 *     zip: '1016gv', city: 'Amsterdam', country: 'NL' },
 *   { from: 'DE' }
 * )
 * // ['Anna de Vries', 'Prinsengracht 263', '1016 GV  AMSTERDAM', 'NIEDERLANDE']
 *
 * @param address An address object of spec 2.3 (`country` as an ISO code or a name in English,
 *   German, Dutch or French).
 * @param options `from`: where the card is posted (a country or the sender's address; default:
 *   the destination, i.e. domestic mail); `locale`: the language of the country line.
 * @returns The printed lines.
 */
export function formatAddress(
  address: AddressObject,
  options?: FormatAddressOptions
): readonly string[] {
  return resolveAddress(address, options).lines
}
