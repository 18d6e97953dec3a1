/**
 * Font bytes of any supported container → the sfnt (TTF/OTF) they hold: sfnt as it is, WOFF
 * inflated, WOFF2 decoded by the decoder the registry was given (loaded lazily: it is not part of
 * the core bundle).
 *
 * @module
 */
import { FontError } from './font-error.ts'
import { FONT_FORMATS, fontFormat } from './sfnt.ts'
import type { FontBytes } from './types.ts'
import { decodeWoff } from './woff.ts'

/** Decodes a WOFF2 file to sfnt bytes (`woff2-decoder.ts`); throws a `FontError`. */
export type Woff2Decoder = (bytes: Uint8Array, name: string) => Uint8Array

/**
 * Unpacks a font file to sfnt bytes.
 *
 * @param bytes A TTF, OTF, WOFF or WOFF2 file.
 * @param name Family and style for messages, e.g. `Inter bold`.
 * @param woff2 The WOFF2 decoder, if loaded.
 * @returns The sfnt bytes (the input itself for TTF and OTF, never changed).
 * @throws {FontError} For a collection, bytes that are no font, a broken container, or WOFF2
 *   without a decoder (the synchronous `createFontRegistry`).
 */
export function unpackFont(
  bytes: FontBytes,
  name: string,
  woff2: Woff2Decoder | undefined
): Uint8Array {
  const source = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)
  switch (fontFormat(source, name)) {
    case 'sfnt':
      return source
    case 'woff':
      return decodeWoff(source, name)
    case 'woff2':
      if (!woff2) throw woff2NeedsDecoder(name)
      return woff2(source, name)
  }
}

/**
 * The error of the synchronous registry for a WOFF2 face: its Brotli decoder is loaded only by
 * `loadFontRegistry`, so that pages without WOFF2 fonts never download it.
 *
 * @param name Family and style, e.g. `Inter bold`.
 * @returns The error to throw.
 */
export function woff2NeedsDecoder(name: string): FontError {
  return new FontError(
    'unsupported-format',
    `Unexpected WOFF2 font \`${name}\` in \`createFontRegistry\`, expected ${FONT_FORMATS.replace(' or WOFF2', '')} there (create the registry with \`await loadFontRegistry(sources)\`, which loads the WOFF2 decoder)`
  )
}
