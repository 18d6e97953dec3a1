/**
 * The codewords of a QR symbol (ISO/IEC 18004 7.4 data encoding, 7.5 error correction, 7.6
 * interleaving), written exactly as `qrcode` 1.5.4's `createData` and `createCodewords` write
 * them: segment headers and payloads, terminator, zero bits to a byte, `0xEC 0x11` pad bytes,
 * Reed-Solomon codewords per block, then data and error-correction codewords interleaved.
 * Here the bits go straight into one byte array and each block is divided in place, instead of
 * through qrcode's bit buffer and polynomial objects (a new generator polynomial per symbol).
 *
 * @module
 */
import ECCode from 'qrcode/lib/core/error-correction-code.js'
import ECLevel from 'qrcode/lib/core/error-correction-level.js'
import Utils from 'qrcode/lib/core/utils.js'
import type { ErrorCorrectionLevel } from '../design/types.ts'
import type { QrSegment } from './qr-segments.ts'
import { utf8Length } from '../text/code-points.ts'
import { ALPHANUMERIC_CHARS, MODE_NAMES, charCountBits } from './qr-standard.ts'

/** Mode indicators (ISO/IEC 18004 table 2). */
const MODE_BITS: Readonly<Record<QrSegment['mode'], number>> = {
  numeric: 0b0001,
  alphanumeric: 0b0010,
  byte: 0b0100,
}

/** Stands for log 0: any sum with it lands in the zero part of `exp`. */
const ZERO_LOG = 512
/**
 * GF(256) with the QR polynomial x⁸ + x⁴ + x³ + x² + 1: `exp[k]` = α^k for k < 510 (twice
 * over, so a sum of two logs needs no reduction) and 0 from `ZERO_LOG` on, `log[a]` the power
 * of a nonzero `a`; a product is `exp[log a + log b]`, and a factor 0 is given `ZERO_LOG`.
 */
const GF = /* @__PURE__ */ buildGaloisField()

function buildGaloisField(): { exp: Uint8Array; log: Uint16Array } {
  const exp = new Uint8Array(2 * ZERO_LOG + 1)
  const log = new Uint16Array(256)
  log[0] = ZERO_LOG
  let value = 1
  for (let power = 0; power < 255; power++) {
    exp[power] = value
    exp[power + 255] = value
    log[value] = power
    value <<= 1
    if (value & 0x100) value ^= 0x11d
  }
  return { exp, log }
}

/** Bits written MSB first into a byte array, as qrcode's `BitBuffer.put`. */
class BitWriter {
  /** Bits written. */
  length = 0
  /** The last `length mod 8` bits, not yet in `bytes`. */
  #pending = 0
  constructor(readonly bytes: Uint8Array) {}

