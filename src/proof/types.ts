/**
 * Options of `renderProof`.
 *
 * @module
 */
import type { PinnedEmojiVersion } from '../emoji/emoji-version.ts'
import type { EmojiArtwork } from '../emoji/types.ts'
import type { FontRegistry } from '../text/types.ts'

/**
 * How `renderProof` draws an analysis. By default a proof shows what prints: the card with its
 * bleed, in RGB, without guides or annotations.
 */
export interface ProofDrawOptions {
  /**
   * Emoji artwork by key, as for `renderPreview` (`loadEmojiArtwork(previewEmojiKeys(…))`).
   * An emoji without artwork is drawn as the "missing" marker (default: none).
   */
  readonly emojiArtwork?: ReadonlyMap<string, EmojiArtwork> | undefined
  /**
   * `rgb` (default): DeviceRGB, with an sRGB output intent. `cmyk`: every colour of the design
   * and the artwork as DeviceCMYK by a plain conversion (K = 1 − max(R, G, B), black and greys
   * on the K plate alone; docs/proof.md), RGB images kept in sRGB for the press's RIP to convert.
   */
  readonly colorSpace?: 'rgb' | 'cmyk' | undefined
  /**
   * Crop marks outside the bleed, at every corner of the trim box: the page (MediaBox) grows to
   * hold them (default: `false`, the page is the bleed box).
   */
  readonly marks?: boolean | undefined
  /**
   * Show what will not print as designed, as the preview does: lines beyond their area faded,
   * the cut edge with `overflow_mm`, QR codes whose modules are too small (default: `false`,
   * only the lines that fit are drawn, as printed).
   */
  readonly overflow?: boolean | undefined
  /** A dashed cyan line on the trim box (default: `false`). */
  readonly guides?: boolean | undefined
  /** A dashed magenta safe-zone line this many mm inside the trim box (default: `0`, none). */
  readonly safeZoneMm?: number | undefined
  /**
   * The creation date written into the document information (`CreationDate`, `ModDate`).
   * Without it the file has no date, so the same input always gives the same bytes.
   */
  readonly date?: Date | undefined
  /** The document title (default: the design's `name`). */
  readonly title?: string | undefined
}

/** Options of `renderProof(body, design, options)`, which analyses the body first. */
export interface ProofOptions extends ProofDrawOptions {
  /** The parsed fonts every `font_family` of the design names (`createFontRegistry`). */
  readonly fonts: FontRegistry
  /** The service's pinned emoji set (spec 2.3), as for `validatePostcard`. */
  readonly emojiVersion?: PinnedEmojiVersion | undefined
}
