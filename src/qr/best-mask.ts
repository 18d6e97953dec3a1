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

/**
 * qrcode's penalty of a masked symbol, N1 + N2 + N3 + N4 its way (`mask-pattern.js`), or any
 * number at least `bound` as soon as the sum reaches it (the terms are never negative, and only
 * a penalty below the best so far matters). `columns` receives the symbol transposed, so that
 * runs and windows down the columns are read in memory order too.
 */
function penalty(modules: Uint8Array, columns: Uint8Array, size: number, bound: number): number {
  // N4: share of dark modules away from 50 %.
  let dark = 0
  for (const module of modules) dark += module
  let points = Math.abs(Math.ceil((dark * 100) / modules.length / 5) - 10) * N4
  // N2: 2 × 2 blocks of one colour.
  let blocks = 0
  for (let row = 0; row < size - 1; row++) {
    let at = row * size
    let left = (modules[at] as number) + (modules[at + size] as number)
    for (let column = 1; column < size; column++) {
      at++
      const right = (modules[at] as number) + (modules[at + size] as number)
      const sum = left + right
      if (sum === 4 || sum === 0) blocks++
      left = right
    }
  }
  points += blocks * N2
  if (points >= bound) return points
  // N1: runs of 5 or more same-colour modules in a row or a column. N3: 1:1:3:1:1 finder-like
  // patterns with four light modules on one side, in 11-module windows.
  points += linePenalty(modules, size)
  if (points >= bound) return points
  for (let row = 0; row < size; row++) {
    for (let column = 0; column < size; column++) {
      columns[column * size + row] = modules[row * size + column] as number
    }
  }
  return points + linePenalty(columns, size)
}

/** N1 and N3 (weighted) over the rows of a square matrix. */
function linePenalty(modules: Uint8Array, size: number): number {
  let points = 0
  let finders = 0
  for (let line = 0; line < size; line++) {
    const start = line * size
    let run = 0
    let last = -1
    let bits = 0
    for (let at = 0; at < size; at++) {
      const value = modules[start + at] as number
      if (value === last) run++
      else {
        if (run >= 5) points += N1 + (run - 5)
        last = value
        run = 1
      }
      bits = ((bits << 1) & 0x7ff) | value
      if (at >= 10 && (bits === 0x5d0 || bits === 0x05d)) finders++
    }
    if (run >= 5) points += N1 + (run - 5)
  }
  return points + finders * N3
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
  // The data modules unmasked, and which patterns flip each (none for function modules).
  const plain = new Uint8Array(size * size)
  for (let index = 0; index < plain.length; index++) {
    const value = data[index] ? 1 : 0
    if (reserved[index]) {
      plain[index] = value
      conditions[index] = 0
    } else {
      plain[index] = value ^ ((conditions[index] as number) & 1)
    }
  }
  const positions = formatPositions(size)
  const work = new Uint8Array(size * size)
  const columns = new Uint8Array(size * size)
  let best = 0
  let lowest = Infinity
  for (let pattern = 0; pattern < 8; pattern++) {
    maskInto(work, plain, conditions, pattern)
    writeFormat(work, positions, level, pattern)
    const points = penalty(work, columns, size, lowest)
    if (points < lowest) {
      lowest = points
      best = pattern
    }
  }
  maskInto(work, plain, conditions, best)
  writeFormat(work, positions, level, best)
  return work
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
