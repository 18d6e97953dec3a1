/**
 * The placeholder of an element that cannot be drawn (a QR code without a usable URL, a rejected
 * image): a crossed, dashed box with a short caption, the size of the element, so the layout of
 * the card stays readable.
 *
 * @module
 */
import { formatNumber } from '../preview/format-number.ts'
import type { Face } from '../text/types.ts'
import { createLabel } from './draw-label.ts'
import { ALERT_COLOUR } from './draw-overflow.ts'
import type { Box, SceneNode } from './scene-types.ts'

const CAPTION_SIZE_PT = 5

/**
 * Draws a placeholder box.
 *
 * @param box Where the element would be.
 * @param caption Short caption, e.g. `qr_codes.coupon_url`; drawn when a face is given and it fits.
 * @param face Face for the caption, if any.
 * @returns A group named `placeholder`.
 */
export function drawPlaceholder(box: Box, caption: string, face: Face | undefined): SceneNode {
  const { x, y, width, height } = box
  const f = (value: number): string => formatNumber(value)
  const parts: SceneNode[] = [
    {
      kind: 'rect',
      box,
      fill: '#f4f4f4',
      stroke: { color: ALERT_COLOUR, width: 0.3, dash: [1, 0.6] },
    },
    {
      kind: 'path',
      d: `M${f(x)} ${f(y)}L${f(x + width)} ${f(y + height)}M${f(x + width)} ${f(y)}L${f(x)} ${f(y + height)}`,
      stroke: { color: '#c8c8c8', width: 0.3 },
    },
  ]
  if (face) {
    const label = createLabel(caption, face, {
      sizePt: CAPTION_SIZE_PT,
      color: ALERT_COLOUR,
      background: '#ffffff',
    })
    if (label.width_mm <= width && label.height_mm <= height) {
      parts.push(
        ...label.draw(x + (width - label.width_mm) / 2, y + (height - label.height_mm) / 2)
      )
    }
  }
  return { kind: 'group', name: 'placeholder', label: caption, children: parts }
}
