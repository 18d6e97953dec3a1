/**
 * Spec 2.6 rules 1-3 and 5 and the limit of spec 2.6 and 8: which keys `qr_codes` must carry,
 * and how long its values may be. Whether a value is a valid URL that fits its QR code (rule 4)
 * is the `src/qr/` check's.
 *
 * @module
 */
import type { UrlQrElement } from '../design/types.ts'
import { fieldMessages } from '../schema/field-messages.ts'
import { childOf } from '../schema/read-field.ts'
import { SPEC_LIMITS } from '../spec/limits.ts'
import { defineRule } from '../verdict/define-rule.ts'
import { checkKeyedValues, readKeyedMap, reportUnknownKeys } from './check-keyed-value.ts'
import type { PostcardContext } from './types.ts'

const MAX_VALUE_LENGTH = SPEC_LIMITS.qrValueLength

/**
 * The key a client would likely derive from a QR code's label: `Website QR` → `website_qr`,
 * `Café-Link` → `cafe_link`.
 */
function keyOfLabel(label: string): string {
  return label
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((part) => part !== '')
    .join('_')
}

/** The URL-kind QR code a sent key most likely means, if any. */
function urlKindFor(key: string, codes: readonly UrlQrElement[]): UrlQrElement | undefined {
  return codes.find((code) => keyOfLabel(code.label) === key)
}

/**
 * Checks `qr_codes` against the design's keyed QR codes:
 *
 * - rule 1: with keyed QR codes, `qr_codes` is required and every key is required;
 * - rule 2: without, `qr_codes` must be omitted (an empty or `null` one counts as omitted);
 * - rule 3: unknown, missing and empty keys are rejected; each value is a string of at most 2048
 *   characters (Unicode code points, see `countCodePoints`);
 * - rule 5: QR codes of the URL kind store their target in the design; a key that names one
 *   (its label as a key: `Website` → `website`) is rejected with a message naming it, and so is
 *   `qr_codes` sent for a design whose QR codes are all of the URL kind.
 *
 * Every error about a key adds `meta.expected_qr_keys` (spec 7.1).
 */
export const checkQrCodes = defineRule<PostcardContext>({
  id: 'qr-keys',
  spec: '2.6 rules 1-3 and 5, 8',
  summary:
    'qr_codes carries exactly the keyed QR codes of the design, each a string of at most 2048 characters.',
  run({ body, design }, report) {
    const keys = design.keyedQrCodes.map((code) => code.key)
    const urlKind = design.urlQrCodes
    const expectKeys = () => report.meta({ expected_qr_keys: keys })
    const qrCodes = childOf(body, 'qr_codes')
    // spec 2.6 rules 1, 2 and 5
    const entries = readKeyedMap(report, 'qr_codes', qrCodes, keys, expectKeys, () =>
      urlKind.length > 0
        ? {
            message: fieldMessages.urlKindQrs(
              'qr_codes',
              urlKind.map((code) => code.label)
            ),
            code: 'url-kind-qr',
            data: { labels: urlKind.map((code) => code.label) },
          }
        : { message: fieldMessages.prohibited('qr_codes'), code: 'prohibited' }
    )
    if (entries === undefined) return
    // spec 2.6 rule 3: missing and empty keys, and the length limit
    checkKeyedValues(report, 'qr_codes', qrCodes, keys, MAX_VALUE_LENGTH, expectKeys)
    // spec 2.6 rules 3 and 5: unknown keys
    reportUnknownKeys(report, 'qr_codes', entries, keys, expectKeys, (key, path) => {
      const code = urlKindFor(key, urlKind)
      return code
        ? {
            message: fieldMessages.urlKindQr(path, code.label),
            code: 'url-kind-qr',
            data: { label: code.label },
          }
        : { message: fieldMessages.prohibited(path), code: 'prohibited' }
    })
  },
})
