/**
 * Options and result of `renderPreview`.
 *
 * @module
 */
import type { EmojiArtwork } from '../emoji/types.ts'
import type { PinnedEmojiVersion } from '../emoji/emoji-version.ts'
import type { FontRegistry } from '../text/types.ts'
import type { Verdict } from '../verdict/types.ts'

/**
 * How `renderPreview` draws an analysis: emoji artwork and guides. The fonts and the pinned emoji
 * version are the analysis' own.
 */
export interface PreviewDrawOptions {
  /**
   * Emoji artwork by key (`emojiArtworkKey`), e.g. from `loadEmojiArtwork(previewEmojiKeys(…))`.
   * Passed in as data so the core stays pure and synchronous, and only the graphics a card uses
   * are ever loaded. An emoji whose artwork is absent is drawn as the "missing" marker
   * (default: no artwork, every emoji missing).
   */
  readonly emojiArtwork?: ReadonlyMap<string, EmojiArtwork> | undefined
  /**
   * Show the bleed: the canvas grows by the design's `bleed_mm` on every side and a dashed cyan
   * line marks the trim box (default: `false`, the canvas is the trim box).
   */
  readonly bleed?: boolean | undefined
  /**
   * Draw a dashed magenta safe-zone guide this many mm inside the trim box (default: `0`, none).
   */
  readonly safeZoneMm?: number | undefined
  /**
   * Prefix of every id in the documents, so several previews can be inlined into one HTML page
   * without clashing; `f-`/`b-` is appended per side. Letters, digits, `-` and `_`, starting with
   * a letter (default: `pp-`).
   */
  readonly idPrefix?: string | undefined
}

/** Options of `renderPreview(body, design, options)`, which analyses the body first. */
export interface PreviewOptions extends PreviewDrawOptions {
  /** The parsed fonts every `font_family` of the design names (`createFontRegistry`). */
  readonly fonts: FontRegistry
  /**
   * The service's pinned emoji set (spec 2.3), as for `validatePostcard`: newer emoji are drawn
   * as missing (default: `DEFAULT_PINNED_EMOJI_VERSION`, Emoji 17.0).
   */
  readonly emojiVersion?: PinnedEmojiVersion | undefined
}

/** One SVG document per side, and the verdict of the analysis drawn. */
export interface Preview {
  /** The front side: a standalone SVG document, viewBox in mm at trim size. */
  readonly front: string
  /** The back side. */
  readonly back: string
  /**
   * The analysis' verdict (`validatePostcard`'s for the same body and design), plus preview
   * warnings (`emoji-artwork-missing`, `image-rejected`) when something could not be drawn as
   * designed.
   */
  readonly verdict: Verdict
}
