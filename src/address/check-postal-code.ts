/**
 * The postal code of an address against its country's layout and range.
 *
 * @module
 */
import { shorten } from '../verdict/shorten.ts'
import type { AddressRule } from './address-rule.ts'
import { countryName, subdivisionsOf } from './country-table.ts'
import { POSTAL_CODE_RANGES } from './postal-conventions.ts'

/**
 * Warns when a postal code cannot be the destination's (spec 2.3 leaves the format open):
 *
 * - `zip-format`: not the layout of the country's codes (Google's pattern, as the post writes
 *   its codes: `1016 GV`, `EC4Y 0HQ`, `00-950`);
 * - `zip-range`: the layout but outside the codes the post issues (`00123` in Germany);
 * - `zip-state-mismatch`: a US ZIP Code or an Italian CAP of another state or province than the
 *   one after the city (Google's postal code prefixes per subdivision).
 *
 * Addresses whose country is not recognised are left to the country rule.
 */
export const checkPostalCode: AddressRule = {
  id: 'postal-code',
  run(address, side, warn) {
    const { country, conventions, zip, parts } = address
    if (country === undefined || parts.zip === '' || conventions.zip === undefined) return
    const path = `${side}.zip`
    const name = countryName(country, 'en')
    if (!conventions.zip.test(zip)) {
      const examples = conventions.zipExamples.map((example) => `\`${example}\``).join(' or ')
      warn({
        code: 'zip-format',
        path,
        message: `Unexpected zip \`${shorten(parts.zip)}\` for ${name}, expected a postal code like ${examples}`,
        data: { country, zip: parts.zip },
      })
      return
    }
    const range = POSTAL_CODE_RANGES[country]
    if (range && !range.pattern.test(zip)) {
      warn({
        code: 'zip-range',
        path,
        message: `Unexpected zip \`${shorten(parts.zip)}\` for ${name}, expected a postal code ${range.description}`,
        data: { country, zip: parts.zip },
      })
      return
    }
    const subdivisions = subdivisionsOf(country)
    if (address.state === '' || subdivisions === undefined) return
    const prefix = subdivisions.zips[subdivisions.keys.indexOf(address.state)]
    if (prefix === undefined || prefix.test(zip)) return
    warn({
      code: 'zip-state-mismatch',
      path,
      message: `Unexpected zip \`${shorten(parts.zip)}\` for ${address.state}, expected a postal code of ${address.state}: the zip or the ${country === 'US' ? 'state' : 'province'} after the city is wrong`,
      data: { country, zip: parts.zip, state: address.state },
    })
  },
}
