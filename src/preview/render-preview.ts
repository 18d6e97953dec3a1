/**
 * `renderPreview`: one self-contained SVG document per side of a postcard, drawn from its
 * analysis (the same layouts the fit check measures), plus the verdict of the same body.
 *
 * @module
 */
import { analyzePostcard } from '../analysis/analyze-postcard.ts'
import { isDesign } from '../analysis/analysis-environment.ts'
import type {
  AddressAnalysis,
  AreaAnalysis,
  ElementAnalysis,
  ImageAnalysis,
  PostcardAnalysis,
  QrAnalysis,
  StaticTextAnalysis,
} from '../analysis/types.ts'
import type { Design, SideName } from '../design/types.ts'
import { pinnedVersionIndex } from '../emoji/emoji-version.ts'
import type { EmojiArtwork } from '../emoji/types.ts'
import type { TextLayout } from '../layout/types.ts'
import type { Face, FontRegistry } from '../text/types.ts'
import type { Verdict, Warning } from '../verdict/types.ts'
import { createLabel } from './draw-label.ts'
import { ALERT_COLOUR, drawOverflow, type AreaBox } from './draw-overflow.ts'
import { drawPlaceholder } from './draw-placeholder.ts'
import { drawTextLayout, type TextDrawContext } from './draw-text-layout.ts'
import { formatNumber } from './format-number.ts'
import { createPreviewDefs } from './preview-defs.ts'
import { qrPathData } from './qr-path.ts'
import { svgDocument } from './svg-document.ts'
import { joinMarkup, svgElement, type SvgMarkup } from './svg-element.ts'
import type { Preview, PreviewDrawOptions, PreviewOptions } from './types.ts'

/**
 * Misuse of `renderPreview` by the host program: options that are not what the contract says
 * (no font registry, an id prefix that is not a valid XML name, a negative safe zone).
 */
export class PreviewOptionsError extends Error {
  override readonly name = 'PreviewOptionsError'
}

const idPrefixPattern = /^[a-z][\w-]{0,31}$/i
const emptyArtwork: ReadonlyMap<string, EmojiArtwork> = new Map()

interface SideContext extends TextDrawContext {
  readonly side: SideName
  readonly fonts: FontRegistry
  readonly warn: (warning: Warning) => void
  /** Face for captions of placeholders: the first registered family. */
  readonly captionFace: Face | undefined
  /**
   * Annotations drawn over all elements: overflowing lines, overflow and QR marks. Laid over the
   * card, they are never hidden by an element drawn later.
   */
  readonly overlay: SvgMarkup[]
}

/**
 * Renders the preview of a postcard: what the card will look like, and where it will not print
 * as meant. It draws an analysis (`analyzePostcard`, `Preflight.analyze`) without any further
 * parse or layout, so a form that has just validated a body draws it at once; called with a body
 * and a design, it analyses the body first.
 *
 * - Text (Markdown areas, static text, the address) is drawn as glyph outlines of the registered
 *   fonts from the layout engine's own lines and glyph positions, each glyph defined once in
 *   `<defs>` and placed with `<use>`; no `<text>`, no web fonts, so the file looks the same
 *   everywhere.
 * - Emoji of the pinned set are inlined as symbols from `options.emojiArtwork`; emoji outside
 *   the set, or without artwork, are drawn as a crossed red square of the emoji's size.
 * - QR codes (keyed from `qr_codes`, URL kind from the design) are one path each, quiet zone
 *   included; a code that cannot be drawn becomes a placeholder box.
 * - Text that does not fit is drawn beyond its area, faded, with the area's edge marked and a
 *   label giving `overflow_mm` (spec 7.1).
 *
 * Never throws on a body: invalid fields are drawn as far as possible or left empty, and the
 * returned verdict (the analysis' verdict, plus what could not be drawn) says why. The output is
 * deterministic: the same inputs give the same bytes in Node and in browsers.
 *
 * @param analysis The analysis of the body, made with `fonts`.
 * @param options Emoji artwork and guides. The fonts and the pinned emoji version are the
 *   analysis' own; `PreviewOptions` are accepted too, when their `fonts` and `emojiVersion` are
 *   the analysis' (anything else is a `PreviewOptionsError`).
 * @returns The two SVG documents and the verdict.
 * @throws {PreviewOptionsError} When the options break the contract (host misuse).
 * @throws {FontError} When the design names a family the registry lacks (host misuse).
 * @example
 * ```ts
 * const analysis = preflight.analyze(body)
 * const emojiArtwork = await loadEmojiArtwork(previewEmojiKeys(body, design))
 * const { front, back, verdict } = renderPreview(analysis, { emojiArtwork })
 * ```
 */
