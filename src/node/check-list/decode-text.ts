/**
 * Turns the bytes of a recipient list into text, chunk by chunk: UTF-8, Windows-1252 (what
 * Excel writes for "CSV (semicolon delimited)" on a German Windows), or UTF-16 with a byte
 * order mark (Excel's "Unicode text"). Memory stays flat: at most three bytes of an unfinished
 * UTF-8 sequence are carried from one chunk to the next.
 *
 * @module
 */
import { isUtf8 } from 'node:buffer'

/** What `--encoding` accepts: `auto` detects, the others force an encoding. */
export type EncodingOption = 'auto' | 'utf-8' | 'windows-1252'

/** The encodings a list is read in. */
export type ListEncoding = 'utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be'

/** What the decoder found out while reading. */
export interface DecodeState {
  /** The encoding in use; `undefined` while `auto` has seen only ASCII bytes. */
  readonly encoding: ListEncoding | undefined
  /** How the encoding was chosen. */
  readonly how: 'forced' | 'byte order mark' | 'detected' | 'default'
  /** Byte sequences that are not UTF-8 in a UTF-8 list (each became U+FFFD). */
  readonly invalidSequences: number
  /** Bytes read so far. */
  readonly bytes: number
}

/**
 * The 32 characters where Windows-1252 differs from ISO-8859-1 (bytes 0x80–0x9F), as the
 * WHATWG Encoding Standard maps them (undefined bytes keep their C1 code point). Node's own
 * `TextDecoder('windows-1252')` decodes these bytes as ISO-8859-1, so `€` (0x80) and the
 * typographic quotes Excel writes would be lost.
 */
const WINDOWS_1252_HIGH =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178'

/**
 * Decodes Windows-1252 bytes.
 *
 * @param bytes The bytes.
 * @returns The text.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
  return text.replace(/[\u0080-\u009F]/g, (char) =>
    WINDOWS_1252_HIGH.charAt(char.charCodeAt(0) - 0x80)
  )
}

/**
 * Where the last complete UTF-8 sequence of a chunk ends: a chunk cut inside a multi-byte
 * character keeps its unfinished tail (at most three bytes) for the next chunk.
 */
function completeUtf8Length(bytes: Uint8Array): number {
  const end = bytes.length
  for (let back = 1; back <= Math.min(3, end); back++) {
    const byte = bytes[end - back] ?? 0
    if (byte < 0x80) return end // ASCII: complete
    if (byte >= 0xc0) {
      // A lead byte: does its sequence fit in what is left?
      const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2
      return length > back ? end - back : end
    }
  }
  return end
}

/**
 * Counts the maximal invalid subparts of UTF-8 bytes (each becomes one U+FFFD), by decoding
 * and comparing: only called for chunks `isUtf8` rejected.
 */
function countReplacements(text: string, bytes: Uint8Array): number {
  let inText = 0
  for (let index = text.indexOf('\uFFFD'); index >= 0; index = text.indexOf('\uFFFD', index + 1))
    inText++
  // Genuine U+FFFD in the bytes (EF BF BD) are not errors.
  let genuine = 0
  for (let index = 0; index + 2 < bytes.length; index++) {
    if (bytes[index] === 0xef && bytes[index + 1] === 0xbf && bytes[index + 2] === 0xbd) genuine++
  }
  return Math.max(0, inText - genuine)
}

/**
 * A streaming decoder of list bytes.
 *
 * - `utf-8`: strict about validity, tolerant in output: a byte sequence that is not UTF-8
 *   becomes U+FFFD and is counted, so the rows that hold one can be reported.
 * - `windows-1252`: every byte is a character.
 * - `auto` (the default): a byte order mark decides (UTF-8, UTF-16LE, UTF-16BE); without one,
 *   the first line with non-ASCII bytes decides: valid UTF-8 makes the list UTF-8, anything
 *   else makes it Windows-1252. Until then the list is ASCII, which reads the same in both.
 */
export class ListDecoder {
  #encoding: ListEncoding | undefined
  #how: DecodeState['how']
  #carry: Uint8Array = new Uint8Array(0)
  #utf16: TextDecoder | undefined
  #started = false
  #invalid = 0
  #bytes = 0

  /** @param option `--encoding`. */
  constructor(option: EncodingOption) {
    this.#encoding = option === 'auto' ? undefined : option
    this.#how = option === 'auto' ? 'default' : 'forced'
  }

