/**
 * The data the layout engine produces: blocks, lines, runs and glyph positions, all in
 * millimetres relative to the top-left corner of the laid-out area. The SVG preview draws from
 * it and the fit check measures it, so both see exactly the same lines.
 *
 * Conventions:
 * - `x_mm` grows to the right, `y`-like fields (`top_mm`, `baseline_mm`) grow downwards, both
 *   from the area's top-left corner (design-format.md "Units and coordinates").
 * - Glyph outlines are in font design units with the y axis up (`Face.glyphPath`); draw a glyph
 *   at (`x_mm`, line `baseline_mm`) scaled by `units_to_mm` and flipped vertically.
 * - Lengths are unrounded; only the fit error rounds (spec 7.1 reports mm to 0.01).
 *
 * @module
 */
import type { TextAlign } from '../design/types.ts'
import type { Face, FaceStyle } from '../text/types.ts'
import type { RendererProfile } from './renderer-profile.ts'

export type { LayoutOptions, RendererProfile } from './renderer-profile.ts'

/** One glyph placed on a line: its id in the run's face and its pen position. */
export interface LayoutGlyph {
  /** Glyph id in the run's face (`Face.glyphPath(glyphId)` gives its outline). */
  readonly glyphId: number
  /** Pen position (glyph origin) in mm from the area's left edge. */
  readonly x_mm: number
  /** Advance including kerning to the next glyph of the run, in mm. */
  readonly advance_mm: number
}

/** A run of text in one face on one line: what the preview draws as glyph paths. */
export interface TextRun {
  readonly kind: 'text'
  /** The characters of the run (ligatures keep all their characters here). */
  readonly text: string
  /** The face the glyph ids belong to. */
  readonly face: Face
  /** Bold/italic of the run as asked by the Markdown; `face.style` is what was found. */
  readonly style: FaceStyle
  /** Font size in points, as the area asks for it. */
  readonly font_size_pt: number
  /**
   * Millimetres per font design unit: `size × 25.4/72 / unitsPerEm` with the size glyphs are
   * scaled with (under the `chromium` profile rounded down to 1/64 px, docs/layout.md).
   */
  readonly units_to_mm: number
  /** Left edge of the run in mm from the area's left edge. */
  readonly x_mm: number
  /** Advance width of the run in mm (trailing spaces of a line included). */
  readonly width_mm: number
  /** Text colour, carried from the area (CSS colour string). */
  readonly color: string
  /** Positioned glyphs, in visual (= logical, Latin) order. */
  readonly glyphs: readonly LayoutGlyph[]
}

/**
 * An emoji grapheme: measured as exactly 1 em, its colour artwork comes from the emoji module.
 * The square is centred vertically on the face's content area (hhea ascender/descender).
 */
export interface EmojiRun {
  readonly kind: 'emoji'
  /** The emoji grapheme cluster, e.g. `👩🏽‍💻`. */
  readonly grapheme: string
  /** Font size in points of the surrounding text (the emoji is 1 em of it). */
  readonly font_size_pt: number
  /** Left edge of the emoji square in mm from the area's left edge. */
  readonly x_mm: number
  /** Top edge of the emoji square in mm from the area's top edge. */
  readonly top_mm: number
  /** Side of the square in mm (= 1 em of the size glyphs are scaled with = its advance). */
  readonly size_mm: number
  /** Advance in mm (equal to `size_mm`). */
  readonly width_mm: number
}

/** One piece of a line: text in a face, or an emoji square. */
export type LayoutRun = TextRun | EmojiRun

/** One line box. */
export interface LayoutLine {
  /** Position of the line among all lines of the layout (0-based). */
  readonly index: number
  /** Index of the block the line belongs to (0-based, see {@link LayoutBlock}). */
  readonly block: number
  /** Top of the line box in mm from the area's top edge. */
  readonly top_mm: number
  /** Height of the line box in mm: font size × line height, rounded as the profile says. */
  readonly height_mm: number
  /** Baseline in mm from the area's top edge (CSS half-leading with hhea metrics). */
  readonly baseline_mm: number
  /** Left edge of the line's content after alignment, in mm from the area's left edge. */
  readonly x_mm: number
  /** Width of the content in mm, hanging trailing spaces excluded (what must fit). */
  readonly width_mm: number
  /** Width available to this line's content in mm (area width minus a list gutter). */
  readonly available_width_mm: number
  /** Text of the line as laid out, trailing (hanging) spaces included. */
  readonly text: string
  /** The runs of the line, left to right. */
  readonly runs: readonly LayoutRun[]
  /** The list marker (`•`, `1.` …) on the first line of a list item, placed in the gutter. */
  readonly marker?: TextRun
  /** Whether the line ends with a forced break (`\n`) rather than a wrap or the block end. */
  readonly hard_break: boolean
  /** Whether the bottom of the line box lies below the area's bottom edge. */
  readonly overflows: boolean
  /**
   * How far the content sticks out to the right, in mm (0 normally). Only a single grapheme
   * wider than the whole line can do that, since words break anywhere (`overflow-wrap: anywhere`),
   * or a line of a box that does not wrap (`TextBox.wrap`).
   */
  readonly width_overflow_mm: number
}

