/**
 * The numbers of ISO/IEC 18004 that QR capacity depends on, read once from `qrcode` itself so
 * that our capacity and version answers can never drift from the encoder that draws the code:
 * data bits per version and level, character-count indicator sizes, bits per segment length.
 *
 * @module
 */
import AlphanumericData from 'qrcode/lib/core/alphanumeric-data.js'
import ByteData from 'qrcode/lib/core/byte-data.js'
import ECLevel from 'qrcode/lib/core/error-correction-level.js'
import Mode from 'qrcode/lib/core/mode.js'
import NumericData from 'qrcode/lib/core/numeric-data.js'
import Version from 'qrcode/lib/core/version.js'
import type { ErrorCorrectionLevel } from '../design/types.ts'

/** The largest QR version (177 × 177 modules). */
export const MAX_QR_VERSION = 40

/** Encoding modes a URL can use (Kanji needs a Shift JIS table we never pass, as for URLs). */
export type QrMode = 'numeric' | 'alphanumeric' | 'byte'

/** Mode indices: small integers keep the segmentation's inner loops on typed arrays. */
export const NUMERIC = 0
/** Alphanumeric mode index: `0-9 A-Z $%*+-./:` and space at 5.5 bits a character. */
export const ALPHANUMERIC = 1
/** Byte mode index: UTF-8 bytes at 8 bits each. */
export const BYTE = 2

/** The 45 characters of alphanumeric mode in the order of their values (ISO/IEC 18004 table 5). */
export const ALPHANUMERIC_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:'

/** Mode index → public mode name. */
export const MODE_NAMES: readonly QrMode[] = ['numeric', 'alphanumeric', 'byte']

const qrcodeModes = [Mode.NUMERIC, Mode.ALPHANUMERIC, Mode.BYTE] as const

/** The four levels in a fixed order, for the table index. */
const LEVELS: readonly ErrorCorrectionLevel[] = ['L', 'M', 'Q', 'H']

// Lazily initialised constants: each table is computed from the standard on first use and never
// changed afterwards.
let dataBitsTable: Int32Array | undefined

/**
 * Data bits (all codewords minus error-correction codewords, × 8) of a version at a level,
 * the budget every segmentation has to fit in. Computed once, on first use.
 *
 * @param version QR version, 1-40 (not checked: internal callers pass valid versions).
 * @param level Error-correction level.
 * @returns Data bits of the symbol.
 */
export function dataBits(version: number, level: ErrorCorrectionLevel): number {
  dataBitsTable ??= buildDataBitsTable()
  return dataBitsTable[(version - 1) * 4 + LEVELS.indexOf(level)] ?? 0
}

function buildDataBitsTable(): Int32Array {
  const table = new Int32Array(MAX_QR_VERSION * 4)
  for (let version = 1; version <= MAX_QR_VERSION; version++) {
    for (const [index, level] of LEVELS.entries()) {
      table[(version - 1) * 4 + index] = Version.getCapacity(version, ECLevel[level], Mode.MIXED)
    }
  }
  return table
}

/**
 * Size of the character-count indicator of a segment: it grows at versions 10 and 27, which is
 * why the best segmentation depends on the version.
 *
 * @param mode Mode index (`NUMERIC`, `ALPHANUMERIC`, `BYTE`).
 * @param version QR version, 1-40.
 * @returns Bits of the indicator.
 */
export function charCountBits(mode: number, version: number): number {
  charCountTable ??= buildCharCountTable()
  return charCountTable[mode * MAX_QR_VERSION + version - 1] ?? 0
}

let charCountTable: Int32Array | undefined

function buildCharCountTable(): Int32Array {
  const table = new Int32Array(qrcodeModes.length * MAX_QR_VERSION)
  for (const [mode, qrcodeMode] of qrcodeModes.entries()) {
    for (let version = 1; version <= MAX_QR_VERSION; version++) {
      table[mode * MAX_QR_VERSION + version - 1] = Mode.getCharCountIndicator(qrcodeMode, version)
    }
  }
  return table
}

/**
 * Bits of the payload of a segment of `length` characters (bytes in byte mode), without the
 * 4-bit mode indicator and the character count.
 *
 * @param mode Mode index.
 * @param length Characters (numeric, alphanumeric) or UTF-8 bytes (byte).
 * @returns Payload bits.
 */
export function segmentBits(mode: number, length: number): number {
  // One call site per mode keeps the calls monomorphic (this runs a few times per run of a URL).
  if (mode === NUMERIC) return NumericData.getBitsLength(length)
  if (mode === ALPHANUMERIC) return AlphanumericData.getBitsLength(length)
  return ByteData.getBitsLength(length)
}
