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
      for (const message of result.messages) {
        report.error(path, message, result.problem === 'too-large' ? 'qr-fit' : 'url')
      }
      if ('fitError' in result && result.fitError) fitErrors.push(result.fitError)
    }
    if (fitErrors.length > 0) report.meta({ qr_fit_errors: fitErrors })
  },
})