  /** What has been found out so far. */
  get state(): DecodeState {
    return {
      encoding: this.#encoding,
      how: this.#how,
      invalidSequences: this.#invalid,
      bytes: this.#bytes,
    }
  }

  /**
   * Decodes the next chunk.
   *
   * @param chunk Bytes of the list, in order.
   * @returns The text they complete (may be `''`).
   */
  write(chunk: Uint8Array): string {
    this.#bytes += chunk.length
    let bytes = chunk
    if (this.#carry.length > 0) {
      bytes = Buffer.concat([this.#carry, chunk])
      this.#carry = new Uint8Array(0)
    }
    if (!this.#started) {
      if (bytes.length < 3 && this.#encoding === undefined) {
        // Too short to tell a byte order mark; wait for more.
        this.#carry = bytes
        return ''
      }
      this.#started = true
      bytes = this.#byteOrderMark(bytes)
    }
    if (this.#utf16) return this.#utf16.decode(bytes, { stream: true })
    if (this.#encoding === undefined) this.#detect(bytes)
    if (this.#encoding === 'windows-1252') return decodeWindows1252(bytes)
    return this.#utf8(bytes, false)
  }

  /**
   * Decodes what is left at the end of the list.
   *
   * @returns The last text (an unfinished UTF-8 sequence becomes U+FFFD, and is counted).
   */
  end(): string {
    const rest = this.#carry
    this.#carry = new Uint8Array(0)
    if (!this.#started) {
      this.#started = true
      const body = this.#byteOrderMark(rest)
      if (this.#utf16) return this.#utf16.decode(body)
      if (this.#encoding === undefined) this.#detect(body)
      if (this.#encoding === 'windows-1252') return decodeWindows1252(body)
      return this.#utf8(body, true)
    }
    if (this.#utf16) return this.#utf16.decode()
    if (this.#encoding === 'windows-1252') return decodeWindows1252(rest)
    return this.#utf8(rest, true)
  }

  /** Removes a byte order mark, which decides the encoding under `auto` (and UTF-8's own). */
  #byteOrderMark(bytes: Uint8Array): Uint8Array {
    const [a, b, c] = bytes
    if (a === 0xef && b === 0xbb && c === 0xbf && this.#encoding !== 'windows-1252') {
      if (this.#encoding === undefined) {
        this.#encoding = 'utf-8'
        this.#how = 'byte order mark'
      }
      return bytes.subarray(3)
    }
    if (
      this.#encoding === undefined &&
      ((a === 0xff && b === 0xfe) || (a === 0xfe && b === 0xff))
    ) {
      this.#encoding = a === 0xff ? 'utf-16le' : 'utf-16be'
      this.#how = 'byte order mark'
      this.#utf16 = new TextDecoder(this.#encoding)
      return bytes.subarray(2)
    }
    return bytes
  }

  /**
   * `auto` without a byte order mark: the first line with non-ASCII bytes decides. One stray
   * byte further down a UTF-8 list is that row's problem, not the list's encoding.
   */
  #detect(bytes: Uint8Array): void {
    const first = bytes.findIndex((byte) => byte >= 0x80)
    if (first < 0) return // still ASCII
    const start = bytes.lastIndexOf(0x0a, first) + 1
    const newline = bytes.indexOf(0x0a, first)
    const line = bytes.subarray(start, newline < 0 ? bytes.length : newline)
    const end = newline < 0 ? completeUtf8Length(line) : line.length
    // A chunk cut right after the first lead byte has nothing to judge yet: UTF-8 then; the
    // carried bytes are checked with the next chunk.
    const text = line.subarray(0, end)
    this.#encoding = end <= first - start || isUtf8(text) ? 'utf-8' : 'windows-1252'
    this.#how = 'detected'
  }

  /** UTF-8 with the unfinished tail carried to the next chunk (or replaced at the end). */
  #utf8(bytes: Uint8Array, last: boolean): string {
    const end = last ? bytes.length : completeUtf8Length(bytes)
    if (end < bytes.length) this.#carry = Uint8Array.from(bytes.subarray(end))
    const whole = bytes.subarray(0, end)
    const buffer = Buffer.from(whole.buffer, whole.byteOffset, whole.byteLength)
    const text = buffer.toString('utf8')
    if (!isUtf8(whole)) this.#invalid += Math.max(1, countReplacements(text, whole))
    return text
  }
}
