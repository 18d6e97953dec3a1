/**
 * The placeholder of an element that cannot be drawn (a QR code without a usable URL, a rejected
 * image): a crossed, dashed box with a short caption, the size of the element, so the layout of
 * the card stays readable.
 *
 * @module
 */
import type { Face } from '../text/types.ts'
import { formatNumber } from './format-number.ts'
import { createLabel } from './draw-label.ts'
import type { AreaBox } from './draw-overflow.ts'
import { ALERT_COLOUR } from './draw-overflow.ts'
import type { PreviewDefs } from './preview-defs.ts'
import { svgElement, type SvgMarkup } from './svg-element.ts'

const CAPTION_SIZE_PT = 5

/**
 * Draws a placeholder box.
 *
 * @param box Where the element would be.
 * @param caption Short caption, e.g. `qr_codes.coupon_url`; drawn when a face is given and it fits.
 * @param face Face for the caption, if any.
 * @param defs Where the caption glyphs go.
 * @returns A `<g class="placeholder">`.
 */
export function drawPlaceholder(
  box: AreaBox,
  caption: string,
  face: Face | undefined,
  defs: PreviewDefs
): SvgMarkup {
  const { x_mm: x, y_mm: y, width_mm: width, height_mm: height } = box
  const f = (value: number): string => formatNumber(value)
  const parts = [
    svgElement('rect', {
      x,
      y,
      width,
      height,
      fill: '#f4f4f4',
      stroke: ALERT_COLOUR,
      'stroke-width': 0.3,
      'stroke-dasharray': '1 0.6',
    }),
    svgElement('path', {
      d: `M${f(x)} ${f(y)}L${f(x + width)} ${f(y + height)}M${f(x + width)} ${f(y)}L${f(x)} ${f(y + height)}`,
      stroke: '#c8c8c8',
      'stroke-width': 0.3,
    }),
  ]
  if (face) {
    const label = createLabel(
      caption,
      face,
      { sizePt: CAPTION_SIZE_PT, color: ALERT_COLOUR, background: '#ffffff' },
      defs
    )
    if (label.width_mm <= width && label.height_mm <= height) {
      parts.push(label.draw(x + (width - label.width_mm) / 2, y + (height - label.height_mm) / 2))
    }
  }
  return svgElement('g', { class: 'placeholder', 'aria-label': caption }, parts)
}
