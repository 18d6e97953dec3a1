/**
 * The vertical model and placement: blocks of lines stacked in line boxes of
 * `font size × line height` (rounded as the renderer profile says), one blank line between
 * blocks (none between items of one list), list markers in a hanging gutter, lines aligned
 * left/center/right, glyphs positioned in millimetres from the area's top-left corner
 * (docs/layout.md).
 *
 * @module
 */
import type { TextAlign } from '../design/types.ts'
import { shapeText } from '../text/shape.ts'
import type { Face, FontRegistry } from '../text/types.ts'
import { breakLines, type BrokenInline, type BrokenLine, type LinePiece } from './break-lines.ts'
import type { ContentBlock, InlineLine, StyleRun } from './content-blocks.ts'
import { profileRules, type LayoutOptions, type ProfileRules } from './renderer-profile.ts'
import type {
  EmojiRun,
  LayoutBlock,
  LayoutMetrics,
  LayoutGlyph,
  LayoutLine,
  LayoutRun,
  TextLayout,
  TextRun,
} from './types.ts'
import { MM_PER_PT, PX_PER_MM, PX_PER_PT } from './units.ts'

/** Geometry and font of the box text is laid out in. */
export interface LayoutBox {
  readonly width_mm: number
  readonly height_mm: number
  readonly font_family: string
  readonly font_size_pt: number
  readonly line_height: number
  readonly align: TextAlign
  readonly color: string
  /** `false`: lines break only at forced breaks (`TextBox.wrap`); default `true`. */
  readonly wrap?: boolean | undefined
}

/** Vertical tolerance: float noise of n × line height must not count as overflow. */
const HEIGHT_EPSILON_MM = 1e-6

/**
 * The separator of a list marker and the item text, part of the marker as in CSS (`1. `).
 */
const MARKER_SPACE = ' '

/** What every line of a box shares: faces, sizes, list gutters, the profile's rules. */
export interface BoxGeometry {
  readonly regular: Face
  readonly faceOf: (run: StyleRun) => Face
  readonly rules: ProfileRules
  /** The size glyphs are scaled with (the profile's shaping size), in px and mm. */
  readonly sizePx: number
  readonly sizeMm: number
  /** Height of a line box in mm. */
  readonly lineHeightMm: number
  /** Height of the blank line between two blocks in mm. */
  readonly blankLineMm: number
  /** Gutter width in mm per list index: the widest marker with its space. */
  readonly gutters: ReadonlyMap<number, number>
}

function geometry(
  blocks: readonly ContentBlock[],
  box: LayoutBox,
  fonts: FontRegistry,
  options: LayoutOptions
): BoxGeometry {
  const rules = profileRules(options.profile)
  const family = box.font_family
  const regular = fonts.face(family)
  // The face of each style, by `bold × 2 + italic`, looked up on first use.
  const faces: (Face | undefined)[] = []
  const faceOf = (run: StyleRun): Face => {
    const key = (run.bold ? 2 : 0) + (run.italic ? 1 : 0)
    return (faces[key] ??= fonts.face(family, { bold: run.bold, italic: run.italic }))
  }
  const sizePt = rules.shapingSizePt(box.font_size_pt)
  const sizePx = sizePt * PX_PER_PT
  const gutters = new Map<number, number>()
  for (const block of blocks) {
    if (block.marker === undefined) continue
    // The marker is an inline item of its own: Chromium rounds its width up.
    const width = rules.itemWidthPx(markerWidthEm(regular, block.marker) * sizePx) / PX_PER_MM
    gutters.set(block.list, Math.max(gutters.get(block.list) ?? 0, width))
  }
  return {
    regular,
    faceOf,
    rules,
    sizePx,
    sizeMm: sizePt * MM_PER_PT,
    lineHeightMm: rules.lineBoxMm(box.font_size_pt, box.line_height),
    blankLineMm: rules.blankLineMm(box.font_size_pt, box.line_height),
    gutters,
  }
}

/** Top of the next box in mm: text lines and blank lines stacked so far. */
function stackedMm(geometry: BoxGeometry, lines: number, blanks: number): number {
  return lines * geometry.lineHeightMm + blanks * geometry.blankLineMm
}

