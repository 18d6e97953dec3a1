/**
 * The mask pattern of a QR symbol, chosen exactly as `qrcode`'s `getBestMask` chooses it (ISO/IEC
 * 18004 7.8.3 with qrcode 1.5.4's own penalty rules: the lowest penalty, the first on a tie),
 * on rows and columns packed 32 modules to a word: `getBestMask` reads every module through a
 * method call, twice per rule and mask, and spends most of `QRCode.create`'s time there.
 *
 * @module
 */
import ECLevel from 'qrcode/lib/core/error-correction-level.js'
import FormatInfo from 'qrcode/lib/core/format-info.js'
import type { ErrorCorrectionLevel } from '../design/types.ts'

/** Penalty weights of qrcode's `mask-pattern.js` (N1 to N4). */
const N1 = 3
const N2 = 3
const N3 = 40
const N4 = 10

/**
 * Whether mask `pattern` flips the module at row `i`, column `j` (ISO/IEC 18004 table 10, as
 * qrcode's `getMaskAt` writes it).
 */
function flips(pattern: number, i: number, j: number): boolean {
  switch (pattern) {
    case 0:
      return (i + j) % 2 === 0
    case 1:
      return i % 2 === 0
    case 2:
      return j % 3 === 0
    case 3:
      return (i + j) % 3 === 0
    case 4:
      return (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0
    case 5:
      return ((i * j) % 2) + ((i * j) % 3) === 0
    case 6:
      return (((i * j) % 2) + ((i * j) % 3)) % 2 === 0
    default:
      return (((i * j) % 3) + ((i + j) % 2)) % 2 === 0
  }
}

/**
 * Every condition depends only on i mod 12 and j mod 6, and word `w` of a line starts at
 * module 32·w, whose residues mod 6 and mod 12 repeat with w mod 3. So the flips of a whole
 * word are a table lookup: along rows by (pattern, i mod 12, w mod 3), along columns by
 * (pattern, j mod 6, w mod 3).
 */
const ROW_FLIPS = /* @__PURE__ */ flipWords(12, (pattern, line, along) =>
  flips(pattern, line, along)
)
const COLUMN_FLIPS = /* @__PURE__ */ flipWords(6, (pattern, line, along) =>
  flips(pattern, along, line)
)

function flipWords(
  period: number,
  condition: (pattern: number, line: number, along: number) => boolean
): Uint32Array {
  const words = new Uint32Array(8 * period * 3)
  for (let pattern = 0; pattern < 8; pattern++) {
    for (let line = 0; line < period; line++) {
      for (let phase = 0; phase < 3; phase++) {
        let word = 0
        for (let bit = 0; bit < 32; bit++) {
          if (condition(pattern, line, 32 * phase + bit)) word |= 1 << bit
        }
        words[(pattern * period + line) * 3 + phase] = word
      }
    }
  }
  return words
}

/** Ones in a 32-bit word. */
function popcount(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555)
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333)
  x = (x + (x >>> 4)) & 0x0f0f0f0f
  return Math.imul(x, 0x01010101) >>> 24
}

/** The bits of word `word` of a line whose position is at most `last` (positions from 0). */
function upTo(word: number, last: number): number {
  const first = word << 5
  if (last < first) return 0
  if (last >= first + 31) return -1
  return (1 << (last - first + 1)) - 1
}

/**
 * N1 (runs of 5 or more same-colour modules: 3 + length − 5 each, that is one per 5-module
 * window inside the run plus 2 per run) and N3 (qrcode's 11-module windows 10111010000 and
 * 00001011101, 40 each) along every line of `bits` (`size` lines of `words` words, bit b of
 * word w is module 32·w + b), word by word.
 */
