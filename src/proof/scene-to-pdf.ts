/**
 * Writes the geometry of a side (`src/scene`, the preview's own) as PDF content in millimetres
 * on the card, y down (the page's transform maps it): glyphs as form XObjects, emoji and SVG
 * images as vector forms, QR codes as one path of module rectangles, raster images as image
 * XObjects, groups as transparency groups or clipped.
 *
 * @module
 */
import { forEachQrRun } from '../scene/qr-runs.ts'
import type { SvgTreeNode } from '../svg/sanitize-svg.ts'
import type { Box, ExclusionClip, GlyphRunNode, SceneNode, Stroke } from '../scene/scene-types.ts'
import { readSvgImage } from '../scene/svg-image.ts'
import { colourOperator, parseCssColour, type Rgb } from './device-colour.ts'
import { GLYPH_FORM_SCALE, type GlyphForms } from './glyph-forms.ts'
import { multiply, parsePathData, pathOperators, rectPath, type Matrix } from './path-geometry.ts'
import type { ImageEmbedder } from './pdf-image.ts'
import type { BBox, PdfResources } from './pdf-resources.ts'
import type { PdfRef } from './pdf-syntax.ts'
import { pdfNumber } from './pdf-syntax.ts'
import { svgToPdf, viewBoxTransform } from './svg-to-pdf.ts'

/** What writing a scene needs: the proof's resources, glyph forms and images. */
export interface ScenePdfContext {
  readonly resources: PdfResources
  readonly glyphs: GlyphForms
  readonly images: ImageEmbedder
  /** Vector forms already written, by artwork body or image URI: each is converted once. */
  readonly forms: Map<readonly SvgTreeNode[] | string, VectorForm | undefined>
}

/** A vector form and the transform that fits its content into a unit square. */
interface VectorForm {
  readonly name: string
}

const BLACK: Rgb = { r: 0, g: 0, b: 0 }
const GROUP_BBOX: BBox = [-100000, -100000, 100000, 100000]

/**
 * Writes scene nodes as content operators.
 *
 * @param nodes The nodes, in drawing order.
 * @param context Resources, glyphs and images.
 * @returns The operators.
 */
export function sceneToPdf(nodes: readonly SceneNode[], context: ScenePdfContext): string {
  const out: string[] = []
  for (const node of nodes) drawNode(node, context, out)
  return out.join('\n')
}

function colour(text: string): Rgb {
  return parseCssColour(text)?.rgb ?? BLACK
}

function n(value: number): string {
  return pdfNumber(value)
}

function cm(matrix: Matrix): string {
  return `${matrix.map((value) => pdfNumber(value, 6)).join(' ')} cm`
}

function strokeState(stroke: Stroke, context: ScenePdfContext): string {
  const parts = [
    colourOperator(colour(stroke.color), context.resources.mode, true),
    `${n(stroke.width)} w`,
  ]
  if (stroke.dash && stroke.dash.length > 0) parts.push(`[${stroke.dash.map(n).join(' ')}] 0 d`)
  return parts.join(' ')
}

function drawNode(node: SceneNode, context: ScenePdfContext, out: string[]): void {
  const mode = context.resources.mode
  switch (node.kind) {
    case 'rect': {
      const { x, y, width, height } = node.box
      const path =
        node.radius !== undefined && node.radius > 0
          ? pathOperators(rectPath(x, y, width, height, node.radius, node.radius))
          : `${n(x)} ${n(y)} ${n(width)} ${n(height)} re`
      if (node.fill !== 'none') out.push(`${colourOperator(colour(node.fill), mode)} ${path} f`)
      if (node.stroke) out.push(`q ${strokeState(node.stroke, context)} ${path} S Q`)
      return
    }
    case 'path': {
      const path = pathOperators(parsePathData(node.d))
      if (node.fill !== undefined && node.fill !== 'none') {
        out.push(`${colourOperator(colour(node.fill), mode)} ${path} f`)
      }
      if (node.stroke) out.push(`q ${strokeState(node.stroke, context)} ${path} S Q`)
      return
    }
    case 'glyphs':
      drawGlyphs(node, context, out)
      return
    case 'artwork': {
      const form = artworkForm(node.body, node.viewBox, context)
      const viewBox = viewBoxNumbers(node.viewBox)
      if (!form || !viewBox) return
      const matrix = viewBoxTransform(viewBox, node.box)
      out.push(`q ${cm(matrix)} /${form.name} Do Q`)
      return
    }
    case 'qr': {
      const runs: string[] = []
      forEachQrRun(node.symbol, node.quiet, (x, y, run) => {
        runs.push(`${x} ${y} ${run} 1 re`)
      })
      out.push(
        `q ${colourOperator(BLACK, mode)} ${cm([node.module, 0, 0, node.module, node.x, node.y])}\n${runs.join('\n')}\nf Q`
      )
      return
    }
    case 'image':
      drawImage(node.href, node.box, context, out)
      return
    case 'group': {
      const opacity = node.opacity ?? 1
      if (opacity <= 0) return
      out.push('q')
      if (node.clip) out.push(exclusion(node.clip))
      if (opacity < 1) {
        const form = context.resources.form(sceneToPdf(node.children, context), GROUP_BBOX, {
          group: true,
        })
        out.push(
          `/${context.resources.graphicsState(opacity, opacity)} gs /${context.resources.xobject(form)} Do`
        )
      } else {
        for (const child of node.children) drawNode(child, context, out)
      }
      out.push('Q')
      return
    }
  }
}

