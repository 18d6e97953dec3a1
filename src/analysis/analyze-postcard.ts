/**
 * `analyzePostcard`: the one pass over a postcard body. It reads the body once, runs the rules,
 * reads each `content` value once, lays out each text once, resolves and sizes each QR value once
 * and scans emoji and glyphs once; the verdict, the preview, the fit meter (and the proof) are
 * all derived from its result.
 *
 * @module
 */
import {
  SIDE_NAMES,
  type Design,
  type DesignElement,
  type ImageElement,
  type KeyedQrElement,
  type MarkdownElement,
  type SideName,
} from '../design/types.ts'
import { postcardRules } from '../postcard/rules.ts'
import type { ImageEntry, PostcardContext } from '../postcard/types.ts'
import { isMissing } from '../schema/is-missing.ts'
import { orderFieldErrors } from '../schema/order-field-errors.ts'
import { fieldOrder } from '../schema/postcard.generated.js'
import { childOf, hasMembers } from '../schema/read-field.ts'
import { SPEC_LIMITS } from '../spec/limits.ts'
import { createCollector, verdictOf } from '../verdict/create-report.ts'
import { runRules } from '../verdict/define-rule.ts'
import type { FieldError, RuleId, Verdict } from '../verdict/types.ts'
import { assertDesign, resolveEnvironment } from './analysis-environment.ts'
import { createTransientStore, type AnalysisStore, type ImageFacts } from './analysis-store.ts'
import { analyzeAddressBlock, readAddresses } from './read-addresses.ts'
import { clipText, readPostcardBody, type BodyReading } from './read-body.ts'
import type {
  AddressAnalysis,
  AnalyzeOptions,
  AreaAnalysis,
  ElementAnalysis,
  Findings,
  PostcardAnalysis,
  QrAnalysis,
} from './types.ts'

/**
 * Analyses a postcard submission (spec 2.3) against the flow's design: the body read once, the
 * findings of every rule (and the verdict `validatePostcard` gives), each Markdown area's one
 * reading and layout (lines with glyph positions) with its fit, each QR value resolved and sized,
 * the static texts, images and the address block laid out. Plain, typed data, frozen where it is
 * built; hand it to `renderPreview` to draw it without any further parse or layout.
 *
 * It never throws on a body: any value (what `JSON.parse` returns, or anything a JavaScript
 * caller passes, getters and proxies included) yields an analysis; every member is read once.
 * A form or a server that analyses many bodies of one design keeps a `createPreflight` instance
 * instead, which caches the work per distinct text.
 *
 * @param body The request body, as parsed from JSON.
 * @param design The flow's design, from `parseDesign`.
 * @param options Fonts (without them nothing is laid out and the fit and glyph rules are skipped),
 *   the pinned emoji version and the renderer profile.
 * @returns The analysis.
 * @throws {TypeError} When `design` is not a parsed design.
 * @throws {PreflightOptionsError} When the options break the contract (host misuse).
 * @throws {EmojiVersionError} When `options.emojiVersion` is not a pinnable version.
 * @example
 * ```ts
 * const analysis = analyzePostcard(body, design, { fonts })
 * if (!analysis.verdict.ok) console.log(analysis.verdict.body.errors)
 * const { front, back } = renderPreview(analysis)
 * ```
 */
export function analyzePostcard(
  body: unknown,
  design: Design,
  options?: AnalyzeOptions
): PostcardAnalysis {
  assertDesign(design)
  return analyzeWith(body, design, createTransientStore(resolveEnvironment(options)))
}

/**
 * The entries `make` builds of the non-blank string values of an object for the expected
 * elements, in design order (one object per value, no intermediate list).
 */
function entriesOf<T extends { readonly key: string }, E>(
  object: unknown,
  elements: readonly T[],
  make: (element: T, value: string) => E
): E[] {
  if (!hasMembers(object)) return []
  const result: E[] = []
  for (const element of elements) {
    const value = childOf(object, element.key)
    if (typeof value === 'string' && !isMissing(value)) result.push(make(element, value))
  }
  return result
}

/**
 * What the postcard rules see for a body read once: the copy, the design, the fonts and emoji pin
 * of the store, the non-blank `content` and `qr_codes` values with their work, and the addresses
 * resolved once (with the design's address blocks, laid out on first use).
 *
 * @param json The body as read once (`readPostcardBody(body).json`).
 * @param design The design.
 * @param store Where the per-text work comes from.
 * @returns The context of the rules.
 */
