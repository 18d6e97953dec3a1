/**
 * Draws a laid-out text (Markdown area, static text, address) as glyph runs and emoji artwork,
 * exactly where the layout engine put them: nothing is measured again here.
 *
 * @module
 */
import { lookupEmoji } from '../emoji/emoji-set.ts'
import { sequenceKey } from '../emoji/emoji-artwork-key.ts'
import type { EmojiRun, LayoutLine, TextLayout, TextRun } from '../layout/types.ts'
import type { EmojiArtworks } from './emoji-artworks.ts'
import type { Box, GlyphRunNode, PlacedGlyph, SceneNode } from './scene-types.ts'

/** Opacity of lines that do not fit: visible, but plainly not part of the printed card. */
export const OVERFLOW_OPACITY = 0.35

/** What drawing a text needs besides the layout. */
export interface TextDrawContext {
  /** The emoji artwork of the drawing, sanitised once per key. */
  readonly emoji: EmojiArtworks
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

/** A drawn layout: the lines inside the area, and the lines beyond it. */
export interface DrawnText {
  /** Lines whose box lies inside the area. */
  readonly fitting: readonly SceneNode[]
  /** Lines whose box lies below the area (`overflows`), not faded yet; empty if none. */
  readonly overflowing: readonly SceneNode[]
  /** The boxes of the fitting lines on the card: what other overflowing text must not cover. */
  readonly lineBoxes: readonly Box[]
}

/**
 * Draws every line of a layout at an origin on the card. Lines whose box lies below the area
 * (`overflows`) are drawn all the same and apart, so the caller can show them faded (a preview)
 * or leave them out (a proof of what prints).
 *
 * @param layout The layout from `layoutMarkdown`/`layoutPlainText`.
 * @param x Left edge of the area on the card, mm.
 * @param y Top edge of the area on the card, mm.
 * @param context Emoji artwork and the visible bottom.
 * @returns The fitting and the overflowing lines.
 */
export function drawTextLayout(
  layout: TextLayout,
  x: number,
  y: number,
  context: TextDrawContext
): DrawnText {
  const fitting: SceneNode[] = []
  const overflowing: SceneNode[] = []
  const lineBoxes: Box[] = []
  const bottom = context.visibleBottom_mm ?? Number.POSITIVE_INFINITY
  for (const line of layout.lines) {
    if (y + line.top_mm >= bottom) break
    const target = line.overflows ? overflowing : fitting
    drawLine(line, x, y, context, target)
    if (!line.overflows && line.runs.length > 0) lineBoxes.push(lineBox(line, x, y))
  }
  return { fitting, overflowing, lineBoxes }
}

function lineBox(line: LayoutLine, x: number, y: number): Box {
  const left = Math.min(line.x_mm, line.marker?.x_mm ?? line.x_mm)
  const right = line.x_mm + line.width_mm + line.width_overflow_mm
  return { x: x + left, y: y + line.top_mm, width: right - left, height: line.height_mm }
}

function drawLine(
  line: LayoutLine,
  x: number,
  y: number,
  context: TextDrawContext,
  out: SceneNode[]
): void {
  if (line.marker) pushRun(out, textRun(line.marker, x, y + line.baseline_mm))
  for (const run of line.runs) {
    if (run.kind === 'text') pushRun(out, textRun(run, x, y + line.baseline_mm))
    else out.push(emojiRun(run, x, y, context))
  }
}

function pushRun(out: SceneNode[], run: GlyphRunNode | undefined): void {
  if (run) out.push(run)
}

/** One run: its glyphs at their pen positions in font units from the run's left edge. */
function textRun(run: TextRun, x: number, baseline: number): GlyphRunNode | undefined {
  const scale = run.units_to_mm
  if (!(scale > 0) || run.glyphs.length === 0) return undefined
  const glyphs: PlacedGlyph[] = run.glyphs.map((glyph) => ({
    glyphId: glyph.glyphId,
    offset: (glyph.x_mm - run.x_mm) / scale,
  }))
  return {
    kind: 'glyphs',
    face: run.face,
    color: run.color,
    x: x + run.x_mm,
    baseline,
    scale,
    glyphs,
  }
}

function emojiRun(run: EmojiRun, x: number, y: number, context: TextDrawContext): SceneNode {
  const entry = lookupEmoji(run.grapheme)
  const box = { x: x + run.x_mm, y: y + run.top_mm, width: run.size_mm, height: run.size_mm }
  if (entry && entry.versionIndex <= context.pinnedVersionIndex) {
    const key = sequenceKey(entry.sequence)
    const artwork = context.emoji.artwork(key)
    if (artwork) return { kind: 'artwork', ...artwork, box }
    context.onMissingArtwork?.(run.grapheme, key)
  }
  return { kind: 'artwork', ...context.emoji.missing, box }
}
