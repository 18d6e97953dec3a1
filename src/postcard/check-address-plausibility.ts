/**
 * Non-blocking plausibility warnings on the addresses of a postcard.
 *
 * @module
 */
import { childOf } from '../schema/read-field.ts'
import { defineRule } from '../verdict/define-rule.ts'
import { shorten } from '../verdict/shorten.ts'
import { recognizeCountry, STATED_COUNTRIES } from './recognize-country.ts'
import type { PostcardContext } from './types.ts'

/** `Germany, Austria, Switzerland or the Netherlands`. */
const STATED_NAMES = `${STATED_COUNTRIES.slice(0, -1)
  .map((country) => country.name)
  .join(', ')} or ${STATED_COUNTRIES.at(-1)?.name ?? ''}`

/**
 * Warns about addresses the service accepts but the post may not deliver (the spec leaves the
 * format of addresses open, so these never turn into a 422):
 *
 * - `zip-format`: the zip of `from` or `to` does not have the layout of its country (a German
 *   zip is 5 digits, an Austrian or Swiss one 4, a Dutch one `1234 AB`);
 * - `country-on-request`: `to.country` is none of the destinations the spec states (spec 1:
 *   further countries are available on request only).
 */
export const checkAddressPlausibility = defineRule<PostcardContext>({
  id: 'address-plausibility',
  spec: '1 (stated countries), 2.3',
  summary:
    'Warns about a zip that does not have the layout of its country and a destination the spec does not state.',
  run({ body }, report) {
    for (const side of ['from', 'to'] as const) {
      const address = childOf(body, side)
      const country = childOf(address, 'country')
      if (typeof country !== 'string' || country.trim() === '') continue
      const stated = recognizeCountry(country)
      if (!stated) {
        if (side === 'to') {
          report.warn({
            code: 'country-on-request',
            path: 'to.country',
            message: `Unexpected country \`${shorten(country)}\`, expected ${STATED_NAMES}: other destinations are available on request only`,
            data: { country },
          })
        }
        continue
      }
      const zip = childOf(address, 'zip')
      if (typeof zip !== 'string' || zip.trim() === '' || stated.zip.test(zip.trim())) continue
      report.warn({
        code: 'zip-format',
        path: `${side}.zip`,
        message: `Unexpected zip \`${shorten(zip)}\` for ${stated.name}, expected ${stated.zipLayout} such as \`${stated.zipExample}\``,
        data: { country: stated.code, zip },
      })
    }
  },
})
