/**
 * The work on one text in one Markdown area: read once, broken into lines once (all the verdict
 * and the fit meter need), its glyphs placed on those lines only when it is drawn. Each step runs
 * on first use and is kept, so the rules, the fit meter and the preview share it; a `Preflight`
 * keeps these objects in its cache, keyed by area and text.
 *
 * @module
 */
import type { MarkdownElement } from '../design/types.ts'
import { findEmoji } from '../emoji/find-emoji.ts'
import { emojiWarnings } from '../emoji/scan-emoji.ts'
import type { EmojiFinding } from '../emoji/types.ts'
import { fitFindingOf, type FitFinding, type FitSuggestion } from '../layout/check-fit.ts'
import { breakBlocks, placeBlocks, type BlockBreaks } from '../layout/layout-blocks.ts'
import { fitMeasurement, type FitMeasurement } from '../layout/measure-fit.ts'
import type { LayoutMetrics, TextLayout } from '../layout/types.ts'
import { checkGlyphCoverage, isPlainIn } from '../text/glyph-coverage.ts'
import type { MarkdownFitError, WarningDraft } from '../verdict/types.ts'
import type { AnalysisEnvironment } from './analysis-environment.ts'
import { readMarkdown, type MarkdownReading } from './read-markdown.ts'

/** Marks a step that ran and found nothing (`undefined` means "not run yet"). */
const NONE = null

/** What a plain text holds (frozen, shared). */
const NO_EMOJI: readonly EmojiFinding[] = Object.freeze([])
const NO_WARNINGS: readonly WarningDraft[] = Object.freeze([])

/**
 * One text in one Markdown area and everything derived from it. Never throws on the text.
 */
export class AreaWork {
  /** The area. */
  readonly area: MarkdownElement
  /** The text as laid out (a `content` value clipped to the spec's 8000 characters). */
  readonly text: string
  readonly #environment: AnalysisEnvironment
  #reading: MarkdownReading | undefined
  #breaks: BlockBreaks | null | undefined
  #layout: TextLayout | null | undefined
  #fit: FitMeasurement | null | undefined
  #fitFinding: FitFinding | null | undefined
  #emoji: readonly EmojiFinding[] | undefined
  #emojiWarnings: readonly WarningDraft[] | undefined
  #glyphWarnings: readonly WarningDraft[] | undefined
  #plain: boolean | undefined

  /**
   * @param area The Markdown area.
   * @param text The text.
   * @param environment Fonts, emoji pin and profile of the analysis.
   */
  constructor(area: MarkdownElement, text: string, environment: AnalysisEnvironment) {
    this.area = area
    this.text = text
    this.#environment = environment
  }

  /** Whether the fonts hold the area's family, so the text can be laid out. */
  get measurable(): boolean {
    const fonts = this.#environment.fonts
    return fonts !== undefined && fonts.has(this.area.font_family)
  }

  /** The one reading of the text (spec 2.5 whitelist and layout blocks). */
  reading(): MarkdownReading {
    this.#reading ??= readMarkdown(this.text)
    return this.#reading
  }

  /** The text broken into lines in the area; `undefined` when not measurable. */
  #broken(): BlockBreaks | undefined {
    if (this.#breaks === undefined) {
      const fonts = this.#environment.fonts
      this.#breaks =
        fonts !== undefined && this.measurable
          ? breakBlocks(this.reading().blocks, this.area, fonts, {
              profile: this.#environment.profile,
            })
          : NONE
    }
    return this.#breaks ?? undefined
  }

  /**
   * The metrics of the text's lines in the area (those of its layout, without placing a glyph);
   * `undefined` when not measurable.
   */
  metrics(): LayoutMetrics | undefined {
    return this.#broken()?.metrics
  }

  /** The layout in the area (lines with glyph positions); `undefined` when not measurable. */
  layout(): TextLayout | undefined {
    if (this.#layout === undefined) {
      const breaks = this.#broken()
      this.#layout = breaks ? placeBlocks(breaks) : NONE
    }
    return this.#layout ?? undefined
  }

  /** The fit meter of the lines; `undefined` when not measurable. */
  fit(): FitMeasurement | undefined {
    if (this.#fit === undefined) {
      const metrics = this.metrics()
      this.#fit = metrics ? fitMeasurement(metrics, this.area) : NONE
    }
    return this.#fit ?? undefined
  }

  /** The `markdown_fit_errors` item when the layout does not fit (spec 2.5 rule 4, 7.1). */
  fitError(): MarkdownFitError | undefined {
    return this.#finding()?.error
  }

  /** The numbers of the fit error's `suggested_action` (characters, lines, font size). */
  fitSuggestion(): FitSuggestion | undefined {
    return this.#finding()?.suggestion
  }

  #finding(): FitFinding | undefined {
    if (this.#fitFinding === undefined) {
      const breaks = this.#broken()
      const fonts = this.#environment.fonts
      const finding =
        breaks && fonts ? fitFindingOf(this.text, breaks, this.area, fonts) : undefined
      this.#fitFinding = finding
        ? Object.freeze({
            error: Object.freeze(finding.error),
            suggestion: Object.freeze(finding.suggestion),
          })
        : NONE
    }
    return this.#fitFinding ?? undefined
  }

  /**
   * Whether the text is plain in the area's regular face (`isPlainIn`): then it holds neither
   * emoji nor a character the face lacks, and one pass over it answers both rules.
   */
  #isPlain(): boolean {
    if (this.#plain === undefined) {
      const fonts = this.#environment.fonts
      this.#plain =
        fonts !== undefined &&
        this.measurable &&
        isPlainIn(this.text, fonts.face(this.area.font_family))
    }
    return this.#plain
  }

  /** The emoji of the text, in and out of the pinned set. */
  emoji(): readonly EmojiFinding[] {
    this.#emoji ??= this.#isPlain()
      ? NO_EMOJI
      : Object.freeze(findEmoji(this.text, { pinnedVersion: this.#environment.emojiVersion }))
    return this.#emoji
  }

  /** `emoji-not-in-set` warnings of the text at `content.<key>` (spec 2.3). */
  emojiWarnings(): readonly WarningDraft[] {
    const emoji = this.emoji()
    this.#emojiWarnings ??=
      emoji.length === 0
        ? NO_WARNINGS
        : emojiWarnings(emoji, `content.${this.area.key}`, {
            pinnedVersion: this.#environment.emojiVersion,
          })
    return this.#emojiWarnings
  }

  /** `missing-glyph` warnings of the text in the area's regular face; none when not measurable. */
  glyphWarnings(): readonly WarningDraft[] {
    if (this.#glyphWarnings === undefined) {
      const fonts = this.#environment.fonts
      this.#glyphWarnings =
        fonts !== undefined && this.measurable && !this.#isPlain()
          ? checkGlyphCoverage(
              this.text,
              `content.${this.area.key}`,
              fonts.face(this.area.font_family),
              this.emoji()
            )
          : NO_WARNINGS
    }
    return this.#glyphWarnings
  }
}
