/**
 * `renderProof`: a print-ready PDF of both sides of a postcard, drawn from its analysis with the
 * preview's own geometry.
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
import type { SceneNode } from '../scene/scene-types.ts'
import type { FontRegistry } from '../text/types.ts'
import { colourOperator, parseCssColour, type ColourMode } from './device-colour.ts'
import { createGlyphForms } from './glyph-forms.ts'
import { createPdfFile } from './pdf-file.ts'
import { createImageEmbedder } from './pdf-image.ts'
import { createPdfResources } from './pdf-resources.ts'
import {
  pdfName,
  pdfNumber,
  pdfRaw,
  pdfTextString,
  type PdfRef,
  type PdfValue,
} from './pdf-syntax.ts'
import { cropMarks, MARK_WIDTH_MM, pageLayout, type PageLayout } from './print-marks.ts'
import { sceneToPdf, type ScenePdfContext } from './scene-to-pdf.ts'
import type { ProofDrawOptions, ProofOptions } from './types.ts'

/**
 * Misuse of `renderProof` by the host program: options that are not what the contract says
 * (no font registry, an unknown colour space, a negative safe zone, an invalid date).
 */
export class ProofOptionsError extends Error {
  override readonly name = 'ProofOptionsError'
}

/** Points per millimetre: PDF user space is 1/72 inch. */
const PT_PER_MM = 72 / 25.4
const emptyArtwork: ReadonlyMap<string, EmojiArtwork> = new Map()

/**
 * Renders the print proof of a postcard: one PDF with the front and the back as two pages,
 * drawn from an analysis (`analyzePostcard`, `Preflight.analyze`) with the same geometry as
 * `renderPreview`, so it never parses, measures or lays out again and shows exactly what the
 * preview shows. Called with a body and a design, it analyses the body first.
 *
 * - Text is glyph outlines (form XObjects): the file holds no font, nothing can be substituted.
 * - Emoji artwork and SVG images are vectors; QR codes are vector paths; PNG and JPEG images are
 *   embedded at their native resolution (JPEG as is).
 * - Each page is the card plus its bleed (`BleedBox`), the card itself is the `TrimBox`; with
 *   `marks`, crop marks outside the bleed. An output intent says what the colours mean: sRGB,
 *   or with `colorSpace: 'cmyk'` DeviceCMYK for a coated offset press (FOGRA39).
 * - Guides and what does not fit are drawn only when asked (`guides`, `safeZoneMm`,
 *   `overflow`): a proof for the printer shows what prints.
 *
 * Deterministic: the same inputs give the same bytes in Node and browsers (no date unless
 * `options.date`, a file identifier computed from the content). Never throws on a body.
 *
 * @param analysis The analysis of the body, made with `fonts`.
 * @param options Emoji artwork, colour space, marks and guides.
 * @returns The PDF file.
 * @throws {ProofOptionsError} When the options break the contract (host misuse).
 * @throws {FontError} When the design names a family the registry lacks (host misuse).
 * @example
 * ```ts
 * const analysis = preflight.analyze(body)
 * const pdf = renderProof(analysis, { emojiArtwork, marks: true })
 * ```
 */
export function renderProof(
  analysis: PostcardAnalysis,
  options?: ProofDrawOptions | ProofOptions
): Uint8Array
/**
 * Renders the print proof of a postcard submission: analyses the body (`analyzePostcard`) and
 * draws the analysis (see the overload above).
 *
 * @param body The request body (any JSON value).
 * @param design The flow's design, from `parseDesign`.
 * @param options Fonts, emoji artwork, colour space, marks and guides.
 * @returns The PDF file.
 * @throws {ProofOptionsError} When the options break the contract (host misuse).
 * @throws {FontError} When the design names a family the registry lacks (host misuse).
 * @example
 * ```ts
 * const pdf = renderProof(body, design, { fonts, colorSpace: 'cmyk', marks: true })
 * ```
 */
