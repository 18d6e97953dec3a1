/**
 * The parts an address needs in its country beyond the required fields of spec 2.3.
 *
 * @module
 */
import type { Report } from '../verdict/create-report.ts'
import { defineRule } from '../verdict/define-rule.ts'
import { shorten } from '../verdict/shorten.ts'
import type { AddressContext, AddressSide } from './address-context.ts'
import { countryName, subdivisionsOf } from './country-table.ts'
import type { ResolvedAddress } from './types.ts'

/**
 * `address-part-missing`: the destination needs a state or province (Google's `require` has
 * `S`: the US state, the Italian province) and none follows the city. The address object has
 * no field for it (spec 2.3), so it is written after the city (`New York NY`, `Pisa PI`). A
 * warning only: spec 2.3 leaves the format of addresses open.
 */
export const checkAddressRequiredParts = defineRule<AddressContext>({
  id: 'address-required-parts',
  spec: '2.3 (address object)',
  summary:
    'Warns (the spec leaves address formats open) about a city without the state or province its country needs.',
  run({ addresses }, report) {
    judgeRequiredParts(addresses.sender, 'from', report)
    judgeRequiredParts(addresses.recipient, 'to', report)
  },
})

function judgeRequiredParts(address: ResolvedAddress, side: AddressSide, report: Report): void {
  const { country, conventions, parts, state, locality } = address
  if (country === undefined || !conventions.required.includes('S') || state !== '') return
  const subdivisions = subdivisionsOf(country)
  if (subdivisions === undefined || parts.city === '') return
  const part = country === 'US' ? 'state' : 'province'
  const example = `${locality} ${subdivisions.keys[0] ?? ''}`
  report.warn({
    code: 'address-part-missing',
    path: `${side}.city`,
    message: `Unexpected city \`${shorten(parts.city)}\` without a ${part}, expected the ${part}'s code after the city for ${countryName(country, 'en')}, such as \`${shorten(example)}\``,
    // The city and the example the message quotes, for the other languages.
    data: { country, part, city: parts.city, example },
  })
}
