/**
 * The sfnt container: the table directory of a TTF/OTF file, read from the raw bytes so the
 * shaper can reach GSUB, GPOS, GDEF, hmtx and kern without opentype.js's parsed objects.
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

/** Signatures of sfnt files we read: TrueType (1.0 and Apple `true`) and CFF (`OTTO`). */
const SFNT_SIGNATURES = new Set(['00010000', '74727565', '4f54544f'])

/** Other container formats, with what the host should do about them. */
const OTHER_FORMATS: Readonly<Record<string, { readonly what: string; readonly fix: string }>> = {
  '774f4632': { what: 'WOFF2 font', fix: 'decompress it to TTF first, for example with fonttools' },
  '774f4646': { what: 'WOFF font', fix: 'decompress it to TTF first, for example with fonttools' },
  '74746366': {
    what: 'font collection (TTC)',
    fix: 'extract one face first, for example with fonttools',
  },
}

function hex(bytes: Uint8Array): string {
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

/**
 * Checks the first bytes of a font file: TTF and OTF pass; WOFF, WOFF2 (which needs a Brotli
 * decompressor, research §2.1), collections and anything else throw a `FontError` saying what
 * to do.
 *
 * @param bytes The font file.
 * @param name Family and style for the message, e.g. `Inter bold`.
 */
export function checkFontSignature(bytes: Uint8Array, name: string): void {
  if (bytes.byteLength < 12) {
    throw new FontError(
      'invalid-font',
      `Unexpected ${bytes.byteLength} bytes for font \`${name}\`, expected a TTF or OTF file`
    )
  }
  const signature = hex(bytes.subarray(0, 4))
  if (SFNT_SIGNATURES.has(signature)) return
  const other = OTHER_FORMATS[signature]
  if (other) {
    throw new FontError(
      'unsupported-format',
      `Unexpected ${other.what} \`${name}\`, expected a TTF or OTF file (${other.fix})`
    )
  }
  throw new FontError(
    'invalid-font',
    `Unexpected data \`${signature}\` at the start of font \`${name}\`, expected a TTF or OTF file`
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
 * Copies font bytes and reads their table directory. Only plain TrueType/CFF sfnt files are
 * accepted: WOFF and WOFF2 need a decompressor (WOFF2 a Brotli one, research §2.1) and
 * collections need a face index, so they are rejected with a `FontError` telling what to do.
 *
 * @param bytes The font file.
 * @param name Family and style for messages, e.g. `Inter bold`.
 * @returns The copied bytes with their table directory.
 */
export function readSfnt(bytes: FontBytes, name: string): Sfnt {
  const source = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)
  checkFontSignature(source, name)
  // A copy: opentype.js needs an ArrayBuffer of exactly the font, and we hide tables in it.
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

/**
 * Renames tables in the directory of a copied font so that a parser skips them (it looks
 * tables up by tag). The first letter becomes `_`, which no registered tag uses.
 *
 * @param sfnt A font read by {@link readSfnt}.
 * @param tags Tags to hide, e.g. `GSUB`.
 */
export function hideTables(sfnt: Sfnt, tags: readonly string[]): void {
  const count = sfnt.view.getUint16(4)
  for (let index = 0; index < count; index++) {
    const record = 12 + index * 16
    if (tags.includes(readTag(sfnt.view, record))) {
      sfnt.view.setUint8(record, 0x5f)
    }
  }
}
