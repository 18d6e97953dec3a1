/**
 * The postal code of an address against its country's layout and range.
 *
 * @module
 */
import type { Report } from '../verdict/create-report.ts'
import { defineRule } from '../verdict/define-rule.ts'
import { shorten } from '../verdict/shorten.ts'
import type { AddressContext, AddressSide } from './address-context.ts'
import { countryName, subdivisionsOf } from './country-table.ts'
import { describeRangeInEnglish, POSTAL_CODE_RANGES } from './postal-conventions.ts'
import type { ResolvedAddress } from './types.ts'

/**
 * Warns when a postal code cannot be its country's. Warnings only: spec 2.3 leaves the format of
 * `zip` open, and the service accepts any string:
 *
 * - `zip-format`: not the layout of the country's codes (Google's pattern, as the post writes
 *   its codes: `1016 GV`, `EC4Y 0HQ`, `00-950`);
 * - `zip-range`: the layout but outside the codes the post issues (`00123` in Germany);
 * - `zip-state-mismatch`: a US ZIP Code of another state than the one after the city (Google's
 *   postal code prefixes per state).
 *
 * Addresses whose country is not recognised are left to the country rule.
 */
export const checkAddressPostalCode = defineRule<AddressContext>({
  id: 'address-postal-code',
  spec: '2.3 (address object)',
  summary:
    'Warns (the spec leaves address formats open) about a postal code without the layout, range or state of its country.',
  run({ addresses }, report) {
    judgePostalCode(addresses.sender, 'from', report)
    judgePostalCode(addresses.recipient, 'to', report)
  },
})

function judgePostalCode(address: ResolvedAddress, side: AddressSide, report: Report): void {
  const { country, conventions, zip, parts } = address
  if (country === undefined || parts.zip === '' || conventions.zip === undefined) return
  const path = `${side}.zip`
  if (!conventions.zip.test(zip)) {
    const name = countryName(country, 'en')
    const examples = conventions.zipExamples.map((example) => `\`${example}\``).join(' or ')
    report.warn({
      code: 'zip-format',
      path,
      message: `Unexpected zip \`${shorten(parts.zip)}\` for ${name}, expected a postal code like ${examples}`,
      data: { country, zip: parts.zip, examples: conventions.zipExamples },
    })
    return
  }
  const range = POSTAL_CODE_RANGES[country]
  if (range && !range.pattern.test(zip)) {
    const name = countryName(country, 'en')
    report.warn({
      code: 'zip-range',
      path,
      message: `Unexpected zip \`${shorten(parts.zip)}\` for ${name}, expected a postal code ${describeRangeInEnglish(range)}`,
      // The bounds the message names, for the other languages.
      data: {
        country,
        zip: parts.zip,
        lowest: range.lowest,
        ...(range.highest === undefined ? {} : { highest: range.highest }),
        ...(range.excludedLetters === undefined ? {} : { excluded_letters: range.excludedLetters }),
      },
    })
    return
  }
  const subdivisions = subdivisionsOf(country)
  if (address.state === '' || subdivisions === undefined) return
  const prefix = subdivisions.zips[subdivisions.keys.indexOf(address.state)]
  if (prefix === undefined || prefix.test(zip)) return
  report.warn({
    code: 'zip-state-mismatch',
    path,
    message: `Unexpected zip \`${shorten(parts.zip)}\` for ${address.state}, expected a postal code of ${address.state}: the zip or the state after the city is wrong`,
    data: { country, zip: parts.zip, state: address.state },
  })
}
