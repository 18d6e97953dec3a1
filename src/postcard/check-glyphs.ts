/**
 * Characters the design's fonts cannot draw: they would print as empty boxes.
 *
 * @module
 */
import { childOf } from '../schema/read-field.ts'
import { SIDE_NAMES } from '../design/types.ts'
import { checkGlyphCoverage, isPlainIn } from '../text/glyph-coverage.ts'
import type { Face } from '../text/types.ts'
import { defineRule } from '../verdict/define-rule.ts'
import type { Report } from '../verdict/create-report.ts'
import { ADDRESS_FIELD_PATHS, ADDRESS_FIELDS, someAddressValue } from './address-fields.ts'
import type { PostcardContext } from './types.ts'

/**
 * Warns (`missing-glyph`) about characters that the area's font cannot draw, and likewise for the
 * address fields printed in the design's `address` element. The regular face decides: the shipped
 * families have the same character set in all four faces. Needs `fonts`; skipped without.
 */
export const checkGlyphs = defineRule<PostcardContext>({
  id: 'glyph-coverage',
  spec: '2.3 (print, never a question mark)',
  summary: 'Warns about characters the font of their area cannot draw (an empty box in print).',
  run({ body, design, fonts, contentEntries }, report) {
    if (!fonts) return
    for (const entry of contentEntries) {
      if (report.hasError(`content.${entry.key}`)) continue
      for (const warning of entry.work.glyphWarnings()) report.warn(warning)
    }
    // Each address is checked once, in the face of the first address element that prints it (a
    // field skipped there, empty or rejected, would be skipped by every other element too).
    let checkedTo = false
    let checkedFrom = false
    for (const designSide of SIDE_NAMES) {
      for (const element of design.sides[designSide].elements) {
        if (element.type !== 'address' || !fonts.has(element.font_family)) continue
        const face = fonts.face(element.font_family)
        if (!checkedTo) checkAddress(body, 'to', face, report)
        checkedTo = true
        if (element.sender_line && !checkedFrom) checkAddress(body, 'from', face, report)
        checkedFrom ||= element.sender_line
      }
    }
  },
})

/** Warns about the characters of one address's fields that `face` cannot draw. */
function checkAddress(body: unknown, side: 'to' | 'from', face: Face, report: Report): void {
  const address = childOf(body, side)
  if (!someAddressValue(address, (value) => !isPlainIn(value, face))) return
  const paths = ADDRESS_FIELD_PATHS[side]
  for (let index = 0; index < ADDRESS_FIELDS.length; index++) {
    const value = childOf(address, ADDRESS_FIELDS[index] as string)
    const path = paths[index] as string
    if (typeof value !== 'string' || value === '' || report.hasError(path)) continue
    for (const warning of checkGlyphCoverage(value, path, face)) report.warn(warning)
  }
}
