/**
 * Writes the geometry of a side (`src/scene`) as SVG markup: glyphs and artwork defined once in
 * `<defs>` and placed with `<use>`, QR codes as one path each, design images as `<image>` or,
 * for SVG artwork, inlined as a nested `<svg>` (so every renderer draws it as vectors).
 *
 * @module
 */
import type { Stroke, SceneNode, GlyphRunNode, Box, ImageNode } from '../scene/scene-types.ts'
import { formatNumber } from './format-number.ts'
import type { PreviewDefs } from './preview-defs.ts'
import { qrPathData } from './qr-path.ts'
import { svgTreeMarkup } from '../svg/sanitize-svg.ts'
import {
  appendMarkup,
  joinMarkup,
  svgElement,
  svgGlyphUse,
  type SvgAttributes,
  type SvgMarkup,
} from './svg-element.ts'

/**
 * Writes scene nodes.
 *
 * @param nodes The nodes, in drawing order.
 * @param defs Where glyphs, artwork and clip paths are defined.
 * @returns Their markup.
 */
export function sceneMarkup(nodes: readonly SceneNode[], defs: PreviewDefs): SvgMarkup {
  // Appended, not mapped and joined: the fragments are copied once, when the document is joined.
  let markup = joinMarkup([])
  for (const node of nodes) markup = appendMarkup(markup, nodeMarkup(node, defs))
  return markup
}

function nodeMarkup(node: SceneNode, defs: PreviewDefs): SvgMarkup {
  switch (node.kind) {
    case 'rect':
      return svgElement('rect', {
        class: node.name,
        ...boxAttributes(node.box),
        rx: node.radius,
        fill: node.fill,
        ...strokeAttributes(node.stroke),
      })
    case 'path':
      return svgElement('path', { d: node.d, fill: node.fill, ...strokeAttributes(node.stroke) })
    case 'glyphs':
      return glyphRunMarkup(node, defs)
    case 'artwork':
      return svgElement('use', { href: `#${defs.artwork(node)}`, ...boxAttributes(node.box) })
    case 'qr': {
      const m = formatNumber(node.module, 6)
      return svgElement('path', {
        d: qrPathData(node.symbol, node.quiet),
        fill: '#000000',
        transform: `matrix(${m} 0 0 ${m} ${formatNumber(node.x)} ${formatNumber(node.y)})`,
      })
    }
    case 'image':
      return imageMarkup(node, defs)
    case 'group': {
      const children = sceneMarkup(node.children, defs)
      const plain =
        node.name === undefined &&
        node.label === undefined &&
        node.opacity === undefined &&
        !node.clip
      if (plain) return children
      const attributes: SvgAttributes = {
        class: node.name,
        'aria-label': node.label,
        opacity: node.opacity,
        'clip-path': node.clip ? `url(#${defs.clip(node.clip)})` : undefined,
      }
      return svgElement('g', attributes, [children])
    }
  }
}

function boxAttributes(box: Box): SvgAttributes {
  return { x: box.x, y: box.y, width: box.width, height: box.height }
}

function strokeAttributes(stroke: Stroke | undefined): SvgAttributes {
  if (!stroke) return {}
  return {
    stroke: stroke.color,
    'stroke-width': stroke.width,
    'stroke-dasharray': stroke.dash?.map((length) => formatNumber(length)).join(' '),
  }
}

/**
 * One run: a group scaled from font units to mm and flipped (font outlines have y up), holding
 * one `<use>` per visible glyph at its pen position in font units.
 */
function glyphRunMarkup(run: GlyphRunNode, defs: PreviewDefs): SvgMarkup {
  let uses = joinMarkup([])
  const hrefOf = defs.glyphHrefs(run.face)
  for (const glyph of run.glyphs) {
    const href = hrefOf(glyph.glyphId)
    if (href !== undefined) uses = appendMarkup(uses, svgGlyphUse(href, glyph.offset))
  }
  if (uses === '') return uses
  const s = formatNumber(run.scale, 9)
  const transform = `matrix(${s} 0 0 -${s} ${formatNumber(run.x)} ${formatNumber(run.baseline)})`
  return svgElement('g', { fill: run.color, transform }, [uses])
}

/** Attributes of an image's root that belong to its viewport, not to what it draws. */
const viewportAttributes = new Set([
  'id',
  'x',
  'y',
  'width',
  'height',
  'viewBox',
  'preserveAspectRatio',
  'transform',
])

/**
 * A raster image as `<image>`; an SVG image inlined as a nested `<svg>` with its ids prefixed,
 * so that Chromium and librsvg both draw it as vectors at any resolution (librsvg rasterises an
 * `<image>` of SVG at the image's own size first: blurred when scaled up).
 */
function imageMarkup(node: ImageNode, defs: PreviewDefs): SvgMarkup {
  const svg = node.svg
  if (!svg) return svgElement('image', { ...boxAttributes(node.box), href: node.href })
  const attributes: Record<string, string> = {
    x: formatNumber(node.box.x),
    y: formatNumber(node.box.y),
    width: formatNumber(node.box.width),
    height: formatNumber(node.box.height),
  }
  const { viewBox, preserveAspectRatio } = svg.viewport
  if (viewBox) {
    attributes['viewBox'] = viewBox.map((value) => formatNumber(value, 6)).join(' ')
    attributes['preserveAspectRatio'] = preserveAspectRatio
  }
  for (const [name, value] of Object.entries(svg.root.attributes)) {
    if (!viewportAttributes.has(name)) attributes[name] = value
  }
  return svgTreeMarkup(
    [{ name: 'svg', attributes, children: svg.root.children }],
    defs.imagePrefix()
  )
}