/** Whether a block starts after a blank line box: not the first, not the next item of a list. */
function gapBefore(blocks: readonly ContentBlock[], index: number): boolean {
  const previous = blocks[index - 1]
  const block = blocks[index] as ContentBlock
  if (!previous) return false
  return !(block.list >= 0 && previous.list === block.list && block.itemStart)
}

/** One block broken into lines: where its lines go across, and the lines of each inline line. */
export interface BrokenBlock {
  /** Width of the list gutter in mm (0 outside lists). */
  readonly gutterMm: number
  /** Width left for the text in mm. */
  readonly availableMm: number
  readonly inlines: readonly BrokenInline[]
}

/**
 * Blocks broken into lines in a box: the metrics (all the fit needs), and what
 * {@link placeBlocks} positions the glyphs from when the text is drawn.
 */
export interface BlockBreaks {
  readonly metrics: LayoutMetrics
  readonly blocks: readonly ContentBlock[]
  readonly box: LayoutBox
  readonly geometry: BoxGeometry
  /** The lines of each block, in order. */
  readonly broken: readonly BrokenBlock[]
}

/**
 * Breaks blocks into lines in a box and measures them, placing no glyph: the line breaks and
 * metrics of {@link layoutBlocks}, which places these same lines (the verdict needs only this).
 *
 * @param blocks Paragraphs and list items.
 * @param box Geometry and font.
 * @param fonts The registry; the family must be registered (a `FontError` otherwise).
 * @param options The renderer profile (default `chromium`).
 * @returns The lines of every block and their metrics.
 */
export function breakBlocks(
  blocks: readonly ContentBlock[],
  box: LayoutBox,
  fonts: FontRegistry,
  options: LayoutOptions = {}
): BlockBreaks {
  const shared = geometry(blocks, box, fonts, options)
  const { regular, faceOf, rules, sizePx, sizeMm, lineHeightMm, gutters } = shared
  let blanks = 0
  let lineCount = 0
  let widthOverflow = 0
  const overflowing: number[] = []
  const broken: BrokenBlock[] = []
  for (let blockIndex = 0; blockIndex < blocks.length; blockIndex++) {
    const block = blocks[blockIndex] as ContentBlock
    if (gapBefore(blocks, blockIndex)) blanks++
    const { gutterMm, availableMm, availablePx, breakPx } = blockWidths(block, box, gutters)
    const inlines: BrokenInline[] = []
    for (const inline of block.lines) {
      const lines = breakLines(inline, regular, faceOf, sizePx, breakPx, rules)
      inlines.push(lines)
      for (const line of lines.lines) {
        if (!rules.fits(line.width * sizePx, availablePx)) {
          widthOverflow = Math.max(widthOverflow, line.width * sizeMm - availableMm)
        }
        if (lineOverflows(shared, box, lineCount, blanks, lineHeightMm)) overflowing.push(lineCount)
        lineCount++
      }
    }
    broken.push({ gutterMm, availableMm, inlines })
  }
  return {
    metrics: metricsOf(box, shared, lineCount, blanks, blocks.length, overflowing, widthOverflow),
    blocks,
    box,
    geometry: shared,
    broken,
  }
}

/** The widths a block's lines get: the box less the list gutter, and the breaker's width. */
function blockWidths(
  block: ContentBlock,
  box: LayoutBox,
  gutters: BoxGeometry['gutters']
): { gutterMm: number; availableMm: number; availablePx: number; breakPx: number } {
  const gutterMm = block.list >= 0 ? (gutters.get(block.list) ?? 0) : 0
  const availableMm = Math.max(0, box.width_mm - gutterMm)
  const availablePx = availableMm * PX_PER_MM
  // Without wrapping every line fits the breaker; the width is still judged against the box.
  const breakPx = box.wrap === false ? Number.POSITIVE_INFINITY : availablePx
  return { gutterMm, availableMm, availablePx, breakPx }
}

/** Whether the line box at `index` (after `blanks` blank lines) reaches below the box. */
function lineOverflows(
  shared: BoxGeometry,
  box: LayoutBox,
  index: number,
  blanks: number,
  lineHeightMm: number
): boolean {
  return stackedMm(shared, index, blanks) + lineHeightMm > box.height_mm + HEIGHT_EPSILON_MM
}

