/**
 * The geometry of a design's `address` element: the one-line sender above, the recipient block
 * below (design-format.md, `address`). One home for what the preview draws and the checks
 * measure.
 *
 * @module
 */
import type { AddressElement } from '../design/types.ts'

/** The sender line's font size as a share of the element's: visibly smaller (Deutsche Post). */
export const SENDER_SCALE = 0.7

/** Millimetres per point. */
const MM_PER_PT = 25.4 / 72

/** Where the parts of an address element go. */
export interface AddressGeometry {
  /** The sender line's font size in points. */
  readonly senderSize_pt: number
  /** Height of the sender line's box in mm (`0` when no sender line is printed). */
  readonly senderHeight_mm: number
  /** Top of the recipient block in mm from the element's top edge. */
  readonly recipientTop_mm: number
  /** Height left for the recipient block in mm. */
  readonly recipientHeight_mm: number
  /** Height of one recipient line in mm. */
  readonly lineHeight_mm: number
}

/**
 * The geometry of an address element: the sender line (when printed) takes one line of the
 * smaller size and half a recipient line of space below it (Deutsche Post: the sender
 * "einzeilig mit deutlich kleinerem Schriftgrad oberhalb der Anschrift"); the recipient block
 * has the rest.
 *
 * @param element The design's address element.
 * @param senderPrinted Whether a sender line is printed (the element asks for one and `from`
 *   has something to print).
 * @returns The geometry in mm.
 */
export function addressGeometry(element: AddressElement, senderPrinted: boolean): AddressGeometry {
  const senderSize = element.font_size_pt * SENDER_SCALE
  const lineHeight = element.font_size_pt * element.line_height * MM_PER_PT
  const senderHeight = senderPrinted
    ? Math.min(senderSize * element.line_height * MM_PER_PT, element.height_mm)
    : 0
  const top = senderPrinted ? senderHeight + (element.font_size_pt * MM_PER_PT) / 2 : 0
  return {
    senderSize_pt: senderSize,
    senderHeight_mm: senderHeight,
    recipientTop_mm: top,
    recipientHeight_mm: Math.max(0, element.height_mm - top),
    lineHeight_mm: lineHeight,
  }
}

// Runs of two or more spaces: a post's spacing (`1016 GV  AMSTERDAM`).
const SPACE_RUN = / {2,}/g

/**
 * The text the layout engine sets for address lines: the lines joined by `\n`, each run of
 * spaces kept as wide as sent (no-break spaces and a final space), since plain-text layout
 * collapses spaces like CSS `white-space: pre-line` and PostNL asks for two.
 *
 * @param lines The printed lines.
 * @returns The text to lay out.
 */
export function addressLayoutText(lines: readonly string[]): string {
  return lines
    .map((line) => line.replace(SPACE_RUN, (run) => `${'\u00a0'.repeat(run.length - 1)} `))
    .join('\n')
}
