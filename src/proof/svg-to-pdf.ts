/**
 * Sanitised SVG (emoji artwork, design SVG images) as PDF vector content: shapes and paths,
 * transforms, nested viewports and `<use>`, fills and strokes with their opacities, clip paths,
 * group opacity (transparency groups), linear and radial gradients (shadings, with a soft mask
 * when the stops' opacities differ), and raster `<image>`s. What is not converted, and so not
 * drawn in a proof: `<text>` (a proof has no fonts; design text belongs in `text` elements),
 * `<mask>`, `<pattern>` fills, gradient strokes (drawn in the first stop's colour) and the
 * `reflect`/`repeat` spread methods (drawn as `pad`).
 *
 * The SVG's user space is drawn as is (y down): the caller's transform places it.
 *
 * @module
 */
import type { SvgTreeElement, SvgTreeNode } from '../svg/sanitize-svg.ts'
import { parseDeclarations } from '../preview/svg-styles.ts'
import { PX_PER_UNIT } from '../scene/svg-image.ts'
import {
  colourOperator,
  componentText,
  deviceComponents,
  parseCssColour,
  type Rgb,
} from './device-colour.ts'
import {
  ellipsePath,
  IDENTITY,
  multiply,
  parsePathData,
  parseTransform,
  pathBounds,
  pathOperators,
  polyPath,
  rectPath,
  type Matrix,
  type Segment,
} from './path-geometry.ts'
import type { ImageEmbedder } from './pdf-image.ts'
import type { BBox, PdfResources } from './pdf-resources.ts'
import { pdfName, pdfNumber, pdfRaw, type PdfValue } from './pdf-syntax.ts'

/** What converting SVG needs: the proof's resources and images. */
export interface SvgPdfContext {
  readonly resources: PdfResources
  readonly images: ImageEmbedder
}

type Paint =
  | { readonly kind: 'none' }
  | { readonly kind: 'colour'; readonly rgb: Rgb; readonly alpha: number }
  | { readonly kind: 'server'; readonly element: SvgTreeElement; readonly fallback: Paint }

/** The inherited properties of an element (SVG 1.1 section 6 and the painting chapter). */
interface Style {
  readonly fill: Paint
  readonly fillOpacity: number
  readonly fillRule: 'nonzero' | 'evenodd'
  readonly stroke: Paint
  readonly strokeOpacity: number
  readonly strokeWidth: number
  readonly lineCap: number
  readonly lineJoin: number
  readonly miterLimit: number
  readonly dashArray: readonly number[] | undefined
  readonly dashOffset: number
  readonly color: Rgb
  readonly visible: boolean
  readonly clipRule: 'nonzero' | 'evenodd'
}

const BLACK: Rgb = { r: 0, g: 0, b: 0 }
const INITIAL: Style = {
  fill: { kind: 'colour', rgb: BLACK, alpha: 1 },
  fillOpacity: 1,
  fillRule: 'nonzero',
  stroke: { kind: 'none' },
  strokeOpacity: 1,
  strokeWidth: 1,
  lineCap: 0,
  lineJoin: 0,
  miterLimit: 4,
  dashArray: undefined,
  dashOffset: 0,
  color: BLACK,
  visible: true,
  clipRule: 'nonzero',
}

/** A transparency group holds whatever its content draws: a box larger than any card. */
const GROUP_BBOX: BBox = [-100000, -100000, 100000, 100000]
/** Deepest `<use>` nesting followed (a chain of references cannot run away). */
const MAX_USE_DEPTH = 16

interface Viewport {
  readonly width: number
  readonly height: number
}

/** The state of one conversion: the document's ids, the viewport for percentages. */
interface Walk extends SvgPdfContext {
  readonly ids: ReadonlyMap<string, SvgTreeElement>
  readonly styles: Map<SvgTreeElement, ReadonlyMap<string, string>>
  readonly viewport: Viewport
  readonly depth: number
  readonly using: ReadonlySet<SvgTreeElement>
}

/**
 * Converts SVG nodes to content operators in their own user space.
 *
 * @param nodes The children of an `<svg>` or a `<symbol>` (or an artwork body).
 * @param viewport The size of the viewport percentages refer to (the viewBox's size).
 * @param context Resources and images.
 * @param root The root element whose properties the nodes inherit (its own are applied).
 * @returns The operators.
 */
