/**
 * The address block of a design's `address` element: the one-line sender above, the recipient
 * block below (docs/design-format.md, `address`). Its geometry and its one layout live here: the
 * analysis lays the block out with them once, the preview draws that layout and the block rules
 * measure it.
 *
 * @module
 */
import type { AddressElement } from '../design/types.ts'
import { layoutPlainText } from '../layout/layout-plain-text.ts'
import { profileRules, type RendererProfile } from '../layout/renderer-profile.ts'
import type { TextLayout } from '../layout/types.ts'
import { MM_PER_PT, PX_PER_MM, PX_PER_PT } from '../layout/units.ts'
import { unwrappedLineWidthEm } from '../layout/unwrapped-line-width.ts'
import type { Face, FontRegistry } from '../text/types.ts'

/** The sender line's font size as a share of the element's: visibly smaller (Deutsche Post). */
export const SENDER_SCALE = 0.7

/** Float noise of n × line height must not cost a line (as the layout engine's tolerance). */
const HEIGHT_EPSILON_MM = 1e-6

/** Where the parts of an address element go, in mm from the element's top edge. */
export interface AddressGeometry {
  /** The sender line's font size in points. */
  readonly senderSize_pt: number
  /** Height of the sender line's box in mm (`0` when no sender line is printed). */
  readonly senderHeight_mm: number
  /** Top of the recipient block. */
  readonly recipientTop_mm: number
  /** Height left for the recipient block. */
  readonly recipientHeight_mm: number
  /** Height of one recipient line box (rounded as the renderer profile rounds line boxes). */
  readonly lineHeight_mm: number
  /** How many recipient lines the block holds. */
  readonly capacity: number
}

/**
 * The geometry of an address element: the sender line (when printed) takes one line box of the
 * smaller size and half a recipient line of space below it (Deutsche Post: the sender
 * "einzeilig mit deutlich kleinerem Schriftgrad oberhalb der Anschrift"); the recipient block
 * has the rest. Line boxes are rounded as the layout engine rounds them under `profile`, so the
 * geometry and the layout agree to the last layout unit, with or without fonts.
 *
 * @param element The design's address element.
 * @param senderPrinted Whether a sender line is printed (the element asks for one and `from`
 *   has something to print).
 * @param profile The renderer profile of the layout.
 * @returns The geometry in mm.
 */
export function addressGeometry(
  element: AddressElement,
  senderPrinted: boolean,
  profile: RendererProfile
): AddressGeometry {
  const rules = profileRules(profile)
  const senderSize = element.font_size_pt * SENDER_SCALE
  const senderHeight = senderPrinted ? rules.lineBoxMm(senderSize, element.line_height) : 0
  const top = senderPrinted ? senderHeight + (element.font_size_pt * MM_PER_PT) / 2 : 0
  const recipientHeight = Math.max(0, element.height_mm - top)
  const lineHeight = rules.lineBoxMm(element.font_size_pt, element.line_height)
  return {
    senderSize_pt: senderSize,
    senderHeight_mm: senderHeight,
    recipientTop_mm: top,
    recipientHeight_mm: recipientHeight,
    lineHeight_mm: lineHeight,
    capacity:
      lineHeight > 0 ? Math.floor((recipientHeight + HEIGHT_EPSILON_MM) / lineHeight) : Infinity,
  }
}

/**
 * How far recipient lines reach below the element in mm, unrounded (`0` when they fit): what the
 * recipient layout reports as `overflow_mm`, known without laying it out.
 *
 * @param geometry The element's geometry.
 * @param lineCount The number of recipient lines.
 * @returns The overflow in mm.
 */
export function recipientOverflowMm(geometry: AddressGeometry, lineCount: number): number {
  const overflow = lineCount * geometry.lineHeight_mm - geometry.recipientHeight_mm
  return overflow > HEIGHT_EPSILON_MM ? overflow : 0
}

/**
 * Lays out lines of an address block with the same engine as content, in the element's font:
 * lines never wrap (a post reads each line as one part of the address), so a line wider than
 * the element sticks out on the right (`width_overflow_mm`), a line below it is `overflows`.
 *
 * @param lines The printed lines.
 * @param box The element's width and font, the size and the height of the part.
 * @param fonts The fonts; the registry must hold the element's family (a `FontError` otherwise).
 * @param profile The renderer profile.
 * @returns The layout, relative to the part's top-left corner.
 */
function layoutLines(
  lines: readonly string[],
  box: { readonly element: AddressElement; readonly size_pt: number; readonly height_mm: number },
  fonts: FontRegistry,
  profile: RendererProfile
): TextLayout {
  const { element } = box
  return layoutPlainText(
    addressLayoutText(lines),
    {
      width_mm: element.width_mm,
      height_mm: box.height_mm,
      font_family: element.font_family,
      font_size_pt: box.size_pt,
      line_height: element.line_height,
      wrap: false,
    },
    fonts,
    undefined,
    { profile }
  )
}

