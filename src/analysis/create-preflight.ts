/**
 * `createPreflight`: one design, its fonts and one bounded cache, kept by a form or a server that
 * analyses many bodies of that design.
 *
 * @module
 */
import type { Design } from '../design/types.ts'
import type { FitMeasurement } from '../layout/measure-fit.ts'
import { SPEC_LIMITS } from '../spec/limits.ts'
import type { Verdict } from '../verdict/types.ts'
import { assertDesign, PreflightOptionsError, resolveEnvironment } from './analysis-environment.ts'
import {
  createCachedStore,
  DEFAULT_CACHE_BOUNDS,
  type CacheBounds,
  type CacheUsage,
} from './analysis-store.ts'
import { analyzeWith, judgePostcard } from './analyze-postcard.ts'
import { clipText } from './read-body.ts'
import type { AnalyzeOptions, Findings, PostcardAnalysis } from './types.ts'

/** Options of {@link createPreflight}. */
export interface PreflightOptions extends AnalyzeOptions {
  /** The flow's design, from `parseDesign`. */
  readonly design: Design
  /**
   * Bounds of the instance's cache (default: `{ maxEntries: 256, maxCharacters: 100000,
   * keepFirstSight: true }`).
   * `maxEntries` counts distinct texts per Markdown area and distinct QR values per QR code;
   * `maxCharacters` their characters together (a kept text holds its reading and its layout with
   * glyph positions, about 200 bytes of heap per character, so the default stays near 20 MB).
   * Past either bound the least recently used entries are dropped. A text seen once waits among
   * at most 32 fresh entries and is kept only if it comes again while there; with
   * `keepFirstSight: false` (a server that never draws what it judges) those fresh entries hold
   * the text alone, not its work.
   */
  readonly cache?: Partial<CacheBounds> | undefined
}

/** Analyses, judges and measures bodies of one design, reusing work per distinct text. */
export interface Preflight {
  /** The design every body is analysed against. */
  readonly design: Design
  /**
   * The whole analysis of a body, as `analyzePostcard` makes it; hand it to `renderPreview`.
   *
   * @param body The request body (any value; never throws on it).
   * @returns The analysis.
   */
  analyze(body: unknown): PostcardAnalysis
  /**
   * The verdict of a body, as `validatePostcard` gives it (only what the verdict needs is
   * computed).
   *
   * @param body The request body (any value; never throws on it).
   * @returns The verdict.
   */
  validate(body: unknown): Verdict
  /**
   * What the rules found in a body, as data: the field errors (with their `code`, `rule` and
   * `data`), the `meta` members and the warnings the verdict is made of. As cheap as `validate`;
   * what `postcardSchema` and `createMessages` word for people.
   *
   * @param body The request body (any value; never throws on it).
   * @returns The findings.
   */
  findings(body: unknown): Findings
  /**
   * How a text sits in a Markdown area, for a fit meter ("3.2 mm left"), from the same layout the
   * analysis of a body with this text holds (the cache shares it). A text over the spec's 8000
   * characters is measured by its first 8000.
   *
   * @param key The area's key (`content.<key>`).
   * @param text The Markdown text.
   * @returns The measurement.
   * @throws {PreflightOptionsError} For a key that is no Markdown area of the design, or an
   *   instance without fonts.
   * @throws {FontError} When the area's family is not in the registry.
   */
  measureFit(key: string, text: string): FitMeasurement
  /** What the cache holds now: entries and their characters. */
  cacheUsage(): CacheUsage
  /** Empties the cache (the design's static layouts stay). */
  clearCache(): void
}

function checkBound(value: unknown, name: 'maxEntries' | 'maxCharacters'): number {
  if (value === undefined) return DEFAULT_CACHE_BOUNDS[name]
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new PreflightOptionsError(
      `Unexpected \`cache.${name}\` \`${String(value)}\`, expected an integer of at least \`0\``
    )
  }
  return value
}

function checkFlag(value: unknown, name: 'keepFirstSight'): boolean {
  if (value === undefined) return DEFAULT_CACHE_BOUNDS[name]
  if (typeof value !== 'boolean') {
    throw new PreflightOptionsError(
      `Unexpected \`cache.${name}\` \`${String(value)}\`, expected \`true\` or \`false\``
    )
  }
  return value
}

/**
 * Creates the preflight of one design: a form keeps one while a person types, a server one per
 * flow. It owns one bounded cache (see `PreflightOptions.cache`): the reading, layout, fit and
 * emoji of each distinct text per Markdown area, the resolution, fit and symbol of each distinct
 * QR value, and the design's static parts (static texts laid out, images checked, URL-kind QR
 * codes), made once. A campaign's texts repeat across recipients in parts, and a form re-checks
 * unchanged fields on every keystroke: both reuse the work. Nothing is kept anywhere else.
 *
 * @param options The design, fonts, pinned emoji version, renderer profile and cache bounds.
 * @returns The instance.
 * @throws {TypeError} When `options.design` is not a parsed design.
 * @throws {PreflightOptionsError} When the options break the contract.
 * @throws {EmojiVersionError} When `options.emojiVersion` is not a pinnable version.
 * @example
 * ```ts
 * const preflight = createPreflight({ design, fonts })
 * const analysis = preflight.analyze(body)
 * meter.textContent = `${preflight.measureFit('greeting', text).remaining_mm} mm left`
 * const { front } = renderPreview(analysis)
 * ```
 */
export function createPreflight(options: PreflightOptions): Preflight {
  if (typeof options !== 'object' || options === null) {
    throw new PreflightOptionsError(
      `Unexpected options \`${String(options)}\`, expected an object with \`design\``
    )
  }
  const { design, cache = {} } = options
  assertDesign(design)
  const environment = resolveEnvironment(options)
  if (typeof cache !== 'object' || cache === null) {
    throw new PreflightOptionsError(
      `Unexpected \`cache\` \`${String(cache)}\`, expected an object with \`maxEntries\` and \`maxCharacters\``
    )
  }
  const store = createCachedStore(environment, {
    maxEntries: checkBound(cache.maxEntries, 'maxEntries'),
    maxCharacters: checkBound(cache.maxCharacters, 'maxCharacters'),
    keepFirstSight: checkFlag(cache.keepFirstSight, 'keepFirstSight'),
  })
  return Object.freeze({
    design,
    analyze: (body: unknown) => analyzeWith(body, design, store),
    validate: (body: unknown) => judgePostcard(body, design, store).verdict,
    findings: (body: unknown) => judgePostcard(body, design, store).findings,
    measureFit(key: string, text: string): FitMeasurement {
      const area = design.markdownAreas.find((candidate) => candidate.key === key)
      if (!area) {
        const keys = design.markdownAreas.map((candidate) => `\`${candidate.key}\``).join(', ')
        throw new PreflightOptionsError(
          `Unexpected key \`${String(key)}\`, expected a Markdown key of the design (${keys || 'none'})`
        )
      }
      const fonts = environment.fonts
      if (!fonts) {
        throw new PreflightOptionsError(
          'Unexpected `measureFit` without fonts, expected a preflight created with `fonts`'
        )
      }
      const clipped = clipText(String(text), SPEC_LIMITS.contentValueLength)
      const fit = store.area(area, clipped).fit()
      if (fit) return fit
      // Without the family nothing is laid out: the registry throws the FontError that says so.
      fonts.face(area.font_family)
      throw new PreflightOptionsError(`Unexpected area \`${key}\` that cannot be laid out`)
    },
    cacheUsage: () => store.usage(),
    clearCache: () => store.clear(),
  })
}
