/**
 * WOFF 1.0 (W3C Recommendation "WOFF File Format 1.0"): an sfnt whose tables are each
 * zlib-compressed. Decoded to the plain sfnt with fflate's inflate, a small (2 kB gzipped),
 * synchronous, pure-JS zlib that runs the same in every engine; the browser's own
 * `DecompressionStream` is asynchronous and would make the registry so.
 *
 * @module
 */
import { unzlibSync } from 'fflate'
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
      data = unzlibSync(stored, { out: new Uint8Array(length) })
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
