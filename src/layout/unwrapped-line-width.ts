/**
 * The width of one line of plain text that never wraps (an address line), from the advances of
 * its words alone: no break opportunity is searched, no glyph is placed. The address rules need
 * only this; the preview lays the same line out with `layoutPlainText`.
 *
 * @module
 */
import { emojiStartUnits } from '../emoji/emoji-set.ts'
import { shapeText, type ShapedText } from '../text/shape.ts'
import type { Face } from '../text/types.ts'

const SPACE = 0x20

/**
 * The content width in em of a line of plain text set without wrapping in one face, exactly as
 * the line breaker measures it (`breakLines` with no width limit, before the renderer profile
 * rounds it): words and runs of spaces shaped one by one, the kerning between neighbours added
 * to the left one, spaces at the end hanging (not counted).
 *
 * It answers only for a line the layout takes as it is: no white space that CSS collapses (a
 * tab, a line feed, a space at either end or two in a row) and no character that may start an
 * emoji (an emoji is a unit of its own). For any other line it returns `undefined`, and the
 * caller lays the line out instead.
 *
 * @param text The line.
 * @param face The face the line is set in.
 * @returns The width in em, or `undefined` when the line needs the general layout.
 */
export function unwrappedLineWidthEm(text: string, face: Face): number | undefined {
  const length = text.length
  if (length === 0) return 0
  if (text.charCodeAt(0) === SPACE || text.charCodeAt(length - 1) === SPACE) return undefined
  const emojiStarts = emojiStartUnits()
  let sum = 0
  let content = 0
  let previous: ShapedText | undefined
  let space: ShapedText | undefined
  let start = 0
  while (start < length) {
    const isSpace = text.charCodeAt(start) === SPACE
    let end = start
    for (; end < length; end++) {
      const unit = text.charCodeAt(end)
      if ((unit === SPACE) !== isSpace) break
      if (unit < 0x20 || (unit >= 0xa9 && (emojiStarts.has(unit) || unit === 0xfe0f)))
        return undefined
      if (unit === 0x20e3) return undefined
    }
    if (isSpace && end - start > 1) return undefined
    // A space is one space here: shaped once per line.
    const shaped = isSpace
      ? (space ??= shapeText(face, ' '))
      : shapeText(face, text.slice(start, end))
    const kern = previous ? kerningBetween(face, previous, shaped) : 0
    const width = shaped.width / face.unitsPerEm
    // The order of the sums is the line breaker's, so the widths agree to the last bit.
    if (isSpace) content = sum + kern
    sum += kern + width
    if (!isSpace) content = sum
    previous = shaped
    start = end
  }
  return content
}

/** Kerning in em between the last glyph of one shape and the first of the next. */
function kerningBetween(face: Face, left: ShapedText, right: ShapedText): number {
  const last = left.glyphs[left.glyphs.length - 1]
  const first = right.glyphs[0]
  if (last === undefined || first === undefined) return 0
  return face.kerning(last, first) / face.unitsPerEm
}
