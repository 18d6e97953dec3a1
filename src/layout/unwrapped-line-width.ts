/**
 * The width of one line of plain text that never wraps (an address line), from the advances of
 * its words alone: no break opportunity is searched, no glyph is placed. The address rules need
 * only this; the preview lays the same line out with `layoutPlainText`.
 *
 * @module
 */
import { emojiStartUnits } from '../emoji/emoji-set.ts'
import { kernBetween } from './break-lines.ts'
import { faceStore, type MemoSlot } from '../text/face-memo.ts'
import { shapeText, type ShapedText } from '../text/shape.ts'
import type { Face } from '../text/types.ts'

const SPACE = 0x20

/** What a line needs of a word: its advance and its kerning with a space on either side. */
interface WordMetrics {
  /** Advance in em. */
  readonly width: number
  /** Kerning in em of a space followed by the word. */
  readonly afterSpace: number
  /** Kerning in em of the word followed by a space. */
  readonly beforeSpace: number
}

/**
 * Per face: the shaped space and the metrics of words measured so far. Address lines are words
 * between single spaces, so a word's advance and its two kernings with the space are all a line
 * needs of it: one small record per word, read in one lookup, where the shape and the face's
 * pair memo would take several (the cost of a measure is in those reads).
 */
interface LineMemo {
  space?: ShapedText
  readonly words: Map<string, WordMetrics>
}

/**
 * Words one face keeps measured before it starts over: with {@link MAX_KEPT_LENGTH}, about 2 MB
 * of heap for address words, 3.2 MB at most (measured on Node 20); the face's shapes take more.
 */
const WORDS_LIMIT = 10_000
/** Longer words are measured each time (a word of an address is far shorter). */
const MAX_KEPT_LENGTH = 64

const LINE_MEMO: MemoSlot<LineMemo> = Object.freeze({
  name: 'word metrics of unwrapped lines',
  create: (): LineMemo => ({ words: new Map() }),
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
  const memo = faceStore(face, LINE_MEMO)
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
    const word = wordMetrics(face, memo, space, text.slice(start, end))
    // The order of the sums is the line breaker's, so the widths agree to the last bit.
    sum += (start === 0 ? 0 : word.afterSpace) + word.width
    if (end === length) return sum
    if (text.charCodeAt(end + 1) === SPACE) return undefined
    sum += word.beforeSpace + spaceWidth
    start = end + 1
  }
}

/** The metrics of a word, kept on the face's memo. */
function wordMetrics(
  face: Face,
  memo: LineMemo | undefined,
  space: ShapedText,
  text: string
): WordMetrics {
  const kept = memo?.words.get(text)
  if (kept) return kept
  const shaped = shapeText(face, text)
  const metrics: WordMetrics = {
    width: shaped.width / face.unitsPerEm,
    afterSpace: kernBetween(face, space, shaped),
    beforeSpace: kernBetween(face, shaped, space),
  }
  if (memo && text.length <= MAX_KEPT_LENGTH) {
    if (memo.words.size >= WORDS_LIMIT) memo.words.clear()
    memo.words.set(text, metrics)
  }
  return metrics
}