export function renderProof(body: unknown, design: Design, options: ProofOptions): Uint8Array
export function renderProof(
  first: unknown,
  second?: Design | ProofDrawOptions | ProofOptions,
  third?: ProofOptions
): Uint8Array {
  if (isDesign(second)) {
    const options = third as ProofOptions
    if (typeof options !== 'object' || options === null) {
      throw new ProofOptionsError('Unexpected `options`, expected an object with `fonts`')
    }
    const { fonts, emojiVersion } = options
    if (typeof fonts !== 'object' || fonts === null || typeof fonts.face !== 'function') {
      throw new ProofOptionsError(
        'Unexpected `options.fonts`, expected a font registry from `createFontRegistry`'
      )
    }
    checkDrawOptions(options)
    const analysis = analyzePostcard(
      first,
      second,
      emojiVersion === undefined ? { fonts } : { fonts, emojiVersion }
    )
    return draw(analysis, fonts, options)
  }
  if (!isAnalysis(first)) {
    throw new ProofOptionsError(
      'Unexpected arguments, expected an analysis (`analyzePostcard`) or a body, a design and options'
    )
  }
  const options = (second ?? {}) as ProofDrawOptions & Partial<ProofOptions>
  if (typeof options !== 'object' || options === null) {
    throw new ProofOptionsError('Unexpected `options`, expected an object')
  }
  const fonts = first.options.fonts
  if (!fonts) {
    throw new ProofOptionsError(
      'Unexpected analysis without fonts, expected an analysis made with `fonts`'
    )
  }
  if (options.fonts !== undefined && options.fonts !== fonts) {
    throw new ProofOptionsError(
      "Unexpected `options.fonts` other than the analysis' fonts, expected the registry the analysis was made with, or none"
    )
  }
  if (options.emojiVersion !== undefined && options.emojiVersion !== first.options.emojiVersion) {
    throw new ProofOptionsError(
      `Unexpected \`options.emojiVersion\` \`${String(options.emojiVersion)}\` other than the analysis' pinned version, expected the version the analysis was made with, or none`
    )
  }
  checkDrawOptions(options)
  return draw(first, fonts, options)
}

function checkDrawOptions(options: ProofDrawOptions): void {
  const { colorSpace, safeZoneMm, date, title } = options
  if (colorSpace !== undefined && colorSpace !== 'rgb' && colorSpace !== 'cmyk') {
    throw new ProofOptionsError(
      `Unexpected \`options.colorSpace\` \`${String(colorSpace)}\`, expected \`rgb\` or \`cmyk\``
    )
  }
  if (safeZoneMm !== undefined && !(Number.isFinite(safeZoneMm) && safeZoneMm >= 0)) {
    throw new ProofOptionsError(
      `Unexpected \`options.safeZoneMm\` \`${String(safeZoneMm)}\`, expected a number of mm of at least \`0\``
    )
  }
  if (date !== undefined && !(date instanceof Date && Number.isFinite(date.getTime()))) {
    throw new ProofOptionsError('Unexpected `options.date`, expected a valid `Date`')
  }
  if (title !== undefined && typeof title !== 'string') {
    throw new ProofOptionsError('Unexpected `options.title`, expected a string')
  }
}

/** Draws both sides of an analysis into one PDF. */
function draw(
  analysis: PostcardAnalysis,
  fonts: FontRegistry,
  options: ProofDrawOptions
): Uint8Array {
  const design = analysis.design
  const mode: ColourMode = options.colorSpace ?? 'rgb'
  const file = createPdfFile()
  const catalog = file.reserve()
  const pages = file.reserve()
  const resources = createPdfResources(file, mode)
  const images = createImageEmbedder(resources)
  const context: ScenePdfContext = {
    resources,
    glyphs: createGlyphForms(resources),
    images,
    forms: new Map(),
  }
  const drawer = createSceneDrawer(analysis, fonts, {
    emojiArtwork: options.emojiArtwork ?? emptyArtwork,
    annotations: options.overflow === true,
    bleed: true,
    misuse: (message) => new ProofOptionsError(message),
  })
  const layout = pageLayout(design.format, options.marks === true)
  const guides: SceneNode[] = sideGuides(design.format, {
    trim: options.guides === true,
    safeZoneMm: options.safeZoneMm ?? 0,
  })
  const sides: SideName[] = ['front', 'back']
  const contents = sides.map((side) => {
    const scene = drawer.side(side)
    return file.putStream(
      {},
      pageContent(
        design,
        side,
        layout,
        [...scene.nodes, ...guides],
        options.marks === true,
        context
      )
    )
  })
  const transparent = resources.usesTransparency()
  const kids = contents.map((content) =>
    file.put(pageDictionary(layout, content, pages, resources.ref, mode, transparent))
  )
  file.put({ Type: pdfName('Pages'), Kids: kids, Count: kids.length }, pages)
  const intent = outputIntent(mode, images.srgb)
  file.put(
    {
      Type: pdfName('Catalog'),
      Pages: pages,
      OutputIntents: [intent],
      PageLabels: {
        Nums: [0, { P: pdfTextString('front') }, 1, { P: pdfTextString('back') }],
      },
      ViewerPreferences: { DisplayDocTitle: true },
    },
    catalog
  )
  const info = file.put(information(options.title ?? design.name, options.date))
  resources.finish()
  return file.finish(catalog, info)
}

