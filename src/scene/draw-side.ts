/**
 * The geometry of a postcard side, drawn from its analysis: every element of the design in
 * order, then the annotations of what will not print as designed. The SVG preview and the PDF
 * proof both write this; neither lays out or measures anything again.
 *
 * @module
 */
import type {
  AddressAnalysis,
  AreaAnalysis,
  ElementAnalysis,
  ImageAnalysis,
  PostcardAnalysis,
  QrAnalysis,
  StaticTextAnalysis,
} from '../analysis/types.ts'
import type { SideName } from '../design/types.ts'
import { pinnedVersionIndex } from '../emoji/emoji-version.ts'
import type { EmojiArtwork } from '../emoji/types.ts'
import type { LayoutMetrics, TextLayout } from '../layout/types.ts'
import { formatNumber } from '../preview/format-number.ts'
import type { Face, FontRegistry } from '../text/types.ts'
import type { Warning } from '../verdict/types.ts'
import { createLabel } from './draw-label.ts'
import { ALERT_COLOUR, drawOverflow, type AreaBox } from './draw-overflow.ts'
import { drawPlaceholder } from './draw-placeholder.ts'
import { drawTextLayout, OVERFLOW_OPACITY, type TextDrawContext } from './draw-text-layout.ts'
import { createEmojiArtworks, type EmojiArtworks } from './emoji-artworks.ts'
import { exclusionClip } from './exclusion-clip.ts'
import type { Box, SceneNode } from './scene-types.ts'

/** How a side is drawn. */
export interface SceneOptions {
  /** Emoji artwork by key; emoji without artwork are drawn as the missing marker. */
  readonly emojiArtwork: ReadonlyMap<string, EmojiArtwork>
  /**
   * Draw what will not print as designed: lines below their area, faded, the area's edge marked
   * with the overflow in mm, QR codes whose modules are too small. Without it the side shows
   * what prints: the lines that fit (a proof for the printer).
   */
  readonly annotations: boolean
  /** Whether the bleed is visible around the card (its canvas is then the bleed box). */
  readonly bleed: boolean
  /**
   * The error of the caller's API for an analysis that lacks a layout it should have (made with
   * other fonts than the design names), e.g. a `PreviewOptionsError`.
   */
  readonly misuse: (message: string) => Error
}

/** A drawn side: its canvas on the card and its nodes, in drawing order. */
export interface SideScene {
  /** The visible canvas: the trim box, or the bleed box when the bleed is shown. */
  readonly canvas: Box
  readonly nodes: readonly SceneNode[]
}

/** Draws the sides of one analysis; warnings of both sides are collected once. */
export interface SceneDrawer {
  /** The geometry of one side. */
  side(side: SideName): SideScene
  /** What could not be drawn as designed (each warning once), in the order found. */
  readonly warnings: readonly Warning[]
}

/** An area whose text overflows: drawn as annotations once every element is known. */
interface PendingOverflow {
  readonly area: AreaBox
  readonly metrics: LayoutMetrics
  readonly face: Face
}

interface SideState extends TextDrawContext {
  readonly visibleBottom_mm: number
  readonly fonts: FontRegistry
  readonly annotations: boolean
  readonly misuse: (message: string) => Error
  readonly warn: (warning: Warning) => void
  /** Face for captions of placeholders and labels: the first registered family. */
  readonly captionFace: Face | undefined
  /** Lines below their areas, per text, in drawing order. */
  readonly overflowing: SceneNode[][]
  /** Areas to mark. */
  readonly overflows: PendingOverflow[]
  /** Marks of QR codes drawn over the card. */
  readonly qrMarks: SceneNode[]
  /** Boxes no annotation may cover: QR codes, placeholders, lines of text, labels. */
  readonly keepClear: Box[]
}

/**
 * Creates the drawer of an analysis made with fonts.
 *
 * @param analysis The analysis.
 * @param fonts Its font registry.
 * @param options Artwork, annotations and bleed.
 * @returns The drawer.
 */
