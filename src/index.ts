/**
 * postcard-preflight: the pure core, identical in Node and the browser. Fonts and emoji artwork
 * come in as bytes and data, never paths; nothing here does I/O.
 *
 * @module
 */

// The design document (design-format.md)
export { parseDesign, type ParseDesignOptions } from './design/parse-design.ts'
export { DesignError, type DesignErrorOptions, type DesignProblem } from './design/design-error.ts'
export type * from './design/types.ts'

// Verdicts and the spec 7.1 body
export { validatePostcard } from './postcard/validate-postcard.ts'
export type { PostcardOptions } from './postcard/types.ts'
export { validateCampaign } from './campaign/validate-campaign.ts'
export type { CampaignOptions } from './campaign/types.ts'
export { CampaignOptionsError } from './campaign/campaign-options-error.ts'
export {
  DEFAULT_CAMPAIGN_REQUIRED,
  DEFAULT_MARKETING_SOURCE,
  ONLINE_SHOP_SOURCES,
} from './campaign/campaign-defaults.ts'
export { createUnprocessableBody } from './verdict/create-unprocessable-body.ts'
export type * from './verdict/types.ts'

// Markdown (spec 2.5) and text layout
export { checkMarkdown } from './markdown/check-markdown.ts'
export { ALLOWED_MARKDOWN } from './markdown/allowed-markdown.ts'
export type { MarkdownViolation, MarkdownViolationCode } from './markdown/types.ts'
export { layoutMarkdown } from './layout/layout-markdown.ts'
export { layoutPlainText } from './layout/layout-plain-text.ts'
export { checkFit } from './layout/check-fit.ts'
export { measureFit, type FitMeasurement } from './layout/measure-fit.ts'
export type * from './layout/types.ts'

// Fonts and glyphs
export { createFontRegistry, loadFontRegistry } from './text/font-registry.ts'
export { FontError, type FontErrorCode } from './text/font-error.ts'
export { checkGlyphCoverage } from './text/glyph-coverage.ts'
export type * from './text/types.ts'

// QR codes (spec 2.6)
export { checkQrValue } from './qr/check-qr-value.ts'
export { checkQrUrlElement } from './qr/check-qr-url-element.ts'
export { resolveQrUrl, type QrUrlProblem, type QrUrlResolution } from './qr/resolve-qr-url.ts'
export { byteCapacity, maxVersionForArea, minimalVersion, minimumAreaMm } from './qr/qr-capacity.ts'
export { qrMatrix, type QrMatrix } from './qr/qr-matrix.ts'
export { QrArgumentError } from './qr/qr-argument-error.ts'
export type * from './qr/types.ts'

// Emoji (spec 2.3)
export { isEmoji } from './emoji/is-emoji.ts'
export { emojiArtworkKey } from './emoji/emoji-artwork-key.ts'
export { findEmoji } from './emoji/find-emoji.ts'
export { scanEmoji } from './emoji/scan-emoji.ts'
export { collectEmojiKeys } from './emoji/collect-emoji-keys.ts'
export { sanitizeArtworkBody } from './emoji/sanitize-artwork.ts'
export { prefixArtworkIds, ArtworkIdPrefixError } from './emoji/prefix-artwork-ids.ts'
export { artworkToSvg } from './emoji/artwork-to-svg.ts'
export {
  DEFAULT_PINNED_EMOJI_VERSION,
  EmojiVersionError,
  type EmojiVersion,
  type PinnedEmojiVersion,
} from './emoji/emoji-version.ts'
export { EMOJI_VERSIONS } from './emoji/emoji-data.generated.ts'
export type * from './emoji/types.ts'

// Previews
export { renderPreview, PreviewOptionsError } from './preview/render-preview.ts'
export { previewEmojiKeys } from './preview/preview-emoji-keys.ts'
export type { Preview, PreviewOptions } from './preview/types.ts'
