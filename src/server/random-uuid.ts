/**
 * Random UUIDs (RFC 9562 version 4) for generated request ids, entry and campaign ids.
 *
 * `crypto.randomUUID` exists in Node, Deno, Bun and Workers but only in secure contexts of a
 * browser (a page served over plain http from another host has none); `getRandomValues` exists
 * everywhere, so it is the fallback.
 *
 * @module
 */

const hex = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'))

/**
 * A version-4 UUID from `crypto.getRandomValues`: the fallback of {@link randomUuid}.
 *
 * @returns The UUID.
 */
export function uuidFromRandomBytes(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40 // version 4
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80 // variant 10
  let text = ''
  for (let index = 0; index < 16; index++) {
    if (index === 4 || index === 6 || index === 8 || index === 10) text += '-'
    text += hex[bytes[index] ?? 0]
  }
  return text
}

/**
 * A random version-4 UUID in lower case, e.g. `3b9d6a52-4c1e-4f7e-9a51-0b6f1f2d8c10`.
 *
 * @returns The UUID.
 */
export const randomUuid: () => string =
  typeof crypto.randomUUID === 'function' ? () => crypto.randomUUID() : uuidFromRandomBytes