  /** Appends the low `bits` bits of `value` (at most 24). */
  put(value: number, bits: number): void {
    const pending = (this.#pending << bits) | (value & ((1 << bits) - 1))
    let count = (this.length & 7) + bits
    let index = this.length >>> 3
    while (count >= 8) {
      count -= 8
      this.bytes[index++] = (pending >>> count) & 0xff
    }
    this.#pending = pending & ((1 << count) - 1)
    this.length += bits
  }

  /** Writes the bits still pending, zero-padded to a whole byte. */
  flush(): void {
    const count = this.length & 7
    if (count > 0) this.bytes[this.length >>> 3] = (this.#pending << (8 - count)) & 0xff
  }
}

/** Writes the UTF-8 bytes of a well-formed string (what `TextEncoder` gives). */
function writeUtf8(text: string, writer: BitWriter): void {
  for (let index = 0; index < text.length; index++) {
    let code = text.charCodeAt(index)
    if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      code = 0x10000 + ((code - 0xd800) << 10) + (text.charCodeAt(++index) - 0xdc00)
    }
    if (code < 0x80) {
      writer.put(code, 8)
    } else if (code < 0x800) {
      writer.put(0xc0 | (code >> 6), 8)
      writer.put(0x80 | (code & 63), 8)
    } else if (code < 0x10000) {
      writer.put(0xe0 | (code >> 12), 8)
      writer.put(0x80 | ((code >> 6) & 63), 8)
      writer.put(0x80 | (code & 63), 8)
    } else {
      writer.put(0xf0 | (code >> 18), 8)
      writer.put(0x80 | ((code >> 12) & 63), 8)
      writer.put(0x80 | ((code >> 6) & 63), 8)
      writer.put(0x80 | (code & 63), 8)
    }
  }
}

function writeSegment(writer: BitWriter, segment: QrSegment, version: number): void {
  const { mode, data } = segment
  writer.put(MODE_BITS[mode], 4)
  const countBits = charCountBits(MODE_NAMES.indexOf(mode), version)
  if (mode === 'byte') {
    writer.put(utf8Length(data), countBits)
    writeUtf8(data, writer)
  } else if (mode === 'numeric') {
    writer.put(data.length, countBits)
    let index = 0
    for (; index + 3 <= data.length; index += 3)
      writer.put(Number(data.slice(index, index + 3)), 10)
    const rest = data.length - index
    if (rest > 0) writer.put(Number(data.slice(index)), rest * 3 + 1)
  } else {
    writer.put(data.length, countBits)
    let index = 0
    for (; index + 2 <= data.length; index += 2) {
      const first = ALPHANUMERIC_CHARS.indexOf(data.charAt(index))
      writer.put(first * 45 + ALPHANUMERIC_CHARS.indexOf(data.charAt(index + 1)), 11)
    }
    if (data.length % 2) writer.put(ALPHANUMERIC_CHARS.indexOf(data.charAt(index)), 6)
  }
}

/**
 * The generator polynomial of degree `degree`, (x − α⁰)…(x − α^(degree−1)), as the logs of its
 * coefficients after the leading 1, highest first.
 */
function generatorLogs(degree: number): Uint16Array {
  const { exp, log } = GF
  const poly = new Uint8Array(degree + 1)
  poly[0] = 1
  for (let root = 0; root < degree; root++) {
    // Multiply by (x + α^root), from the lowest coefficient up.
    for (let index = root + 1; index > 0; index--) {
      poly[index] =
        (poly[index] as number) ^ (exp[(log[poly[index - 1] as number] as number) + root] as number)
    }
  }
  const logs = new Uint16Array(degree)
  for (let index = 0; index < degree; index++)
    logs[index] = log[poly[index + 1] as number] as number
  return logs
}

/**
 * Reed-Solomon codewords of `data[start … start + length)`: the remainder of data · x^degree
 * divided by the generator, written to `target` from `offset` (highest coefficient first;
 * `target` is 0 there).
 */
function divide(
  data: Uint8Array,
  start: number,
  length: number,
  generator: Uint16Array,
  target: Uint8Array,
  offset: number
): void {
  const { exp, log } = GF
  const last = offset + generator.length - 1
  for (let index = start; index < start + length; index++) {
    // Shift the remainder by one term and add factor × generator.
    const factor = log[(data[index] as number) ^ (target[offset] as number)] as number
    for (let term = offset, power = 0; term < last; term++, power++) {
      target[term] =
        (target[term + 1] as number) ^ (exp[(generator[power] as number) + factor] as number)
    }
    target[last] = exp[(generator[last - offset] as number) + factor] as number
  }
}

/**
 * The final sequence of codewords of a symbol: the segments at `version` and `level`, padded,
 * divided into blocks with their error-correction codewords, and interleaved.
 *
 * @param segments The segments in text order (as `qrEncoding` gives them).
 * @param version A version that holds them.
 * @param level Error-correction level.
 * @returns All codewords of the symbol, in placement order.
 */
export function qrCodewords(
  segments: readonly QrSegment[],
  version: number,
  level: ErrorCorrectionLevel
): Uint8Array {
  const ecLevel = ECLevel[level]
  const total = Utils.getSymbolTotalCodewords(version)
  const ecTotal = ECCode.getTotalCodewordsCount(version, ecLevel)
  const dataTotal = total - ecTotal
  const data = new Uint8Array(dataTotal)
  const writer = new BitWriter(data)
  for (const segment of segments) writeSegment(writer, segment, version)
  // Terminator (up to four 0 bits), zero bits to a byte (already 0), then pad bytes.
  if (writer.length + 4 <= dataTotal * 8) writer.put(0, 4)
  writer.flush()
  for (let index = (writer.length + 7) >>> 3, pad = 0; index < dataTotal; index++, pad++) {
    data[index] = pad % 2 ? 0x11 : 0xec
  }

  const blocks = ECCode.getBlocksCount(version, ecLevel)
  const blocksInGroup2 = total % blocks
  const blocksInGroup1 = blocks - blocksInGroup2
  const dataInGroup1 = Math.floor(dataTotal / blocks)
  const ecCount = Math.floor(total / blocks) - dataInGroup1
  const generator = generatorLogs(ecCount)
  const ec = new Uint8Array(blocks * ecCount)
  const codewords = new Uint8Array(total)
  let start = 0
  for (let block = 0; block < blocks; block++) {
    const size = block < blocksInGroup1 ? dataInGroup1 : dataInGroup1 + 1
    divide(data, start, size, generator, ec, block * ecCount)
    // Interleave: codeword i of every block in turn; group 2's extra codeword comes last.
    for (let index = 0; index < size; index++) {
      const at =
        index < dataInGroup1
          ? index * blocks + block
          : dataInGroup1 * blocks + block - blocksInGroup1
      codewords[at] = data[start + index] as number
    }
    start += size
  }
  for (let index = 0; index < ecCount; index++) {
    for (let block = 0; block < blocks; block++) {
      codewords[dataTotal + index * blocks + block] = ec[block * ecCount + index] as number
    }
  }
  return codewords
}