export function createSceneDrawer(
  analysis: PostcardAnalysis,
  fonts: FontRegistry,
  options: SceneOptions
): SceneDrawer {
  const design = analysis.design
  const pin = pinnedVersionIndex(analysis.options.emojiVersion)
  const warnings: Warning[] = []
  const seen = new Set<string>()
  const warn = (warning: Warning): void => {
    const id = `${warning.code}\u0000${warning.path}\u0000${warning.message}`
    if (seen.has(id)) return
    seen.add(id)
    warnings.push(warning)
  }
  const emoji: EmojiArtworks = createEmojiArtworks(options.emojiArtwork)
  const captionFamily = fonts.families[0]
  const captionFace = captionFamily === undefined ? undefined : fonts.face(captionFamily)
  const bleed = options.bleed ? Math.max(0, design.format.bleed_mm) : 0
  const canvas: Box = {
    x: -bleed,
    y: -bleed,
    width: design.format.width_mm + 2 * bleed,
    height: design.format.height_mm + 2 * bleed,
  }

  const side = (name: SideName): SideScene => {
    const state: SideState = {
      fonts,
      annotations: options.annotations,
      misuse: options.misuse,
      warn,
      captionFace,
      emoji,
      pinnedVersionIndex: pin,
      visibleBottom_mm: design.format.height_mm + bleed,
      overflowing: [],
      overflows: [],
      qrMarks: [],
      keepClear: [],
    }
    const nodes: SceneNode[] = []
    for (const element of analysis.sides[name]) {
      const node = drawElement(element, state)
      if (node) nodes.push(node)
    }
    if (options.annotations) nodes.push(...annotations(state, canvas))
    return { canvas, nodes }
  }
  return { side, warnings }
}

/**
 * The annotations of a side, over every element: the faded lines that do not fit, clipped so
 * that they never cover a QR code, a placeholder, a line of text or a label; then the marks of
 * QR codes and overflowing areas, whose labels are placed clear of QR codes and text.
 */
function annotations(state: SideState, canvas: Box): SceneNode[] {
  const marks: SceneNode[] = [...state.qrMarks]
  const labels: Box[] = []
  for (const pending of state.overflows) {
    const drawn = drawOverflow(pending.area, pending.metrics, pending.face, {
      bounds: canvas,
      avoid: [...state.keepClear, ...labels],
    })
    if (drawn.node) marks.push(drawn.node)
    labels.push(...drawn.labels)
  }
  if (state.overflowing.length === 0) return marks
  const clip = exclusionClip(canvas, [...state.keepClear, ...labels])
  const faded: SceneNode[] = state.overflowing.map((children) => ({
    kind: 'group',
    name: 'overflowing',
    opacity: OVERFLOW_OPACITY,
    ...(clip ? { clip } : {}),
    children,
  }))
  return [...faded, ...marks]
}

function drawElement(element: ElementAnalysis, state: SideState): SceneNode | undefined {
  switch (element.type) {
    case 'markdown':
      return drawMarkdown(element, state)
    case 'text':
      return drawStaticText(element, state)
    case 'qr':
      return drawQr(element, state)
    case 'image':
      return drawImage(element, state)
    case 'rect': {
      const rect = element.element
      return { kind: 'rect', box: boxOf(rect), fill: rect.fill }
    }
    case 'address':
      return drawAddress(element, state)
  }
}

/**
 * The layout of a text the analysis holds. An analysis made with fonts lacks one only when the
 * registry lacks the family: the registry throws the `FontError` that says so.
 */
function requireLayout(
  layout: TextLayout | undefined,
  family: string,
  state: SideState
): TextLayout {
  if (layout) return layout
  state.fonts.face(family)
  throw state.misuse(`Unexpected text in \`${family}\` that the analysis did not lay out`)
}

function drawMarkdown(area: AreaAnalysis, state: SideState): SceneNode | undefined {
  if (area.text === undefined) return undefined
  const layout = requireLayout(area.layout, area.element.font_family, state)
  return group(drawLaidOutText(layout, area.element, area.path, state))
}

function drawStaticText(text: StaticTextAnalysis, state: SideState): SceneNode | undefined {
  const layout = requireLayout(text.layout, text.element.font_family, state)
  return group(drawLaidOutText(layout, text.element, `${text.path}.text`, state))
}

/** Several nodes as one (a group without a name is written as its children). */
function group(children: readonly SceneNode[], name?: string): SceneNode | undefined {
  if (children.length === 0) return undefined
  return name === undefined ? { kind: 'group', children } : { kind: 'group', name, children }
}

/** Draws a layout at its area, keeping its overflow for the annotations. */
function drawLaidOutText(
  layout: TextLayout,
  area: AreaBox & { readonly font_family: string },
  path: string,
  state: SideState
): readonly SceneNode[] {
  const text = drawTextLayout(layout, area.x_mm, area.y_mm, withPath(state, path))
  state.keepClear.push(...text.lineBoxes)
  if (state.annotations) {
    if (text.overflowing.length > 0) state.overflowing.push([...text.overflowing])
    const { metrics } = layout
    if (metrics.overflow_mm > 0 || metrics.width_overflow_mm > 0) {
      state.overflows.push({ area, metrics, face: state.fonts.face(area.font_family) })
    }
  }
  return text.fitting
}

