/**
 * The modules of the QR code that is printed for a text, for previews: the SVG preview draws
 * them as one path. The symbol is built as `QRCode.create` of the `qrcode` package builds it
 * (ISO/IEC 18004 7.3-7.9 with its segmentation, codewords, placement and mask choice; the tests
 * hold every module to `QRCode.create` itself), with the segments whose version the fit check
 * reported, so the preview shows exactly that version, the same in Node and in browsers (no
 * canvas, no fonts). It is built here rather than by `QRCode.create` because that takes 0.1-0.5
 * ms a code, most of it in method calls per module.
 *
 * @module
 */
import AlignmentPattern from 'qrcode/lib/core/alignment-pattern.js'
import Version from 'qrcode/lib/core/version.js'
import type { ErrorCorrectionLevel } from '../design/types.ts'
import { toWellFormed } from '../text/code-points.ts'
import { applyBestMask, setModule, type PackedSymbol } from './best-mask.ts'
import { QrArgumentError } from './qr-argument-error.ts'
import { qrCodewords } from './qr-codewords.ts'
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
  // The segments `create` would choose (qr-segments.ts reproduces its choice, quirks included);
  // the empty text is the empty list.
  const { version, segments } = qrEncoding(toWellFormed(text), level)
  if (version === null) return null
  const symbol = unmaskedSymbol(version, qrCodewords(segments, version, level))
  return { size: symbol.size, version, modules: applyBestMask(symbol, level) }
}

/**
 * The symbol of `version` with its function patterns (the format area reserved, written per
 * mask later) and `codewords` placed, before masking: `createSymbol` up to `getBestMask`.
 */
export function unmaskedSymbol(version: number, codewords: Uint8Array): PackedSymbol {
  const size = 4 * version + 17
  const words = (size + 31) >>> 5
  const symbol: PackedSymbol = {
    size,
    words,
    rows: new Uint32Array(size * words),
    columns: new Uint32Array(size * words),
    reservedRows: new Uint32Array(size * words),
    reservedColumns: new Uint32Array(size * words),
  }
  const set = (row: number, column: number, dark: boolean): void => {
    setModule(symbol.rows, symbol.columns, words, row, column, dark ? 1 : 0)
    setModule(symbol.reservedRows, symbol.reservedColumns, words, row, column, 1)
  }
  // Function patterns in `createSymbol`'s order (7.3): finders with their separators, timing,
  // alignment, then the format area (written per mask later) and version information.
  for (const [top, left] of [
    [0, 0],
    [size - 7, 0],
    [0, size - 7],
  ] as const) {
    for (let r = -1; r <= 7; r++) {
      for (let c = -1; c <= 7; c++) {
        if (top + r < 0 || top + r >= size || left + c < 0 || left + c >= size) continue
        const ring = Math.max(Math.abs(r - 3), Math.abs(c - 3))
        set(top + r, left + c, ring !== 2 && ring !== 4)
      }
    }
  }
  for (let index = 8; index < size - 8; index++) {
    set(index, 6, index % 2 === 0)
    set(6, index, index % 2 === 0)
  }
  for (const [row, column] of AlignmentPattern.getPositions(version)) {
    for (let r = -2; r <= 2; r++) {
      for (let c = -2; c <= 2; c++) {
        set(row + r, column + c, Math.max(Math.abs(r), Math.abs(c)) !== 1)
      }
    }
  }
  for (let i = 0; i < 9; i++) {
    if (i !== 6) {
      set(i, 8, false)
      set(8, i, false)
    }
  }
  for (let i = 0; i < 8; i++) {
    set(size - 1 - i, 8, false)
    set(8, size - 1 - i, false)
  }
  if (version >= 7) {
    const bits = Version.getEncodedBits(version)
    for (let i = 0; i < 18; i++) {
      const dark = ((bits >> i) & 1) === 1
      set(Math.floor(i / 3), (i % 3) + size - 11, dark)
      set((i % 3) + size - 11, Math.floor(i / 3), dark)
    }
  }
  placeCodewords(symbol, codewords)
  return symbol
}

/**
 * The codewords' bits in the free modules (7.7.3, qrcode's `setupData`): two columns at a
 * time from the right, upwards and downwards in turn, skipping the vertical timing pattern;
 * modules left over after the last codeword stay light.
 */
function placeCodewords(symbol: PackedSymbol, codewords: Uint8Array): void {
  const { size, words, rows, columns, reservedRows } = symbol
  let bit = 0
  const bits = codewords.length * 8
  let upwards = true
  for (let right = size - 1; right > 0; right -= 2) {
    if (right === 6) right--
    for (let step = 0; step < size; step++) {
      const row = upwards ? size - 1 - step : step
      for (let column = right; column > right - 2; column--) {
        const inRow = row * words + (column >>> 5)
        if (((reservedRows[inRow] as number) >>> (column & 31)) & 1) continue
        if (bit < bits && ((codewords[bit >>> 3] as number) >>> (7 - (bit & 7))) & 1) {
          setModule(rows, columns, words, row, column, 1)
        }
        bit++
      }
    }
    upwards = !upwards
  }
}
