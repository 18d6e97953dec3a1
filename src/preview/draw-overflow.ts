/**
 * The overflow visuals of a text area: its edge marked where the text is cut, and a label with
 * the overflow in millimetres (the `overflow_mm` of spec 7.1 `markdown_fit_errors`).
 *
 * @module
 */
import { roundMm } from '../layout/units.ts'
import type { Face } from '../text/types.ts'
import { formatNumber } from './format-number.ts'
import { createLabel } from './draw-label.ts'
import type { PreviewDefs } from './preview-defs.ts'
import { joinMarkup, svgElement, type SvgMarkup } from './svg-element.ts'

/** Colour of every "this will not print as designed" mark. */
export const ALERT_COLOUR = '#d0021b'

/** A text area on the card, in mm. */
export interface AreaBox {
  readonly x_mm: number
  readonly y_mm: number
  readonly width_mm: number
  readonly height_mm: number
}

/** What overflows, in mm, unrounded (`LayoutMetrics` of the layout engine). */
export interface Overflow {
  /** Vertical overflow. */
  readonly overflow_mm: number
  /** How far the widest line sticks out on the right. */
  readonly width_overflow_mm: number
}

const LABEL_SIZE_PT = 6
const EDGE_WIDTH_MM = 0.35
const EDGE_DASH = '1.2 0.6'

/**
 * Marks the edges an overflowing text crosses: a dashed red line on the bottom edge (where the
 * print cuts the text) with the label `overflow 3.21 mm` hanging below it at the right, and for
 * a line too wide for the area a dashed line on the right edge with `width overflow … mm`. The
 * millimetres are rounded as `markdown_fit_errors` reports `overflow_mm` (spec 7.1), and the
 * group carries the same words as `aria-label`.
 *
 * @param area The area on the card.
 * @param overflow What overflows.
 * @param face Face for the labels (the area's regular face).
 * @param defs Where the label glyphs go.
 * @returns The marks, or nothing when the text fits.
 */
export function drawOverflow(
  area: AreaBox,
  overflow: Overflow,
  face: Face,
  defs: PreviewDefs
): SvgMarkup {
  const parts: SvgMarkup[] = []
  const right = area.x_mm + area.width_mm
  const bottom = area.y_mm + area.height_mm
  const style = { sizePt: LABEL_SIZE_PT, color: '#ffffff', background: ALERT_COLOUR }
  const texts: string[] = []
  if (overflow.overflow_mm > 0) {
    const text = `overflow ${millimetres(overflow.overflow_mm)}`
    parts.push(edge(`M${formatNumber(area.x_mm)} ${formatNumber(bottom)}H${formatNumber(right)}`))
    const label = createLabel(text, face, style, defs)
    parts.push(label.draw(right - label.width_mm, bottom + EDGE_WIDTH_MM))
    texts.push(text)
  }
  if (overflow.width_overflow_mm > 0) {
    const text = `width overflow ${millimetres(overflow.width_overflow_mm)}`
    parts.push(edge(`M${formatNumber(right)} ${formatNumber(area.y_mm)}V${formatNumber(bottom)}`))
    const label = createLabel(text, face, style, defs)
    parts.push(label.draw(right + EDGE_WIDTH_MM, area.y_mm))
    texts.push(text)
  }
  if (parts.length === 0) return joinMarkup([])
  return svgElement('g', { class: 'overflow', 'aria-label': texts.join(', ') }, parts)
}

// As spec 7.1 reports it (`roundMm`, 0.01 mm), so the label reads like `overflow_mm`; an
// overflow that rounds to nothing still says that there is one.
function millimetres(mm: number): string {
  const rounded = roundMm(mm)
  return rounded > 0 ? `${formatNumber(rounded, 2)} mm` : '< 0.01 mm'
}

function edge(d: string): SvgMarkup {
  return svgElement('path', {
    d,
    fill: 'none',
    stroke: ALERT_COLOUR,
    'stroke-width': EDGE_WIDTH_MM,
    'stroke-dasharray': EDGE_DASH,
  })
}
