/**
 * WOFF 1.0 (W3C Recommendation "WOFF File Format 1.0"): an sfnt whose tables are each
 * zlib-compressed (RFC 1950 around RFC 1951 DEFLATE). Decoded to the plain sfnt with
 * `tiny-inflate`, a synchronous, pure-JS inflater that runs the same in every engine and that the
 * core already carries (`linebreak`'s `unicode-trie` inflates its tables with it): one inflater in
 * the browser bundle, not two. The browser's own `DecompressionStream` is asynchronous and would
 * make the registry so.
 *
 * @module
 */
import inflate from 'tiny-inflate'
import { buildSfnt, MAX_SFNT_BYTES, type SfntTableData } from './build-sfnt.ts'
import { FontError } from './font-error.ts'
import { readTag, SFNT_FLAVORS } from './sfnt.ts'

const HEADER_SIZE = 44
const ENTRY_SIZE = 20

/**
 * Decodes a WOFF file to the sfnt it wraps.
 *
 * @param bytes The WOFF file (signature `wOFF`).
 * @param name Family and style for messages, e.g. `Inter bold`.
 * @returns A new buffer with the TTF or OTF file.
 * @throws {FontError} `invalid-font` for a truncated file, a table outside it or a table whose
 *   zlib data is broken, naming the table.
 */
export function decodeWoff(bytes: Uint8Array, name: string): Uint8Array {
  const broken = (what: string): never => {
    throw new FontError(
      'invalid-font',
      `Unexpected ${what} in WOFF font \`${name}\`, expected a complete WOFF file`
    )
  }
  if (bytes.byteLength < HEADER_SIZE) broken(`${bytes.byteLength}-byte header`)
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const flavor = view.getUint32(4)
  if (!SFNT_FLAVORS.has(flavor)) broken(`sfnt flavor \`${flavor.toString(16).padStart(8, '0')}\``)
  const count = view.getUint16(12)
  if (HEADER_SIZE + count * ENTRY_SIZE > bytes.byteLength) broken('truncated table directory')
  const tables: SfntTableData[] = []
  let total = 12 + 16 * count
  for (let index = 0; index < count; index++) {
    const entry = HEADER_SIZE + index * ENTRY_SIZE
    const tag = readTag(view, entry)
    const offset = view.getUint32(entry + 4)
    const compressed = view.getUint32(entry + 8)
    const length = view.getUint32(entry + 12)
    total += (length + 3) & ~3
    if (total > MAX_SFNT_BYTES) broken(`size of more than ${MAX_SFNT_BYTES} bytes`)
    if (offset + compressed > bytes.byteLength) broken(`table \`${tag}\` beyond the end`)
    if (compressed > length) broken(`table \`${tag}\` larger compressed than decoded`)
    const stored = bytes.subarray(offset, offset + compressed)
    if (compressed === length) {
      tables.push({ tag, data: stored })
      continue
    }
    let data: Uint8Array
    try {
      data = inflateZlib(stored, length)
    } catch (cause) {
      throw new FontError(
        'invalid-font',
        `Unexpected broken zlib data of table \`${tag}\` in WOFF font \`${name}\`, expected a complete WOFF file`,
        { cause }
      )
    }
    if (data.byteLength !== length) broken(`table \`${tag}\` of ${data.byteLength} bytes`)
    tables.push({ tag, data })
  }
  return buildSfnt(flavor, tables)
}

/**
 * Inflates one zlib stream (RFC 1950) of a known decoded length.
 *
 * @param stored The stream: a 2-byte header (deflate, no preset dictionary), DEFLATE data and an
 *   Adler-32 trailer (not checked: the table's length and the sfnt's parsing catch damage).
 * @param length The decoded length the table directory states.
 * @returns The decoded bytes; one byte more than `length` when the data decodes to more, so the
 *   caller's length check refuses it.
 * @throws {Error} For a header that is not zlib's deflate or data that does not inflate.
 */
function inflateZlib(stored: Uint8Array, length: number): Uint8Array {
  const cmf = stored[0] ?? 0
  const flg = stored[1] ?? 0
  // RFC 1950 2.2: CM 8 (deflate), CINFO <= 7, FCHECK makes CMF*256+FLG a multiple of 31, FDICT 0.
  if ((cmf & 0x0f) !== 8 || cmf >> 4 > 7 || (cmf * 256 + flg) % 31 !== 0 || flg & 0x20) {
    throw new Error('not a zlib deflate stream')
  }
  // One byte of room beyond the stated length: data that decodes longer fills it and is refused.
  return inflate(stored.subarray(2), new Uint8Array(length + 1))
}