export function svgToPdf(
  nodes: readonly SvgTreeNode[],
  viewport: Viewport,
  context: SvgPdfContext,
  root?: SvgTreeElement
): string {
  const ids = new Map<string, SvgTreeElement>()
  const collect = (list: readonly SvgTreeNode[]): void => {
    for (const node of list) {
      if (typeof node === 'string') continue
      const id = node.attributes['id']
      if (id !== undefined && !ids.has(id)) ids.set(id, node)
      collect(node.children)
    }
  }
  collect(nodes)
  const walk: Walk = {
    ...context,
    ids,
    styles: new Map(),
    viewport,
    depth: 0,
    using: new Set(),
  }
  const style = root ? computeStyle(root, INITIAL, walk) : INITIAL
  const out: string[] = []
  drawChildren(nodes, style, walk, out)
  return out.join('\n')
}

/** A property as the element sets it: its `style` declaration, else its attribute. */
function property(element: SvgTreeElement, name: string, walk: Walk): string | undefined {
  let declared = walk.styles.get(element)
  if (declared === undefined) {
    const style = element.attributes['style']
    declared = new Map(
      style === undefined
        ? []
        : parseDeclarations(style).map((declaration) => [declaration.property, declaration.value])
    )
    walk.styles.set(element, declared)
  }
  const value = declared.get(name) ?? element.attributes[name]
  const trimmed = value?.trim()
  return trimmed === '' || trimmed === 'inherit' ? undefined : trimmed
}

function computeStyle(element: SvgTreeElement, parent: Style, walk: Walk): Style {
  const get = (name: string): string | undefined => property(element, name, walk)
  const colourText = get('color')
  const color = (colourText && parseCssColour(colourText)?.rgb) || parent.color
  const paint = (name: string, inherited: Paint): Paint => {
    const text = get(name)
    return text === undefined ? inherited : (parsePaint(text, color, walk) ?? inherited)
  }
  const number = (name: string, inherited: number, min = -Infinity): number => {
    const text = get(name)
    if (text === undefined) return inherited
    const value = text.endsWith('%') ? Number(text.slice(0, -1)) / 100 : Number(text)
    return Number.isFinite(value) ? Math.max(min, value) : inherited
  }
  const unit = (name: string): number => Math.min(1, Math.max(0, number(name, 1)))
  const width = get('stroke-width')
  const dash = get('stroke-dasharray')
  const visibility = get('visibility')
  return {
    fill: paint('fill', parent.fill),
    fillOpacity: get('fill-opacity') === undefined ? parent.fillOpacity : unit('fill-opacity'),
    fillRule: rule(get('fill-rule')) ?? parent.fillRule,
    stroke: paint('stroke', parent.stroke),
    strokeOpacity:
      get('stroke-opacity') === undefined ? parent.strokeOpacity : unit('stroke-opacity'),
    strokeWidth:
      width === undefined
        ? parent.strokeWidth
        : (length(width, walk.viewport, 'diagonal') ?? parent.strokeWidth),
    lineCap: keyword(get('stroke-linecap'), ['butt', 'round', 'square']) ?? parent.lineCap,
    lineJoin: keyword(get('stroke-linejoin'), ['miter', 'round', 'bevel']) ?? parent.lineJoin,
    miterLimit: number('stroke-miterlimit', parent.miterLimit, 1),
    dashArray: dash === undefined ? parent.dashArray : dashes(dash, walk.viewport),
    dashOffset:
      get('stroke-dashoffset') === undefined
        ? parent.dashOffset
        : (length(get('stroke-dashoffset') ?? '0', walk.viewport, 'diagonal') ?? 0),
    color,
    visible:
      visibility === undefined
        ? parent.visible
        : visibility !== 'hidden' && visibility !== 'collapse',
    clipRule: rule(get('clip-rule')) ?? parent.clipRule,
  }
}

function rule(text: string | undefined): 'nonzero' | 'evenodd' | undefined {
  return text === 'evenodd' || text === 'nonzero' ? text : undefined
}

function keyword(text: string | undefined, words: readonly string[]): number | undefined {
  const index = text === undefined ? -1 : words.indexOf(text)
  return index === -1 ? undefined : index
}

function dashes(text: string, viewport: Viewport): readonly number[] | undefined {
  if (text === 'none') return undefined
  const values = text
    .split(/[\s,]+/)
    .filter((part) => part !== '')
    .map((part) => length(part, viewport, 'diagonal'))
  if (values.length === 0 || values.some((value) => value === undefined || value < 0))
    return undefined
  const numbers = values as number[]
  if (numbers.every((value) => value === 0)) return undefined
  // An odd list is repeated to make it even (SVG 1.1 section 11.4).
  return numbers.length % 2 === 1 ? [...numbers, ...numbers] : numbers
}

