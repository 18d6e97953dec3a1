/**
 * The mask pattern of a QR symbol, chosen exactly as `qrcode`'s `getBestMask` chooses it (ISO/IEC
 * 18004 7.8.3 with qrcode 1.5.4's own penalty rules), over typed arrays instead of one method
 * call per module: `QRCode.create` spends most of its time there (about 0.3 ms of 0.45 for a
 * coupon URL), and a preview draws one code per postcard.
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
 * For every module, the patterns whose condition holds there, one bit per pattern (ISO/IEC
 * 18004 table 10, with i the row and j the column), from residues instead of products:
 * (i·j) mod 2 = (i mod 2)(j mod 2), (i·j) mod 3 = (i mod 3)(j mod 3) mod 3, and so on.
 */
function maskConditions(size: number): Uint8Array {
  const conditions = new Uint8Array(size * size)
  for (let i = 0; i < size; i++) {
    const i2 = i % 2
    const i3 = i % 3
    const half = Math.floor(i / 2) % 2
    for (let j = 0; j < size; j++) {
      const j2 = j % 2
      const j3 = j % 3
      const product2 = i2 * j2
      const product3 = (i3 * j3) % 3
      const sum2 = (i2 + j2) % 2
      let bits = 0
      if (sum2 === 0) bits |= 1 // (i + j) mod 2 = 0
      if (i2 === 0) bits |= 2 // i mod 2 = 0
      if (j3 === 0) bits |= 4 // j mod 3 = 0
      if ((i3 + j3) % 3 === 0) bits |= 8 // (i + j) mod 3 = 0
      if ((half + (Math.floor(j / 3) % 2)) % 2 === 0) bits |= 16 // (⌊i/2⌋ + ⌊j/3⌋) mod 2 = 0
      if (product2 + product3 === 0) bits |= 32 // (i·j) mod 2 + (i·j) mod 3 = 0
      if ((product2 + product3) % 2 === 0) bits |= 64 // ((i·j) mod 2 + (i·j) mod 3) mod 2 = 0
      if ((product3 + sum2) % 2 === 0) bits |= 128 // ((i·j) mod 3 + (i + j) mod 2) mod 2 = 0
      conditions[i * size + j] = bits
    }
  }
  return conditions
}

/**
 * Module indices of the format information, in qrcode's `setupFormatInfo` order: bit `i` goes
 * to `vertical[i]` and `horizontal[i]`; the dark module goes to `dark`.
 */
function formatPositions(size: number): { vertical: number[]; horizontal: number[]; dark: number } {
  const vertical: number[] = []
  const horizontal: number[] = []
  for (let i = 0; i < 15; i++) {
    const row = i < 6 ? i : i < 8 ? i + 1 : size - 15 + i
    vertical.push(row * size + 8)
    const column = i < 8 ? size - i - 1 : i < 9 ? 15 - i : 15 - i - 1
    horizontal.push(8 * size + column)
  }
  return { vertical, horizontal, dark: (size - 8) * size + 8 }
}

