/**
 * postcard-preflight: the pure core, identical in Node and the browser. Fonts and emoji artwork
 * come in as bytes and data, never paths; nothing here does I/O.
 *
 * One analysis of a postcard (`analyzePostcard`, or a `createPreflight` instance that caches per
 * distinct text) feeds every output: the verdict of `POST /api/v1/postcards`, the SVG preview,
 * the fit meter. This entry exports what hosts call; everything else is internal.
 *
 * @module
 */

// The analysis of a postcard and what is derived from it
export { analyzePostcard } from './analysis/analyze-postcard.ts'
export {
  createPreflight,
  type Preflight,
  type PreflightOptions,
} from './analysis/create-preflight.ts'
export { PreflightOptionsError } from './analysis/analysis-environment.ts'
export type { CacheBounds, CacheUsage } from './analysis/analysis-store.ts'
export type * from './analysis/types.ts'
export { validatePostcard } from './postcard/validate-postcard.ts'
export { measureFit } from './analysis/measure-fit.ts'
export type { FitMeasurement } from './layout/measure-fit.ts'
export type { FitSuggestion } from './layout/check-fit.ts'
export { renderPreview, PreviewOptionsError } from './preview/render-preview.ts'
export { previewEmojiKeys } from './preview/preview-emoji-keys.ts'
export type { Preview, PreviewDrawOptions, PreviewOptions } from './preview/types.ts'

// Form libraries (Standard Schema), messages in four languages and repair are the entry
// postcard-preflight/forms (src/forms/index.ts), so the core's bundle stays within its budget.

// Campaigns (spec 2.1, 4.2)
export { validateCampaign } from './campaign/validate-campaign.ts'
export type { CampaignOptions } from './campaign/types.ts'
export { CampaignOptionsError } from './campaign/campaign-options-error.ts'

// Verdicts and the spec 7.1 body, the spec's limits
export type * from './verdict/types.ts'
export { SPEC_LIMITS, type SpecLimits } from './spec/limits.ts'

// The design document (design-format)
export { parseDesign, type ParseDesignOptions } from './design/parse-design.ts'
export { DesignError, type DesignErrorOptions, type DesignProblem } from './design/design-error.ts'
export type * from './design/types.ts'

// The JSON of the API: request and response bodies (spec 2.1-2.4)
export type * from './api/types.ts'

// Addresses (spec 1, 2.3) as each post reads them
export { formatAddress } from './address/format-address.ts'
export { recognizeCountry } from './address/recognize-country.ts'
export type { AddressObject, FormatAddressOptions } from './address/types.ts'

// Fonts
export { createFontRegistry, loadFontRegistry } from './text/font-registry.ts'

export { FontError, type FontErrorCode } from './text/font-error.ts'
export type * from './text/types.ts'

// Emoji (spec 2.3)
export {
  DEFAULT_PINNED_EMOJI_VERSION,
  EmojiVersionError,
  type EmojiVersion,
  type PinnedEmojiVersion,
} from './emoji/emoji-version.ts'
export type * from './emoji/types.ts'

// Types the analysis carries
export type * from './layout/types.ts'
export type { MarkdownViolation, MarkdownViolationCode } from './markdown/types.ts'
export type * from './qr/types.ts'
export type { QrMatrix } from './qr/qr-matrix.ts'
export type { QrUrlProblem } from './qr/resolve-qr-url.ts'
