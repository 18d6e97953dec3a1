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
  /** Extend the canvas by `format.bleed_mm` on each side. */
  readonly showBleed: boolean
}

/**
 * Wraps drawn content into a complete, standalone SVG document. The `viewBox` is the trim box
 * in millimetres (`0 0 148 105` for A6), and `width`/`height` carry the `mm` unit, so the file
 * prints at its real size and every coordinate inside is a millimetre. With `showBleed` the
 * canvas grows by the bleed on every side (negative origin) and the background covers it.
 *
 * @param frame Size, background, title and bleed.
 * @param defs The `<defs>` element (or nothing).
 * @param content The elements of the side, in drawing order, guides last.
 * @returns The document, starting with `<svg` (no XML declaration: UTF-8 is the default).
 */
export function svgDocument(frame: SvgDocumentFrame, defs: SvgMarkup, content: SvgMarkup): string {
  const { width_mm: width, height_mm: height } = frame.format
  const bleed = frame.showBleed ? Math.max(0, frame.format.bleed_mm) : 0
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