export function renderPreview(
  analysis: PostcardAnalysis,
  options?: PreviewDrawOptions | PreviewOptions
): Preview
/**
 * Renders the preview of a postcard submission: analyses the body (`analyzePostcard`) and draws
 * the analysis (see the overload above).
 *
 * @param body The request body (any JSON value).
 * @param design The flow's design, from `parseDesign`.
 * @param options Fonts, emoji artwork and guides.
 * @returns The two SVG documents and the verdict.
 * @throws {PreviewOptionsError} When the options break the contract (host misuse).
 * @throws {FontError} When the design names a family the registry lacks (host misuse).
 * @throws {EmojiVersionError} When `options.emojiVersion` is not a pinnable version (host misuse).
 * @example
 * ```ts
 * const { front, back, verdict } = renderPreview(body, design, { fonts, emojiArtwork })
 * ```
 */
export function renderPreview(body: unknown, design: Design, options: PreviewOptions): Preview
export function renderPreview(
  first: unknown,
  second?: Design | PreviewDrawOptions | PreviewOptions,
  third?: PreviewOptions
): Preview {
  if (isDesign(second)) {
    const options = checkOptions(third as PreviewOptions)
    const { fonts, emojiVersion } = options
    const analysis = analyzePostcard(
      first,
      second,
      emojiVersion === undefined ? { fonts } : { fonts, emojiVersion }
    )
    return draw(analysis, options)
  }
  if (!isAnalysis(first)) {
    throw new PreviewOptionsError(
      'Unexpected arguments, expected an analysis (`analyzePostcard`) or a body, a design and options'
    )
  }
  const options = (second ?? {}) as PreviewDrawOptions & Partial<PreviewOptions>
  if (typeof options !== 'object' || options === null) {
    throw new PreviewOptionsError('Unexpected `options`, expected an object')
  }
  const fonts = first.options.fonts
  if (!fonts) {
    throw new PreviewOptionsError(
      'Unexpected analysis without fonts, expected an analysis made with `fonts`'
    )
  }
  if (options.fonts !== undefined && options.fonts !== fonts) {
    throw new PreviewOptionsError(
      "Unexpected `options.fonts` other than the analysis' fonts, expected the registry the analysis was made with, or none"
    )
  }
  if (options.emojiVersion !== undefined && options.emojiVersion !== first.options.emojiVersion) {
    throw new PreviewOptionsError(
      `Unexpected \`options.emojiVersion\` \`${String(options.emojiVersion)}\` other than the analysis' pinned version, expected the version the analysis was made with, or none`
    )
  }
  checkDrawOptions(options)
  return draw(first, { ...options, fonts })
}

/** Whether a value is an analysis (its brand and shape), not a body. */
function isAnalysis(value: unknown): value is PostcardAnalysis {
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as Partial<Record<keyof PostcardAnalysis, unknown>>
  return (
    candidate.kind === 'postcard-analysis' &&
    isDesign(candidate.design) &&
    typeof candidate.sides === 'object' &&
    candidate.sides !== null &&
    typeof candidate.verdict === 'object' &&
    typeof candidate.options === 'object'
  )
}

/** Draws both sides of an analysis. */
function draw(analysis: PostcardAnalysis, options: PreviewOptions): Preview {
  const { fonts, idPrefix = 'pp-', safeZoneMm = 0 } = options
  const design = analysis.design
  const pin = pinnedVersionIndex(analysis.options.emojiVersion)
  const verdict = analysis.verdict
  const warnings: Warning[] = []
  const seen = new Set<string>()
  const warn = (warning: Warning): void => {
    const id = `${warning.code}\u0000${warning.path}\u0000${warning.message}`
    if (seen.has(id)) return
    seen.add(id)
    warnings.push(warning)
  }
  const captionFamily = fonts.families[0]
  const captionFace = captionFamily === undefined ? undefined : fonts.face(captionFamily)

  const render = (side: SideName): string => {
    const defs = createPreviewDefs(`${idPrefix}${side[0] ?? ''}-`)
    const context: SideContext = {
      side,
      fonts,
      warn,
      captionFace,
      overlay: [],
      defs,
      emojiArtwork: options.emojiArtwork ?? emptyArtwork,
      pinnedVersionIndex: pin,
      visibleBottom_mm:
        design.format.height_mm +
        (options.bleed === true ? Math.max(0, design.format.bleed_mm) : 0),
    }
    const content = analysis.sides[side].map((element) => drawElement(element, context))
    return svgDocument(
      {
        format: design.format,
        background: design.sides[side].background,
        title: `${design.name}, ${side}`,
        showBleed: options.bleed === true,
        safeZoneMm,
      },
      defs.markup(),
      joinMarkup([...content, ...context.overlay])
    )
  }
  const front = render('front')
  const back = render('back')
  return {
    front,
    back,
    verdict: withWarnings(verdict, warnings),
  }
}

