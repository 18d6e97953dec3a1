/**
 * The WOFF2 decoder the core loads lazily (`loadFontRegistry`, only when a face is WOFF2): the
 * container and its transforms (`woff2.ts`) with the `brotli` package's decoder, so the core
 * bundle does not carry Brotli's 120 kB static dictionary for pages that never see a WOFF2 font.
 * The only importer of `brotli`: a port of Google's reference decoder (the one fontkit uses),
 * pure JS (no WASM, CSP-safe), synchronous, bounded by the output size it is given. A stream that
 * ends early decodes short, which `woff2.ts` rejects by its length (see the commit that chose it).
 *
 * @module
 */
import { decompress } from 'brotli/decompress'
import type { Woff2Decoder } from './unpack-font.ts'
import { decodeWoff2, type BrotliDecode } from './woff2.ts'

/**
 * Decodes a Brotli stream of a known decoded size.
 *
 * @param data The compressed stream.
 * @param size The decoded size the WOFF2 directory announces; more is an error.
 * @returns The decoded bytes.
 */
export const decodeBrotli: BrotliDecode = (data, size) => decompress(data, size)

/**
 * Decodes a WOFF2 file to the sfnt it holds, with the pure-JS Brotli decoder.
 *
 * @param bytes The WOFF2 file.
 * @param name Family and style for messages.
 * @returns The TTF or OTF bytes.
 */
export const decodeWoff2Font: Woff2Decoder = (bytes, name) => decodeWoff2(bytes, name, decodeBrotli)
