/**
 * The `country` of an address: recognised, and among the service's destinations (spec 1).
 *
 * @module
 */
import type { Report } from '../verdict/create-report.ts'
import { defineRule } from '../verdict/define-rule.ts'
import { shorten } from '../verdict/shorten.ts'
import type { AddressContext, AddressSide } from './address-context.ts'
import { countryName } from './country-table.ts'
import type { ResolvedAddress } from './types.ts'

/** The destinations the spec states (spec 1). */
export const STATED_DESTINATIONS: readonly string[] = ['DE', 'AT', 'CH', 'NL']

/** The destinations available on request (spec 1): the other EU countries, the UK and the US. */
export const ON_REQUEST_DESTINATIONS: readonly string[] = [
  ...['BE', 'BG', 'CY', 'CZ', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT'],
  ...['LT', 'LU', 'LV', 'MT', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'GB', 'US'],
]

/** `Germany, Austria, Switzerland or the Netherlands`. */
const STATED_NAMES = 'Germany, Austria, Switzerland or the Netherlands'

/**
 * Warns about a `country` the post or the service may not handle. Warnings only: spec 2.3 leaves
 * the format of addresses open (it shows no format for `country`), and spec 1 lists the
 * destinations:
 *
 * - `country-unrecognized`: neither an ISO 3166-1 code nor a country's name in English, German,
 *   Dutch or French (for `from` and `to`);
 * - `country-on-request`: a recipient in another EU country, the UK or the US (spec 1: on
 *   request only);
 * - `country-not-served`: a recipient in any other country.
 */
export const checkAddressCountry = defineRule<AddressContext>({
  id: 'address-country',
  spec: '1 (destinations), 2.3 (address object)',
  summary:
    'Warns (the spec leaves address formats open) about a country it cannot read and a destination the spec does not state.',
  run({ addresses }, report) {
    judgeCountry(addresses.sender, 'from', report)
    judgeCountry(addresses.recipient, 'to', report)
  },
})

function judgeCountry(address: ResolvedAddress, side: AddressSide, report: Report): void {
  const { country, parts } = address
  if (parts.country === '') return
  const path = `${side}.country`
  if (country === undefined) {
    report.warn({
      code: 'country-unrecognized',
      path,
      message: `Unexpected country \`${shorten(parts.country)}\`, expected an ISO 3166 code such as \`DE\` or the country's name in English, German, Dutch or French`,
      data: { country: parts.country },
    })
    return
  }
  if (side !== 'to' || STATED_DESTINATIONS.includes(country)) return
  const onRequest = ON_REQUEST_DESTINATIONS.includes(country)
  report.warn({
    code: onRequest ? 'country-on-request' : 'country-not-served',
    path,
    message: onRequest
      ? `Unexpected country \`${shorten(parts.country)}\`, expected ${STATED_NAMES}: other destinations are available on request only`
      : `Unexpected country \`${shorten(parts.country)}\` (${countryName(country, 'en')}), expected ${STATED_NAMES}, or on request another EU country, the UK or the US`,
    data: { country: parts.country, code: country },
  })
}
