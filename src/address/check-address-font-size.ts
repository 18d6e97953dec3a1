/**
 * The size of the address block's capitals against what the posts' sorting machines read.
 *
 * @module
 */
import { MM_PER_PT, roundMm } from '../layout/units.ts'
import { defineRule } from '../verdict/define-rule.ts'
import type { AddressContext } from './address-context.ts'
import { capHeight } from './cap-height.ts'

/**
 * The smallest cap height the posts' sorting machines read, in mm. Deutsche Post,
 * "Automationsfähige Briefsendungen" (as quoted in its addressing guidance): the height of
 * capitals and digits between 2.3 mm and 4.7 mm, 10 to 12 pt being optimal. Royal Mail's
 * Mailmark guide asks for at least 2 mm, PostNL and POST Luxembourg recommend 10 to 12 pt, bpost
 * 11 or 12 pt: 2.3 mm satisfies all of them.
 */
export const MIN_CAP_HEIGHT_MM = 2.3

/**
 * `address-font-small`: the capitals of the address element's font, at its size, are lower than
 * {@link MIN_CAP_HEIGHT_MM} (measured from the face's `H`). A warning only: spec 2.3 leaves the
 * format of addresses open. Judged when the fonts hold the family and a recipient is printed.
 */
export const checkAddressFontSize = defineRule<AddressContext>({
  id: 'address-font-size',
  spec: '2.3 (address object)',
  summary:
    'Warns (the spec leaves address formats open) about an address font whose capitals are smaller than sorting machines read.',
  run({ addresses }, report) {
    for (const block of addresses.blocks()) {
      const { element, path, recipientLines } = block
      if (recipientLines.length === 0) continue
      const face = block.face()
      if (face === undefined) continue
      const capRatio = capHeight(face) / face.unitsPerEm
      const capMm = capRatio * element.font_size_pt * MM_PER_PT
      if (capMm + 1e-9 >= MIN_CAP_HEIGHT_MM) continue
      const minimum = Math.ceil((MIN_CAP_HEIGHT_MM / (capRatio * MM_PER_PT)) * 10) / 10
      report.warn({
        code: 'address-font-small',
        path: `${path}.font_size_pt`,
        message: `Unexpected font size ${element.font_size_pt} pt for the address, expected at least ${minimum} pt in ${element.font_family}: sorting machines read capitals of ${MIN_CAP_HEIGHT_MM} mm and more, these are ${roundMm(capMm)} mm`,
        data: {
          element: path,
          font_size_pt: element.font_size_pt,
          cap_height_mm: roundMm(capMm),
          minimum_cap_height_mm: MIN_CAP_HEIGHT_MM,
          minimum_font_size_pt: minimum,
          font_family: element.font_family,
        },
      })
    }
  },
})
