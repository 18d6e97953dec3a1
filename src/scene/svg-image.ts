/**
 * A design's SVG image as vectors: its checked `data:` URI read back into a sanitised tree with
 * its style sheets resolved, and the viewport it is drawn into. The preview inlines the tree as
 * a nested `<svg>` (an `<image>` of SVG is rasterised at its intrinsic size by librsvg, and so
 * blurred by `sharp` and `rsvg-convert`); the proof converts it to PDF paths.
 *
 * @module
 */
import { readDataUri, type ImageMediaType } from '../image/read-data-uri.ts'
import { sanitizeSvgTree, type SvgTreeElement } from '../svg/sanitize-svg.ts'
import { applyStyleSheets } from '../preview/svg-styles.ts'

/** How an SVG image maps onto its box: a viewBox (or none), and how its aspect is kept. */
export interface SvgImageViewport {
  /** `minX minY width height` of the image's user space, or `undefined` (user units are the box's). */
  readonly viewBox: readonly [number, number, number, number] | undefined
  /** An SVG `preserveAspectRatio` value. */
  readonly preserveAspectRatio: string
}

/** A design's SVG image, ready to draw. */
export interface SvgImage {
  /** The root `<svg>`: style sheets resolved onto the elements, references as `href`. */
  readonly root: SvgTreeElement
  readonly viewport: SvgImageViewport
}

const svgType: readonly ImageMediaType[] = ['image/svg+xml']
const number = /^(-?(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?)(px|mm|cm|in|pt|pc)?$/i
/**
 * CSS pixels per unit of an SVG length (CSS Values 4: 96 px to the inch); `em` and `ex` at the
 * initial font size of 16 px, for lengths without a font context.
 */
export const PX_PER_UNIT: Readonly<Record<string, number>> = Object.freeze({
  px: 1,
  mm: 96 / 25.4,
  cm: 96 / 2.54,
  in: 96,
  pt: 96 / 72,
  pc: 16,
  em: 16,
  ex: 8,
})

/**
 * Reads an SVG image of the design.
 *
 * @param href The sanitised `data:` URI the analysis holds (`ImageAnalysis.href`).
 * @returns The image, or `undefined` when the URI is not an SVG image.
 */
export function readSvgImage(href: string): SvgImage | undefined {
  const uri = readDataUri(href, svgType)
  if (!uri.ok || uri.mediaType !== 'image/svg+xml') return undefined
  const tree = sanitizeSvgTree(uri.text, true)
  if (!tree.ok) return undefined
  const document = tree.nodes[0]
  if (document === undefined || typeof document === 'string') return undefined
  const root = applyStyleSheets(document)
  return { root, viewport: viewportOf(root) }
}

/**
 * The viewport of an image as a browser draws an `<image>` of it: its own `viewBox`, else its
 * width and height in CSS pixels, centred and kept whole (`xMidYMid meet`, the `<image>`'s
 * default, which replaces the `preserveAspectRatio` of the image's root: SVG 1.1 section 5.7).
 */
function viewportOf(root: SvgTreeElement): SvgImageViewport {
  const viewBox = (root.attributes['viewBox'] ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number)
  if (
    viewBox.length === 4 &&
    viewBox.every(Number.isFinite) &&
    (viewBox[2] ?? 0) > 0 &&
    (viewBox[3] ?? 0) > 0
  ) {
    return {
      viewBox: viewBox as unknown as [number, number, number, number],
      preserveAspectRatio: 'xMidYMid meet',
    }
  }
  const width = pixels(root.attributes['width'])
  const height = pixels(root.attributes['height'])
  if (width !== undefined && height !== undefined && width > 0 && height > 0) {
    return { viewBox: [0, 0, width, height], preserveAspectRatio: 'xMidYMid meet' }
  }
  return { viewBox: undefined, preserveAspectRatio: 'none' }
}

function pixels(value: string | undefined): number | undefined {
  const match = value === undefined ? null : number.exec(value.trim())
  if (!match) return undefined
  return Number(match[1]) * (PX_PER_UNIT[(match[2] ?? 'px').toLowerCase()] ?? 1)
}
