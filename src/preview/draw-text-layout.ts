/**
 * Draws a laid-out text (Markdown area, static text, address) as glyph outlines and emoji
 * symbols, exactly where the layout engine put them: nothing is measured again here.
 *
 * @module
 */
import type { EmojiArtwork } from '../emoji/types.ts'
import { lookupEmoji } from '../emoji/emoji-set.ts'
import { sequenceKey } from '../emoji/emoji-artwork-key.ts'
import type { EmojiRun, LayoutLine, TextLayout, TextRun } from '../layout/types.ts'
import { formatNumber } from './format-number.ts'
import type { PreviewDefs } from './preview-defs.ts'
import { joinMarkup, svgElement, svgUse, type SvgMarkup } from './svg-element.ts'

/** Opacity of lines that do not fit: visible, but plainly not part of the printed card. */
export const OVERFLOW_OPACITY = 0.35

/** What drawing a text needs besides the layout. */
export interface TextDrawContext {
  readonly defs: PreviewDefs
  /** Artwork by key; emoji without artwork are drawn as the missing marker. */
  readonly emojiArtwork: ReadonlyMap<string, EmojiArtwork>
  /** Index of the pinned emoji version in `EMOJI_VERSIONS`: newer emoji are drawn as missing. */
  readonly pinnedVersionIndex: number
  /** Called for an emoji of the set whose artwork was not passed in (or was rejected). */
  readonly onMissingArtwork?: (grapheme: string, key: string) => void
  /**
   * Lowest visible y on the card in mm (its bottom edge, plus the bleed when shown): lines that
   * start below it cannot be seen and are left out, so an 8,000-character text in a small area
   * does not write thousands of invisible lines (default: no limit).
   */
  readonly visibleBottom_mm?: number
}

const viewBoxPattern = /^-?\d+(?:\.\d+)? -?\d+(?:\.\d+)? \d+(?:\.\d+)? \d+(?:\.\d+)?$/

/** A drawn layout: the lines inside the area, and the lines beyond it, faded. */
export interface DrawnText {
  /** Lines whose box lies inside the area. */
  readonly fitting: SvgMarkup
  /** Lines whose box lies below the area (`overflows`), in a faded group; empty if none. */
  readonly overflowing: SvgMarkup
}

/**
 * Draws every line of a layout at an origin on the card. Lines whose box lies below the area
 * (`overflows`) are drawn all the same, faded and apart, so the caller can lay them over the
 * rest of the card and a person sees what would be cut.
 *
 * @param layout The layout from `layoutMarkdown`/`layoutPlainText`.
 * @param x Left edge of the area on the card, mm.
 * @param y Top edge of the area on the card, mm.
 * @param context Definitions and emoji artwork.
 * @returns The fitting and the overflowing lines.
 */
export function drawTextLayout(
  layout: TextLayout,
  x: number,
  y: number,
  context: TextDrawContext
): DrawnText {
  const fitting: SvgMarkup[] = []
  const overflowing: SvgMarkup[] = []
  const bottom = context.visibleBottom_mm ?? Number.POSITIVE_INFINITY
  for (const line of layout.lines) {
    if (y + line.top_mm >= bottom) break
    const drawn = drawLine(line, x, y, context)
    if (drawn !== '') (line.overflows ? overflowing : fitting).push(drawn)
  }
  return {
    fitting: joinMarkup(fitting),
    overflowing:
      overflowing.length === 0
        ? joinMarkup([])
        : svgElement('g', { class: 'overflowing', opacity: OVERFLOW_OPACITY }, overflowing),
  }
}

function drawLine(line: LayoutLine, x: number, y: number, context: TextDrawContext): SvgMarkup {
  const parts: SvgMarkup[] = []
  if (line.marker) parts.push(drawTextRun(line.marker, x, y + line.baseline_mm, context.defs))
  for (const run of line.runs) {
    parts.push(
      run.kind === 'text'
        ? drawTextRun(run, x, y + line.baseline_mm, context.defs)
        : drawEmojiRun(run, x, y, context)
    )
  }
  return joinMarkup(parts)
}

/**
 * One run: a group scaled from font units to mm and flipped (font outlines have y up), holding
 * one `<use>` per visible glyph at its pen position in font units.
 */
function drawTextRun(run: TextRun, x: number, baseline: number, defs: PreviewDefs): SvgMarkup {
  const scale = run.units_to_mm
  if (!(scale > 0)) return joinMarkup([])
  const uses: SvgMarkup[] = []
  for (const glyph of run.glyphs) {
    const id = defs.glyph(run.face, glyph.glyphId)
    if (id === undefined) continue
    const offset = (glyph.x_mm - run.x_mm) / scale
    uses.push(svgUse(`#${id}`, formatNumber(offset, 1)))
  }
  if (uses.length === 0) return joinMarkup([])
  const s = formatNumber(scale, 9)
  const transform = `matrix(${s} 0 0 -${s} ${formatNumber(x + run.x_mm)} ${formatNumber(baseline)})`
  return svgElement('g', { fill: run.color, transform }, uses)
}

function drawEmojiRun(run: EmojiRun, x: number, y: number, context: TextDrawContext): SvgMarkup {
  const entry = lookupEmoji(run.grapheme)
  let id: string | undefined
  if (entry && entry.versionIndex <= context.pinnedVersionIndex) {
    const key = sequenceKey(entry.sequence)
    const artwork = context.emojiArtwork.get(key)
    if (artwork) {
      id = context.defs.emoji(key, {
        body: artwork.body,
        viewBox: viewBoxPattern.test(artwork.viewBox)
          ? artwork.viewBox
          : `0 0 ${formatNumber(artwork.width)} ${formatNumber(artwork.height)}`,
      })
    }
    if (id === undefined) context.onMissingArtwork?.(run.grapheme, key)
  }
  return svgElement('use', {
    href: `#${id ?? context.defs.missingEmoji()}`,
    x: x + run.x_mm,
    y: y + run.top_mm,
    width: run.size_mm,
    height: run.size_mm,
  })
}