function parsePaint(text: string, color: Rgb, walk: Walk): Paint | undefined {
  if (text === 'none') return { kind: 'none' }
  if (text === 'currentColor') return { kind: 'colour', rgb: color, alpha: 1 }
  const url = localReference(text)
  if (url) {
    const fallback: Paint =
      url.rest === '' ? { kind: 'none' } : (parsePaint(url.rest, color, walk) ?? { kind: 'none' })
    const element = walk.ids.get(url.id)
    if (element && (element.name === 'linearGradient' || element.name === 'radialGradient')) {
      return { kind: 'server', element, fallback }
    }
    return fallback
  }
  const parsed = parseCssColour(text)
  return parsed ? { kind: 'colour', rgb: parsed.rgb, alpha: parsed.alpha } : undefined
}

/** `url(#id)` (quoted or not) and what follows it (a paint's fallback colour). */
function localReference(text: string): { id: string; rest: string } | undefined {
  if (!text.startsWith('url(')) return undefined
  const close = text.indexOf(')')
  if (close === -1) return undefined
  let inner = text.slice(4, close).trim()
  const quote = inner[0]
  if ((quote === '"' || quote === "'") && inner.endsWith(quote) && inner.length >= 2) {
    inner = inner.slice(1, -1)
  }
  if (!inner.startsWith('#') || inner.length < 2) return undefined
  return { id: inner.slice(1), rest: text.slice(close + 1).trim() }
}

