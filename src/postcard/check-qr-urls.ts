/**
 * Spec 2.6 rule 4: each QR value is a complete, scan-ready http(s) URL that fits its QR code.
 *
 * @module
 */
import { defineRule } from '../verdict/define-rule.ts'
import type { QrFitError } from '../verdict/types.ts'
import type { PostcardContext } from './types.ts'

/**
 * Checks every `qr_codes` value that passed the key and length rules: an invalid URL or one too
 * large for its area is an error under `qr_codes.<key>`; a too-large one also adds its item of
 * `meta.qr_fit_errors` (spec 7.1).
 */
export const checkQrUrls = defineRule<PostcardContext>({
  id: 'qr-urls',
  spec: '2.6 rule 4, 7.1',
  summary: 'Each qr_codes value is a complete, scan-ready http(s) URL that fits its QR code.',
  run({ qrEntries }, report) {
    const fitErrors: QrFitError[] = []
    for (const entry of qrEntries) {
      const path = `qr_codes.${entry.key}`
      if (report.hasError(path)) continue
      const result = entry.work.result()
      if (result.ok) continue
      const [message] = result.messages
      if (result.problem === 'too-large') {
        report.error(path, message, 'qr-fit', {
          length: result.resolvedUrlLength,
          max_length: result.maxLength,
          max_version: result.maxVersion,
          enlarge_to_mm: result.enlargeToMm,
          size_mm: result.parts.sizeMm,
          module_mm: result.parts.moduleMm,
          level: result.parts.level,
          largest_length: result.parts.largestLength,
          smallest_mm: result.parts.smallestMm,
          largest_mm: result.parts.largestMm,
        })
      } else {
        report.error(path, message, 'url', {
          problem: result.problem,
          example: result.example,
          ...result.parts,
        })
      }
      if ('fitError' in result && result.fitError) fitErrors.push(result.fitError)
    }
    if (fitErrors.length > 0) report.meta({ qr_fit_errors: fitErrors })
  },
})
