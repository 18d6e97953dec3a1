/**
 * Types of postcard validation: its options and the contract of a check.
 *
 * @module
 */
import type { KeyedQrElement, Design, MarkdownElement } from '../design/types.ts'
import type { PinnedEmojiVersion } from '../emoji/emoji-version.ts'
import type { FontRegistry } from '../text/types.ts'
import type { Report } from '../verdict/create-report.ts'

/** Options of `validatePostcard`. */
export interface PostcardOptions {
  /**
   * The fonts of the design, for the checks that measure text (fit, glyph coverage). Every
   * family a Markdown area uses must be registered (default: none, and those checks are skipped).
   */
  readonly fonts?: FontRegistry
  /**
   * The service's pinned emoji set (spec 2.3): emoji newer than this version are reported as
   * `emoji-not-in-set` warnings (default: `DEFAULT_PINNED_EMOJI_VERSION`, Emoji 17.0).
   */
  readonly emojiVersion?: PinnedEmojiVersion
}

/** A `content` value the design expects and that is a non-blank string. */
export interface ContentEntry {
  /** The key, e.g. `greeting`. */
  readonly key: string
  /** The Markdown text as sent. */
  readonly value: string
  /** The Markdown area it fills. */
  readonly area: MarkdownElement
}

/** A `qr_codes` value the design expects and that is a non-blank string. */
export interface QrEntry {
  /** The key, e.g. `coupon_url`. */
  readonly key: string
  /** The URL as sent. */
  readonly value: string
  /** The QR code it fills. */
  readonly element: KeyedQrElement
}

/** What every postcard check sees. */
export interface PostcardContext {
  /** The request body as received (any JSON value). */
  readonly body: unknown
  /** The flow's design. */
  readonly design: Design
  /** The options of the call. */
  readonly options: PostcardOptions
  /** Where the check reports errors, `meta` and warnings. */
  readonly report: Report
  /**
   * The `content` values worth parsing and measuring: keys of the design's Markdown areas whose
   * value is a non-blank string, in design order. Checks that should not judge a value already
   * rejected (e.g. over-long) ask `report.hasError(`content.${key}`)`.
   */
  readonly contentEntries: readonly ContentEntry[]
  /** The `qr_codes` values worth checking, like {@link PostcardContext.contentEntries}. */
  readonly qrEntries: readonly QrEntry[]
}

/**
 * One rule of postcard validation: a small unit with a stable id that reports into the
 * context's report and never throws on user input (STYLE rules 3, 5).
 */
export interface PostcardCheck {
  /** Stable id, e.g. `content-keys`. */
  readonly id: string
  /** Runs the rule. */
  run(context: PostcardContext): void
}
