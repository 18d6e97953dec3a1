/**
 * WOFF 2.0 (W3C Recommendation "WOFF File Format 2.0"): one Brotli stream holding every table,
 * `glyf`/`loca` and `hmtx` possibly transformed (`woff2-transforms.ts`). Decoded to the plain
 * sfnt. The Brotli decoder is passed in: the core loads this module with its pure-JS one lazily
 * (`woff2-decoder.ts`, most of its size is Brotli's 120 kB static dictionary); Node's font loader
 * passes the platform's.
 *
 * @module
 */
import { buildSfnt, MAX_SFNT_BYTES, type SfntTableData } from './build-sfnt.ts'
import { FontError } from './font-error.ts'
import { readTag, SFNT_FLAVORS } from './sfnt.ts'
import { rebuildGlyf, rebuildHmtx, type RebuiltGlyphs } from './woff2-transforms.ts'

/**
 * Decompresses a Brotli stream (RFC 7932) whose decoded size is known; must throw on a broken
 * stream or one that decodes to more than `size` bytes.
 */
export type BrotliDecode = (data: Uint8Array, size: number) => Uint8Array

/** Tags by their index in the WOFF2 table directory flags (WOFF2 §5.2, "known table tags"). */
const KNOWN_TAGS = (
  'cmap head hhea hmtx maxp name OS/2 post cvt_ fpgm glyf loca prep CFF_ VORG EBDT EBLC gasp ' +
  'hdmx kern LTSH PCLT VDMX vhea vmtx BASE GDEF GPOS GSUB EBSC JSTF MATH CBDT CBLC COLR CPAL ' +
  'SVG_ sbix acnt avar bdat bloc bsln cvar fdsc feat fmtx fvar gvar hsty just lcar mort morx ' +
  'opbd prop trak Zapf Silf Glat Gloc Feat Sill'
)
  .split(' ')
  .map((tag) => tag.replace('_', ' '))

const HEADER_SIZE = 48

/** One entry of the WOFF2 table directory. */
interface Entry {
  readonly tag: string
  readonly length: number
  /** Bytes in the decompressed stream (the transformed length for transformed tables). */
  readonly stored: number
  readonly transformed: boolean
}

/** Reads a `UIntBase128` (WOFF2 §4.1): big-endian base 128, at most 5 bytes, no leading zero. */
function readBase128(bytes: Uint8Array, at: { at: number }): number {
  let value = 0
  for (let index = 0; index < 5; index++) {
    const byte = bytes[at.at++]
    if (byte === undefined || (index === 0 && byte === 0x80)) break
    value = value * 128 + (byte & 0x7f)
    if (value > 0xffffffff) break
    if (!(byte & 0x80)) return value
  }
  throw new RangeError('a broken UIntBase128 number in the table directory')
}

/**
 * Decodes a WOFF2 file to the sfnt it wraps.
 *
 * @param bytes The WOFF2 file (signature `wOF2`).
 * @param name Family and style for messages, e.g. `Inter bold`.
 * @param brotli The Brotli decoder.
 * @returns A new buffer with the TTF or OTF file.
 * @throws {FontError} `unsupported-format` for a collection; `invalid-font` for a truncated
 *   file, a broken Brotli stream or a broken transform, saying which.
 */
