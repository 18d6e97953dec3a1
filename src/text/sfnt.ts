/**
 * The sfnt container: the table directory of a TTF/OTF file, read from the raw bytes, and the
 * formats a font file may come in (sfnt, WOFF, WOFF2).
 *
 * @module
 */
import { FontError } from './font-error.ts'
import type { FontBytes } from './types.ts'

/** Where one table lives in the font file. */
export interface SfntTable {
  /** Byte offset from the start of the file. */
  readonly offset: number
  /** Length in bytes. */
  readonly length: number
}

/** A font file with its table directory. */
export interface Sfnt {
  /** A private copy of the bytes (the caller's buffer is never touched). */
  readonly buffer: ArrayBuffer
  readonly view: DataView
  /** Tables by tag (`'GPOS'`, `'hmtx'` …). */
  readonly tables: ReadonlyMap<string, SfntTable>
}

/** Containers of one face the font layer reads: plain sfnt (TrueType or CFF), WOFF, WOFF2. */
export type FontFormat = 'sfnt' | 'woff' | 'woff2'

/** Signatures (first four bytes, hex) of the formats we read. */
const FORMATS: Readonly<Record<string, FontFormat>> = {
  '00010000': 'sfnt', // TrueType
  '74727565': 'sfnt', // Apple `true`
  '4f54544f': 'sfnt', // `OTTO`, CFF or CFF2 outlines
  '774f4646': 'woff', // `wOFF`
  '774f4632': 'woff2', // `wOF2`
}

/** sfnt versions of TrueType (1.0, Apple `true`) and CFF (`OTTO`) fonts: what WOFF may wrap. */
export const SFNT_FLAVORS: ReadonlySet<number> = new Set([0x00010000, 0x74727565, 0x4f54544f])

/** What a font file of any of {@link FORMATS} may be, for messages. */
export const FONT_FORMATS = 'TTF, OTF, WOFF or WOFF2'

function hex(bytes: Uint8Array): string {
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

/**
 * Tells the container of a font file by its first bytes: TTF, OTF, WOFF and WOFF2 pass; a
 * collection (TTC) or anything else throws a `FontError` saying what to do.
 *
 * @param bytes The font file.
 * @param name Family and style for the message, e.g. `Inter bold`.
 * @returns The container format.
 */
export function fontFormat(bytes: Uint8Array, name: string): FontFormat {
  const signature = hex(bytes.subarray(0, 4))
  if (signature === '74746366') {
    throw new FontError(
      'unsupported-format',
      `Unexpected font collection (TTC) \`${name}\`, expected a ${FONT_FORMATS} file (extract one face first, for example with fonttools)`
    )
  }
  if (bytes.byteLength < 12) {
    throw new FontError(
      'invalid-font',
      `Unexpected ${bytes.byteLength} bytes for font \`${name}\`, expected a ${FONT_FORMATS} file`
    )
  }
  const format = FORMATS[signature]
  if (format) return format
  throw new FontError(
    'invalid-font',
    `Unexpected data \`${signature}\` at the start of font \`${name}\`, expected a ${FONT_FORMATS} file`
  )
}

/**
 * Reads a 4-byte tag at an offset.
 *
 * @param view The font bytes.
 * @param offset Byte offset of the tag.
 * @returns The tag as a 4-character string.
 */
export function readTag(view: DataView, offset: number): string {
  return String.fromCharCode(
    view.getUint8(offset),
    view.getUint8(offset + 1),
    view.getUint8(offset + 2),
    view.getUint8(offset + 3)
  )
}

/**
 * Reads the table directory of an sfnt (TTF/OTF) file. The bytes are copied, so the caller's
 * buffer is never touched; WOFF and WOFF2 are unpacked to sfnt first (`unpack-font.ts`).
 *
 * @param bytes An sfnt file.
 * @param name Family and style for messages, e.g. `Inter bold`.
 * @returns The copied bytes with their table directory.
 */
export function readSfnt(bytes: FontBytes, name: string): Sfnt {
  const source = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)
  if (fontFormat(source, name) !== 'sfnt') {
    throw new FontError(
      'invalid-font',
      `Unexpected packed font \`${name}\`, expected an unpacked TTF or OTF file`
    )
  }
  const buffer = source.slice().buffer
  const view = new DataView(buffer)
  const count = view.getUint16(4)
  if (12 + count * 16 > buffer.byteLength) {
    throw new FontError(
      'invalid-font',
      `Unexpected truncated table directory in font \`${name}\`, expected ${count} tables`
    )
  }
  const tables = new Map<string, SfntTable>()
  for (let index = 0; index < count; index++) {
    const record = 12 + index * 16
    const tag = readTag(view, record)
    const offset = view.getUint32(record + 8)
    const length = view.getUint32(record + 12)
    if (offset + length > buffer.byteLength) {
      throw new FontError(
        'invalid-font',
        `Unexpected table \`${tag}\` beyond the end of font \`${name}\`, expected a complete file`
      )
    }
    tables.set(tag, { offset, length })
  }
  return { buffer, view, tables }
}