function linePenalty(bits: Uint32Array, size: number, words: number): number {
  let windows = 0
  let runs = 0
  let finders = 0
  // Only words where a 5-module window starts.
  const scanned = (size - 5 + 32) >>> 5
  for (let word = 0; word < scanned; word++) {
    const five = upTo(word, size - 5)
    const eleven = upTo(word, size - 11)
    for (let at = word; at < bits.length; at += words) {
      const x0 = bits[at] as number
      const high = word + 1 < words ? (bits[at + 1] as number) : 0
      const x1 = (x0 >>> 1) | (high << 31)
      const x2 = (x0 >>> 2) | (high << 30)
      const x3 = (x0 >>> 3) | (high << 29)
      const x4 = (x0 >>> 4) | (high << 28)
      const same = ~(x0 ^ x1) & ~(x1 ^ x2) & ~(x2 ^ x3) & ~(x3 ^ x4) & five
      if (same !== 0) {
        // A window starts a run where the module before differs (or there is none).
        const before = word > 0 ? (bits[at - 1] as number) >>> 31 : 1 ^ (x0 & 1)
        windows += popcount(same)
        runs += popcount(same & (x0 ^ ((x0 << 1) | before)))
      }
      if (eleven === 0) continue
      const core = x4 & ~((x0 >>> 5) | (high << 27)) & ((x0 >>> 6) | (high << 26))
      if (core === 0) continue
      const x7 = (x0 >>> 7) | (high << 25)
      const x8 = (x0 >>> 8) | (high << 24)
      const x9 = (x0 >>> 9) | (high << 23)
      const x10 = (x0 >>> 10) | (high << 22)
      const dark = x0 & ~x1 & x2 & x3 & ~(x7 | x8 | x9 | x10)
      const light = x7 & x8 & ~x9 & x10 & ~(x0 | x1 | x2 | x3)
      const found = core & (dark | light) & eleven
      if (found !== 0) finders += popcount(found)
    }
  }
  // A run of L ≥ 5 modules: L − 4 windows + (N1 − 1) = N1 + (L − 5).
  return windows + (N1 - 1) * runs + finders * N3
}

/**
 * qrcode's penalty of a masked symbol, N1 + N2 + N3 + N4 its way (`mask-pattern.js`), or any
 * number at least `bound` as soon as the sum reaches it (the terms are never negative, and only
 * a penalty below the best so far matters).
 */
function penalty(
  rows: Uint32Array,
  columns: Uint32Array,
  size: number,
  words: number,
  bound: number
): number {
  // N4: share of dark modules away from 50 %.
  let dark = 0
  for (const word of rows) dark += popcount(word)
  let points = Math.abs(Math.ceil((dark * 100) / (size * size) / 5) - 10) * N4
  // N2: 2 × 2 blocks of one colour.
  let blocks = 0
  for (let word = 0; word < words; word++) {
    const valid = upTo(word, size - 2)
    for (let at = word; at + words < rows.length; at += words) {
      const high = word + 1 < words
      const a0 = rows[at] as number
      const a1 = (a0 >>> 1) | (high ? (rows[at + 1] as number) << 31 : 0)
      const b0 = rows[at + words] as number
      const b1 = (b0 >>> 1) | (high ? (rows[at + words + 1] as number) << 31 : 0)
      const block = ~(a0 ^ a1) & ~(b0 ^ b1) & ~(a0 ^ b0) & valid
      if (block !== 0) blocks += popcount(block)
    }
  }
  points += blocks * N2
  if (points >= bound) return points
  points += linePenalty(rows, size, words)
  if (points >= bound) return points
  return points + linePenalty(columns, size, words)
}

/**
 * Module positions of the format information, in qrcode's `setupFormatInfo` order: bit `i`
 * goes to `(row, column)` pairs `2i` (vertical copy) and `2i + 1` (horizontal copy).
 */
function formatPositions(size: number): number[] {
  const positions: number[] = []
  for (let i = 0; i < 15; i++) {
    positions.push(i < 6 ? i : i < 8 ? i + 1 : size - 15 + i, 8)
    positions.push(8, i < 8 ? size - i - 1 : i < 9 ? 15 - i : 15 - i - 1)
  }
  return positions
}

