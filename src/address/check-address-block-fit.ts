/**
 * The recipient block in its design element: room for every line, and every line within the
 * element's width, measured as the block's layout measures it.
 *
 * @module
 */
import { roundMm } from '../layout/units.ts'
import { defineRule } from '../verdict/define-rule.ts'
import { shorten } from '../verdict/shorten.ts'
import type { AddressContext } from './address-context.ts'

/**
 * Warns about a recipient block that does not fit its element (warnings only: spec 2.3 leaves
 * the format of addresses open, and the design's address element is not part of the spec):
 *
 * - `address-lines-overflow`: more recipient lines than the element holds below the sender line
 *   (judged without fonts too: line boxes need no font);
 * - `address-line-too-wide`: a recipient line wider than the element in its font, measured as
 *   the same engine lays out content (the block's layout reports the same widths), with the
 *   overflow in mm (lines never wrap: the post reads each line as one part of the address).
 *
 * The sender line is not judged: sorting machines read the recipient block only, and a sender
 * line wider than the element is drawn sticking out, marked, in the preview.
 */
export const checkAddressBlockFit = defineRule<AddressContext>({
  id: 'address-block-fit',
  spec: '2.3 (address object)',
  summary:
    'Warns (the spec leaves address formats open) about more recipient lines than the address area holds and a recipient line wider than it.',
  run({ addresses }, report) {
    for (const block of addresses.blocks()) {
      const { element, path, recipientLines, recipientCapacity } = block
      if (recipientLines.length > recipientCapacity) {
        const overflow = roundMm(block.recipientOverflow_mm)
        report.warn({
          code: 'address-lines-overflow',
          path: 'to',
          message: `Unexpected ${recipientLines.length} address lines, expected at most ${recipientCapacity}: the address area holds ${recipientCapacity} lines of ${element.font_size_pt} pt, ${overflow} mm too few; shorten the address or enlarge the area`,
          data: {
            element: path,
            line_count: recipientLines.length,
            capacity: recipientCapacity,
            overflow_mm: overflow,
            font_size_pt: element.font_size_pt,
          },
        })
      }
      for (const line of block.wideRecipientLines()) {
        const overflow = roundMm(line.width_overflow_mm)
        const text = recipientLines[line.index] ?? ''
        const available = roundMm(line.available_width_mm)
        report.warn({
          code: 'address-line-too-wide',
          path: 'to',
          message: `Unexpected address line \`${shorten(text)}\` ${overflow > 0 ? `${overflow} mm` : 'less than 0.01 mm'} wider than the area, expected at most ${available} mm in ${element.font_family} ${element.font_size_pt} pt: shorten it or enlarge the area`,
          data: {
            element: path,
            line: text,
            width_mm: roundMm(line.width_mm),
            available_width_mm: available,
            overflow_mm: overflow,
            font_family: element.font_family,
            font_size_pt: element.font_size_pt,
          },
        })
      }
    }
  },
})