/** Writes the format information of a level and mask into the modules. */
function writeFormat(
  modules: Uint8Array,
  positions: ReturnType<typeof formatPositions>,
  level: ErrorCorrectionLevel,
  pattern: number
): void {
  const bits = FormatInfo.getEncodedBits(ECLevel[level], pattern)
  for (let i = 0; i < 15; i++) {
    const bit = (bits >> i) & 1
    modules[positions.vertical[i] as number] = bit
    modules[positions.horizontal[i] as number] = bit
  }
  modules[positions.dark] = 1
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
 * A symbol as bit lines: `lines[line * words + word]` holds modules `32 · word …` of a line in
 * its bits, least significant first; bits past the end of a line are 0.
 */
class BitLines {
  readonly words: number
  readonly bits: Uint32Array

  constructor(readonly size: number) {
    this.words = (size + 31) >>> 5
    this.bits = new Uint32Array(size * this.words)
  }

  set(line: number, position: number, value: number): void {
    const index = line * this.words + (position >>> 5)
    const bit = 1 << (position & 31)
    this.bits[index] = value
      ? (this.bits[index] as number) | bit
      : (this.bits[index] as number) & ~bit
  }

  /** Word `word` of `line` moved down by `shift` (0-31) positions: bit b is module 32·word + b + shift. */
  at(line: number, word: number, shift: number): number {
    const base = line * this.words
    const low = this.bits[base + word] as number
    if (shift === 0) return low
    const high = word + 1 < this.words ? (this.bits[base + word + 1] as number) : 0
    return (low >>> shift) | (high << (32 - shift))
  }
}

/**
 * N1 (runs of 5 or more same-colour modules: 3 + length − 5 each, that is one per 5-module
 * window inside the run plus 2 per run) and N3 (qrcode's 11-module windows 10111010000 and
 * 00001011101, 40 each) along every line, word by word.
 */
function linePenalty(lines: BitLines): number {
  const { size, words } = lines
  let windows = 0
  let runs = 0
  let finders = 0
  for (let line = 0; line < size; line++) {
    for (let word = 0; word < words; word++) {
      const x0 = lines.at(line, word, 0)
      const x1 = lines.at(line, word, 1)
      const x2 = lines.at(line, word, 2)
      const x3 = lines.at(line, word, 3)
      const x4 = lines.at(line, word, 4)
      const five = ~(x0 ^ x1) & ~(x1 ^ x2) & ~(x2 ^ x3) & ~(x3 ^ x4) & upTo(word, size - 5)
      if (five !== 0) {
        const before = word > 0 ? (lines.bits[line * words + word - 1] as number) >>> 31 : 0
        // A window starts a run where the module before differs (or there is none).
        let starts = x0 ^ ((x0 << 1) | before)
        if (word === 0) starts |= 1
        windows += popcount(five)
        runs += popcount(five & starts)
      }
      const valid = upTo(word, size - 11)
      if (valid === 0) continue
      const x5 = lines.at(line, word, 5)
      const x6 = lines.at(line, word, 6)
      const x7 = lines.at(line, word, 7)
      const x8 = lines.at(line, word, 8)
      const x9 = lines.at(line, word, 9)
      const x10 = lines.at(line, word, 10)
      const dark = x0 & x2 & x3 & x4 & x6 & ~x1 & ~x5 & ~x7 & ~x8 & ~x9 & ~x10
      const light = x4 & x6 & x7 & x8 & x10 & ~x0 & ~x1 & ~x2 & ~x3 & ~x5 & ~x9
      finders += popcount(dark & valid) + popcount(light & valid)
    }
  }
  // A run of L ≥ 5 modules: L − 4 windows + (N1 − 1) = N1 + (L − 5).
  return windows + (N1 - 1) * runs + finders * N3
}

/**
 * qrcode's penalty of a masked symbol, N1 + N2 + N3 + N4 its way (`mask-pattern.js`), or any
 * number at least `bound` as soon as the sum reaches it (the terms are never negative, and only
 * a penalty below the best so far matters). Computed on bit lines, 32 modules per operation.
 */
function penalty(rows: BitLines, columns: BitLines, bound: number): number {
  const { size, words, bits } = rows
  // N4: share of dark modules away from 50 %.
  let dark = 0
  for (const word of bits) dark += popcount(word)
  let points = Math.abs(Math.ceil((dark * 100) / (size * size) / 5) - 10) * N4
  // N2: 2 × 2 blocks of one colour.
  let blocks = 0
  for (let row = 0; row < size - 1; row++) {
    for (let word = 0; word < words; word++) {
      const a0 = rows.at(row, word, 0)
      const a1 = rows.at(row, word, 1)
      const b0 = rows.at(row + 1, word, 0)
      const b1 = rows.at(row + 1, word, 1)
      blocks += popcount(~(a0 ^ a1) & ~(b0 ^ b1) & ~(a0 ^ b0) & upTo(word, size - 2))
    }
  }
  points += blocks * N2
  if (points >= bound) return points
  points += linePenalty(rows)
  if (points >= bound) return points
  return points + linePenalty(columns)
}

/**
 * Re-masks a symbol that `QRCode.create` built with mask 0 with the mask `QRCode.create` would
 * have chosen itself: the lowest penalty, the first on a tie.
 *
 * @param data The modules of the symbol with mask 0 (`symbol.modules.data`), 0 or 1.
 * @param reserved Its function modules (`symbol.modules.reservedBit`), never masked.
 * @param size Modules per side.
 * @param level Its error-correction level.
 * @returns The modules with the best mask and its format information.
 */
export function applyBestMask(
  data: Uint8Array,
  reserved: Uint8Array,
  size: number,
  level: ErrorCorrectionLevel
): Uint8Array {
  const conditions = maskConditions(size)
  // The data modules unmasked, and which patterns flip each (none for function modules); the
  // same as bit lines, by rows and by columns, and each pattern's flips as bit lines too.
  const plain = new Uint8Array(size * size)
  const plainRows = new BitLines(size)
  const plainColumns = new BitLines(size)
  const flipRows = Array.from({ length: 8 }, () => new BitLines(size))
  const flipColumns = Array.from({ length: 8 }, () => new BitLines(size))
  const words = plainRows.words
  for (let row = 0; row < size; row++) {
    const rowBit = 1 << (row & 31)
    const rowWord = row >>> 5
    for (let column = 0; column < size; column++) {
      const index = row * size + column
      if (reserved[index]) conditions[index] = 0
      const flips = conditions[index] as number
      const value = (data[index] ? 1 : 0) ^ (flips & 1)
      plain[index] = value
      const inRow = row * words + (column >>> 5)
      const columnBit = 1 << (column & 31)
      const inColumn = column * words + rowWord
      if (value) {
        plainRows.bits[inRow] = (plainRows.bits[inRow] as number) | columnBit
        plainColumns.bits[inColumn] = (plainColumns.bits[inColumn] as number) | rowBit
      }
      for (let pattern = 0; flips >> pattern !== 0; pattern++) {
        if ((flips >> pattern) & 1) {
          const rows = (flipRows[pattern] as BitLines).bits
          const columns = (flipColumns[pattern] as BitLines).bits
          rows[inRow] = (rows[inRow] as number) | columnBit
          columns[inColumn] = (columns[inColumn] as number) | rowBit
        }
      }
    }
  }
  const positions = formatPositions(size)
  const rows = new BitLines(size)
  const columns = new BitLines(size)
  let best = 0
  let lowest = Infinity
  for (let pattern = 0; pattern < 8; pattern++) {
    maskLines(rows, plainRows, flipRows[pattern] as BitLines)
    maskLines(columns, plainColumns, flipColumns[pattern] as BitLines)
    const format = FormatInfo.getEncodedBits(ECLevel[level], pattern)
    for (let i = 0; i < 15; i++) {
      const bit = (format >> i) & 1
      for (const index of [positions.vertical[i] as number, positions.horizontal[i] as number]) {
        rows.set(Math.floor(index / size), index % size, bit)
        columns.set(index % size, Math.floor(index / size), bit)
      }
    }
    rows.set(Math.floor(positions.dark / size), positions.dark % size, 1)
    columns.set(positions.dark % size, Math.floor(positions.dark / size), 1)
    const points = penalty(rows, columns, lowest)
    if (points < lowest) {
      lowest = points
      best = pattern
    }
  }
  const work = new Uint8Array(size * size)
  maskInto(work, plain, conditions, best)
  writeFormat(work, positions, level, best)
  return work
}

/** `target` = `plain` XOR `flips`, word by word. */
function maskLines(target: BitLines, plain: BitLines, flips: BitLines): void {
  for (let index = 0; index < target.bits.length; index++) {
    target.bits[index] = (plain.bits[index] as number) ^ (flips.bits[index] as number)
  }
}

/** `target` = `plain` with `pattern` applied where its condition holds on data modules. */
function maskInto(
  target: Uint8Array,
  plain: Uint8Array,
  conditions: Uint8Array,
  pattern: number
): void {
  for (let index = 0; index < plain.length; index++) {
    target[index] = (plain[index] as number) ^ (((conditions[index] as number) >> pattern) & 1)
  }
}
