/**
 * The file structure of a PDF (ISO 32000-1 section 7.5): numbered objects, streams compressed
 * with Flate, the cross-reference table and the trailer, with a file identifier computed from
 * the content, so the same proof is the same bytes everywhere.
 *
 * @module
 */
import { deflate } from './flate.ts'
import { PdfRef, pdfName, pdfRaw, pdfValue, type PdfRaw, type PdfValue } from './pdf-syntax.ts'

/** A stream's dictionary entries besides `Length` (and `Filter` when we compress it). */
export type StreamDictionary = Readonly<Record<string, PdfValue | undefined>>

/** Collects the objects of one PDF and writes the file. */
export interface PdfFile {
  /** A number for an object written later with {@link PdfFile.put} or {@link PdfFile.putStream}. */
  reserve(): PdfRef
  /** Writes an object (under a reserved number, or a new one). */
  put(value: PdfValue, ref?: PdfRef): PdfRef
  /**
   * Writes a stream. Text (our own ASCII syntax) or bytes; compressed with Flate unless
   * `encoded` says the bytes already are (then the dictionary carries their `Filter`).
   */
  putStream(
    dictionary: StreamDictionary,
    data: string | Uint8Array,
    options?: { readonly ref?: PdfRef; readonly encoded?: boolean }
  ): PdfRef
  /** The finished file, with `root` as the catalog and `info` as the document information. */
  finish(root: PdfRef, info: PdfRef): Uint8Array
}

const encoder = new TextEncoder()
// The binary comment line after the header tells transfer programs the file is binary.
const HEADER = new Uint8Array([...encoder.encode('%PDF-1.6\n%'), 0xe2, 0xe3, 0xcf, 0xd3, 0x0a])

/**
 * Starts an empty PDF.
 *
 * @returns The collector.
 */
export function createPdfFile(): PdfFile {
  const objects: (Uint8Array[] | undefined)[] = []
  const reserve = (): PdfRef => {
    objects.push(undefined)
    return new PdfRef(objects.length)
  }
  const store = (ref: PdfRef | undefined, parts: Uint8Array[]): PdfRef => {
    const target = ref ?? reserve()
    objects[target.ref - 1] = parts
    return target
  }
  return {
    reserve,
    put(value, ref) {
      const target = ref ?? reserve()
      return store(target, [encoder.encode(`${target.ref} 0 obj\n${pdfValue(value)}\nendobj\n`)])
    },
    putStream(dictionary, data, options = {}) {
      const raw = typeof data === 'string' ? encoder.encode(data) : data
      const body = options.encoded ? raw : deflate(raw)
      const entries: Record<string, PdfValue | undefined> = { ...dictionary, Length: body.length }
      if (!options.encoded) entries['Filter'] = pdfName('FlateDecode')
      const target = options.ref ?? reserve()
      const head = `${target.ref} 0 obj\n${pdfValue(entries)}\nstream\n`
      return store(target, [encoder.encode(head), body, encoder.encode('\nendstream\nendobj\n')])
    },
    finish(root, info) {
      const chunks: Uint8Array[] = [HEADER]
      let offset = HEADER.length
      const offsets: number[] = []
      for (const [index, parts] of objects.entries()) {
        if (parts === undefined)
          throw new Error(`PDF object ${index + 1} was reserved, never written`)
        offsets.push(offset)
        for (const part of parts) {
          chunks.push(part)
          offset += part.length
        }
      }
      const id = fileIdentifier(chunks)
      let xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
      for (const start of offsets) xref += `${String(start).padStart(10, '0')} 00000 n \n`
      const trailer = pdfValue({
        Size: objects.length + 1,
        Root: root,
        Info: info,
        ID: [id, id],
      })
      chunks.push(encoder.encode(`${xref}trailer\n${trailer}\nstartxref\n${offset}\n%%EOF\n`))
      return concat(chunks)
    },
  }
}

function concat(chunks: readonly Uint8Array[]): Uint8Array {
  let length = 0
  for (const chunk of chunks) length += chunk.length
  const bytes = new Uint8Array(length)
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.length
  }
  return bytes
}

/**
 * The file identifier (section 14.4): 16 bytes derived from everything written, so two
 * different proofs differ in it and the same proof always has the same one. Four lanes of a
 * multiplicative hash (`Math.imul`: exact 32-bit arithmetic in every engine) over the bytes.
 */
function fileIdentifier(chunks: readonly Uint8Array[]): PdfRaw {
  let a = 0x811c9dc5
  let b = 0x01000193
  let c = 0x9e3779b9
  let d = 0x85ebca6b
  let count = 0
  for (const chunk of chunks) {
    for (const byte of chunk) {
      a = Math.imul(a ^ byte, 0x01000193)
      b = Math.imul(b ^ byte, 0x5bd1e995) ^ (b >>> 15)
      c = Math.imul(c + byte, 0x85ebca6b) ^ (c >>> 13)
      d = Math.imul(d ^ (byte + count), 0xc2b2ae35)
      count++
    }
  }
  const bytes = new Uint8Array(16)
  const view = new DataView(bytes.buffer)
  for (const [index, lane] of [a, b, c, d].entries()) {
    let h = lane ^ count
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b)
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
    view.setUint32(index * 4, (h ^ (h >>> 16)) >>> 0)
  }
  let hex = ''
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0')
  return pdfRaw(`<${hex.toUpperCase()}>`)
}
