/**
 * The check of one `qr_codes.<key>` value: a complete, scan-ready http(s) URL (spec 2.6 rules
 * 3-4, spec 7.1) that fits the QR area of its design element.
 *
 * @module
 */
import type { KeyedQrElement } from '../design/types.ts'
import { fitQrUrl } from './fit-qr-url.ts'
import { resolveQrUrl } from './resolve-qr-url.ts'
import type { QrValueResult } from './types.ts'

/**
 * Checks one `qr_codes.<key>` value against its keyed QR element, as the service does before it
 * accepts a postcard. The caller has already checked that the value is a non-empty string of at
 * most 2048 characters; this adds the URL rules and the fit. Never throws on any string.
 *
 * @example
 * ```ts
 * const result = checkQrValue(body.qr_codes.coupon, element)
 * if (!result.ok) {
 *   errors[`qr_codes.${element.key}`] = result.messages
 *   if (result.fitError) qrFitErrors.push(result.fitError)
 * }
 * ```
 * @param value The value sent under `qr_codes.<key>`.
 * @param element The keyed QR element of the design with that key.
 * @returns The resolved URL and version, or the problem with its message (and, for a URL too
 *   large for the area, its `meta.qr_fit_errors` item).
 * @throws {QrArgumentError} For an element no parsed design can have (non-positive module…).
 */
export function checkQrValue(value: string, element: KeyedQrElement): QrValueResult {
  const resolved = resolveQrUrl(value)
  if (!resolved.ok) {
    return {
      ok: false,
      problem: resolved.problem,
      messages: [resolved.message],
      example: resolved.example,
      parts: resolved.parts,
    }
  }
  const fit = fitQrUrl(resolved.url, element)
  if (fit.ok) return fit
  return {
    ...fit,
    fitError: {
      key: element.key,
      label: element.label,
      resolved_url_length: fit.resolvedUrlLength,
      suggested_action: fit.suggestedAction,
    },
  }
}
