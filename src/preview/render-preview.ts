/**
 * `renderPreview`: one self-contained SVG document per side of a postcard, drawn from its
 * analysis (the same layouts the fit check measures), plus the verdict of the same body.
 *
 * @module
 */
import { analyzePostcard } from '../analysis/analyze-postcard.ts'
import { isDesign } from '../analysis/analysis-environment.ts'
import { isAnalysis } from '../analysis/is-analysis.ts'
import type { PostcardAnalysis } from '../analysis/types.ts'
import type { Design, SideName } from '../design/types.ts'
import type { EmojiArtwork } from '../emoji/types.ts'
import { createSceneDrawer } from '../scene/draw-side.ts'
import { sideGuides } from '../scene/side-guides.ts'
import type { Verdict, Warning } from '../verdict/types.ts'
import { createPreviewDefs } from './preview-defs.ts'
import { sceneMarkup } from './scene-markup.ts'
import { svgDocument } from './svg-document.ts'
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

/** Draws both sides of an analysis. */
function draw(analysis: PostcardAnalysis, options: PreviewOptions): Preview {
  const { fonts, idPrefix = 'pp-', safeZoneMm = 0 } = options
  const design = analysis.design
  const bleed = options.bleed === true
  const drawer = createSceneDrawer(analysis, fonts, {
    emojiArtwork: options.emojiArtwork ?? emptyArtwork,
    annotations: true,
    bleed,
    misuse: (message) => new PreviewOptionsError(message),
  })
  const guides = sideGuides(design.format, {
    trim: bleed && design.format.bleed_mm > 0,
    safeZoneMm,
  })
  const render = (side: SideName): string => {
    const scene = drawer.side(side)
    const defs = createPreviewDefs(`${idPrefix}${side[0] ?? ''}-`)
    const content = sceneMarkup([...scene.nodes, ...guides], defs)
    return svgDocument(
      {
        format: design.format,
        background: design.sides[side].background,
        title: `${design.name}, ${side}`,
        showBleed: bleed,
      },
      defs.markup(),
      content
    )
  }
  const front = render('front')
  const back = render('back')
  return { front, back, verdict: withWarnings(analysis.verdict, drawer.warnings) }
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
