/**
 * PDF objects as text (ISO 32000-1 section 7.3): numbers, names, strings, arrays, dictionaries
 * and references, written the same in every engine.
 *
 * @module
 */
import { formatNumber } from '../preview/format-number.ts'

/** An indirect reference, `12 0 R`. */
export class PdfRef {
  constructor(readonly ref: number) {}
}

/** A name, `/Type`. */
export class PdfName {
  constructor(readonly name: string) {}
}

/** Raw PDF syntax, written as is (a fragment we built ourselves, never user text). */
export class PdfRaw {
  constructor(readonly raw: string) {}
}

/** Any PDF value. */
export type PdfValue =
  | number
  | boolean
  | string
  | PdfRef
  | PdfName
  | PdfRaw
  | null
  | readonly PdfValue[]
  | { readonly [key: string]: PdfValue | undefined }

/**
 * A name object.
 *
 * @param name The name without `/` (regular characters only: ours, never user text).
 * @returns The name.
 */
export function pdfName(name: string): PdfName {
  return new PdfName(name)
}

/**
 * Raw syntax.
 *
 * @param raw The text, e.g. `<FEFF0041>`.
 * @returns The value.
 */
export function pdfRaw(raw: string): PdfRaw {
  return new PdfRaw(raw)
}

/**
 * A real or integer: at most `decimals` decimals, never an exponent (PDF has none), never `-0`.
 *
 * @param value The number.
 * @param decimals Decimals to keep (default: 4).
 * @returns Its PDF text.
 */
export function pdfNumber(value: number, decimals = 4): string {
  return formatNumber(value, decimals)
}

/**
 * A text string (section 7.9.2): ASCII as a literal string, anything else as UTF-16BE with a
 * byte order mark, in hex, so every character of a design name survives.
 *
 * @param text Any string.
 * @returns A PDF string object.
 */
export function pdfTextString(text: string): PdfRaw {
  if (/^[\x20-\x7e]*$/.test(text)) {
    return pdfRaw(`(${text.replace(/[\\()]/g, (character) => `\\${character}`)})`)
  }
  let hex = 'FEFF'
  for (let index = 0; index < text.length; index++) {
    hex += text.charCodeAt(index).toString(16).padStart(4, '0').toUpperCase()
  }
  return pdfRaw(`<${hex}>`)
}

/**
 * A byte string in hex, e.g. a palette.
 *
 * @param bytes The bytes.
 * @returns `<0A1B…>`.
 */
export function pdfHexString(bytes: Uint8Array): PdfRaw {
  let hex = ''
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0')
  return pdfRaw(`<${hex.toUpperCase()}>`)
}

/**
 * Writes a value.
 *
 * @param value The value; a plain string is written as a text string.
 * @returns Its PDF syntax.
 */
export function pdfValue(value: PdfValue): string {
  if (value === null) return 'null'
  if (typeof value === 'number') return pdfNumber(value, 6)
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (typeof value === 'string') return pdfTextString(value).raw
  if (Array.isArray(value)) return `[${value.map((item) => pdfValue(item)).join(' ')}]`
  if (value instanceof PdfRef) return `${value.ref} 0 R`
  if (value instanceof PdfName) return `/${value.name}`
  if (value instanceof PdfRaw) return value.raw
  let text = '<<'
  for (const [key, item] of Object.entries(
    value as Readonly<Record<string, PdfValue | undefined>>
  )) {
    if (item === undefined) continue
    const written = pdfValue(item)
    // A delimiter ends the name by itself; a number, a keyword or a reference needs a space.
    text += /^[/[<(]/.test(written) ? `/${key}${written}` : `/${key} ${written}`
  }
  return `${text}>>`
}
