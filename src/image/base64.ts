/**
 * Strict Base64 (RFC 4648 §4) for data URIs, the same in every engine: `atob`/`btoa` work on
 * binary strings and forgive whitespace and missing padding (WHATWG forgiving-base64), which is
 * not what a sanitiser should accept silently.
 *
 * @module
 */

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
// The last quantum's unused bits must be zero (RFC 4648 §3.5): before `==` a character whose
// low four bits are zero, before `=` one whose low two bits are.
const canonical =
  /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/][AQgw]==|[A-Za-z0-9+/]{2}[AEIMQUYcgkosw048]=)?$/
const decodeTable = new Int16Array(128).fill(-1)
for (let index = 0; index < alphabet.length; index++)
  decodeTable[alphabet.charCodeAt(index)] = index

/**
 * Whether a string is canonical padded Base64: alphabet of RFC 4648 §4 only, length a multiple
 * of 4, `=` only as final padding, unused bits zero (§3.5), so one byte string has one text.
 * Such a string can be embedded in markup as is.
 *
 * @param text The candidate.
 * @returns `true` when {@link decodeBase64} accepts it.
 */
export function isCanonicalBase64(text: string): boolean {
  return canonical.test(text)
}

/**
 * Decodes canonical Base64.
 *
 * @param text Canonical padded Base64.
 * @param limit Decode at most this many bytes (to sniff a header without decoding it all).
 * @returns The bytes, or `undefined` when `text` is not canonical Base64.
 */
export function decodeBase64(text: string, limit = Infinity): Uint8Array | undefined {
  if (!canonical.test(text)) return undefined
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0
  const length = Math.min((text.length / 4) * 3 - padding, limit)
  const bytes = new Uint8Array(length)
  let out = 0
  for (let index = 0; index < text.length && out < length; index += 4) {
    const quad =
      (sextet(text, index) << 18) |
      (sextet(text, index + 1) << 12) |
      (sextet(text, index + 2) << 6) |
      sextet(text, index + 3)
    bytes[out++] = quad >> 16
    if (out < length) bytes[out++] = (quad >> 8) & 0xff
    if (out < length) bytes[out++] = quad & 0xff
  }
  return bytes
}

function sextet(text: string, index: number): number {
  const value = decodeTable[text.charCodeAt(index)] ?? -1
  return value < 0 ? 0 : value
}

/**
 * Encodes bytes as canonical padded Base64.
 *
 * @param bytes Any bytes.
 * @returns The Base64 text.
 */
export function encodeBase64(bytes: Uint8Array): string {
  let text = ''
  for (let index = 0; index < bytes.length; index += 3) {
    const a = bytes[index] ?? 0
    const b = bytes[index + 1] ?? 0
    const c = bytes[index + 2] ?? 0
    const quad = (a << 16) | (b << 8) | c
    text += alphabet[quad >> 18]
    text += alphabet[(quad >> 12) & 63]
    text += index + 1 < bytes.length ? alphabet[(quad >> 6) & 63] : '='
    text += index + 2 < bytes.length ? alphabet[quad & 63] : '='
  }
  return text
}