/** Sets module `(row, column)` to `value` in lines packed by rows and by columns. */
export function setModule(
  rows: Uint32Array,
  columns: Uint32Array,
  words: number,
  row: number,
  column: number,
  value: number
): void {
  const inRow = row * words + (column >>> 5)
  const inColumn = column * words + (row >>> 5)
  const rowBit = 1 << (column & 31)
  const columnBit = 1 << (row & 31)
  rows[inRow] = value ? (rows[inRow] as number) | rowBit : (rows[inRow] as number) & ~rowBit
  columns[inColumn] = value
    ? (columns[inColumn] as number) | columnBit
    : (columns[inColumn] as number) & ~columnBit
}

/**
 * An unmasked symbol as lines of bits: `rows[row * words + w]` holds modules `32 · w …` of a
 * row in its bits, least significant first, `columns` the same by columns; bits past the end
 * of a line are 0. `reservedRows` and `reservedColumns` mark the function modules (finders,
 * separators, timing, alignment, format and version information), which are never masked.
 */
export interface PackedSymbol {
  /** Modules per side. */
  readonly size: number
  /** Words per line: `⌈size / 32⌉`. */
  readonly words: number
  readonly rows: Uint32Array
  readonly columns: Uint32Array
  readonly reservedRows: Uint32Array
  readonly reservedColumns: Uint32Array
}

/**
 * Masks an unmasked symbol with the mask `QRCode.create` would choose itself, and writes that
 * mask's format information.
 *
 * @param symbol The symbol before masking (the format information is overwritten).
 * @param level Its error-correction level.
 * @returns The masked modules, `size × size`, row-major, 1 = dark.
 */
export function applyBestMask(symbol: PackedSymbol, level: ErrorCorrectionLevel): Uint8Array {
  const { size, words, rows: plainRows, columns: plainColumns } = symbol
  const length = size * words
  // Which modules a mask may flip: the data modules.
  const dataRows = new Uint32Array(length)
  const dataColumns = new Uint32Array(length)
  for (let word = 0; word < words; word++) {
    const inside = upTo(word, size - 1)
    for (let at = word; at < length; at += words) {
      dataRows[at] = ~(symbol.reservedRows[at] as number) & inside
      dataColumns[at] = ~(symbol.reservedColumns[at] as number) & inside
    }
  }
  const positions = formatPositions(size)
  const rows = new Uint32Array(length)
  const columns = new Uint32Array(length)
  const mask = (pattern: number): void => {
    for (let line = 0; line < size; line++) {
      const rowFlips = (pattern * 12 + (line % 12)) * 3
      const columnFlips = (pattern * 6 + (line % 6)) * 3
      for (let word = 0, at = line * words; word < words; word++, at++) {
        const phase = word % 3
        rows[at] =
          (plainRows[at] as number) ^
          ((ROW_FLIPS[rowFlips + phase] as number) & (dataRows[at] as number))
        columns[at] =
          (plainColumns[at] as number) ^
          ((COLUMN_FLIPS[columnFlips + phase] as number) & (dataColumns[at] as number))
      }
    }
    const format = FormatInfo.getEncodedBits(ECLevel[level], pattern)
    for (let i = 0; i < 30; i++) {
      const bit = (format >> (i >> 1)) & 1
      setModule(
        rows,
        columns,
        words,
        positions[2 * i] as number,
        positions[2 * i + 1] as number,
        bit
      )
    }
    // The dark module beside the lower-left finder (7.9.1).
    setModule(rows, columns, words, size - 8, 8, 1)
  }
  let best = 0
  let lowest = Infinity
  for (let pattern = 0; pattern < 8; pattern++) {
    mask(pattern)
    const points = penalty(rows, columns, size, words, lowest)
    if (points < lowest) {
      lowest = points
      best = pattern
    }
  }
  mask(best)
  const masked = new Uint8Array(size * size)
  for (let row = 0; row < size; row++) {
    for (let column = 0; column < size; column++) {
      masked[row * size + column] =
        ((rows[row * words + (column >>> 5)] as number) >>> (column & 31)) & 1
    }
  }
  return masked
}