/**
 * Lays out the sender line: 70 % of the element's size, one line box high, at the element's top.
 *
 * @param element The design's address element.
 * @param geometry Its geometry ({@link addressGeometry} with the sender line printed).
 * @param senderLine The sender line as printed.
 * @param fonts The fonts holding the element's family.
 * @param profile The renderer profile.
 * @returns The layout, relative to the element's top-left corner.
 */
export function layoutSenderLine(
  element: AddressElement,
  geometry: AddressGeometry,
  senderLine: string,
  fonts: FontRegistry,
  profile: RendererProfile
): TextLayout {
  const height_mm = Math.min(geometry.senderHeight_mm, element.height_mm)
  return layoutLines(
    [senderLine],
    { element, size_pt: geometry.senderSize_pt, height_mm },
    fonts,
    profile
  )
}

/**
 * Lays out the recipient lines below the sender line, in the height left for them.
 *
 * @param element The design's address element.
 * @param geometry Its geometry ({@link addressGeometry}, for the same sender line).
 * @param recipientLines The recipient lines as printed.
 * @param fonts The fonts holding the element's family.
 * @param profile The renderer profile.
 * @returns The layout, relative to the recipient block's top (`recipientTop_mm`).
 */
export function layoutRecipientLines(
  element: AddressElement,
  geometry: AddressGeometry,
  recipientLines: readonly string[],
  fonts: FontRegistry,
  profile: RendererProfile
): TextLayout {
  const box = { element, size_pt: element.font_size_pt, height_mm: geometry.recipientHeight_mm }
  return layoutLines(recipientLines, box, fonts, profile)
}

/** A recipient line wider than its element, as its layout line reports it. */
export interface WideLine {
  /** Index of the line among the recipient lines (and the layout's lines). */
  readonly index: number
  /** Width of the line's content in mm. */
  readonly width_mm: number
  /** Width of the element in mm. */
  readonly available_width_mm: number
  /** How far the line sticks out on the right in mm (more than 0). */
  readonly width_overflow_mm: number
}

const NO_WIDE_LINES: readonly WideLine[] = Object.freeze([])

/**
 * The lines of a layout that stick out on the right (`width_overflow_mm > 0`).
 *
 * @param layout A layout of recipient lines.
 * @returns Those lines, in order.
 */
export function wideLinesOf(layout: TextLayout): readonly WideLine[] {
  const wide = layout.lines.filter((line) => line.width_overflow_mm > 0)
  return wide.length === 0 ? NO_WIDE_LINES : wide
}

/**
 * The recipient lines wider than the element, measured from the advances of their words
 * without laying them out: what {@link layoutRecipientLines} reports (the same widths to the last
 * bit, the same rounding of the renderer profile), for the verdict, which needs nothing else.
 * Lines never wrap, so no line break is searched and no glyph is placed.
 *
 * @param element The design's address element.
 * @param recipientLines The recipient lines as printed.
 * @param face The regular face of the element's family.
 * @param profile The renderer profile.
 * @returns The wide lines, or `undefined` when a line needs the layout (an emoji, white space
 *   the layout collapses): then measure {@link layoutRecipientLines} instead.
 */
export function measureWideLines(
  element: AddressElement,
  recipientLines: readonly string[],
  face: Face,
  profile: RendererProfile
): readonly WideLine[] | undefined {
  const rules = profileRules(profile)
  const sizePt = rules.shapingSizePt(element.font_size_pt)
  const sizePx = sizePt * PX_PER_PT
  const sizeMm = sizePt * MM_PER_PT
  const availableMm = Math.max(0, element.width_mm)
  const availablePx = availableMm * PX_PER_MM
  let wide: WideLine[] | undefined
  for (let index = 0; index < recipientLines.length; index++) {
    const contentEm = unwrappedLineWidthEm(addressLayoutLine(recipientLines[index] as string), face)
    if (contentEm === undefined) return undefined
    // As the line breaker rounds a line of one inline item (`chromium`: up to a layout unit).
    const widthEm =
      rules.snapsItems && sizePx > 0
        ? contentEm > 0
          ? rules.itemWidthPx(contentEm * sizePx) / sizePx
          : 0
        : contentEm
    if (rules.fits(widthEm * sizePx, availablePx)) continue
    const width = widthEm * sizeMm
    if (!(width - availableMm > 0)) continue
    ;(wide ??= []).push({
      index,
      width_mm: width,
      available_width_mm: availableMm,
      width_overflow_mm: width - availableMm,
    })
  }
  return wide ?? NO_WIDE_LINES
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
  return lines.map(addressLayoutLine).join('\n')
}

/** One address line as the layout engine sets it (see {@link addressLayoutText}). */
function addressLayoutLine(line: string): string {
  return line.includes('  ')
    ? line.replace(SPACE_RUN, (run) => `${'\u00a0'.repeat(run.length - 1)} `)
    : line
}