/** The verdict with the preview's own warnings after the analysis' ones. */
function withWarnings(verdict: Verdict, warnings: readonly Warning[]): Verdict {
  if (warnings.length === 0) return verdict
  return Object.freeze({ ...verdict, warnings: Object.freeze([...verdict.warnings, ...warnings]) })
}

function checkOptions(options: PreviewOptions): PreviewOptions {
  if (typeof options !== 'object' || options === null) {
    throw new PreviewOptionsError('Unexpected `options`, expected an object with `fonts`')
  }
  const { fonts } = options
  if (typeof fonts !== 'object' || fonts === null || typeof fonts.face !== 'function') {
    throw new PreviewOptionsError(
      'Unexpected `options.fonts`, expected a font registry from `createFontRegistry`'
    )
  }
  checkDrawOptions(options)
  return options
}

function checkDrawOptions(options: PreviewDrawOptions): void {
  const { idPrefix, safeZoneMm } = options
  if (idPrefix !== undefined && !idPrefixPattern.test(idPrefix)) {
    throw new PreviewOptionsError(
      `Unexpected \`options.idPrefix\` \`${String(idPrefix)}\`, expected a letter followed by at most 31 letters, digits, \`-\` or \`_\``
    )
  }
  if (safeZoneMm !== undefined && !(Number.isFinite(safeZoneMm) && safeZoneMm >= 0)) {
    throw new PreviewOptionsError(
      `Unexpected \`options.safeZoneMm\` \`${String(safeZoneMm)}\`, expected a number of mm of at least \`0\``
    )
  }
}

function drawElement(element: ElementAnalysis, context: SideContext): SvgMarkup {
  switch (element.type) {
    case 'markdown':
      return drawMarkdown(element, context)
    case 'text':
      return drawStaticText(element, context)
    case 'qr':
      return drawQr(element, context)
    case 'image':
      return drawImage(element, context)
    case 'rect': {
      const rect = element.element
      return svgElement('rect', {
        x: rect.x_mm,
        y: rect.y_mm,
        width: rect.width_mm,
        height: rect.height_mm,
        fill: rect.fill,
      })
    }
    case 'address':
      return drawAddress(element, context)
  }
}

/**
 * The layout of a text the analysis holds. An analysis made with fonts lacks one only when the
 * registry lacks the family: the registry throws the `FontError` that says so.
 */
function requireLayout(
  layout: TextLayout | undefined,
  family: string,
  context: SideContext
): TextLayout {
  if (layout) return layout
  context.fonts.face(family)
  throw new PreviewOptionsError(
    `Unexpected text in \`${family}\` that the analysis did not lay out`
  )
}

function drawMarkdown(area: AreaAnalysis, context: SideContext): SvgMarkup {
  if (area.text === undefined) return joinMarkup([])
  const layout = requireLayout(area.layout, area.element.font_family, context)
  return drawLaidOutText(layout, area.element, area.path, context)
}

function drawStaticText(text: StaticTextAnalysis, context: SideContext): SvgMarkup {
  const layout = requireLayout(text.layout, text.element.font_family, context)
  return drawLaidOutText(layout, text.element, `${text.path}.text`, context)
}

/** Draws a layout at its area with the overflow marks, reporting emoji without artwork. */
function drawLaidOutText(
  layout: TextLayout,
  area: AreaBox & { readonly font_family: string },
  path: string,
  context: SideContext
): SvgMarkup {
  const text = drawTextLayout(layout, area.x_mm, area.y_mm, withPath(context, path))
  const { metrics } = layout
  context.overlay.push(text.overflowing)
  if (metrics.overflow_mm > 0 || metrics.width_overflow_mm > 0) {
    const face = context.fonts.face(area.font_family)
    const marks = drawOverflow(area, metrics, face, context.defs)
    context.overlay.push(marks)
  }
  return text.fitting
}

