/**
 * Writes an sfnt (TTF/OTF) file from its tables: what WOFF and WOFF2 decoding produce, so that
 * every later reader (cmap, glyf, CFF, GSUB …) sees one format (OpenType "Organization of an
 * OpenType Font": table directory sorted by tag, tables 4-byte aligned, checksums).
 *
 * @module
 */

/** One table of the font to write. */
export interface SfntTableData {
  /** Four-character tag, e.g. `glyf`. */
  readonly tag: string
  readonly data: Uint8Array
}

/** Largest sfnt we build (128 MiB): the biggest CJK fonts are a fifth of it; more is an attack. */
export const MAX_SFNT_BYTES = 128 * 1024 * 1024

/** Whether this platform stores a uint32's low byte first (every browser and Node platform). */
const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1

/**
 * The OpenType table checksum: the sum of the table's big-endian uint32 words, the last one
 * padded with zeros (a table starts at a multiple of 4 and its padding is zero). This runs over
 * the whole font on the first, still unoptimised decode of a process, so its cost is bytecodes
 * per word: each word is read once in the platform's order, and its four bytes are summed in two
 * pairs of 16-bit lanes (bytes 0 and 2, bytes 1 and 3), 128 words at a time so that a lane stays
 * below 2^16 and a sum a small integer; the lanes are weighted by their big-endian place after
 * each block.
 *
 * @param bytes The whole font; `offset` is a multiple of 4 from the start of its buffer.
 */
function checksum(bytes: Uint8Array, offset: number, length: number): number {
  const words = new Int32Array(bytes.buffer, bytes.byteOffset + offset, (length + 3) >> 2)
  let sum = 0
  for (let block = 0; block < words.length; block += 128) {
    let even = 0
    let odd = 0
    const end = Math.min(words.length, block + 128)
    for (let at = block; at < end; at++) {
      const word = words[at] as number
      even += word & 0xff00ff
      odd += (word >> 8) & 0xff00ff
    }
    // Little-endian, even holds bytes 0 (its low lane) and 2, odd bytes 1 and 3; big-endian the
    // other way round. Byte 0 is the word's most significant.
    sum += LITTLE_ENDIAN
      ? (even & 0xffff) * 0x1000000 +
        (odd & 0xffff) * 0x10000 +
        (even >>> 16) * 0x100 +
        (odd >>> 16)
      : (odd >>> 16) * 0x1000000 +
        (even >>> 16) * 0x10000 +
        (odd & 0xffff) * 0x100 +
        (even & 0xffff)
    sum %= 0x100000000
  }
  return sum
}

/**
 * Assembles an sfnt file.
 *
 * @param flavor The sfnt version: `0x00010000` (TrueType) or `0x4f54544f` (`OTTO`, CFF).
 * @param tables The tables, in any order; they are written sorted by tag.
 * @returns The file bytes.
 */
export function buildSfnt(flavor: number, tables: readonly SfntTableData[]): Uint8Array {
  const sorted = [...tables].sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0))
  const count = sorted.length
  let size = 12 + 16 * count
  for (const table of sorted) size += (table.data.byteLength + 3) & ~3
  const out = new Uint8Array(size)
  const view = new DataView(out.buffer)
  let power = 1
  let log = 0
  while (power * 2 <= count) {
    power *= 2
    log++
  }
  view.setUint32(0, flavor)
  view.setUint16(4, count)
  view.setUint16(6, power * 16)
  view.setUint16(8, log)
  view.setUint16(10, count * 16 - power * 16)
  let offset = 12 + 16 * count
  sorted.forEach((table, index) => {
    const record = 12 + index * 16
    for (let char = 0; char < 4; char++) out[record + char] = table.tag.charCodeAt(char) & 0xff
    out.set(table.data, offset)
    let sum = checksum(out, offset, table.data.byteLength)
    // `head` is summed with its checkSumAdjustment (bytes 8-11) taken as 0.
    if (table.tag === 'head' && table.data.byteLength >= 12) {
      sum = (sum - view.getUint32(offset + 8) + 0x100000000) % 0x100000000
    }
    view.setUint32(record + 4, sum)
    view.setUint32(record + 8, offset)
    view.setUint32(record + 12, table.data.byteLength)
    offset += (table.data.byteLength + 3) & ~3
  })
  return out
}
