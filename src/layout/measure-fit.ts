/**
 * Live fit feedback for forms: how much of a Markdown area a text uses ("3.2 mm left"), read
 * from the one layout of the text.
 *
 * @module
 */
import type { LayoutMetrics } from './types.ts'
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
 * The fit meter of a layout: how its text sits in its area ("3.2 mm left"), derived from the
 * layout's metrics, so the meter shows exactly what the preview draws and the fit check judges.
 *
 * @param metrics The metrics of the layout (`TextLayout.metrics`).
 * @param area The area's height.
 * @returns The measurement (mm rounded to 0.01).
 */
export function fitMeasurement(
  metrics: LayoutMetrics,
  area: { readonly height_mm: number }
): FitMeasurement {
  const lineHeight = metrics.line_height_mm
  const boxes = metrics.line_count + metrics.blank_line_count
  const fitting = lineHeight > 0 ? Math.floor(area.height_mm / lineHeight + 1e-9) : 0
  return Object.freeze({
    fits: metrics.fits,
    measured_height_mm: roundMm(metrics.measured_height_mm),
    available_height_mm: roundMm(area.height_mm),
    remaining_mm: roundMm(metrics.remaining_mm),
    overflow_mm: roundMm(metrics.overflow_mm),
    remaining_lines: fitting - boxes,
    line_count: metrics.line_count,
    block_count: metrics.block_count,
    width_overflow_mm: roundMm(metrics.width_overflow_mm),
  })
}