const lengthPattern = /^(-?(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?)(px|mm|cm|in|pt|pc|em|ex|%)?$/i

/** A length in user units; percentages of the viewport's width, height or normalised diagonal. */
function length(
  text: string | undefined,
  viewport: Viewport,
  axis: 'x' | 'y' | 'diagonal'
): number | undefined {
  if (text === undefined) return undefined
  const match = lengthPattern.exec(text.trim())
  if (!match) return undefined
  const value = Number(match[1])
  const unit = (match[2] ?? 'px').toLowerCase()
  if (unit === '%') {
    const base =
      axis === 'x'
        ? viewport.width
        : axis === 'y'
          ? viewport.height
          : Math.hypot(viewport.width, viewport.height) / Math.SQRT2
    return (value / 100) * base
  }
  return value * (PX_PER_UNIT[unit] ?? 1)
}

function attributeLength(
  element: SvgTreeElement,
  name: string,
  walk: Walk,
  axis: 'x' | 'y' | 'diagonal',
  fallback = 0
): number {
  return length(element.attributes[name], walk.viewport, axis) ?? fallback
}

function drawChildren(
  nodes: readonly SvgTreeNode[],
  style: Style,
  walk: Walk,
  out: string[]
): void {
  for (const node of nodes) {
    if (typeof node === 'string') continue
    drawElement(node, style, walk, out)
  }
}

function drawElement(element: SvgTreeElement, parent: Style, walk: Walk, out: string[]): void {
  if (property(element, 'display', walk) === 'none') return
  switch (element.name) {
    case 'g':
      drawGroup(element, parent, walk, out, IDENTITY, (style, inner) =>
        drawChildren(element.children, style, walk, inner)
      )
      return
    case 'svg':
      drawNestedSvg(element, parent, walk, out)
      return
    case 'use':
      drawUse(element, parent, walk, out)
      return
    case 'image':
      drawImage(element, parent, walk, out)
      return
    case 'path':
    case 'rect':
    case 'circle':
    case 'ellipse':
    case 'line':
    case 'polyline':
    case 'polygon':
      drawShape(element, parent, walk, out)
      return
    default:
      // defs, symbol, clipPath, gradients, mask, pattern, style, title, desc, text: not drawn here.
      return
  }
}

/**
 * Draws an element's content inside its own state: its transform (then `extra`), its clip
 * path, and its opacity as a transparency group.
 */
function drawGroup(
  element: SvgTreeElement,
  parent: Style,
  walk: Walk,
  out: string[],
  extra: Matrix,
  draw: (style: Style, out: string[]) => void,
  clip?: readonly [number, number, number, number]
): void {
  const style = computeStyle(element, parent, walk)
  const opacity = opacityOf(element, walk)
  if (opacity <= 0) return
  out.push('q')
  const transformText = element.attributes['transform']
  const matrix = multiply(transformText ? parseTransform(transformText) : IDENTITY, extra)
  if (matrix !== IDENTITY) out.push(cm(matrix))
  if (clip) out.push(`${clip.map((value) => pdfNumber(value)).join(' ')} re W n`)
  clipPathOf(element, undefined, walk, out)
  if (opacity < 1) {
    const inner: string[] = []
    draw(style, inner)
    const form = walk.resources.form(inner.join('\n'), GROUP_BBOX, { group: true })
    out.push(
      `/${walk.resources.graphicsState(opacity, opacity)} gs /${walk.resources.xobject(form)} Do`
    )
  } else {
    draw(style, out)
  }
  out.push('Q')
}

function opacityOf(element: SvgTreeElement, walk: Walk): number {
  const text = property(element, 'opacity', walk)
  if (text === undefined) return 1
  const value = text.endsWith('%') ? Number(text.slice(0, -1)) / 100 : Number(text)
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 1
}

function cm(matrix: Matrix): string {
  return `${matrix.map((value) => pdfNumber(value, 6)).join(' ')} cm`
}

/**
 * The transform of a viewBox into a viewport (SVG 1.1 section 7.8), and whether the viewport
 * clips (it does for `<svg>` and `<symbol>` unless `overflow` says otherwise).
 */
export function viewBoxTransform(
  viewBox: readonly [number, number, number, number],
  viewport: {
    readonly x: number
    readonly y: number
    readonly width: number
    readonly height: number
  },
  preserveAspectRatio = 'xMidYMid meet'
): Matrix {
  const [minX, minY, width, height] = viewBox
  let sx = viewport.width / width
  let sy = viewport.height / height
  const [align = 'xMidYMid', meetOrSlice = 'meet'] = preserveAspectRatio.trim().split(/\s+/)
  if (align !== 'none') {
    const scale = meetOrSlice === 'slice' ? Math.max(sx, sy) : Math.min(sx, sy)
    sx = scale
    sy = scale
  }
  let tx = viewport.x - minX * sx
  let ty = viewport.y - minY * sy
  if (align !== 'none') {
    const spareX = viewport.width - width * sx
    const spareY = viewport.height - height * sy
    if (align.includes('xMid')) tx += spareX / 2
    else if (align.includes('xMax')) tx += spareX
    if (align.includes('YMid')) ty += spareY / 2
    else if (align.includes('YMax')) ty += spareY
  }
  return [sx, 0, 0, sy, tx, ty]
}

function parseViewBox(text: string | undefined): [number, number, number, number] | undefined {
  if (text === undefined) return undefined
  const values = text
    .trim()
    .split(/[\s,]+/)
    .map(Number)
  if (values.length !== 4 || !values.every(Number.isFinite)) return undefined
  const [x = 0, y = 0, width = 0, height = 0] = values
  return width > 0 && height > 0 ? [x, y, width, height] : undefined
}

/** A nested `<svg>` or a `<symbol>` instance: a new viewport, clipped, with its viewBox. */
function drawViewport(
  element: SvgTreeElement,
  target: SvgTreeElement,
  parent: Style,
  walk: Walk,
  out: string[],
  box: { readonly x: number; readonly y: number; readonly width: number; readonly height: number }
): void {
  if (!(box.width > 0 && box.height > 0)) return
  const viewBox = parseViewBox(target.attributes['viewBox'])
  const matrix = viewBox
    ? viewBoxTransform(viewBox, box, target.attributes['preserveAspectRatio'])
    : ([1, 0, 0, 1, box.x, box.y] as Matrix)
  const overflow = property(target, 'overflow', walk)
  const clips = overflow !== 'visible' && overflow !== 'auto'
  const inner: Walk = {
    ...walk,
    viewport: viewBox
      ? { width: viewBox[2], height: viewBox[3] }
      : { width: box.width, height: box.height },
  }
  drawGroup(
    element,
    parent,
    walk,
    out,
    IDENTITY,
    (style, drawn) => {
      const targetStyle = target === element ? style : computeStyle(target, style, inner)
      drawn.push('q', cm(matrix))
      drawChildren(target.children, targetStyle, inner, drawn)
      drawn.push('Q')
    },
    clips ? [box.x, box.y, box.width, box.height] : undefined
  )
}

function drawNestedSvg(element: SvgTreeElement, parent: Style, walk: Walk, out: string[]): void {
  drawViewport(element, element, parent, walk, out, {
    x: attributeLength(element, 'x', walk, 'x'),
    y: attributeLength(element, 'y', walk, 'y'),
    width: attributeLength(element, 'width', walk, 'x', walk.viewport.width),
    height: attributeLength(element, 'height', walk, 'y', walk.viewport.height),
  })
}

function drawUse(element: SvgTreeElement, parent: Style, walk: Walk, out: string[]): void {
  const href = element.attributes['href'] ?? element.attributes['xlink:href'] ?? ''
  const target = href.startsWith('#') ? walk.ids.get(href.slice(1)) : undefined
  if (!target || walk.depth >= MAX_USE_DEPTH || walk.using.has(target)) return
  const inner: Walk = { ...walk, depth: walk.depth + 1, using: new Set([...walk.using, target]) }
  const x = attributeLength(element, 'x', walk, 'x')
  const y = attributeLength(element, 'y', walk, 'y')
  if (target.name === 'symbol' || target.name === 'svg') {
    drawViewport(element, target, parent, inner, out, {
      x,
      y,
      width: attributeLength(element, 'width', walk, 'x', walk.viewport.width),
      height: attributeLength(element, 'height', walk, 'y', walk.viewport.height),
    })
    return
  }
  drawGroup(element, parent, inner, out, [1, 0, 0, 1, x, y], (style, drawn) =>
    drawElement(target, style, inner, drawn)
  )
}

/** The geometry of a basic shape or path, in user units. */
function shapeSegments(element: SvgTreeElement, walk: Walk): Segment[] {
  const a = (name: string, axis: 'x' | 'y' | 'diagonal'): number =>
    attributeLength(element, name, walk, axis)
  switch (element.name) {
    case 'path':
      return parsePathData(element.attributes['d'] ?? '')
    case 'rect': {
      const rxText = element.attributes['rx']
      const ryText = element.attributes['ry']
      const rx = rxText === undefined ? undefined : a('rx', 'x')
      const ry = ryText === undefined ? undefined : a('ry', 'y')
      return rectPath(
        a('x', 'x'),
        a('y', 'y'),
        a('width', 'x'),
        a('height', 'y'),
        rx ?? ry ?? 0,
        ry ?? rx ?? 0
      )
    }
    case 'circle': {
      const r = a('r', 'diagonal')
      return ellipsePath(a('cx', 'x'), a('cy', 'y'), r, r)
    }
    case 'ellipse':
      return ellipsePath(a('cx', 'x'), a('cy', 'y'), a('rx', 'x'), a('ry', 'y'))
    case 'line':
      return [
        { kind: 'M', x: a('x1', 'x'), y: a('y1', 'y') },
        { kind: 'L', x: a('x2', 'x'), y: a('y2', 'y') },
      ]
    case 'polyline':
    case 'polygon':
      return polyPath(element.attributes['points'] ?? '', element.name === 'polygon')
    default:
      return []
  }
}

function drawShape(element: SvgTreeElement, parent: Style, walk: Walk, out: string[]): void {
  const segments = shapeSegments(element, walk)
  if (segments.length === 0) return
  const style = computeStyle(element, parent, walk)
  if (!style.visible) return
  const opacity = opacityOf(element, walk)
  if (opacity <= 0) return
  // A line has no inside; a polyline is filled as if closed, as a PDF fill closes it.
  const fills = element.name !== 'line' && style.fill.kind !== 'none'
  const strokes = style.stroke.kind !== 'none' && style.strokeWidth > 0
  if (!fills && !strokes) return
  // Opacity of a shape that is only filled or only stroked is that paint's alpha; a shape with
  // both is a group (where the stroke overlaps the fill, it must not show through).
  const group = opacity < 1 && fills && strokes
  const alpha = group ? 1 : opacity
  const paint = (target: string[]): void => {
    if (fills) fillPath(segments, style, style.fillOpacity * alpha, walk, target)
    if (strokes) strokePath(segments, style, style.strokeOpacity * alpha, walk, target)
  }
  out.push('q')
  const transformText = element.attributes['transform']
  if (transformText) {
    const matrix = parseTransform(transformText)
    if (matrix !== IDENTITY) out.push(cm(matrix))
  }
  clipPathOf(element, segments, walk, out)
  if (group) {
    const inner: string[] = []
    paint(inner)
    const form = walk.resources.form(inner.join('\n'), GROUP_BBOX, { group: true })
    out.push(
      `/${walk.resources.graphicsState(opacity, opacity)} gs /${walk.resources.xobject(form)} Do`
    )
  } else {
    paint(out)
  }
  out.push('Q')
}

function fillPath(
  segments: readonly Segment[],
  style: Style,
  alpha: number,
  walk: Walk,
  out: string[]
): void {
  const paint = style.fill
  const even = style.fillRule === 'evenodd'
  if (paint.kind === 'server') {
    if (drawGradient(paint.element, segments, even, alpha, walk, out)) return
    if (paint.fallback.kind !== 'colour') return
    fillPath(segments, { ...style, fill: paint.fallback }, alpha, walk, out)
    return
  }
  if (paint.kind !== 'colour') return
  const a = alpha * paint.alpha
  if (a <= 0) return
  const parts = ['q']
  if (a < 1) parts.push(`/${walk.resources.graphicsState(a, 1)} gs`)
  parts.push(
    colourOperator(paint.rgb, walk.resources.mode),
    pathOperators(segments),
    even ? 'f*' : 'f',
    'Q'
  )
  out.push(parts.join(' '))
}

function strokePath(
  segments: readonly Segment[],
  style: Style,
  alpha: number,
  walk: Walk,
  out: string[]
): void {
  let paint = style.stroke
  if (paint.kind === 'server') {
    // Gradient strokes are drawn in the colour of the gradient's first stop.
    const first = gradientStops(paint.element, walk)[0]
    paint = first ? { kind: 'colour', rgb: first.rgb, alpha: first.alpha } : paint.fallback
  }
  if (paint.kind !== 'colour') return
  const a = alpha * paint.alpha
  if (a <= 0) return
  const parts = ['q']
  if (a < 1) parts.push(`/${walk.resources.graphicsState(1, a)} gs`)
  parts.push(colourOperator(paint.rgb, walk.resources.mode, true))
  parts.push(`${pdfNumber(style.strokeWidth)} w ${style.lineCap} J ${style.lineJoin} j`)
  if (style.lineJoin === 0) parts.push(`${pdfNumber(style.miterLimit)} M`)
  if (style.dashArray) {
    parts.push(
      `[${style.dashArray.map((value) => pdfNumber(value)).join(' ')}] ${pdfNumber(style.dashOffset)} d`
    )
  }
  parts.push(pathOperators(segments), 'S', 'Q')
  out.push(parts.join(' '))
}

/** Applies an element's `clip-path` (a `<clipPath>` of shapes) in its user space. */
function clipPathOf(
  element: SvgTreeElement,
  segments: readonly Segment[] | undefined,
  walk: Walk,
  out: string[]
): void {
  const reference = property(element, 'clip-path', walk)
  const id = reference === undefined ? undefined : localReference(reference)?.id
  if (id === undefined) return
  const clip = walk.ids.get(id)
  if (!clip || clip.name !== 'clipPath') return
  let matrix: Matrix = clip.attributes['transform']
    ? parseTransform(clip.attributes['transform'])
    : IDENTITY
  if (clip.attributes['clipPathUnits'] === 'objectBoundingBox') {
    const bounds = segments ? pathBounds(segments) : undefined
    if (!bounds) return
    matrix = multiply(
      [bounds[2] - bounds[0], 0, 0, bounds[3] - bounds[1], bounds[0], bounds[1]],
      matrix
    )
  }
  const clipStyle = computeStyle(clip, INITIAL, walk)
  const paths: string[] = []
  let even = false
  const add = (child: SvgTreeElement, outer: Matrix, depth: number): void => {
    if (property(child, 'display', walk) === 'none') return
    const own = child.attributes['transform']
      ? parseTransform(child.attributes['transform'])
      : IDENTITY
    const combined = multiply(outer, own)
    if (child.name === 'use' && depth < MAX_USE_DEPTH) {
      const href = child.attributes['href'] ?? child.attributes['xlink:href'] ?? ''
      const target = href.startsWith('#') ? walk.ids.get(href.slice(1)) : undefined
      const x = attributeLength(child, 'x', walk, 'x')
      const y = attributeLength(child, 'y', walk, 'y')
      if (target) add(target, multiply(combined, [1, 0, 0, 1, x, y]), depth + 1)
      return
    }
    const shape = shapeSegments(child, walk)
    if (shape.length === 0) return
    if (computeStyle(child, clipStyle, walk).clipRule === 'evenodd') even = true
    paths.push(pathOperators(shape, combined))
  }
  for (const child of clip.children) if (typeof child !== 'string') add(child, matrix, 0)
  // An empty clip path clips everything away.
  out.push(
    paths.length === 0
      ? '0 0 m h W n'
      : `${paths.join(' ')} ${even && paths.length === 1 ? 'W*' : 'W'} n`
  )
}

interface Stop {
  readonly offset: number
  readonly rgb: Rgb
  readonly alpha: number
}

/** The gradient element whose stops apply: its own, else those of the gradient it references. */
function gradientStops(element: SvgTreeElement, walk: Walk, depth = 0): Stop[] {
  const stops = element.children.filter(
    (child): child is SvgTreeElement => typeof child !== 'string' && child.name === 'stop'
  )
  if (stops.length === 0) {
    const linked = linkedGradient(element, walk)
    return linked && depth < MAX_USE_DEPTH ? gradientStops(linked, walk, depth + 1) : []
  }
  let last = 0
  return stops.map((stop) => {
    const offsetText = stop.attributes['offset']?.trim() ?? '0'
    const raw = offsetText.endsWith('%')
      ? Number(offsetText.slice(0, -1)) / 100
      : Number(offsetText)
    last = Math.max(last, Math.min(1, Math.max(0, Number.isFinite(raw) ? raw : 0)))
    const colourText = property(stop, 'stop-color', walk) ?? 'black'
    const colour =
      colourText === 'currentColor'
        ? { rgb: computeStyle(stop, INITIAL, walk).color, alpha: 1 }
        : (parseCssColour(colourText) ?? { rgb: BLACK, alpha: 1 })
    const opacityText = property(stop, 'stop-opacity', walk)
    const opacity =
      opacityText === undefined ? 1 : Math.min(1, Math.max(0, Number(opacityText) || 0))
    return { offset: last, rgb: colour.rgb, alpha: colour.alpha * opacity }
  })
}

function linkedGradient(element: SvgTreeElement, walk: Walk): SvgTreeElement | undefined {
  const href = element.attributes['href'] ?? element.attributes['xlink:href'] ?? ''
  const linked = href.startsWith('#') ? walk.ids.get(href.slice(1)) : undefined
  return linked &&
    linked !== element &&
    (linked.name === 'linearGradient' || linked.name === 'radialGradient')
    ? linked
    : undefined
}

/** A gradient attribute, inherited through `href` as SVG 1.1 section 13.2 says. */
function gradientAttribute(element: SvgTreeElement, name: string, walk: Walk): string | undefined {
  let current: SvgTreeElement | undefined = element
  for (let depth = 0; current && depth < MAX_USE_DEPTH; depth++) {
    const value = current.attributes[name]
    if (value !== undefined) return value
    current = linkedGradient(current, walk)
  }
  return undefined
}

/**
 * Fills a path with a gradient: the path as the clip, then the shading in gradient space.
 *
 * @returns `false` when the gradient paints nothing and the fallback applies.
 */
function drawGradient(
  element: SvgTreeElement,
  segments: readonly Segment[],
  even: boolean,
  alpha: number,
  walk: Walk,
  out: string[]
): boolean {
  const stops = gradientStops(element, walk)
  if (stops.length === 0) return false
  const bounds = pathBounds(segments)
  if (!bounds) return true
  const first = stops[0] as Stop
  if (stops.length === 1) {
    const solid: Style = {
      ...INITIAL,
      fill: { kind: 'colour', rgb: first.rgb, alpha: first.alpha },
    }
    fillPath(segments, solid, alpha, walk, out)
    return true
  }
  const attribute = (name: string): string | undefined => gradientAttribute(element, name, walk)
  const boxUnits = attribute('gradientUnits') !== 'userSpaceOnUse'
  const width = bounds[2] - bounds[0]
  const height = bounds[3] - bounds[1]
  // A gradient in bounding-box units on a shape without area paints nothing (SVG 1.1 13.2.2).
  if (boxUnits && !(width > 0 && height > 0)) return true
  const unitSpace: Viewport = boxUnits ? { width: 1, height: 1 } : walk.viewport
  const coordinate = (name: string, fallback: string, axis: 'x' | 'y' | 'diagonal'): number => {
    const text = attribute(name) ?? fallback
    if (boxUnits) {
      const trimmed = text.trim()
      const value = trimmed.endsWith('%') ? Number(trimmed.slice(0, -1)) / 100 : Number(trimmed)
      return Number.isFinite(value) ? value : 0
    }
    return length(text, unitSpace, axis) ?? 0
  }
  let matrix: Matrix = boxUnits ? [width, 0, 0, height, bounds[0], bounds[1]] : IDENTITY
  const transformText = attribute('gradientTransform')
  if (transformText) matrix = multiply(matrix, parseTransform(transformText))
  const linear = element.name === 'linearGradient'
  const coords = linear
    ? [
        coordinate('x1', '0%', 'x'),
        coordinate('y1', '0%', 'y'),
        coordinate('x2', '100%', 'x'),
        coordinate('y2', '0%', 'y'),
      ]
    : radialCoords(coordinate)
  const mode = walk.resources.mode
  const space = pdfName(mode === 'cmyk' ? 'DeviceCMYK' : 'DeviceRGB')
  const shading = (colourSpace: PdfValue, values: (stop: Stop) => readonly number[]): PdfValue => ({
    ShadingType: linear ? 2 : 3,
    ColorSpace: colourSpace,
    Coords: pdfRaw(`[${coords.map((value) => pdfNumber(value, 6)).join(' ')}]`),
    Function: stopsFunction(stops, values),
    Extend: [true, true],
  })
  const colourShading = walk.resources.shading(
    shading(space, (stop) => deviceComponents(stop.rgb, mode))
  )
  const alphas = stops.map((stop) => stop.alpha)
  const uniform = alphas.every((value) => value === alphas[0])
  const parts = ['q', pathOperators(segments), even ? 'W* n' : 'W n']
  if (uniform) {
    const a = alpha * (alphas[0] ?? 1)
    if (a <= 0) return true
    if (a < 1) parts.push(`/${walk.resources.graphicsState(a, 1)} gs`)
  } else {
    // Stops of different opacity: a soft mask whose luminosity is the same gradient of alphas.
    const maskShading = walk.resources.shading(
      shading(pdfName('DeviceGray'), (stop) => [stop.alpha * alpha])
    )
    const mask = walk.resources.form(
      `q ${cm(matrix)} /${maskShading} sh Q`,
      [bounds[0], bounds[1], bounds[2], bounds[3]],
      { luminosity: true }
    )
    parts.push(`/${walk.resources.graphicsState(1, 1, mask)} gs`)
  }
  parts.push(cm(matrix), `/${colourShading} sh`, 'Q')
  out.push(parts.join(' '))
  return true
}

function radialCoords(
  coordinate: (name: string, fallback: string, axis: 'x' | 'y' | 'diagonal') => number
): number[] {
  const cx = coordinate('cx', '50%', 'x')
  const cy = coordinate('cy', '50%', 'y')
  const r = coordinate('r', '50%', 'diagonal')
  const fx = coordinate('fx', String(cx), 'x')
  const fy = coordinate('fy', String(cy), 'y')
  const fr = coordinate('fr', '0', 'diagonal')
  return [fx, fy, fr, cx, cy, r]
}

/**
 * The PDF function of a gradient's stops (type 2 for one span, type 3 stitching several),
 * padded to 0 and 1 with the end colours as SVG pads.
 */
function stopsFunction(
  stops: readonly Stop[],
  values: (stop: Stop) => readonly number[]
): PdfValue {
  const first = stops[0] as Stop
  const last = stops[stops.length - 1] as Stop
  const padded = [
    ...(first.offset > 0 ? [{ ...first, offset: 0 }] : []),
    ...stops,
    ...(last.offset < 1 ? [{ ...last, offset: 1 }] : []),
  ]
  const spans: { from: Stop; to: Stop }[] = []
  for (let index = 0; index + 1 < padded.length; index++) {
    const from = padded[index] as Stop
    const to = padded[index + 1] as Stop
    if (to.offset > from.offset) spans.push({ from, to })
  }
  const exponential = (from: Stop, to: Stop): PdfValue => ({
    FunctionType: 2,
    Domain: [0, 1],
    C0: pdfRaw(`[${values(from).map(componentText).join(' ')}]`),
    C1: pdfRaw(`[${values(to).map(componentText).join(' ')}]`),
    N: 1,
  })
  if (spans.length === 0) return exponential(first, last)
  if (spans.length === 1) {
    const only = spans[0] as { from: Stop; to: Stop }
    return exponential(only.from, only.to)
  }
  return {
    FunctionType: 3,
    Domain: [0, 1],
    Functions: spans.map((span) => exponential(span.from, span.to)),
    Bounds: pdfRaw(
      `[${spans
        .slice(1)
        .map((span) => pdfNumber(span.from.offset, 6))
        .join(' ')}]`
    ),
    Encode: pdfRaw(`[${spans.map(() => '0 1').join(' ')}]`),
  }
}

function drawImage(element: SvgTreeElement, parent: Style, walk: Walk, out: string[]): void {
  const href = element.attributes['href'] ?? element.attributes['xlink:href'] ?? ''
  const image = walk.images.embed(href)
  if (!image) return
  const style = computeStyle(element, parent, walk)
  if (!style.visible) return
  const x = attributeLength(element, 'x', walk, 'x')
  const y = attributeLength(element, 'y', walk, 'y')
  const width = attributeLength(element, 'width', walk, 'x', image.width)
  const height = attributeLength(element, 'height', walk, 'y', image.height)
  if (!(width > 0 && height > 0)) return
  const par = element.attributes['preserveAspectRatio'] ?? 'xMidYMid meet'
  const place = viewBoxTransform([0, 0, image.width, image.height], { x, y, width, height }, par)
  drawGroup(
    element,
    parent,
    walk,
    out,
    IDENTITY,
    (_style, drawn) => {
      // Image space is the unit square with y up.
      drawn.push(cm(multiply(place, [image.width, 0, 0, -image.height, 0, image.height])))
      drawn.push(`/${walk.resources.xobject(image.ref)} Do`)
    },
    par.includes('slice') ? [x, y, width, height] : undefined
  )
}
