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

function checksum(bytes: Uint8Array, offset: number, length: number): number {
  let sum = 0
  const end = offset + length
  let at = offset
  for (; at + 4 <= end; at += 4) {
    sum = (sum + ((bytes[at] as number) << 24) + ((bytes[at + 1] as number) << 16)) >>> 0
    sum = (sum + ((bytes[at + 2] as number) << 8) + (bytes[at + 3] as number)) >>> 0
  }
  // The last partial word is padded with zeros (the table is 4-byte aligned in the file).
  let last = 0
  for (let shift = 24; at < end; at++, shift -= 8) last += (bytes[at] as number) << shift
  return (sum + (last >>> 0)) >>> 0
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
    view.setUint32(record + 4, checksum(out, offset, table.data.byteLength))
    view.setUint32(record + 8, offset)
    view.setUint32(record + 12, table.data.byteLength)
    offset += (table.data.byteLength + 3) & ~3
  })
  return out
}