/**
 * Measures blocks in a box without placing glyphs: the same line breaks and metrics as
 * {@link layoutBlocks}, for the fit check, which runs many layouts per text.
 *
 * @param blocks Paragraphs and list items.
 * @param box Geometry and font.
 * @param fonts The registry.
 * @param options The renderer profile (default `chromium`).
 * @returns The metrics of the layout.
 */
export function measureBlocks(
  blocks: readonly ContentBlock[],
  box: LayoutBox,
  fonts: FontRegistry,
  options: LayoutOptions = {}
): LayoutMetrics {
  return breakBlocks(blocks, box, fonts, options).metrics
}

/**
 * Whether blocks fit a box: `measureBlocks(...).fits`, but it stops at the first line that is
 * too wide or below the box, so its cost grows with what the box holds, not with the text. The
 * fit suggestion and the repair try many prefixes of a long text with it.
 *
 * @param blocks Paragraphs and list items.
 * @param box Geometry and font.
 * @param fonts The registry.
 * @param options The renderer profile (default `chromium`).
 * @returns Whether every line fits the width and the lines fit the height.
 */
export function fitsBlocks(
  blocks: readonly ContentBlock[],
  box: LayoutBox,
  fonts: FontRegistry,
  options: LayoutOptions = {}
): boolean {
  const shared = geometry(blocks, box, fonts, options)
  const { regular, faceOf, rules, sizePx } = shared
  return fitsWith(
    blocks,
    box,
    fonts,
    options,
    shared,
    (inline, breakPx, limit) =>
      breakLines(inline, regular, faceOf, sizePx, breakPx, rules, limit).lines
  )
}

/**
 * {@link fitsBlocks} of a prefix of a text (`truncateBlocks` of its blocks) in the box the whole
 * text was broken in: the lines the prefix shares with the whole text are not broken again
 * (the blocks before the cut, the first lines of the cut line, see
 * {@link BrokenInline.prefixLines}), and the cut line is broken from the whole line's units.
 * The answer is `fitsBlocks(prefix, whole.box, fonts, options)`'s.
 *
 * @param whole The whole text broken into lines in its box (`breakBlocks`).
 * @param prefix The blocks of the prefix.
 * @param fonts The registry.
 * @param options The renderer profile of `whole` (default `chromium`).
 * @returns Whether every line of the prefix fits the width and the lines fit the height.
 */
export function fitsPrefix(
  whole: BlockBreaks,
  prefix: readonly ContentBlock[],
  fonts: FontRegistry,
  options: LayoutOptions = {}
): boolean {
  const box = whole.box
  const shared = geometry(prefix, box, fonts, options)
  const { regular, faceOf, rules, sizePx } = shared
  const same = rules === whole.geometry.rules && sizePx === whole.geometry.sizePx
  return fitsWith(prefix, box, fonts, options, shared, (inline, breakPx, limit, at) => {
    const block = whole.blocks[at.block]
    const broken = whole.broken[at.block]?.inlines[at.inline]
    // The whole text's lines hold when the block is as wide as it was there (a list's gutter
    // narrows when the prefix drops its widest marker).
    if (
      same &&
      block &&
      broken &&
      breakPx === blockWidths(block, box, whole.geometry.gutters).breakPx
    ) {
      const line = block.lines[at.inline]
      if (inline === line) return broken.lines.slice(0, limit)
      if (inline.prefixOf === line) {
        const lines = broken.prefixLines(inline, limit)
        if (lines) return lines
      }
    }
    return breakLines(inline, regular, faceOf, sizePx, breakPx, rules, limit).lines
  })
}

/**
 * {@link fitsBlocks} of a text at another font size of its box, from the units of its lines as
 * broken in the box (nothing is prepared again): the fit suggestion's smaller sizes.
 *
 * @param whole The text broken into lines in its box (`breakBlocks`).
 * @param fontSizePt The font size to try.
 * @param fonts The registry.
 * @param options The renderer profile of `whole` (default `chromium`).
 * @returns `fitsBlocks(whole.blocks, { ...whole.box, font_size_pt: fontSizePt }, fonts, options)`.
 */