/** The region outside the holes (even-odd: the bounds, then each disjoint hole). */
function exclusion(clip: ExclusionClip): string {
  const rect = (box: Box): string => `${n(box.x)} ${n(box.y)} ${n(box.width)} ${n(box.height)} re`
  return `${[clip.bounds, ...clip.holes].map(rect).join(' ')} W* n`
}

/**
 * One run: the glyph forms placed along the baseline. The run's transform scales thirds of a
 * font unit to mm and flips y; each glyph moves the origin by its advance from the previous
 * one, in tenths of a thirds unit rounded as the preview rounds its `<use x>` (0.1 unit).
 */
function drawGlyphs(run: GlyphRunNode, context: ScenePdfContext, out: string[]): void {
  const placed: string[] = []
  let pen = 0
  for (const glyph of run.glyphs) {
    const name = context.glyphs.name(run.face, glyph.glyphId)
    if (name === undefined) continue
    // The preview writes the offset with one decimal: the same position, in thirds.
    const offset = Math.round(glyph.offset * 10) * GLYPH_FORM_SCALE
    const step = offset - pen
    placed.push(step === 0 ? `/${name} Do` : `1 0 0 1 ${pdfNumber(step / 10, 1)} 0 cm /${name} Do`)
    pen = offset
  }
  if (placed.length === 0) return
  const scale = run.scale / GLYPH_FORM_SCALE
  out.push(
    `q ${colourOperator(colour(run.color), context.resources.mode)} ${pdfNumber(scale, 10)} 0 0 ${pdfNumber(-scale, 10)} ${n(run.x)} ${n(run.baseline)} cm\n${placed.join('\n')}\nQ`
  )
}

function viewBoxNumbers(text: string): [number, number, number, number] | undefined {
  const values = text.trim().split(/\s+/).map(Number)
  if (values.length !== 4 || !values.every(Number.isFinite)) return undefined
  const [x = 0, y = 0, width = 0, height = 0] = values
  return width > 0 && height > 0 ? [x, y, width, height] : undefined
}

/**
 * The form of an artwork in its viewBox units, clipped to the viewport a square box gives it
 * (a `<symbol>` clips to its `<use>` box; emoji boxes are square).
 */
function artworkForm(
  body: readonly SvgTreeNode[],
  viewBoxText: string,
  context: ScenePdfContext
): VectorForm | undefined {
  if (context.forms.has(body)) return context.forms.get(body)
  const viewBox = viewBoxNumbers(viewBoxText)
  let form: VectorForm | undefined
  if (viewBox) {
    const content = svgToPdf(body, { width: viewBox[2], height: viewBox[3] }, context)
    const ref = context.resources.form(
      content,
      viewportBox(viewBox, { x: 0, y: 0, width: 1, height: 1 })
    )
    form = { name: context.resources.xobject(ref) }
  }
  context.forms.set(body, form)
  return form
}

/** A viewport box in the coordinates of the viewBox fitted into it (`xMidYMid meet`). */
function viewportBox(
  viewBox: readonly [number, number, number, number],
  box: Box,
  preserveAspectRatio = 'xMidYMid meet'
): BBox {
  const [a, , , d, e, f] = viewBoxTransform(viewBox, box, preserveAspectRatio)
  return [
    (box.x - e) / a,
    (box.y - f) / d,
    (box.x + box.width - e) / a,
    (box.y + box.height - f) / d,
  ]
}

/**
 * A design image in its box: raster images centred and kept whole (`<image>`'s default
 * `xMidYMid meet`, as the preview draws them), SVG images as vector forms in their viewport.
 */
function drawImage(href: string, box: Box, context: ScenePdfContext, out: string[]): void {
  if (!(box.width > 0 && box.height > 0)) return
  if (href.startsWith('data:image/svg+xml')) {
    const svg = readSvgImage(href)
    if (!svg) return
    const { viewBox, preserveAspectRatio } = svg.viewport
    // The form's content is in the image's user units; the clip is its viewport, the box.
    const matrix: Matrix = viewBox
      ? viewBoxTransform(viewBox, box, preserveAspectRatio)
      : [1, 0, 0, 1, box.x, box.y]
    const bbox: BBox = viewBox
      ? viewportBox(viewBox, box, preserveAspectRatio)
      : [0, 0, box.width, box.height]
    const key = `${href}\u0000${bbox.join(' ')}`
    let form = context.forms.get(key)
    if (!context.forms.has(key)) {
      const size = viewBox ? { width: viewBox[2], height: viewBox[3] } : box
      const content = svgToPdf(svg.root.children, size, context, svg.root)
      const ref: PdfRef = context.resources.form(content, bbox)
      form = { name: context.resources.xobject(ref) }
      context.forms.set(key, form)
    }
    if (form) out.push(`q ${cm(matrix)} /${form.name} Do Q`)
    return
  }
  const image = context.images.embed(href)
  if (!image) return
  const place = viewBoxTransform([0, 0, image.width, image.height], box)
  // Image space is the unit square, y up.
  const matrix = multiply(place, [image.width, 0, 0, -image.height, 0, image.height])
  out.push(`q ${cm(matrix)} /${context.resources.xobject(image.ref)} Do Q`)
}
