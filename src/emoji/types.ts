/**
 * Contracts of the emoji part: findings of a scan and artwork passed around as data, so the core
 * stays pure and the whole emoji set is never bundled (only the graphics a preview uses).
 *
 * @module
 */
import type { EmojiVersion, PinnedEmojiVersion } from './emoji-version.ts'

/** Options of {@link findEmoji}, {@link scanEmoji} and {@link collectEmojiKeys}. */
export interface EmojiScanOptions {
  /**
   * The emoji set of the service (spec 2.3): emoji up to this version print; newer ones are
   * reported. Default: `DEFAULT_PINNED_EMOJI_VERSION` (Emoji 17.0, complete Twemoji artwork).
   */
  readonly pinnedVersion?: PinnedEmojiVersion | undefined
}

/** One emoji grapheme found in a text. */
export interface EmojiFinding {
  /** UTF-16 offset of the grapheme in the text. */
  readonly index: number
  /** The grapheme cluster as written, e.g. `❤️` or `👩🏽‍💻`. */
  readonly grapheme: string
  /** Artwork key (`emojiArtworkKey`), e.g. `1f469-1f3fd-200d-1f4bb`. */
  readonly key: string
  /** The Unicode Emoji version the emoji first appeared in. */
  readonly version: EmojiVersion
  /** Whether the pinned set holds it; if not, the preview shows it as missing (spec 2.3). */
  readonly inSet: boolean
}

/**
 * The colour graphic of one emoji, as data: an SVG fragment (Iconify body) and its coordinate
 * system. Bodies from {@link EmojiArtworkSource}s of this package are sanitised; a preview
 * sanitises every body again as it inlines it, prefixing its ids so that two emoji never clash.
 */
export interface EmojiArtwork {
  /** Artwork key, e.g. `1f600`. */
  readonly key: string
  /** The SVG `viewBox` of the body, e.g. `0 0 36 36`. */
  readonly viewBox: string
  /** Width of the artwork in body units (36 for Twemoji). */
  readonly width: number
  /** Height of the artwork in body units (36 for Twemoji). */
  readonly height: number
  /** SVG markup inside the `<svg>`/`<symbol>`: drawing elements only (shapes, groups, gradients, clip paths). */
  readonly body: string
}

/**
 * Loads artwork for the given keys, e.g. from `@iconify-json/twemoji` on a server
 * (`createEmojiArtworkSource` in `postcard-preflight/node`) or over HTTP in a browser. Keys it
 * has no artwork for are simply absent from the map: a renderer draws those as missing.
 */
export type EmojiArtworkSource = (
  keys: readonly string[]
) => Promise<ReadonlyMap<string, EmojiArtwork>>
