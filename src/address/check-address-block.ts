/**
 * The recipient block in its design element: enough room for its lines, each line within the
 * width, and capitals large enough for the posts' reading machines.
 *
 * @module
 */
import type { AddressElement } from '../design/types.ts'
import { layoutPlainText } from '../layout/layout-plain-text.ts'
import { roundMm } from '../layout/units.ts'
import type { FontRegistry } from '../text/types.ts'
import { shorten } from '../verdict/shorten.ts'
import type { Warning } from '../verdict/types.ts'
import { addressGeometry, addressLayoutText } from './address-block.ts'
import { capHeight } from './cap-height.ts'

/**
 * The smallest cap height the posts' sorting machines read, in mm. Deutsche Post,
 * "Automationsfähige Briefsendungen" (as quoted in its addressing guidance): the height of
 * capitals and digits between 2.3 mm and 4.7 mm, 10 to 12 pt being optimal. Royal Mail's
 * Mailmark guide asks for at least 2 mm, PostNL and POST Luxembourg recommend 10 to 12 pt, bpost
 * 11 or 12 pt: 2.3 mm satisfies all of them.
 */
export const MIN_CAP_HEIGHT_MM = 2.3

/** Millimetres per point. */
const MM_PER_PT = 25.4 / 72

/** What the block check needs. */
export interface AddressBlockInput {
  /** The design's address element. */
  readonly element: AddressElement
  /** Its design path, e.g. `sides.back.elements[3]`. */
  readonly path: string
  /** The recipient lines as printed (`formatAddress`). */
  readonly lines: readonly string[]
  /** Whether a sender line is printed above them. */
  readonly senderPrinted: boolean
  /** The design's fonts; without them only the line count is judged. */
  readonly fonts: FontRegistry | undefined
}

/**
 * Warnings on the recipient block in its area (never a 422: the spec says nothing of it):
 *
 * - `address-lines-overflow`: more lines than the area holds below the sender line;
 * - `address-line-too-wide`: a line wider than the area in its font, laid out with the same
 *   engine as content (with the overflow in mm);
 * - `address-font-small`: capitals of the element's font smaller than {@link MIN_CAP_HEIGHT_MM}.
 *
 * @param input The element, its lines and the fonts.
 * @returns The warnings, in that order.
 */
export function checkAddressBlock(input: AddressBlockInput): Warning[] {
  const { element, lines, fonts, path } = input
  const warnings: Warning[] = []
  const geometry = addressGeometry(element, input.senderPrinted)
  const capacity = Math.floor(geometry.recipientHeight_mm / geometry.lineHeight_mm + 1e-9)
  if (lines.length > capacity) {
    const overflow = roundMm(lines.length * geometry.lineHeight_mm - geometry.recipientHeight_mm)
    warnings.push({
      code: 'address-lines-overflow',
      path: 'to',
      message: `Unexpected ${lines.length} address lines, expected at most ${capacity}: the address area holds ${capacity} lines of ${element.font_size_pt} pt, ${overflow} mm too few; shorten the address or enlarge the area`,
      data: { element: path, line_count: lines.length, capacity, overflow_mm: overflow },
    })
  }
  if (fonts === undefined || lines.length === 0) return warnings
  const layout = layoutPlainText(
    addressLayoutText(lines),
    { ...element, width_mm: 1e6, height_mm: 1e6 },
    fonts
  )
  for (const line of layout.lines) {
    const overflow = roundMm(line.width_mm - element.width_mm)
    if (overflow <= 0) continue
    const text = lines[line.index] ?? line.text
    warnings.push({
      code: 'address-line-too-wide',
      path: 'to',
      message: `Unexpected address line \`${shorten(text)}\` ${overflow} mm wider than the area, expected at most ${roundMm(element.width_mm)} mm in ${element.font_family} ${element.font_size_pt} pt: shorten it or enlarge the area`,
      data: {
        element: path,
        line: text,
        width_mm: roundMm(line.width_mm),
        available_width_mm: roundMm(element.width_mm),
        overflow_mm: overflow,
      },
    })
  }
  const face = fonts.face(element.font_family)
  const capRatio = capHeight(face) / face.unitsPerEm
  const capMm = capRatio * element.font_size_pt * MM_PER_PT
  if (capMm + 1e-9 < MIN_CAP_HEIGHT_MM) {
    const minimum = Math.ceil((MIN_CAP_HEIGHT_MM / (capRatio * MM_PER_PT)) * 10) / 10
    warnings.push({
      code: 'address-font-small',
      path: `${path}.font_size_pt`,
      message: `Unexpected font size ${element.font_size_pt} pt for the address, expected at least ${minimum} pt in ${element.font_family}: sorting machines read capitals of ${MIN_CAP_HEIGHT_MM} mm and more, these are ${roundMm(capMm)} mm`,
      data: {
        element: path,
        font_size_pt: element.font_size_pt,
        cap_height_mm: roundMm(capMm),
        minimum_cap_height_mm: MIN_CAP_HEIGHT_MM,
        minimum_font_size_pt: minimum,
      },
    })
  }
  return warnings
}
