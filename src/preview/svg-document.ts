/**
 * The frame of one preview side: the `<svg>` root at trim size in millimetres, background, and
 * the optional bleed and safe-zone guides.
 *
 * @module
 */
import type { DesignFormat } from '../design/types.ts'
import { formatNumber as fmt } from './format-number.ts'
import { svgElement, svgTextNode, type SvgMarkup } from './svg-element.ts'

/** What {@link svgDocument} needs besides the drawn content. */
export interface SvgDocumentFrame {
  readonly format: DesignFormat
  /** Fill of the side (the design's `background`), painted over the bleed too. */
  readonly background: string
  /** Accessible name of the image, e.g. `Spring greeting A6, front`. */
  readonly title: string
  /** Extend the canvas by `format.bleed_mm` on each side and mark the trim box. */
  readonly showBleed: boolean
  /** Inset of the safe-zone guide from the trim box in mm; `0` draws none. */
  readonly safeZoneMm: number
}

/** Guide colours of print proofs: cyan trim line, magenta safe zone. */
const TRIM_COLOUR = '#00a0e0'
const SAFE_COLOUR = '#e0008a'
/** Hairline of 0.2 mm, dashes of 1.5 mm: visible on screen and in a 300 dpi raster. */
const GUIDE_WIDTH_MM = 0.2
const GUIDE_DASH = '1.5 1'

/**
 * Wraps drawn content into a complete, standalone SVG document. The `viewBox` is the trim box
 * in millimetres (`0 0 148 105` for A6), and `width`/`height` carry the `mm` unit, so the file
 * prints at its real size and every coordinate inside is a millimetre. With `showBleed` the
 * canvas grows by the bleed on every side (negative origin), the background covers it, and a
 * dashed line marks where the card will be cut.
 *
 * @param frame Size, background, title and guides.
 * @param defs The `<defs>` element (or nothing).
 * @param content The elements of the side, in drawing order.
 * @returns The document, starting with `<svg` (no XML declaration: UTF-8 is the default).
 */
export function svgDocument(frame: SvgDocumentFrame, defs: SvgMarkup, content: SvgMarkup): string {
  const { width_mm: width, height_mm: height } = frame.format
  const bleed = frame.showBleed ? Math.max(0, frame.format.bleed_mm) : 0
  const guides: SvgMarkup[] = []
  if (bleed > 0) guides.push(guideRect(0, width, height, TRIM_COLOUR, 'trim'))
  if (frame.safeZoneMm > 0 && frame.safeZoneMm * 2 < Math.min(width, height)) {
    guides.push(guideRect(frame.safeZoneMm, width, height, SAFE_COLOUR, 'safe-zone'))
  }
  const children = [
    svgElement('title', {}, [svgTextNode(frame.title)]),
    defs,
    svgElement('rect', {
      x: -bleed,
      y: -bleed,
      width: width + 2 * bleed,
      height: height + 2 * bleed,
      fill: frame.background,
    }),
    content,
    ...guides,
  ]
  return svgElement(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      width: `${fmt(width + 2 * bleed)}mm`,
      height: `${fmt(height + 2 * bleed)}mm`,
      viewBox: `${fmt(-bleed)} ${fmt(-bleed)} ${fmt(width + 2 * bleed)} ${fmt(height + 2 * bleed)}`,
      role: 'img',
    },
    children
  )
}

function guideRect(
  inset: number,
  width: number,
  height: number,
  colour: string,
  name: string
): SvgMarkup {
  return svgElement('rect', {
    class: `guide-${name}`,
    x: inset,
    y: inset,
    width: width - 2 * inset,
    height: height - 2 * inset,
    fill: 'none',
    stroke: colour,
    'stroke-width': GUIDE_WIDTH_MM,
    'stroke-dasharray': GUIDE_DASH,
  })
}
