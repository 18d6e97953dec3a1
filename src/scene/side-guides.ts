/**
 * The guides of a side for people, never for the press: the trim line (where the card is cut)
 * and the safe zone (where nothing important should be), the same in the preview and the proof.
 *
 * @module
 */
import type { DesignFormat } from '../design/types.ts'
import type { RectNode } from './scene-types.ts'

/** Guide colours of print proofs: cyan trim line, magenta safe zone. */
const TRIM_COLOUR = '#00a0e0'
const SAFE_COLOUR = '#e0008a'
/** Hairline of 0.2 mm, dashes of 1.5 mm: visible on screen and in a 300 dpi raster. */
const GUIDE_WIDTH_MM = 0.2
const GUIDE_DASH = [1.5, 1]

/**
 * The guides to draw over a side.
 *
 * @param format The card's size.
 * @param guides `trim`: a dashed cyan line on the trim box; `safeZoneMm`: a dashed magenta line
 *   this far inside it (`0`: none; a zone that leaves nothing of the card is not drawn).
 * @returns The guide rectangles, trim line first.
 */
export function sideGuides(
  format: DesignFormat,
  guides: { readonly trim: boolean; readonly safeZoneMm: number }
): RectNode[] {
  const { width_mm: width, height_mm: height } = format
  const rects: RectNode[] = []
  if (guides.trim) rects.push(guide(0, width, height, TRIM_COLOUR, 'guide-trim'))
  const safe = guides.safeZoneMm
  if (safe > 0 && safe * 2 < Math.min(width, height)) {
    rects.push(guide(safe, width, height, SAFE_COLOUR, 'guide-safe-zone'))
  }
  return rects
}

function guide(
  inset: number,
  width: number,
  height: number,
  color: string,
  name: string
): RectNode {
  return {
    kind: 'rect',
    name,
    box: { x: inset, y: inset, width: width - 2 * inset, height: height - 2 * inset },
    fill: 'none',
    stroke: { color, width: GUIDE_WIDTH_MM, dash: GUIDE_DASH },
  }
}
