/**
 * The check of a QR code of the URL kind, whose target is stored in the design and never sent
 * in `qr_codes` (spec 2.6 rule 5): the same URL rules and fit as a keyed value, so that a host
 * can report a design whose static URL would not print before any postcard uses it.
 *
 * @module
 */
import type { UrlQrElement } from '../design/types.ts'
import { fitQrUrl } from './fit-qr-url.ts'
import { resolveQrUrl } from './resolve-qr-url.ts'
import type { QrUrlElementResult } from './types.ts'

/**
 * Checks the stored URL of a QR element of the URL kind against its own area. Never throws on
 * any URL.
 *
 * @param element A QR element with `url` (e.g. one of `design.urlQrCodes`).
 * @returns The resolved URL and version, or the problem with its message (for a URL too large
 *   for the area: the same numbers and suggested action as a keyed value gets).
 * @throws {QrArgumentError} For an element no parsed design can have (non-positive module…).
 */
export function checkQrUrlElement(element: UrlQrElement): QrUrlElementResult {
  const resolved = resolveQrUrl(element.url)
  if (!resolved.ok) {
    return {
      ok: false,
      problem: resolved.problem,
      messages: [resolved.message],
      example: resolved.example,
      parts: resolved.parts,
    }
  }
  return fitQrUrl(resolved.url, element)
}
