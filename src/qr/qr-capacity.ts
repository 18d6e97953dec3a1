/**
 * QR capacity without rendering: how large a version a printed area takes, how many bytes a
 * version holds, and which version a text needs. Pure and cheap (about a microsecond per URL
 * for `minimalVersion`), so form UIs can show "this area takes up to 106 characters" while the
 * user types, and the fit check of every postcard can run on it.
 *
 * @module
 */
import type { ErrorCorrectionLevel } from '../design/types.ts'
import { QrArgumentError } from './qr-argument-error.ts'
import { qrVersion } from './qr-segments.ts'
import { BYTE, MAX_QR_VERSION, charCountBits, dataBits } from './qr-standard.ts'

/** ISO/IEC 18004: a version `v` symbol is `4v + 17` modules wide. */
const BASE_MODULES = 17
const MODULES_PER_VERSION = 4
/** Bits of the mode indicator in front of the byte segment. */
const MODE_INDICATOR_BITS = 4
/**
 * Relative slack for `size / module`: decimal millimetres are not exact in binary
 * (`12 / 0.4 === 29.999999999999996`), and a whole module must not be lost to that.
 */
const RATIO_EPSILON = 1e-9

const LEVELS: ReadonlySet<unknown> = new Set(['L', 'M', 'Q', 'H'])

/**
 * The largest QR version an area can print: `V_max = floor((floor(size / module) - 2 × quietZone -
 * 17) / 4)` (product owner's rule: the quiet zone lies inside the area, and a version V symbol is
 * 4V + 17 modules wide in ISO/IEC 18004), clamped to 0-40. `0` means the area cannot hold any QR
 * code.
 *
 * @param sizeMm Side of the square area in mm, quiet zone included (`size_mm`).
 * @param minModuleMm Smallest printable module in mm (`min_module_mm`).
 * @param quietZoneModules Quiet zone in modules on each side (`quiet_zone_modules`).
 * @returns The largest version 1-40 that fits, or 0 when none does.
 * @throws {QrArgumentError} For a negative or non-finite size, a non-positive or non-finite
 *   module, or a quiet zone that is not a non-negative integer.
 */
export function maxVersionForArea(
  sizeMm: number,
  minModuleMm: number,
  quietZoneModules: number
): number {
  checkArea(sizeMm, minModuleMm, quietZoneModules)
  const ratio = sizeMm / minModuleMm
  const modules = Math.floor(ratio * (1 + RATIO_EPSILON))
  const version = Math.floor((modules - 2 * quietZoneModules - BASE_MODULES) / MODULES_PER_VERSION)
  return Math.min(MAX_QR_VERSION, Math.max(0, version))
}

/**
 * The smallest whole-millimetre area that prints `version` with modules of at least
 * `minModuleMm`: what to enlarge an area to when a URL needs a larger version.
 *
 * @param version QR version, 1-40.
 * @param minModuleMm Smallest printable module in mm.
 * @param quietZoneModules Quiet zone in modules on each side.
 * @returns Whole millimetres `s` with `maxVersionForArea(s, …) >= version`.
 * @throws {QrArgumentError} For a version outside 1-40 or an invalid module or quiet zone.
 */
export function minimumAreaMm(
  version: number,
  minModuleMm: number,
  quietZoneModules: number
): number {
  checkVersion(version)
  checkArea(0, minModuleMm, quietZoneModules)
  const modules = MODULES_PER_VERSION * version + BASE_MODULES + 2 * quietZoneModules
  let size = Math.max(1, Math.ceil(modules * minModuleMm * (1 - RATIO_EPSILON)))
  // The product of decimals may land a hair off a whole number either way: settle on the
  // rule itself rather than on the arithmetic.
  while (maxVersionForArea(size, minModuleMm, quietZoneModules) < version) size++
  while (size > 1 && maxVersionForArea(size - 1, minModuleMm, quietZoneModules) >= version) size--
  return size
}

/**
 * Bytes a version holds in byte mode at a level (ISO/IEC 18004 table 7; V1-L 17 … V40-H
 * 1273). A resolved URL is ASCII, so this is also the number of characters any URL of that
 * length fits in; upper-case and digit runs can let a longer URL fit.
 *
 * @param version QR version, 1-40.
 * @param level Error-correction level.
 * @returns Capacity in bytes.
 * @throws {QrArgumentError} For a version outside 1-40 or an unknown level.
 */
export function byteCapacity(version: number, level: ErrorCorrectionLevel): number {
  checkVersion(version)
  checkLevel(level)
  const usable = dataBits(version, level) - MODE_INDICATOR_BITS - charCountBits(BYTE, version)
  return Math.floor(usable / 8)
}

/**
 * The smallest version that holds `text` at `level`, with the mixed-mode segmentation of the
 * `qrcode` encoder that draws the code: always equal to
 * `QRCode.create(text, { errorCorrectionLevel: level }).version`, without rendering and
 * masking (which costs about 0.5 ms). The empty text needs version 1; a lone surrogate counts
 * as U+FFFD, as `TextEncoder` writes it.
 *
 * @param text The exact string that is encoded (for a URL: its `href`).
 * @param level Error-correction level.
 * @returns Version 1-40, or `null` when even version 40 cannot hold the text.
 * @throws {QrArgumentError} For an unknown level.
 */
export function minimalVersion(text: string, level: ErrorCorrectionLevel): number | null {
  checkLevel(level)
  return qrVersion(text, level)
}

function checkArea(sizeMm: number, minModuleMm: number, quietZoneModules: number): void {
  if (!Number.isFinite(sizeMm) || sizeMm < 0) {
    throw new QrArgumentError('sizeMm', sizeMm, 'a non-negative number of millimetres')
  }
  if (!Number.isFinite(minModuleMm) || minModuleMm <= 0) {
    throw new QrArgumentError('minModuleMm', minModuleMm, 'a positive number of millimetres')
  }
  if (!Number.isSafeInteger(quietZoneModules) || quietZoneModules < 0) {
    throw new QrArgumentError(
      'quietZoneModules',
      quietZoneModules,
      'a non-negative whole number of modules'
    )
  }
}

function checkVersion(version: number): void {
  if (!Number.isInteger(version) || version < 1 || version > MAX_QR_VERSION) {
    throw new QrArgumentError('version', version, 'a whole number from 1 to 40')
  }
}

function checkLevel(level: ErrorCorrectionLevel): void {
  if (!LEVELS.has(level)) {
    throw new QrArgumentError('level', level, 'one of `L`, `M`, `Q`, `H`')
  }
}
