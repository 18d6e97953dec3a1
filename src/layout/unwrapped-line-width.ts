/**
 * The width of one line of plain text that never wraps (an address line), from the advances of
 * its words alone: no break opportunity is searched, no glyph is placed. The address rules need
 * only this; the preview lays the same line out with `layoutPlainText`.
 *
 * @module
 */
import { emojiStartUnits } from '../emoji/emoji-set.ts'
import { faceStore, type MemoSlot } from '../text/face-memo.ts'
import { shapeText, type ShapedText } from '../text/shape.ts'
import type { Face } from '../text/types.ts'

const SPACE = 0x20

/**
 * The kerning in em of glyphs with the space, per glyph id (so each map holds at most one
 * entry per glyph of the face), and the shaped space: address lines are words between single
 * spaces, so every pair the measure kerns has a space on one side. Small maps that stay in the
 * processor's cache, where the face's own pair memo is large.
 */
interface SpaceKerning {
  space?: ShapedText
  /** Kerning of a glyph followed by the space. */
  readonly before: Map<number, number>
  /** Kerning of the space followed by a glyph. */
  readonly after: Map<number, number>
}

const SPACE_KERNING: MemoSlot<SpaceKerning> = Object.freeze({
  name: 'kerning with the space',
  create: (): SpaceKerning => ({ before: new Map(), after: new Map() }),
})

/**
 * The content width in em of a line of plain text set without wrapping in one face, exactly as
 * the line breaker measures it (`breakLines` with no width limit, before the renderer profile
 * rounds it): words and runs of spaces shaped one by one, the kerning between neighbours added
 * to the left one, spaces at the end hanging (not counted).
 *
 * It answers only for a line the layout takes as it is: words between single spaces, no white
 * space that CSS collapses (a tab, a line feed, a space at either end or two in a row) and no
 * character that may start an emoji (an emoji is a unit of its own). For any other line it
 * returns `undefined`, and the caller lays the line out instead.
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
  const memo = faceStore(face, SPACE_KERNING)
  const space = memo ? (memo.space ??= shapeText(face, ' ')) : shapeText(face, ' ')
  const spaceWidth = space.width / face.unitsPerEm
  let sum = 0
  let start = 0
  for (;;) {
    let end = start
    for (; end < length; end++) {
      const unit = text.charCodeAt(end)
      if (unit === SPACE) break
      if (unit < 0x20 || unit === 0x20e3) return undefined
      if (unit >= 0xa9 && (emojiStarts.has(unit) || unit === 0xfe0f)) return undefined
    }
    const word = shapeText(face, text.slice(start, end))
    const kern =
      start === 0 ? 0 : spaceKerning(face, memo?.after, space.glyphs.at(-1), word.glyphs[0], false)
    // The order of the sums is the line breaker's, so the widths agree to the last bit.
    sum += kern + word.width / face.unitsPerEm
    if (end === length) return sum
    if (text.charCodeAt(end + 1) === SPACE) return undefined
    sum += spaceKerning(face, memo?.before, word.glyphs.at(-1), space.glyphs[0], true) + spaceWidth
    start = end + 1
  }
}

/** Kerning in em of a glyph and the space, kept per glyph (`0` when either has no glyph). */
function spaceKerning(
  face: Face,
  kept: Map<number, number> | undefined,
  left: number | undefined,
  right: number | undefined,
  spaceRight: boolean
): number {
  if (left === undefined || right === undefined) return 0
  const glyph = spaceRight ? left : right
  let value = kept?.get(glyph)
  if (value === undefined) {
    value = face.kerning(left, right) / face.unitsPerEm
    kept?.set(glyph, value)
  }
  return value
}
