/**
 * `renderPreview`: one self-contained SVG document per side of a postcard, drawn from the same
 * layout data the fit check measures, plus the verdict of the same body.
 *
 * @module
 */
import type {
  AddressElement,
  Design,
  DesignElement,
  ImageElement,
  MarkdownElement,
  QrElement,
  SideName,
  TextElement,
} from '../design/types.ts'
import { pinnedVersionIndex } from '../emoji/emoji-version.ts'
import type { EmojiArtwork } from '../emoji/types.ts'
import { layoutMarkdown } from '../layout/layout-markdown.ts'
import { layoutPlainText } from '../layout/layout-plain-text.ts'
import type { TextLayout } from '../layout/types.ts'
import { validatePostcard } from '../postcard/validate-postcard.ts'
import { resolveQrUrl } from '../qr/resolve-qr-url.ts'
import type { Face, FontRegistry } from '../text/types.ts'
import type { Verdict, Warning } from '../verdict/types.ts'
import { addressGeometry } from '../address/address-block.ts'
import { recipientText, senderLine } from './address-lines.ts'
import { createLabel } from './draw-label.ts'
import { ALERT_COLOUR, drawOverflow, type AreaBox } from './draw-overflow.ts'
import { drawPlaceholder } from './draw-placeholder.ts'
import { drawTextLayout, type TextDrawContext } from './draw-text-layout.ts'
import { formatNumber } from './format-number.ts'
import { sanitizeImageHref } from './image-href.ts'
import { createPreviewDefs } from './preview-defs.ts'
import { qrCodePath } from './qr-code-path.ts'
import { readBody, type BodySnapshot } from './read-body.ts'
import { svgDocument } from './svg-document.ts'
import { joinMarkup, svgElement, type SvgMarkup } from './svg-element.ts'
import type { Preview, PreviewOptions } from './types.ts'

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
  readonly body: BodySnapshot
  readonly verdict: Verdict
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
 * Renders the preview of a postcard submission: what the card will look like, and where it will
 * not print as meant.
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
 * returned verdict (from `validatePostcard`) says why. The output is deterministic: the same
 * inputs give the same bytes in Node and in browsers.
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
 * const keys = previewEmojiKeys(body, design)
 * const emojiArtwork = await loadEmojiArtwork(keys)
 * const { front, back, verdict } = renderPreview(body, design, { fonts, emojiArtwork })
 * ```
 */
export function renderPreview(body: unknown, design: Design, options: PreviewOptions): Preview {
  const { fonts, idPrefix = 'pp-', safeZoneMm = 0 } = checkOptions(options)
  const { emojiVersion } = options
  const pin = pinnedVersionIndex(emojiVersion)
  const verdict = validatePostcard(body, design, emojiVersion ? { fonts, emojiVersion } : { fonts })
  const snapshot = readBody(body)
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
      body: snapshot,
      verdict,
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
    const content = design.sides[side].elements.map((element, index) =>
      drawElement(element, `sides.${side}.elements[${index}]`, context)
    )
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
    verdict:
      warnings.length === 0
        ? verdict
        : { ...verdict, warnings: [...verdict.warnings, ...warnings] },
  }
}

function checkOptions(options: PreviewOptions): PreviewOptions {
  if (typeof options !== 'object' || options === null) {
    throw new PreviewOptionsError('Unexpected `options`, expected an object with `fonts`')
  }
  const { fonts, idPrefix, safeZoneMm } = options
  if (typeof fonts !== 'object' || fonts === null || typeof fonts.face !== 'function') {
    throw new PreviewOptionsError(
      'Unexpected `options.fonts`, expected a font registry from `createFontRegistry`'
    )
  }
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
  return options
}

function drawElement(element: DesignElement, path: string, context: SideContext): SvgMarkup {
  switch (element.type) {
    case 'markdown':
      return drawMarkdown(element, context)
    case 'text':
      return drawStaticText(element, path, context)
    case 'qr':
      return drawQr(element, context)
    case 'image':
      return drawImage(element, path, context)
    case 'rect':
      return svgElement('rect', {
        x: element.x_mm,
        y: element.y_mm,
        width: element.width_mm,
        height: element.height_mm,
        fill: element.fill,
      })
    case 'address':
      return drawAddress(element, context)
  }
}

function drawMarkdown(area: MarkdownElement, context: SideContext): SvgMarkup {
  const text = context.body.content.get(area.key)
  if (text === undefined) return joinMarkup([])
  const layout = layoutMarkdown(text, area, context.fonts)
  return drawLaidOutText(layout, area, `content.${area.key}`, context)
}

function drawStaticText(element: TextElement, path: string, context: SideContext): SvgMarkup {
  const layout = layoutPlainText(element.text, element, context.fonts)
  return drawLaidOutText(layout, element, `${path}.text`, context)
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
      }),
  }
}

function drawQr(element: QrElement, context: SideContext): SvgMarkup {
  const box: AreaBox = {
    x_mm: element.x_mm,
    y_mm: element.y_mm,
    width_mm: element.size_mm,
    height_mm: element.size_mm,
  }
  const keyed = 'key' in element
  const value = keyed ? context.body.qrCodes.get(element.key) : element.url
  // The service encodes the WHATWG serialisation of the URL (spec 2.6 rule 4, `resolveQrUrl`);
  // a value that is no complete http(s) URL is not drawn as a code that would scan.
  const resolved = value === undefined ? undefined : resolveQrUrl(value)
  const quiet = Math.max(0, Math.round(element.quiet_zone_modules))
  const symbol = resolved?.ok ? qrCodePath(resolved.url, element.error_correction, quiet) : null
  if (symbol === null) {
    const caption = keyed ? `qr_codes.${element.key}` : element.label
    return drawPlaceholder(box, caption, context.captionFace, context.defs)
  }
  const moduleMm = element.size_mm / (symbol.size + 2 * quiet)
  const parts = [
    svgElement('rect', { ...rectOf(box), fill: '#ffffff' }),
    svgElement('path', {
      d: symbol.d,
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

function drawImage(element: ImageElement, path: string, context: SideContext): SvgMarkup {
  const box: AreaBox = element
  const href = sanitizeImageHref(element.href)
  if (!href.ok) {
    context.warn({
      code: 'image-rejected',
      path: `${path}.href`,
      message: href.reason,
    })
    return drawPlaceholder(box, 'image', context.captionFace, context.defs)
  }
  return svgElement('image', { ...rectOf(box), href: href.href })
}

function drawAddress(element: AddressElement, context: SideContext): SvgMarkup {
  const parts: SvgMarkup[] = []
  const sender = element.sender_line ? senderLine(context.body.from, context.body.to) : ''
  const geometry = addressGeometry(element, sender !== '')
  if (sender !== '') {
    const layout = layoutPlainText(
      sender,
      { ...element, font_size_pt: geometry.senderSize_pt, height_mm: geometry.senderHeight_mm },
      context.fonts
    )
    const drawn = drawTextLayout(layout, element.x_mm, element.y_mm, withPath(context, 'from'))
    parts.push(drawn.fitting)
    context.overlay.push(drawn.overflowing)
  }
  const recipient = recipientText(context.body.to, context.body.from)
  if (recipient !== '') {
    const box = {
      ...element,
      y_mm: element.y_mm + geometry.recipientTop_mm,
      height_mm: geometry.recipientHeight_mm,
    }
    const layout = layoutPlainText(recipient, box, context.fonts)
    parts.push(drawLaidOutText(layout, box, 'to', context))
  }
  return parts.length === 0 ? joinMarkup([]) : svgElement('g', { class: 'address' }, parts)
}
