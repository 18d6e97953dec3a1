/**
 * The page of a proof around the card: where the trim and bleed boxes sit on it, and the crop
 * marks outside the bleed.
 *
 * @module
 */
import type { DesignFormat } from '../design/types.ts'

/** Crop marks stay this far from the trim box, and at least as far as the bleed reaches. */
const MARK_GAP_MM = 3
/** Length of each crop mark. */
const MARK_LENGTH_MM = 5
/** White space beyond the marks. */
const MARK_MARGIN_MM = 2
/** 0.25 pt: the usual hairline of crop marks. */
export const MARK_WIDTH_MM = (0.25 * 25.4) / 72

/** Where the card sits on its page, in mm. */
export interface PageLayout {
  /** The page (MediaBox): the card with its bleed, and with room for marks when asked. */
  readonly width: number
  readonly height: number
  /** Distance from the page's edge to the trim box. */
  readonly margin: number
  /** The bleed drawn around the trim box. */
  readonly bleed: number
}

/**
 * The page of a side.
 *
 * @param format The card's size and bleed.
 * @param marks Whether the page holds crop marks.
 * @returns The layout.
 */
export function pageLayout(format: DesignFormat, marks: boolean): PageLayout {
  const bleed = Math.max(0, format.bleed_mm)
  const margin = marks ? Math.max(MARK_GAP_MM, bleed) + MARK_LENGTH_MM + MARK_MARGIN_MM : bleed
  return {
    width: format.width_mm + 2 * margin,
    height: format.height_mm + 2 * margin,
    margin,
    bleed,
  }
}

/**
 * The crop marks of a card as path data in mm from the trim box's corner (y down): two short
 * lines at each corner, on the trim lines' extensions, outside the bleed.
 *
 * @param format The card's size and bleed.
 * @returns Line segments `[x1, y1, x2, y2]`.
 */
export function cropMarks(
  format: DesignFormat
): readonly (readonly [number, number, number, number])[] {
  const gap = Math.max(MARK_GAP_MM, Math.max(0, format.bleed_mm))
  const { width_mm: width, height_mm: height } = format
  const lines: [number, number, number, number][] = []
  for (const x of [0, width]) {
    for (const y of [0, height]) {
      const outX = x === 0 ? -1 : 1
      const outY = y === 0 ? -1 : 1
      lines.push([x + outX * gap, y, x + outX * (gap + MARK_LENGTH_MM), y])
      lines.push([x, y + outY * gap, x, y + outY * (gap + MARK_LENGTH_MM)])
    }
  }
  return lines
}
