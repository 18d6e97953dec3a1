/**
 * zlib streams for the proof (PDF's `FlateDecode`, RFC 1950): fflate, a small, well-kept,
 * pure-JavaScript deflate that gives the same bytes in every engine (no WASM, no
 * `CompressionStream`, which is asynchronous and not specified to the byte).
 *
 * @module
 */
import { unzlibSync, zlibSync } from 'fflate'

/**
 * Compresses bytes as a zlib stream.
 *
 * @param data The bytes.
 * @returns The zlib stream (level 6, the zlib default).
 */
export function deflate(data: Uint8Array): Uint8Array {
  return zlibSync(data, { level: 6 })
}

/**
 * Decompresses a zlib stream (a PNG's image data).
 *
 * @param data The zlib stream.
 * @returns The bytes, or `undefined` when the stream is corrupt.
 */
export function inflate(data: Uint8Array): Uint8Array | undefined {
  try {
    return unzlibSync(data)
  } catch {
    return undefined
  }
}