export function createPostcardContext(
  json: unknown,
  design: Design,
  store: AnalysisStore
): PostcardContext {
  return {
    body: json,
    design,
    fonts: store.environment.fonts,
    emojiVersion: store.environment.emojiVersion,
    contentEntries: entriesOf(childOf(json, 'content'), design.markdownAreas, (area, value) => ({
      key: area.key,
      value,
      area,
      work: store.area(area, clipText(value, SPEC_LIMITS.contentValueLength)),
    })),
    images: imageEntries(design, store),
    qrEntries: entriesOf(childOf(json, 'qr_codes'), design.keyedQrCodes, (element, value) => ({
      key: element.key,
      value,
      element,
      work: store.qr(element, clipText(value, SPEC_LIMITS.qrValueLength)),
    })),
    addresses: readAddresses(childOf(json, 'from'), childOf(json, 'to'), design, store),
  }
}

/** The design's images for the rules, in design order (a loop: most designs have one or none). */
function imageEntries(design: Design, store: AnalysisStore): ImageEntry[] {
  const entries: ImageEntry[] = []
  for (const side of SIDE_NAMES) {
    const elements = design.sides[side].elements
    for (let index = 0; index < elements.length; index++) {
      const element = elements[index] as DesignElement
      if (element.type === 'image') entries.push(new DesignImage(element, side, index, store))
    }
  }
  return entries
}

/**
 * A design image for the rules; its path is written and its facts are checked when a rule first
 * reads them (a class: V8 defines an object literal's getter at run time, microseconds a body).
 */
class DesignImage implements ImageEntry {
  readonly element: ImageElement
  readonly #side: SideName
  readonly #index: number
  readonly #store: AnalysisStore
  #facts: ImageFacts | undefined

  constructor(element: ImageElement, side: SideName, index: number, store: AnalysisStore) {
    this.element = element
    this.#side = side
    this.#index = index
    this.#store = store
  }

  get path(): string {
    return `sides.${this.#side}.elements[${this.#index}]`
  }

