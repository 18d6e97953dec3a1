/**
 * The parts an address needs in its country beyond the required fields of spec 2.3.
 *
 * @module
 */
import { shorten } from '../verdict/shorten.ts'
import type { AddressRule } from './address-rule.ts'
import { countryName, subdivisionsOf } from './country-table.ts'

/**
 * `address-part-missing`: the destination needs a state or province (Google's `require` has
 * `S`: the US state, the Italian province) and none follows the city. The address object has
 * no field for it (spec 2.3), so it is written after the city (`New York NY`, `Pisa PI`).
 */
export const checkRequiredParts: AddressRule = {
  id: 'required-parts',
  run(address, side, warn) {
    const { country, conventions, parts, state, locality } = address
    if (country === undefined || !conventions.required.includes('S') || state !== '') return
    const subdivisions = subdivisionsOf(country)
    if (subdivisions === undefined || parts.city === '') return
    const part = country === 'US' ? 'state' : 'province'
    const example = `${locality} ${subdivisions.keys[0] ?? ''}`
    warn({
      code: 'address-part-missing',
      path: `${side}.city`,
      message: `Unexpected city \`${shorten(parts.city)}\` without a ${part}, expected the ${part}'s code after the city for ${countryName(country, 'en')}, such as \`${shorten(example)}\``,
      data: { country, part },
    })
  },
}