/** Kinds of blocks: a paragraph, or one item of a bullet or numbered list. */
export type LayoutBlockKind = 'paragraph' | 'bullet-item' | 'ordered-item'

/** A block: one paragraph or one list item, laid out as consecutive lines. */
export interface LayoutBlock {
  readonly kind: LayoutBlockKind
  /** Position of the block among all blocks (0-based). */
  readonly index: number
  /** Index of the block's first line. */
  readonly first_line: number
  /** Number of lines of the block (an empty paragraph has 1 line). */
  readonly line_count: number
  /** Top of the block's first line box in mm. */
  readonly top_mm: number
  /** Height of the block in mm (its lines; gaps between blocks are not included). */
  readonly height_mm: number
  /** The marker of a list item (`•`, `3.`); absent for paragraphs. */
  readonly marker?: string
  /** Width of the list gutter in mm (widest marker of the list + one space); 0 for paragraphs. */
  readonly gutter_mm: number
}

/** Measurements of a layout against its area; the fit check reports from these. */
export interface LayoutMetrics {
  /** The renderer profile the layout was made with (docs/layout.md "Renderer profiles"). */
  readonly profile: RendererProfile
  /** Width of the area in mm. */
  readonly available_width_mm: number
  /** Height of the area in mm. */
  readonly available_height_mm: number
  /** Height of all line boxes plus the blank lines between blocks, in mm. */
  readonly measured_height_mm: number
  /** `max(0, measured − available)` in mm, unrounded. */
  readonly overflow_mm: number
  /** `max(0, available − measured)` in mm, unrounded: what is left for more text. */
  readonly remaining_mm: number
  /** Number of line boxes holding text (blank separator lines between blocks not counted). */
  readonly line_count: number
  /** Number of blank lines between blocks. */
  readonly blank_line_count: number
  /** Number of blocks: paragraphs plus list items. */
  readonly block_count: number
  /** Font size in points. */
  readonly font_size_pt: number
  /** Line height multiplier. */
  readonly line_height: number
  /**
   * Height of one line box in mm: `font_size_pt × line_height × 25.4/72`, under the `chromium`
   * profile rounded to layout units (docs/layout.md).
   */
  readonly line_height_mm: number
  /**
   * Height of one blank line between blocks in mm: the line box under `exact`; under
   * `chromium` CSS `1lh`, which Chromium rounds from the size rounded down (up to 1/64 px less).
   */
  readonly blank_line_height_mm: number
  /** Indices of the lines whose box bottom lies below the area's bottom edge. */
  readonly overflowing_lines: readonly number[]
  /** Largest `width_overflow_mm` of any line (0 normally). */
  readonly width_overflow_mm: number
  /** Whether everything fits: no vertical overflow and no width overflow. */
  readonly fits: boolean
}

/** A laid-out text: blocks, lines and metrics. What `layoutMarkdown`/`layoutPlainText` return. */
export interface TextLayout {
  /** Alignment the lines were placed with. */
  readonly align: TextAlign
  /** Text colour carried from the area. */
  readonly color: string
  readonly blocks: readonly LayoutBlock[]
  readonly lines: readonly LayoutLine[]
  readonly metrics: LayoutMetrics
}

/** The layout of a Markdown area (spec 2.5): same shape as any {@link TextLayout}. */
export type MarkdownLayout = TextLayout

/**
 * A box of plain text: the geometry and font of a design `text` or `address` element, without
 * position on the card (layouts are relative to the box's top-left corner).
 */
export interface TextBox {
  readonly width_mm: number
  readonly height_mm: number
  readonly font_family: string
  readonly font_size_pt: number
  readonly line_height: number
  /** Alignment (default `left`). */
  readonly align?: TextAlign
  /** Text colour (default `#000000`). */
  readonly color?: string
  /**
   * `false` never wraps a line, like CSS `white-space: nowrap`: a line wider than the box sticks
   * out on the right (`width_overflow_mm`). The address block sets it: a post reads each line as
   * one part of the address, so a wrapped street line would read as two (default `true`).
   */
  readonly wrap?: boolean
}