export function decodeWoff2(bytes: Uint8Array, name: string, brotli: BrotliDecode): Uint8Array {
  const broken = (what: string, cause?: unknown): never => {
    throw new FontError(
      'invalid-font',
      `Unexpected ${what} in WOFF2 font \`${name}\`, expected a complete WOFF2 file`,
      cause === undefined ? undefined : { cause }
    )
  }
  if (bytes.byteLength < HEADER_SIZE) broken(`${bytes.byteLength}-byte header`)
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const flavor = view.getUint32(4)
  if (readTag(view, 4) === 'ttcf') {
    throw new FontError(
      'unsupported-format',
      `Unexpected WOFF2 font collection \`${name}\`, expected one face (extract it first, for example with fonttools)`
    )
  }
  if (!SFNT_FLAVORS.has(flavor)) broken(`sfnt flavor \`${flavor.toString(16).padStart(8, '0')}\``)
  const count = view.getUint16(12)
  const compressedSize = view.getUint32(20)
  const entries: Entry[] = []
  const cursor = { at: HEADER_SIZE }
  let stored = 0
  try {
    for (let index = 0; index < count; index++) {
      const flags = bytes[cursor.at++]
      if (flags === undefined) throw new RangeError('a truncated table directory')
      let tag = KNOWN_TAGS[flags & 0x3f]
      if ((flags & 0x3f) === 0x3f) {
        if (cursor.at + 4 > bytes.byteLength) throw new RangeError('a truncated table directory')
        tag = readTag(view, cursor.at)
        cursor.at += 4
      }
      const version = flags >> 6
      const length = readBase128(bytes, cursor)
      const glyphTable = tag === 'glyf' || tag === 'loca'
      // glyf/loca: version 0 is the transform and 3 the null one; other tables: only hmtx has
      // a transform (version 1), everything else must be stored as it is (version 0).
      const transformed = glyphTable ? version === 0 : version !== 0
      if (
        (glyphTable && version !== 0 && version !== 3) ||
        (transformed && !glyphTable && tag !== 'hmtx')
      ) {
        throw new RangeError(`an unknown transform ${version} of table \`${tag}\``)
      }
      const size = transformed ? readBase128(bytes, cursor) : length
      if (tag === 'loca' && transformed && size !== 0) {
        throw new RangeError('a transformed `loca` table with data')
      }
      entries.push({ tag: tag as string, length, stored: size, transformed })
      stored += size
      if (stored > MAX_SFNT_BYTES || length > MAX_SFNT_BYTES) {
        throw new RangeError(`a size of more than ${MAX_SFNT_BYTES} bytes`)
      }
    }
  } catch (error) {
    return broken((error as Error).message, error)
  }
  if (cursor.at + compressedSize > bytes.byteLength) broken('compressed data beyond the end')

  let data: Uint8Array
  try {
    data = brotli(bytes.subarray(cursor.at, cursor.at + compressedSize), stored)
  } catch (cause) {
    return broken('broken Brotli stream', cause)
  }
  if (data.byteLength !== stored) {
    broken(`Brotli stream of ${data.byteLength} bytes instead of ${stored}`)
  }

  const tables = new Map<string, { entry: Entry; data: Uint8Array }>()
  let offset = 0
  for (const entry of entries) {
    tables.set(entry.tag, { entry, data: data.subarray(offset, offset + entry.stored) })
    offset += entry.stored
  }
  const output: SfntTableData[] = []
  let glyphs: RebuiltGlyphs | undefined
  const glyf = tables.get('glyf')
  try {
    if (glyf?.entry.transformed) {
      if (!tables.has('loca')) throw new RangeError('a transformed `glyf` table without `loca`')
      glyphs = rebuildGlyf(glyf.data)
    }
  } catch (error) {
    return broken(`broken \`glyf\` transform (${(error as Error).message})`, error)
  }
  for (const { entry, data: table } of tables.values()) {
    if (glyphs && entry.tag === 'glyf') output.push({ tag: 'glyf', data: glyphs.glyf })
    else if (glyphs && entry.tag === 'loca') output.push({ tag: 'loca', data: glyphs.loca })
    else if (entry.tag === 'hmtx' && entry.transformed) {
      const hhea = tables.get('hhea')?.data
      if (!glyphs || !hhea || hhea.byteLength < 36) {
        return broken('transformed `hmtx` table without a transformed `glyf` and `hhea`')
      }
      try {
        output.push({
          tag: 'hmtx',
          data: rebuildHmtx(table, (hhea[34] as number) * 256 + (hhea[35] as number), glyphs.xMins),
        })
      } catch (error) {
        return broken(`broken \`hmtx\` transform (${(error as Error).message})`, error)
      }
    } else if (entry.tag === 'head' && glyphs && table.byteLength >= 54) {
      // The rebuilt `loca` uses the transform's index format; `head` must say the same.
      const head = table.slice()
      head[50] = 0
      head[51] = glyphs.indexFormat
      output.push({ tag: 'head', data: head })
    } else {
      output.push({ tag: entry.tag, data: table })
    }
  }
  return buildSfnt(flavor, output)
}
