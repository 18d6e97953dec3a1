/**
 * The frame header of a JPEG: what the analysis reads for an image's pixel size and what the
 * PDF proof needs to pass the file through as `DCTDecode`.
 *
 * @module
 */

/** The first start-of-frame header of a JPEG (ITU T.81 B.2.2), and whether an Adobe marker came first. */
export interface JpegFrame {
  readonly width: number
  readonly height: number
  /** Bits per sample (8 for baseline and most progressive files). */
  readonly precision: number
  /** 1 grey, 3 YCbCr/RGB, 4 CMYK/YCCK. */
  readonly components: number
  /** An APP14 `Adobe` segment before the frame (its CMYK is stored inverted). */
  readonly adobe: boolean
}

/**
 * Walks the segments of a JPEG to its first start-of-frame marker (SOF0-SOF15 but DHT, JPG,
 * DAC).
 *
 * @param bytes The file.
 * @returns The frame header, or `undefined` when the segments do not lead to one.
 */
export function readJpegFrame(bytes: Uint8Array): JpegFrame | undefined {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined
  let at = 2
  let adobe = false
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined
    const marker = bytes[at + 1] as number
    if (marker === 0xff) {
      at++
      continue
    }
    const length = ((bytes[at + 2] as number) << 8) | (bytes[at + 3] as number)
    if (marker === 0xee && String.fromCharCode(...bytes.subarray(at + 4, at + 9)) === 'Adobe') {
      adobe = true
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return {
        precision: bytes[at + 4] as number,
        height: ((bytes[at + 5] as number) << 8) | (bytes[at + 6] as number),
        width: ((bytes[at + 7] as number) << 8) | (bytes[at + 8] as number),
        components: bytes[at + 9] as number,
        adobe,
      }
    }
    if (length < 2) return undefined
    at += 2 + length
  }
  return undefined
}
