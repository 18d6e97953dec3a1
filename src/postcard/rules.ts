/**
 * The ordered registry of postcard rules: the one place where a rule is plugged in, as data
 * (each entry has its id, the spec section it implements and a one-line summary).
 *
 * @module
 */
import { checkAddressBlockFit } from '../address/check-address-block-fit.ts'
import { checkAddressCountry } from '../address/check-address-country.ts'
import { checkAddressFontSize } from '../address/check-address-font-size.ts'
import { checkAddressPostalCode } from '../address/check-address-postal-code.ts'
import { checkAddressRequiredParts } from '../address/check-address-required-parts.ts'
import { checkContent } from './check-content.ts'
import { checkEmoji } from './check-emoji.ts'
import { checkGlyphs } from './check-glyphs.ts'
import { checkImageResolution } from './check-image-resolution.ts'
import { checkMarkdownSyntax } from './check-markdown-syntax.ts'
import { checkPostcardStructure } from './check-postcard-structure.ts'
import { checkQrCodes } from './check-qr-codes.ts'
import { checkQrUrls } from './check-qr-urls.ts'
import { checkTextFit } from './check-text-fit.ts'
import { checkUnknownFields } from './check-unknown-fields.ts'
import type { PostcardRule } from './types.ts'

/**
 * Every rule of a postcard analysis, in the order they run. Each reports into its own report and
 * may skip values earlier rules rejected (`report.hasError(path)`); errors are put into the
 * order of the spec's tables afterwards, so the order here only decides the order of several
 * messages of one field and of warnings.
 *
 * Plugging in a rule: `defineRule` it in its own file and add it here. The content and QR entries
 * it needs are in the context (`contentEntries`, `qrEntries`, each with its one reading, layout
 * or QR fit), the addresses resolved once with the design's address blocks (`addresses`), and
 * the fonts in `fonts`.
 */
export const postcardRules: readonly PostcardRule[] = Object.freeze([
  checkPostcardStructure,
  checkContent,
  checkMarkdownSyntax,
  checkTextFit,
  checkQrCodes,
  checkQrUrls,
  // Warnings on the addresses (spec 1, 2.3; src/address): never a 422.
  checkAddressCountry,
  checkAddressPostalCode,
  checkAddressRequiredParts,
  checkAddressBlockFit,
  checkAddressFontSize,
  checkUnknownFields,
  checkEmoji,
  checkGlyphs,
  checkImageResolution,
])
