/**
 * The modules of the QR code that is printed for a text, for previews: the SVG preview draws
 * them as one path. The matrix comes from `QRCode.create` of the same `qrcode` package whose
 * segmentation decides the fit, so the preview shows exactly the version the fit check
 * reported, and it is the same in Node and in browsers (no canvas, no fonts).
 *
 * @module
 */
import QRCode from 'qrcode/lib/core/qrcode.js'
import type { ErrorCorrectionLevel } from '../design/types.ts'
import { toWellFormed } from '../text/code-points.ts'
import { QrArgumentError } from './qr-argument-error.ts'
import { minimalVersion } from './qr-capacity.ts'

/** A QR symbol without its quiet zone. */
export interface QrMatrix {
  /** Modules per side: `4 × version + 17`. */
  readonly size: number
  /** The version drawn (equal to `minimalVersion(text, level)`). */
  readonly version: number
  /** `size × size` modules, row-major from the top-left corner; 1 = dark, 0 = light. */
  readonly modules: Uint8Array
}

const LEVELS: ReadonlySet<unknown> = new Set(['L', 'M', 'Q', 'H'])

/**
 * Builds the module matrix of `text` at `level`, with qrcode's automatic version (the smallest
 * that holds the text, as `minimalVersion` reports it) and mask. The quiet zone is not included;
 * the caller adds `quiet_zone_modules` of light modules on each side. A lone surrogate is
 * encoded as U+FFFD, as `TextEncoder` writes it; the empty text gives an empty version 1 code.
 *
 * @param text The exact string to encode (for a URL: its resolved `href`).
 * @param level Error-correction level.
 * @param knownVersion `minimalVersion(text, level)` when the caller computed it already (the QR
 *   fit does): it is not computed again. The encoder still picks the version itself.
 * @returns The matrix, or `null` when even version 40 cannot hold the text.
 * @throws {QrArgumentError} For an unknown level.
 */
export function qrMatrix(
  text: string,
  level: ErrorCorrectionLevel,
  knownVersion?: number | null
): QrMatrix | null {
  if (!LEVELS.has(level)) throw new QrArgumentError('level', level, 'one of `L`, `M`, `Q`, `H`')
  const version = knownVersion === undefined ? minimalVersion(text, level) : knownVersion
  if (version === null) return null
  const wellFormed = toWellFormed(text)
  // `create('')` refuses ("No input text"); an empty segment list encodes the empty text.
  const symbol = QRCode.create(wellFormed === '' ? [] : wellFormed, {
    errorCorrectionLevel: level,
  })
  const { size, data } = symbol.modules
  const modules = new Uint8Array(size * size)
  for (let index = 0; index < modules.length; index++) modules[index] = data[index] ? 1 : 0
  return { size, version: symbol.version, modules }
}
