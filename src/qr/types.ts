/**
 * Results of the QR checks: typed data for a keyed value (`qr_codes.<key>`, spec 2.6) and for
 * a QR code of the URL kind stored in the design (spec 2.6 rule 5).
 *
 * @module
 */
import type { QrBase } from '../design/types.ts'
import type { QrFitError } from '../verdict/types.ts'
import type { QrUrlParts, QrUrlProblem } from './resolve-qr-url.ts'

/** The URL is valid and fits its area. */
export interface QrUrlAccepted {
  readonly ok: true
  /** The exact string that is encoded: the WHATWG serialisation (`new URL(value).href`). */
  readonly resolvedUrl: string
  /** UTF-8 bytes of `resolvedUrl` (`resolved_url_length` of spec 7.1). */
  readonly resolvedUrlLength: number
  /** The version the encoder draws (`QRCode.create(resolvedUrl, …).version`). */
  readonly version: number
  /** The largest version the area prints (`maxVersionForArea`). */
  readonly maxVersion: number
  /** Printed module side in mm when the symbol and its quiet zone fill the area. */
  readonly moduleMm: number
  /** Never set: lets `result.fitError` be read without narrowing first. */
  readonly fitError?: never
}

/** The value is not a complete, scan-ready http(s) URL (spec 2.6, 7.1). */
export interface QrUrlInvalid {
  readonly ok: false
  readonly problem: QrUrlProblem
  /** The message for `errors["qr_codes.<key>"]`. */
  readonly messages: readonly [string]
  /** A complete URL for the same intent, as shown in the message. */
  readonly example: string
  /** What the message quotes besides the example (for messages in other languages). */
  readonly parts: QrUrlParts
  /** Never set: lets `result.fitError` be read without narrowing first. */
  readonly fitError?: never
}

/** The URL is valid but needs a larger QR version than its area prints (spec 2.6 rule 4). */
export interface QrUrlTooLarge {
  readonly ok: false
  readonly problem: 'too-large'
  /** The message for `errors["qr_codes.<key>"]`. */
  readonly messages: readonly [string]
  readonly resolvedUrl: string
  readonly resolvedUrlLength: number
  /** The version the URL needs; `null` when even version 40 cannot hold it. */
  readonly requiredVersion: number | null
  /** The largest version the area prints; 0 when it cannot print any QR code. */
  readonly maxVersion: number
  /** Characters any URL may have to fit the area (byte capacity at `maxVersion`; 0 for none). */
  readonly maxLength: number
  /** Smallest whole-mm area that holds `requiredVersion`; `null` when none does. */
  readonly enlargeToMm: number | null
  /** One sentence for people: what to shorten the URL to, or what to enlarge the area to. */
  readonly suggestedAction: string
  /** What the message quotes besides the numbers above (for messages in other languages). */
  readonly parts: QrFitParts
}

/** The numbers a {@link QrUrlTooLarge} message quotes about its area. */
export interface QrFitParts {
  /** Side of the QR area in mm. */
  readonly sizeMm: number
  /** Smallest module the printer resolves, in mm. */
  readonly moduleMm: number
  /** Error-correction level. */
  readonly level: QrArea['error_correction']
  /** Characters version 40 holds at that level. */
  readonly largestLength: number
  /** Smallest whole-mm area that holds any QR code (version 1). */
  readonly smallestMm: number
  /** Smallest whole-mm area that holds version 40. */
  readonly largestMm: number
}

/** A keyed value too large for its area, with its item of `meta.qr_fit_errors` (spec 7.1). */
export interface QrValueTooLarge extends QrUrlTooLarge {
  readonly fitError: QrFitError
}

/** What `checkQrValue` returns for one `qr_codes.<key>` value. */
export type QrValueResult = QrUrlAccepted | QrUrlInvalid | QrValueTooLarge

/** What `checkQrUrlElement` returns for a QR code of the URL kind. */
export type QrUrlElementResult = QrUrlAccepted | QrUrlInvalid | QrUrlTooLarge

/** The fields of a QR element the fit depends on; both kinds of element have them. */
export type QrArea = Pick<
  QrBase,
  'size_mm' | 'error_correction' | 'min_module_mm' | 'quiet_zone_modules'
>