function withPath(state: SideState, path: string): TextDrawContext {
  // What drawing a text reads, not a copy of the whole state per text.
  return {
    emoji: state.emoji,
    pinnedVersionIndex: state.pinnedVersionIndex,
    visibleBottom_mm: state.visibleBottom_mm,
    onMissingArtwork: (grapheme, key) =>
      state.warn({
        code: 'emoji-artwork-missing',
        path,
        message: `Unexpected emoji \`${grapheme}\` without artwork, expected artwork for key \`${key}\` in \`emojiArtwork\`, load the keys of \`previewEmojiKeys\``,
        data: { grapheme, key },
        rule: 'emoji-artwork',
      }),
  }
}

function drawQr(qr: QrAnalysis, state: SideState): SceneNode {
  const element = qr.element
  const box: Box = {
    x: element.x_mm,
    y: element.y_mm,
    width: element.size_mm,
    height: element.size_mm,
  }
  state.keepClear.push(box)
  // The service encodes the WHATWG serialisation of the URL (spec 2.6 rule 4): the analysis holds
  // its symbol only for a value that is a complete http(s) URL, so nothing else is drawn as a
  // code that would scan.
  const symbol = qr.matrix
  if (symbol === undefined) {
    const caption = 'key' in element ? `qr_codes.${element.key}` : element.label
    return drawPlaceholder(box, caption, state.captionFace)
  }
  const quiet = Math.max(0, Math.round(element.quiet_zone_modules))
  const moduleMm = element.size_mm / (symbol.size + 2 * quiet)
  if (moduleMm < element.min_module_mm && state.annotations) {
    // Modules smaller than the design's floor: the code may not scan when printed.
    const marks: SceneNode[] = [
      {
        kind: 'rect',
        box,
        fill: 'none',
        stroke: { color: ALERT_COLOUR, width: 0.35, dash: [1.2, 0.6] },
      },
    ]
    const text = `module ${formatNumber(moduleMm, 2)} mm < ${formatNumber(element.min_module_mm, 2)} mm`
    if (state.captionFace) {
      const label = createLabel(text, state.captionFace, {
        sizePt: 6,
        color: '#ffffff',
        background: ALERT_COLOUR,
      })
      const y = box.y + box.height + 0.35
      marks.push(...label.draw(box.x, y))
      state.keepClear.push({ x: box.x, y, width: label.width_mm, height: label.height_mm })
    }
    state.qrMarks.push({ kind: 'group', name: 'qr-too-small', label: text, children: marks })
  }
  return {
    kind: 'group',
    name: 'qr',
    children: [
      { kind: 'rect', box, fill: '#ffffff' },
      { kind: 'qr', symbol, quiet, x: box.x, y: box.y, module: moduleMm },
    ],
  }
}

function boxOf(area: AreaBox): Box {
  return { x: area.x_mm, y: area.y_mm, width: area.width_mm, height: area.height_mm }
}

function drawImage(image: ImageAnalysis, state: SideState): SceneNode {
  const box = boxOf(image.element)
  if (image.href === undefined) {
    state.warn({
      code: 'image-rejected',
      path: `${image.path}.href`,
      message: image.problem ?? 'Unexpected image, expected a `data:` URI of PNG, JPEG or SVG',
      rule: 'design-image',
    })
    state.keepClear.push(box)
    return drawPlaceholder(box, 'image', state.captionFace)
  }
  return { kind: 'image', box, href: image.href, svg: image.svg }
}

function drawAddress(address: AddressAnalysis, state: SideState): SceneNode | undefined {
  const element = address.element
  const parts: SceneNode[] = []
  // The analysis laid the block out once; its lines never wrap, so a line too wide for the
  // element sticks out on the right with the width overflow marked, as the rules warn.
  if (address.senderLine !== '') {
    const layout = requireLayout(address.senderLayout, element.font_family, state)
    const box = { ...element, height_mm: layout.metrics.available_height_mm }
    parts.push(...drawLaidOutText(layout, box, 'from', state))
  }
  if (address.recipientLines.length > 0) {
    const layout = requireLayout(address.recipientLayout, element.font_family, state)
    const box = {
      ...element,
      y_mm: element.y_mm + address.recipientTop_mm,
      height_mm: layout.metrics.available_height_mm,
    }
    parts.push(...drawLaidOutText(layout, box, 'to', state))
  }
  return group(parts, 'address')
}
