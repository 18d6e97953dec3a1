/**
 * The fit check of spec 2.5 rule 4: does a `content` value fit its Markdown area? When it does
 * not, the item of `meta.markdown_fit_errors` (spec 7.1) with an exact repair suggestion.
 *
 * @module
 */
import { readMarkdown } from '../analysis/read-markdown.ts'
import type { MarkdownElement } from '../design/types.ts'
import { graphemeBoundaries } from '../text/graphemes.ts'
import type { FontRegistry } from '../text/types.ts'
import type { MarkdownFitError } from '../verdict/types.ts'
import { truncateBlocks, type ContentBlock } from './content-blocks.ts'
import {
  breakBlocks,
  fitsAtSize,
  fitsBlocks,
  fitsPrefix,
  type BlockBreaks,
} from './layout-blocks.ts'
import type { LayoutOptions } from './renderer-profile.ts'
import type { LayoutMetrics } from './types.ts'
import { roundMm } from './units.ts'

/** The smallest font size the suggestion offers (pt); below it print becomes hard to read. */
export const MIN_SUGGESTED_FONT_SIZE_PT = 6

/** Font sizes are suggested in steps of this many points. */
export const FONT_SIZE_STEP_PT = 0.5

/** The parts of a repair suggestion, before they are worded. */
export interface FitSuggestion {
  /** Grapheme clusters to remove from the end of the text (Markdown markup counts). */
  readonly characters: number
  /** Line boxes beyond those that fit the area's height (0 when only the width overflows). */
  readonly lines: number
  /** The largest font size (0.5 pt steps, at least 6 pt) at which the whole text fits. */
  readonly font_size_pt?: number
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`
}

/**
 * Words a suggestion: `Shorten the text by at least 86 characters (2 lines) or reduce the font
 * size to 10 pt.`; the lines part is left out when no line box is over (only the width
 * overflows), the font size part when no size from 6 pt up fits.
 *
 * @param suggestion The numbers.
 * @returns The sentence for `suggested_action`.
 */
export function formatSuggestion(suggestion: FitSuggestion): string {
  let sentence = `Shorten the text by at least ${plural(suggestion.characters, 'character', 'characters')}`
  if (suggestion.lines > 0) sentence += ` (${plural(suggestion.lines, 'line', 'lines')})`
  if (suggestion.font_size_pt !== undefined) {
    sentence += ` or reduce the font size to ${String(suggestion.font_size_pt)} pt`
  }
  return `${sentence}.`
}

/** Line boxes of a layout (blank lines included) beyond the whole line boxes the area holds. */
function linesOver(metrics: LayoutMetrics): number {
  const lineHeight = metrics.line_height_mm
  if (lineHeight <= 0) return 0
  const total = metrics.line_count + metrics.blank_line_count
  const fitting = Math.floor(metrics.available_height_mm / lineHeight + 1e-9)
  return Math.max(0, total - fitting)
}

/**
 * Finds the repair numbers for a text that does not fit.
 *
 * - Characters: the longest prefix of the text, cut at grapheme cluster boundaries
 *   (`Intl.Segmenter`), whose layout fits, found by bisection; the prefix keeps the formatting
 *   of the whole text (a cut inside `**bold**` stays bold). Counted in grapheme clusters of the
 *   value as sent, Markdown markup included, so `👩🏽‍💻` is one character.
 * - Lines: line boxes (text lines and blank lines between blocks) beyond ⌊height / line box⌋.
 * - Font size: trying every 0.5 pt step below the area's size down to 6 pt, the first size at
 *   which the whole text fits.
 *
 * @param text The Markdown text.
 * @param blocks Its blocks.
 * @param metrics Its metrics in the area (not fitting).
 * @param area The area.
 * @param fonts The registry.
 * @returns The numbers of the suggestion; every trial layout uses the profile of `metrics`.
 */
function suggest(
  text: string,
  whole: BlockBreaks,
  metrics: LayoutMetrics,
  area: MarkdownElement,
  fonts: FontRegistry
): FitSuggestion {
  const options: LayoutOptions = { profile: metrics.profile }
  const boundaries = graphemeBoundaries(text)
  const total = boundaries.length - 1
  // The whole text does not fit: only the prefixes before its last grapheme are tried.
  const cuts = boundaries.slice(0, total)
  const longest = longestFittingPrefix(whole.blocks, cuts, area, fonts, options, whole)
  let fontSize: number | undefined
  const start = (Math.ceil(area.font_size_pt / FONT_SIZE_STEP_PT) - 1) * FONT_SIZE_STEP_PT
  for (let size = start; size >= MIN_SUGGESTED_FONT_SIZE_PT; size -= FONT_SIZE_STEP_PT) {
    if (fitsAtSize(whole, size, fonts, options)) {
      fontSize = size
      break
    }
  }
  return {
    characters: total - Math.max(0, longest),
    lines: linesOver(metrics),
    ...(fontSize === undefined ? {} : { font_size_pt: fontSize }),
  }
}

/**
 * The longest prefix of a text whose layout fits its area, among candidate cut points: the
 * search behind the fit suggestion (cut points between graphemes) and the repair (cut points
 * at word ends). A prefix keeps the formatting of the whole text (`truncateBlocks`: a cut
 * inside `**bold**` stays bold). Bisection over the candidates, each tried with `fitsBlocks`,
 * which stops at the first line past the area: the search costs what the area holds, not the
 * length of the text. Given the whole text's lines in the area, each trial breaks only the
 * lines of the prefix that differ from them (`fitsPrefix`), with the same answers.
 *
 * @param blocks The blocks of the whole text (`readMarkdown(text).blocks`).
 * @param cuts Candidate source offsets where a prefix ends, ascending (`0` is the empty text).
 * @param area The Markdown area.
 * @param fonts The registry.
 * @param options The renderer profile of the layout being repaired.
 * @param whole `breakBlocks(blocks, area, fonts, options)`, when the caller has it.
 * @returns The index in `cuts` of the longest fitting prefix, `-1` when none fits.
 */
export function longestFittingPrefix(
  blocks: readonly ContentBlock[],
  cuts: readonly number[],
  area: MarkdownElement,
  fonts: FontRegistry,
  options: LayoutOptions = {},
  whole?: BlockBreaks
): number {
  let low = 0
  let high = cuts.length - 1
  let longest = -1
  while (low <= high) {
    const middle = (low + high) >> 1
    const prefix = truncateBlocks(blocks, cuts[middle] as number)
    const fits = whole
      ? fitsPrefix(whole, prefix, fonts, options)
      : fitsBlocks(prefix, area, fonts, options)
    if (fits) {
      longest = middle
      low = middle + 1
    } else {
      high = middle - 1
    }
  }
  return longest
}

/** A text that does not fit: its `markdown_fit_errors` item and the numbers of its suggestion. */
export interface FitFinding {
  /** The item of `meta.markdown_fit_errors` (spec 7.1). */
  readonly error: MarkdownFitError
  /** The numbers `suggested_action` words, for messages in other languages and for repairs. */
  readonly suggestion: FitSuggestion
}

/**
 * The `markdown_fit_errors` item (spec 7.1) of a text whose layout does not fit its area, with
 * the numbers of its exact repair suggestion: only a text that does not fit pays for the
 * suggestion's measurements of prefixes and smaller sizes, and these reuse the text's lines.
 * Lengths are mm rounded to 0.01; `block_count` counts paragraphs and list items, `line_count`
 * the text lines (blank lines between blocks are not counted); see docs/layout.md.
 *
 * @param text The Markdown text of `content.<key>`.
 * @param breaks Its blocks (`readMarkdown(text).blocks`) broken into lines in the area
 *   (`breakBlocks`), in the profile of the verdict.
 * @param area The Markdown area of the design.
 * @param fonts The font registry.
 * @returns The fit error and its suggestion, or `undefined` when the lines fit.
 */
export function fitFindingOf(
  text: string,
  breaks: BlockBreaks,
  area: MarkdownElement,
  fonts: FontRegistry
): FitFinding | undefined {
  const metrics = breaks.metrics
  if (metrics.fits) return undefined
  const suggestion = suggest(text, breaks, metrics, area, fonts)
  const error: MarkdownFitError = {
    key: area.key,
    label: area.label,
    available_width_mm: roundMm(area.width_mm),
    available_height_mm: roundMm(area.height_mm),
    measured_height_mm: roundMm(metrics.measured_height_mm),
    overflow_mm: roundMm(metrics.overflow_mm),
    font_size_pt: area.font_size_pt,
    line_height: area.line_height,
    block_count: metrics.block_count,
    line_count: metrics.line_count,
    suggested_action: formatSuggestion(suggestion),
  }
  return { error, suggestion }
}

/**
 * Checks that a `content` value fits its Markdown area (spec 2.5 rule 4) and, when it does
 * not, returns the `markdown_fit_errors` item of spec 7.1 (see {@link fitFindingOf}). Never
 * throws on the text; a `FontError` means the area's family is not in the registry. The
 * analysis does not call this: it measures the lines it keeps (`fitFindingOf`).
 *
 * @param text The Markdown text of `content.<key>`.
 * @param area The Markdown area of the design.
 * @param fonts The font registry.
 * @param options The renderer profile (default `chromium`); the preview and the fit meter of
 *   the same text must use the same one.
 * @returns The fit error, or `undefined` when the text fits.
 * @example
 * ```ts
 * checkFit(longText, area, fonts)?.suggested_action
 * // 'Shorten the text by at least 86 characters (2 lines) or reduce the font size to 10 pt.'
 * ```
 */
export function checkFit(
  text: string,
  area: MarkdownElement,
  fonts: FontRegistry,
  options: LayoutOptions = {}
): MarkdownFitError | undefined {
  const { blocks } = readMarkdown(text)
  return fitFindingOf(text, breakBlocks(blocks, area, fonts, options), area, fonts)?.error
}