function withPath(context: SideContext, path: string): TextDrawContext {
  return {
    ...context,
    onMissingArtwork: (grapheme, key) =>
      context.warn({
        code: 'emoji-artwork-missing',
        path,
        message: `Unexpected emoji \`${grapheme}\` without artwork, expected artwork for key \`${key}\` in \`emojiArtwork\`, load the keys of \`previewEmojiKeys\``,
        data: { grapheme, key },
        rule: 'emoji-artwork',
      }),
  }
}

function drawQr(qr: QrAnalysis, context: SideContext): SvgMarkup {
  const element = qr.element
  const box: AreaBox = {
    x_mm: element.x_mm,
    y_mm: element.y_mm,
    width_mm: element.size_mm,
    height_mm: element.size_mm,
  }
  // The service encodes the WHATWG serialisation of the URL (spec 2.6 rule 4): the analysis holds
  // its symbol only for a value that is a complete http(s) URL, so nothing else is drawn as a
  // code that would scan.
  const symbol = qr.matrix
  if (symbol === undefined) {
    const caption = 'key' in element ? `qr_codes.${element.key}` : element.label
    return drawPlaceholder(box, caption, context.captionFace, context.defs)
  }
  const quiet = Math.max(0, Math.round(element.quiet_zone_modules))
  const moduleMm = element.size_mm / (symbol.size + 2 * quiet)
  const parts = [
    svgElement('rect', { ...rectOf(box), fill: '#ffffff' }),
    svgElement('path', {
      d: qrPathData(symbol, quiet),
      fill: '#000000',
      transform: `matrix(${formatNumber(moduleMm, 6)} 0 0 ${formatNumber(moduleMm, 6)} ${formatNumber(box.x_mm)} ${formatNumber(box.y_mm)})`,
    }),
  ]
  if (moduleMm < element.min_module_mm) {
    // Modules smaller than the design's floor: the code may not scan when printed.
    const marks = [
      svgElement('rect', {
        ...rectOf(box),
        fill: 'none',
        stroke: ALERT_COLOUR,
        'stroke-width': 0.35,
        'stroke-dasharray': '1.2 0.6',
      }),
    ]
    const text = `module ${formatNumber(moduleMm, 2)} mm < ${formatNumber(element.min_module_mm, 2)} mm`
    if (context.captionFace) {
      const label = createLabel(
        text,
        context.captionFace,
        { sizePt: 6, color: '#ffffff', background: ALERT_COLOUR },
        context.defs
      )
      marks.push(label.draw(box.x_mm, box.y_mm + box.height_mm + 0.35))
    }
    context.overlay.push(svgElement('g', { class: 'qr-too-small', 'aria-label': text }, marks))
  }
  return svgElement('g', { class: 'qr' }, parts)
}

function rectOf(box: AreaBox): { x: number; y: number; width: number; height: number } {
  return { x: box.x_mm, y: box.y_mm, width: box.width_mm, height: box.height_mm }
}

function drawImage(image: ImageAnalysis, context: SideContext): SvgMarkup {
  const box: AreaBox = image.element
  if (image.href === undefined) {
    context.warn({
      code: 'image-rejected',
      path: `${image.path}.href`,
      message: image.problem ?? 'Unexpected image, expected a `data:` URI of PNG, JPEG or SVG',
      rule: 'design-image',
    })
    return drawPlaceholder(box, 'image', context.captionFace, context.defs)
  }
  return svgElement('image', { ...rectOf(box), href: image.href })
}

function drawAddress(address: AddressAnalysis, context: SideContext): SvgMarkup {
  const element = address.element
  const parts: SvgMarkup[] = []
  // The analysis laid the block out once; its lines never wrap, so a line too wide for the
  // element sticks out on the right with the width overflow marked, as the rules warn.
  if (address.senderLine !== '') {
    const layout = requireLayout(address.senderLayout, element.font_family, context)
    const box = { ...element, height_mm: layout.metrics.available_height_mm }
    parts.push(drawLaidOutText(layout, box, 'from', context))
  }
  if (address.recipientLines.length > 0) {
    const layout = requireLayout(address.recipientLayout, element.font_family, context)
    const box = {
      ...element,
      y_mm: element.y_mm + address.recipientTop_mm,
      height_mm: layout.metrics.available_height_mm,
    }
    parts.push(drawLaidOutText(layout, box, 'to', context))
  }
  return parts.length === 0 ? joinMarkup([]) : svgElement('g', { class: 'address' }, parts)
}