export function fitsAtSize(
  whole: BlockBreaks,
  fontSizePt: number,
  fonts: FontRegistry,
  options: LayoutOptions = {}
): boolean {
  const box = { ...whole.box, font_size_pt: fontSizePt }
  const shared = geometry(whole.blocks, box, fonts, options)
  const { regular, faceOf, rules, sizePx } = shared
  return fitsWith(whole.blocks, box, fonts, options, shared, (inline, breakPx, limit, at) => {
    const broken = whole.broken[at.block]?.inlines[at.inline]
    return broken
      ? broken.rebreak(sizePx, breakPx, rules, limit)
      : breakLines(inline, regular, faceOf, sizePx, breakPx, rules, limit).lines
  })
}

/** The lines of one inline line, at most `limit` of them, as `breakLines` gives them. */
type LinesOf = (
  inline: InlineLine,
  breakPx: number,
  limit: number,
  at: { readonly block: number; readonly inline: number }
) => readonly BrokenLine[]

/** The loop of {@link fitsBlocks}, with the lines of each inline line from `linesOf`. */
function fitsWith(
  blocks: readonly ContentBlock[],
  box: LayoutBox,
  fonts: FontRegistry,
  options: LayoutOptions,
  shared: BoxGeometry,
  linesOf: LinesOf
): boolean {
  const { rules, sizePx, lineHeightMm, gutters } = shared
  let blanks = 0
  let lineCount = 0
  const at = { block: 0, inline: 0 }
  for (let blockIndex = 0; blockIndex < blocks.length; blockIndex++) {
    const block = blocks[blockIndex] as ContentBlock
    if (gapBefore(blocks, blockIndex)) blanks++
    const { availablePx, breakPx } = blockWidths(block, box, gutters)
    at.block = blockIndex
    for (let inlineIndex = 0; inlineIndex < block.lines.length; inlineIndex++) {
      const inline = block.lines[inlineIndex] as InlineLine
      at.inline = inlineIndex
      // Only the line boxes the height still holds and two more are broken (float noise in the
      // division cannot hide the line that overflows).
      const limit =
        Math.max(
          0,
          Math.floor(
            (box.height_mm - stackedMm(shared, lineCount, blanks)) / Math.max(lineHeightMm, 1e-9)
          )
        ) + 2
      const lines = linesOf(inline, breakPx, limit, at)
      for (const line of lines) {
        if (!rules.fits(line.width * sizePx, availablePx)) return false
        if (lineOverflows(shared, box, lineCount, blanks, lineHeightMm)) return false
        lineCount++
      }
      // Cut short without an overflowing line (cannot happen with two spare line boxes): measure
      // the whole text instead of guessing.
      if (lines.length >= limit && (lines.at(-1)?.end ?? 0) < inline.text.length) {
        return breakBlocks(blocks, box, fonts, options).metrics.fits
      }
    }
  }
  return true
}

function metricsOf(
  box: LayoutBox,
  shared: BoxGeometry,
  lineCount: number,
  blanks: number,
  blockCount: number,
  overflowing: readonly number[],
  widthOverflow: number
): LayoutMetrics {
  const measured = stackedMm(shared, lineCount, blanks)
  const overflow = measured - box.height_mm > HEIGHT_EPSILON_MM ? measured - box.height_mm : 0
  return {
    profile: shared.rules.profile,
    available_width_mm: box.width_mm,
    available_height_mm: box.height_mm,
    measured_height_mm: measured,
    overflow_mm: overflow,
    remaining_mm: Math.max(0, box.height_mm - measured),
    line_count: lineCount,
    blank_line_count: blanks,
    block_count: blockCount,
    font_size_pt: box.font_size_pt,
    line_height: box.line_height,
    line_height_mm: shared.lineHeightMm,
    blank_line_height_mm: shared.blankLineMm,
    overflowing_lines: overflowing,
    width_overflow_mm: widthOverflow,
    fits: overflow === 0 && widthOverflow === 0,
  }
}