  get facts(): ImageFacts {
    return (this.#facts ??= this.#store.image(this.element))
  }
}

/** Whether a rule other than `except` reported an error at `path` or below it. */
function rejectedBefore(errors: readonly FieldError[], path: string, except: RuleId): boolean {
  const below = `${path}.`
  return errors.some(
    (error) => error.rule !== except && (error.path === path || error.path.startsWith(below))
  )
}

/** What the rules found in a body, and the context they judged. */
export interface Judgement {
  /** The body read once (its fields are made when an analysis first asks for them). */
  readonly reading: BodyReading
  readonly context: PostcardContext
  readonly findings: Findings
  readonly verdict: Verdict
}

/**
 * Reads a body once and runs every rule on it: the findings and the verdict, computing only what
 * the rules need (each value judged is read once, and laid out once when its fit is judged). The
 * verdict of `validatePostcard` and `Preflight.validate`, and the first half of every analysis.
 *
 * @param body The request body (anything).
 * @param design The design (checked by the caller).
 * @param store Where the per-text work comes from (fresh, or a `Preflight`'s cache).
 * @returns The findings, the verdict, and what they were made from.
 */
export function judgePostcard(body: unknown, design: Design, store: AnalysisStore): Judgement {
  const reading = readPostcardBody(body)
  const context = createPostcardContext(reading.json, design, store)
  const collector = createCollector()
  runRules(postcardRules, context, collector)
  // The key orders only when there is something to order (a valid body has no error).
  const findings: Findings = collector.findings((errors) =>
    orderFieldErrors(errors, fieldOrder, {
      content: design.markdownAreas.map((area) => area.key),
      qr_codes: design.keyedQrCodes.map((code) => code.key),
    })
  )
  return {
    reading,
    context,
    findings,
    verdict: verdictOf(findings),
  }
}

/**
 * The analysis of a body with the work of a store: the engine behind `analyzePostcard` and
 * `Preflight.analyze`. It judges the body, then completes the work every output needs: the
 * reading and layout of every string value (rejected ones too, the preview draws them), the QR
 * symbols, the static parts of the design and the address block.
 *
 * @param body The request body (anything).
 * @param design The design (checked by the caller).
 * @param store Where the per-text work comes from (fresh, or a `Preflight`'s cache).
 * @returns The analysis, frozen.
 */
export function analyzeWith(body: unknown, design: Design, store: AnalysisStore): PostcardAnalysis {
  const environment = store.environment
  const { reading, context, findings, verdict } = judgePostcard(body, design, store)
  const fields = reading.fields
  const { contentEntries, qrEntries } = context
  const contentByKey = new Map(contentEntries.map((entry) => [entry.key, entry]))
  const qrByKey = new Map(qrEntries.map((entry) => [entry.key, entry]))
  const byElement = new Map<DesignElement, ElementAnalysis>()
  const qrCodes: QrAnalysis[] = []
  const addressBlocks = new Map<DesignElement, AddressAnalysis>(
    context.addresses.blocks().map((block) => [block.element, analyzeAddressBlock(block)])
  )

  const analyzeArea = (area: MarkdownElement): AreaAnalysis => {
    const path = `content.${area.key}`
    const text = fields.content.get(area.key)
    const entry = contentByKey.get(area.key)
    const work = entry?.work ?? (text !== undefined ? store.area(area, text) : undefined)
    const judged = entry !== undefined && !rejectedBefore(findings.errors, path, 'text-fit')
    const layout = work?.layout()
    return Object.freeze({
      type: 'markdown',
      element: area,
      path,
      text,
      judged,
      syntax: work?.reading().syntax,
      layout,
      fit: layout ? work?.fit() : undefined,
      fitError: judged ? work?.fitError() : undefined,
      fitSuggestion: judged ? work?.fitSuggestion() : undefined,
      emoji: work?.emoji() ?? [],
    })
  }

  const analyzeKeyedQr = (element: KeyedQrElement): QrAnalysis => {
    const path = `qr_codes.${element.key}`
    const value = fields.qrCodes.get(element.key)
    const entry = qrByKey.get(element.key)
    const work = entry?.work ?? (value !== undefined ? store.qr(element, value) : undefined)
    const judged = entry !== undefined && !rejectedBefore(findings.errors, path, 'qr-urls')
    return Object.freeze({
      type: 'qr',
      element,
      path,
      value,
      result: judged ? work?.result() : undefined,
      matrix: work?.matrix(),
    })
  }

  const analyzeElement = (element: DesignElement, path: string): ElementAnalysis => {
    switch (element.type) {
      case 'markdown':
        return analyzeArea(element)
      case 'qr': {
        if ('key' in element) return analyzeKeyedQr(element)
        const work = store.urlQr(element)
        return Object.freeze({
          type: 'qr',
          element,
          path,
          value: element.url,
          result: work.result(),
          matrix: work.matrix(),
        })
      }
      case 'text':
        return Object.freeze({
          type: 'text',
          element,
          path,
          layout: store.staticText(element),
        })
      case 'image': {
        const facts = store.image(element)
        return Object.freeze({
          type: 'image',
          element,
          path,
          href: facts.href,
          problem: facts.problem,
          pixels: facts.pixels,
          dpi: facts.dpi,
          svg: facts.svg,
        })
      }
      case 'rect':
        return Object.freeze({ type: 'rect', element, path })
      case 'address':
        // Laid out once, when the rules or this analysis first asked for the blocks.
        return addressBlocks.get(element) as AddressAnalysis
    }
  }

  const analyzeSide = (side: SideName): readonly ElementAnalysis[] =>
    Object.freeze(
      design.sides[side].elements.map((element, index) => {
        const analysis = analyzeElement(element, `sides.${side}.elements[${index}]`)
        byElement.set(element, analysis)
        if (analysis.type === 'qr') qrCodes.push(analysis)
        return analysis
      })
    )
  const sides = Object.freeze({ front: analyzeSide('front'), back: analyzeSide('back') })
  const areas = design.markdownAreas.map(
    (area) => (byElement.get(area) as AreaAnalysis | undefined) ?? analyzeArea(area)
  )

  return Object.freeze({
    kind: 'postcard-analysis',
    design,
    options: Object.freeze({
      fonts: environment.fonts,
      emojiVersion: environment.emojiVersion,
      profile: environment.profile,
    }),
    fields,
    sides,
    areas: Object.freeze(areas),
    qrCodes: Object.freeze(qrCodes),
    findings,
    verdict,
  })
}
