/**
 * Whether a resolved URL fits the QR area it is printed in (spec 2.6 rule 4: "fits into a QR
 * code"), and if not, what to do about it: the message of `errors["qr_codes.<key>"]` and the
 * `suggested_action` of `meta.qr_fit_errors` (spec 7.1).
 *
 * @module
 */
import { utf8Length } from '../text/code-points.ts'
import { byteCapacity, maxVersionForArea, minimalVersion, minimumAreaMm } from './qr-capacity.ts'
import { MAX_QR_VERSION } from './qr-standard.ts'
import type { QrArea, QrUrlAccepted, QrUrlTooLarge } from './types.ts'

/** ISO/IEC 18004: a version `v` symbol is `4v + 17` modules wide. */
const BASE_MODULES = 17
const MODULES_PER_VERSION = 4

/**
 * Fits a resolved URL into a QR area: the version the encoder needs for it against the largest
 * version the area prints (`maxVersionForArea`). Never throws for a valid area.
 *
 * @param resolvedUrl The exact string that is encoded (`resolveQrUrl(...).url`).
 * @param area Size, module, quiet zone and error-correction level of the QR element.
 * @returns The accepted fit, or the numbers and words of the fit error.
 * @throws {QrArgumentError} For an area no parsed design can have (non-positive module…).
 */
export function fitQrUrl(resolvedUrl: string, area: QrArea): QrUrlAccepted | QrUrlTooLarge {
  const level = area.error_correction
  const length = utf8Length(resolvedUrl)
  const maxVersion = maxVersionForArea(area.size_mm, area.min_module_mm, area.quiet_zone_modules)
  const version = minimalVersion(resolvedUrl, level)
  if (version !== null && version <= maxVersion) {
    const modules = MODULES_PER_VERSION * version + BASE_MODULES + 2 * area.quiet_zone_modules
    return {
      ok: true,
      resolvedUrl,
      resolvedUrlLength: length,
      version,
      maxVersion,
      moduleMm: area.size_mm / modules,
    }
  }
  const maxLength = maxVersion > 0 ? byteCapacity(maxVersion, level) : 0
  const enlargeToMm =
    version === null ? null : minimumAreaMm(version, area.min_module_mm, area.quiet_zone_modules)
  const size = formatNumber(area.size_mm)
  const module = formatNumber(area.min_module_mm)
  const largest = byteCapacity(MAX_QR_VERSION, level)
  const smallest = minimumAreaMm(1, area.min_module_mm, area.quiet_zone_modules)
  const largestMm = minimumAreaMm(MAX_QR_VERSION, area.min_module_mm, area.quiet_zone_modules)
  let message: string
  let suggestedAction: string
  if (maxVersion > 0 && enlargeToMm !== null) {
    message = `Unexpected \`${length}\` character URL, expected at most \`${maxLength}\` characters for the \`${size}\` mm QR area at error correction \`${level}\`, shorten the URL or enlarge the area to \`${enlargeToMm}\` mm.`
    suggestedAction = `Shorten the URL to at most ${maxLength} characters (it has ${length}) or enlarge the QR area to ${enlargeToMm} mm.`
  } else if (maxVersion > 0) {
    message = `Unexpected \`${length}\` character URL, expected at most \`${maxLength}\` characters for the \`${size}\` mm QR area at error correction \`${level}\`, shorten the URL (no QR code holds more than \`${largest}\`).`
    suggestedAction = `Shorten the URL to at most ${maxLength} characters (it has ${length}); no QR code holds more than ${largest} at error correction ${level}.`
  } else if (enlargeToMm !== null) {
    message = `Unexpected \`${size}\` mm QR area, expected at least \`${enlargeToMm}\` mm for this \`${length}\` character URL with \`${module}\` mm modules, enlarge the area.`
    suggestedAction = `Enlarge the QR area to ${enlargeToMm} mm; at ${size} mm it holds no QR code.`
  } else {
    message = `Unexpected \`${size}\` mm QR area, expected at least \`${smallest}\` mm for any QR code with \`${module}\` mm modules, enlarge the area to \`${largestMm}\` mm and shorten the URL to at most \`${largest}\` characters.`
    suggestedAction = `Shorten the URL to at most ${largest} characters (it has ${length}) and enlarge the QR area to ${largestMm} mm.`
  }
  return {
    ok: false,
    problem: 'too-large',
    messages: [message],
    resolvedUrl,
    resolvedUrlLength: length,
    requiredVersion: version,
    maxVersion,
    maxLength,
    enlargeToMm,
    suggestedAction,
    parts: {
      sizeMm: area.size_mm,
      moduleMm: area.min_module_mm,
      level,
      largestLength: largest,
      smallestMm: smallest,
      largestMm,
    },
  }
}

/** Millimetres as people write them: at most two decimals, no trailing zeros. */
function formatNumber(value: number): string {
  return String(Math.round(value * 100) / 100)
}
