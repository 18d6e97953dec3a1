/**
 * The ordered registry of postcard checks: the one place where a rule is plugged in.
 *
 * @module
 */
import { checkAddresses } from './check-addresses.ts'
import { checkContent } from './check-content.ts'
import { checkEmoji } from './check-emoji.ts'
import { checkGlyphs } from './check-glyphs.ts'
import { checkMarkdownSyntax } from './check-markdown-syntax.ts'
import { checkPostcardStructure } from './check-postcard-structure.ts'
import { checkQrCodes } from './check-qr-codes.ts'
import { checkQrUrls } from './check-qr-urls.ts'
import { checkTextFit } from './check-text-fit.ts'
import { checkUnknownFields } from './check-unknown-fields.ts'
import type { PostcardCheck } from './types.ts'

/**
 * Every check of `validatePostcard`, in the order they run. Each reports into the shared report
 * and may skip values earlier checks rejected (`report.hasError(path)`); errors are put into the
 * order of the spec's tables afterwards, so the order here only decides the order of several
 * messages of one field and of warnings.
 *
 * Plugging in a rule: add a {@link PostcardCheck} here. The content and QR entries it needs are
 * in the context (`contentEntries`, `qrEntries`), and the fonts in `options.fonts`.
 */
export const postcardChecks: readonly PostcardCheck[] = Object.freeze([
  // spec 2.3, 4.1: flow_id, from, to
  checkPostcardStructure,
  // spec 2.5 rules 1-3, spec 8: content keys and lengths
  checkContent,
  // spec 2.5, 7.1: the Markdown whitelist (meta.allowed_markdown)
  checkMarkdownSyntax,
  // spec 2.5 rule 4, 7.1: text fits its area (meta.markdown_fit_errors)
  checkTextFit,
  // spec 2.6 rules 1-3, 5, spec 8: qr_codes keys and lengths
  checkQrCodes,
  // spec 2.6 rule 4, 7.1: URL validity and QR capacity (meta.qr_fit_errors)
  checkQrUrls,
  // Warnings
  // spec 1, 2.3: addresses as the posts read them (postal codes, countries, the address block)
  checkAddresses,
  checkUnknownFields,
  // spec 2.3: emoji newer than the pinned set; characters the fonts cannot draw
  checkEmoji,
  checkGlyphs,
])