/** The content stream of one page: the card in mm (y down) inside its bleed, then the marks. */
function pageContent(
  design: Design,
  side: SideName,
  layout: PageLayout,
  nodes: readonly SceneNode[],
  marks: boolean,
  context: ScenePdfContext
): string {
  const { width_mm: width, height_mm: height } = design.format
  const bleed = layout.bleed
  const k = PT_PER_MM
  const toCard = `${pdfNumber(k, 6)} 0 0 ${pdfNumber(-k, 6)} ${pdfNumber(layout.margin * k)} ${pdfNumber((layout.height - layout.margin) * k)} cm`
  const box = `${pdfNumber(-bleed)} ${pdfNumber(-bleed)} ${pdfNumber(width + 2 * bleed)} ${pdfNumber(height + 2 * bleed)} re`
  const background = parseCssColour(design.sides[side].background)?.rgb ?? { r: 1, g: 1, b: 1 }
  const parts = [
    'q',
    toCard,
    // What lies beyond the bleed is never printed: the card is clipped to its bleed box.
    `${box} W n`,
    `${colourOperator(background, context.resources.mode)} ${box} f`,
    sceneToPdf(nodes, context),
    'Q',
  ]
  if (marks) {
    const lines = cropMarks(design.format)
      .map(
        ([x1, y1, x2, y2]) =>
          `${pdfNumber(x1)} ${pdfNumber(y1)} m ${pdfNumber(x2)} ${pdfNumber(y2)} l`
      )
      .join(' ')
    parts.push(
      'q',
      toCard,
      `${registration(context)} ${pdfNumber(MARK_WIDTH_MM)} w 0 J`,
      lines,
      'S Q'
    )
  }
  return parts.join('\n')
}

/**
 * The colour of crop marks: in a CMYK proof the registration colour (the `All` separation, on
 * every plate), in an RGB proof black.
 */
function registration(context: ScenePdfContext): string {
  if (context.resources.mode !== 'cmyk') return '0 0 0 RG'
  const space = context.resources.colourSpace('All', () => [
    pdfName('Separation'),
    pdfName('All'),
    pdfName('DeviceCMYK'),
    { FunctionType: 2, Domain: [0, 1], C0: [0, 0, 0, 0], C1: [1, 1, 1, 1], N: 1 },
  ])
  return `/${space} CS 1 SCN`
}

function pageDictionary(
  layout: PageLayout,
  content: PdfRef,
  parent: PdfRef,
  resources: PdfRef,
  mode: ColourMode,
  transparent: boolean
): PdfValue {
  const k = PT_PER_MM
  const rect = (x0: number, y0: number, x1: number, y1: number): PdfValue =>
    pdfRaw(`[${[x0, y0, x1, y1].map((value) => pdfNumber(value * k)).join(' ')}]`)
  const { width, height, margin, bleed } = layout
  return {
    Type: pdfName('Page'),
    Parent: parent,
    MediaBox: rect(0, 0, width, height),
    BleedBox: rect(margin - bleed, margin - bleed, width - margin + bleed, height - margin + bleed),
    TrimBox: rect(margin, margin, width - margin, height - margin),
    Resources: resources,
    Contents: content,
    Group: transparent
      ? {
          Type: pdfName('Group'),
          S: pdfName('Transparency'),
          CS: pdfName(mode === 'cmyk' ? 'DeviceCMYK' : 'DeviceRGB'),
        }
      : undefined,
  }
}

/**
 * What the colours mean (ISO 32000-1 section 14.11.5). RGB: sRGB, with the profile embedded.
 * CMYK: the registered characterisation of coated offset paper (FOGRA39), the condition most
 * European printers proof against; the profile itself is not embedded (ISO 32000 allows that
 * for a registered condition; PDF/X-4 would ask for it).
 */
function outputIntent(mode: ColourMode, srgb: () => PdfRef): PdfValue {
  if (mode === 'cmyk') {
    return {
      Type: pdfName('OutputIntent'),
      S: pdfName('GTS_PDFX'),
      OutputConditionIdentifier: pdfTextString('FOGRA39'),
      RegistryName: pdfTextString('http://www.color.org'),
      Info: pdfTextString('Coated FOGRA39 (ISO 12647-2:2004)'),
    }
  }
  return {
    Type: pdfName('OutputIntent'),
    S: pdfName('GTS_PDFX'),
    OutputConditionIdentifier: pdfTextString('sRGB IEC61966-2.1'),
    RegistryName: pdfTextString('http://www.color.org'),
    Info: pdfTextString('sRGB IEC61966-2.1'),
    DestOutputProfile: srgb(),
  }
}

function information(title: string, date: Date | undefined): PdfValue {
  const stamp = date === undefined ? undefined : pdfTextString(pdfDate(date))
  return {
    Title: pdfTextString(title),
    Subject: pdfTextString('Print proof: front and back'),
    Creator: pdfTextString('postcard-preflight'),
    Producer: pdfTextString('postcard-preflight'),
    CreationDate: stamp,
    ModDate: stamp,
    Trapped: pdfName('False'),
  }
}

/** A PDF date (section 7.9.4) in UTC: `D:20260315120000Z`. */
function pdfDate(date: Date): string {
  const two = (value: number): string => String(value).padStart(2, '0')
  return `D:${date.getUTCFullYear()}${two(date.getUTCMonth() + 1)}${two(date.getUTCDate())}${two(date.getUTCHours())}${two(date.getUTCMinutes())}${two(date.getUTCSeconds())}Z`
}