/**
 * Lays out blocks in a box.
 *
 * @param blocks Paragraphs and list items (from Markdown or plain text).
 * @param box Geometry, font and alignment.
 * @param fonts The registry; the family must be registered (a `FontError` otherwise).
 * @param options The renderer profile (default `chromium`).
 * @returns Lines, blocks and metrics in mm.
 */
export function layoutBlocks(
  blocks: readonly ContentBlock[],
  box: LayoutBox,
  fonts: FontRegistry,
  options: LayoutOptions = {}
): TextLayout {
  return placeBlocks(breakBlocks(blocks, box, fonts, options))
}

/**
 * Places the glyphs of blocks broken into lines: the layout {@link layoutBlocks} gives, from
 * the lines {@link breakBlocks} found (nothing is broken or measured again).
 *
 * @param breaks The blocks broken into lines in their box.
 * @returns Lines, blocks and metrics in mm (the metrics of `breaks`).
 */
export function placeBlocks(breaks: BlockBreaks): TextLayout {
  const { blocks, box, geometry: shared, broken } = breaks
  const { regular, sizeMm, lineHeightMm } = shared
  const ascentMm = (regular.ascender / regular.unitsPerEm) * sizeMm
  const descentMm = (-regular.descender / regular.unitsPerEm) * sizeMm
  // CSS half-leading: the content area (ascent + descent) is centred in the line box.
  const baselineOffsetMm = (lineHeightMm - (ascentMm + descentMm)) / 2 + ascentMm
  const emojiTopOffsetMm = baselineOffsetMm - (ascentMm - descentMm) / 2 - sizeMm / 2

  const lines: LayoutLine[] = []
  const layoutBlocksOut: LayoutBlock[] = []
  let blanks = 0
  for (let blockIndex = 0; blockIndex < blocks.length; blockIndex++) {
    const block = blocks[blockIndex] as ContentBlock
    const { gutterMm, availableMm, inlines } = broken[blockIndex] as BrokenBlock
    if (gapBefore(blocks, blockIndex)) blanks++
    const firstLine = lines.length
    const top = stackedMm(shared, lines.length, blanks)
    for (let inlineIndex = 0; inlineIndex < inlines.length; inlineIndex++) {
      const inline = block.lines[inlineIndex] as InlineLine
      const brokenInline = inlines[inlineIndex] as BrokenInline
      const pieces = brokenInline.lines
      for (let pieceIndex = 0; pieceIndex < pieces.length; pieceIndex++) {
        const piece = pieces[pieceIndex] as BrokenLine
        const widthMm = piece.width * sizeMm
        const overflowsWidth = !shared.rules.fits(
          piece.width * shared.sizePx,
          availableMm * PX_PER_MM
        )
        const free = availableMm - widthMm
        const offset =
          overflowsWidth || free <= 0
            ? 0
            : box.align === 'center'
              ? free / 2
              : box.align === 'right'
                ? free
                : 0
        const x = gutterMm + offset
        const lineTop = stackedMm(shared, lines.length, blanks)
        const baseline = lineTop + baselineOffsetMm
        const runs = placeRuns(
          inline.text,
          brokenInline.pieces(piece),
          x,
          sizeMm,
          lineTop + emojiTopOffsetMm,
          box
        )
        const isFirst = inlineIndex === 0 && pieceIndex === 0
        const marker =
          isFirst && block.marker !== undefined
            ? markerRun(regular, block.marker, gutterMm, sizeMm, box)
            : undefined
        const overflowMm = overflowsWidth ? widthMm - availableMm : 0
        lines.push({
          index: lines.length,
          block: blockIndex,
          top_mm: lineTop,
          height_mm: lineHeightMm,
          baseline_mm: baseline,
          x_mm: x,
          width_mm: widthMm,
          available_width_mm: availableMm,
          text: inline.text.slice(piece.start, piece.end),
          runs,
          ...(marker ? { marker } : {}),
          hard_break: pieceIndex === pieces.length - 1 && inlineIndex < block.lines.length - 1,
          overflows: lineOverflows(shared, box, lines.length, blanks, lineHeightMm),
          width_overflow_mm: overflowMm,
        })
      }
    }
    layoutBlocksOut.push({
      kind: block.kind,
      index: blockIndex,
      first_line: firstLine,
      line_count: lines.length - firstLine,
      top_mm: top,
      height_mm: (lines.length - firstLine) * lineHeightMm,
      ...(block.marker === undefined ? {} : { marker: block.marker }),
      gutter_mm: gutterMm,
    })
  }

  return {
    align: box.align,
    color: box.color,
    blocks: layoutBlocksOut,
    lines,
    metrics: breaks.metrics,
  }
}

