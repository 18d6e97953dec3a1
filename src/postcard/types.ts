/**
 * Types of postcard validation: what every postcard rule sees.
 *
 * @module
 */
import type { AddressContext } from '../address/address-context.ts'
import type { ImageFacts } from '../analysis/analysis-store.ts'
import type { AreaWork } from '../analysis/area-work.ts'
import type { QrWork } from '../analysis/qr-work.ts'
import type { Design, ImageElement, KeyedQrElement, MarkdownElement } from '../design/types.ts'
import type { PinnedEmojiVersion } from '../emoji/emoji-version.ts'
import type { FontRegistry } from '../text/types.ts'
import type { Rule } from '../verdict/define-rule.ts'

/** A `content` value the design expects and that is a non-blank string. */
export interface ContentEntry {
  /** The key, e.g. `greeting`. */
  readonly key: string
  /** The Markdown text as sent. */
  readonly value: string
  /** The Markdown area it fills. */
  readonly area: MarkdownElement
  /**
   * The work on its text (clipped to the spec's 8000 characters): its one reading, layout and
   * fit. Rules judge only values without an error at their path, whose text is the whole value.
   */
  readonly work: AreaWork
}

/** A `qr_codes` value the design expects and that is a non-blank string. */
export interface QrEntry {
  /** The key, e.g. `coupon_url`. */
  readonly key: string
  /** The URL as sent. */
  readonly value: string
  /** The QR code it fills. */
  readonly element: KeyedQrElement
  /** The work on the value: its resolution and fit, made once. */
  readonly work: QrWork
}

/** A design `image` element and what it is, checked once per design. */
export interface ImageEntry {
  readonly element: ImageElement
  /** Its design path, e.g. `sides.back.elements[3]`. */
  readonly path: string
  /**
   * Its checked data URI, pixel size and effective resolution at its printed size: read on first
   * use (a verdict reads it for raster images only; checking an SVG means sanitising it).
   */
  readonly facts: ImageFacts
}

/** What every postcard rule sees (the address rules read its {@link AddressContext} part). */
export interface PostcardContext extends AddressContext {
  /** The request body as read once (a plain copy: reading it never runs a getter). */
  readonly body: unknown
  /** The flow's design. */
  readonly design: Design
  /** The fonts, for the rules that measure text; without them those rules are skipped. */
  readonly fonts: FontRegistry | undefined
  /** The pinned emoji set (spec 2.3) (`undefined`: the default pin). */
  readonly emojiVersion: PinnedEmojiVersion | undefined
  /**
   * The `content` values worth parsing and measuring: keys of the design's Markdown areas whose
   * value is a non-blank string, in design order. Rules that should not judge a value already
   * rejected (e.g. over-long) ask `report.hasError(`content.${key}`)`.
   */
  readonly contentEntries: readonly ContentEntry[]
  /** The `qr_codes` values worth checking, like {@link PostcardContext.contentEntries}. */
  readonly qrEntries: readonly QrEntry[]
  /** The design's images, both sides, in design order (static: the same for every body). */
  readonly images: readonly ImageEntry[]
}

/** One rule of postcard validation: an id, its spec section and its check (`defineRule`). */
export type PostcardRule = Rule<PostcardContext>
