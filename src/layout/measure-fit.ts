/**
 * Live fit feedback for forms: how much of a Markdown area a text uses ("3.2 mm left").
 *
 * @module
 */
import type { MarkdownElement } from '../design/types.ts'
import { parseForLayout } from '../markdown/parse-for-layout.ts'
import type { FontRegistry } from '../text/types.ts'
import { contentBlocks } from './content-blocks.ts'
import { measureBlocks } from './layout-blocks.ts'
import type { LayoutOptions } from './renderer-profile.ts'
import { roundMm } from './units.ts'

/** How a text sits in its area: what a form shows while the text is typed. */
export interface FitMeasurement {
  /** Whether the text fits (height and width). */
  readonly fits: boolean
  /** Height of the text in mm (rounded to 0.01). */
  readonly measured_height_mm: number
  /** Height of the area in mm (rounded to 0.01). */
  readonly available_height_mm: number
  /** Height still free in mm, 0 when full or over (rounded to 0.01): "3.2 mm left". */
  readonly remaining_mm: number
  /** Height over the area in mm, 0 when it fits (rounded to 0.01). */
  readonly overflow_mm: number
  /** Whole line boxes still free (may be negative: line boxes over). */
  readonly remaining_lines: number
  /** Text lines. */
  readonly line_count: number
  /** Paragraphs and list items. */
  readonly block_count: number
  /** How far one unbreakable grapheme sticks out to the right, in mm (0 normally). */
  readonly width_overflow_mm: number
}

/**
 * Measures a text in its area without building an error: for live feedback such as "3.2 mm
 * left" or "2 lines over" in a form. Never throws on the text.
 *
 * @param text The Markdown text.
 * @param area The Markdown area of the design.
 * @param fonts The font registry.
 * @param options The renderer profile (default `chromium`); use the profile of the verdict.
 * @returns The measurement (mm rounded to 0.01).
 */
export function measureFit(
  text: string,
  area: MarkdownElement,
  fonts: FontRegistry,
  options: LayoutOptions = {}
): FitMeasurement {
  const metrics = measureBlocks(
    contentBlocks(parseForLayout(text).tree, text),
    area,
    fonts,
    options
  )
  const lineHeight = metrics.line_height_mm
  const boxes = metrics.line_count + metrics.blank_line_count
  const fitting = lineHeight > 0 ? Math.floor(area.height_mm / lineHeight + 1e-9) : 0
  return {
    fits: metrics.fits,
    measured_height_mm: roundMm(metrics.measured_height_mm),
    available_height_mm: roundMm(area.height_mm),
    remaining_mm: roundMm(metrics.remaining_mm),
    overflow_mm: roundMm(metrics.overflow_mm),
    remaining_lines: fitting - boxes,
    line_count: metrics.line_count,
    block_count: metrics.block_count,
    width_overflow_mm: roundMm(metrics.width_overflow_mm),
  }
}