/** Width in em of a marker with its space (`1. `), in the regular face. */
function markerWidthEm(face: Face, marker: string): number {
  return shapeText(face, marker + MARKER_SPACE).width / face.unitsPerEm
}

/** The marker run: right-aligned against the item text, as a CSS outside marker. */
function markerRun(
  face: Face,
  marker: string,
  gutterMm: number,
  sizeMm: number,
  box: LayoutBox
): TextRun {
  const shaped = shapeText(face, marker + MARKER_SPACE)
  const scale = sizeMm / face.unitsPerEm
  const width = shaped.width * scale
  const x = gutterMm - width
  return {
    kind: 'text',
    text: shaped.text,
    face,
    style: { bold: false, italic: false },
    font_size_pt: box.font_size_pt,
    units_to_mm: scale,
    x_mm: x,
    width_mm: width,
    color: box.color,
    glyphs: appendGlyphs([], shaped.glyphs, shaped.advances, shaped.offsets, x, scale, 0),
  }
}

/** Appends positioned glyphs; the last one carries the kerning with the next piece. */
function appendGlyphs(
  out: LayoutGlyph[],
  ids: readonly number[],
  advances: readonly number[],
  offsets: readonly number[],
  x: number,
  scale: number,
  lastKern: number
): LayoutGlyph[] {
  let pen = x
  for (let index = 0; index < ids.length; index++) {
    let advance = (advances[index] as number) * scale
    if (index === ids.length - 1) advance += lastKern
    out.push({
      glyphId: ids[index] as number,
      x_mm: pen + (offsets[index] as number) * scale,
      advance_mm: advance,
    })
    pen += advance
  }
  return out
}

/** Turns measured pieces into runs: consecutive text pieces of one face merge into one run. */
function placeRuns(
  text: string,
  pieces: readonly LinePiece[],
  lineX: number,
  sizeMm: number,
  emojiTop: number,
  box: LayoutBox
): LayoutRun[] {
  const runs: LayoutRun[] = []
  let open: { run: TextRun; text: string; glyphs: LayoutGlyph[]; end: number } | undefined
  const close = (): void => {
    if (!open) return
    runs.push({
      ...open.run,
      text: open.text,
      glyphs: open.glyphs,
      width_mm: open.end - open.run.x_mm,
    })
    open = undefined
  }
  for (const piece of pieces) {
    const x = lineX + piece.x * sizeMm
    if (piece.kind === 'emoji') {
      close()
      const emoji: EmojiRun = {
        kind: 'emoji',
        grapheme: text.slice(piece.start, piece.end),
        font_size_pt: box.font_size_pt,
        x_mm: x,
        top_mm: emojiTop,
        size_mm: sizeMm,
        width_mm: sizeMm,
      }
      runs.push(emoji)
      continue
    }
    const shaped = piece.shaped
    if (!shaped) continue
    const scale = sizeMm / piece.face.unitsPerEm
    const pieceText = piece.hyphen ? shaped.text : text.slice(piece.start, piece.end)
    const end = x + piece.width * sizeMm
    if (!open || open.run.face !== piece.face) {
      close()
      open = {
        run: {
          kind: 'text',
          text: '',
          face: piece.face,
          style: { bold: piece.run.bold, italic: piece.run.italic },
          font_size_pt: box.font_size_pt,
          units_to_mm: scale,
          x_mm: x,
          width_mm: 0,
          color: box.color,
          glyphs: [],
        },
        text: '',
        glyphs: [],
        end,
      }
    }
    appendGlyphs(
      open.glyphs,
      shaped.glyphs,
      shaped.advances,
      shaped.offsets,
      x,
      scale,
      piece.kern * sizeMm
    )
    open.text += pieceText
    open.end = end
  }
  close()
  return runs
}
