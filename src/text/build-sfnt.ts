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

/**
 * The OpenType table checksum: the sum of the table's big-endian uint32 words, the last one
 * padded with zeros (a table starts at a multiple of 4 and its padding is zero). This runs over
 * the whole font on the first, still unoptimised decode of a process, where every uint32 above
 * 2^30 would be a boxed number: so each byte lane of the words is summed as a small integer and
 * the lanes are combined per round of 16 MiB (a lane's sum stays below 255 × 2^22 < 2^30).
 */
function checksum(bytes: Uint8Array, offset: number, length: number): number {
  let high = 0
  let upper = 0
  let lower = 0
  let low = 0
  let sum = 0
  const end = offset + length
  for (let at = offset; at < end;) {
    const stop = Math.min(end, at + 0x1000000)
    for (; at < stop; at += 4) {
      high += bytes[at] as number
      upper += bytes[at + 1] as number
      lower += bytes[at + 2] as number
      low += bytes[at + 3] as number
    }
    sum = (sum + (high % 0x100) * 0x1000000 + (upper % 0x10000) * 0x10000) % 0x100000000
    sum = (sum + (lower % 0x1000000) * 0x100 + low) % 0x100000000
    high = upper = lower = low = 0
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
