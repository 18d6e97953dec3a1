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
import { applyBestMask } from './best-mask.ts'
import { QrArgumentError } from './qr-argument-error.ts'
import { qrEncoding } from './qr-segments.ts'

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
 *   fit does): `null` returns at once. The segments that give the version are worked out here
 *   either way, since the encoder needs them (`qrEncoding`, the encoder's own choice).
 * @returns The matrix, or `null` when even version 40 cannot hold the text.
 * @throws {QrArgumentError} For an unknown level.
 */
export function qrMatrix(
  text: string,
  level: ErrorCorrectionLevel,
  knownVersion?: number | null
): QrMatrix | null {
  if (!LEVELS.has(level)) throw new QrArgumentError('level', level, 'one of `L`, `M`, `Q`, `H`')
  // The caller's `minimalVersion` may say at once that no version holds the text.
  if (knownVersion === null) return null
  const wellFormed = toWellFormed(text)
  // The segments `create` would choose (qr-segments.ts reproduces its choice, quirks included,
  // without its slow Dijkstra), handed to it as they are; the empty text is the empty list.
  const { version, segments } = qrEncoding(wellFormed, level)
  if (version === null) return null
  // Built with mask 0, then masked as `create` would have chosen (its search is slow, see
  // best-mask.ts).
  const symbol = QRCode.create(segments, { errorCorrectionLevel: level, maskPattern: 0 })
  const { size, data, reservedBit } = symbol.modules
  return { size, version: symbol.version, modules: applyBestMask(data, reservedBit, size, level) }
}
