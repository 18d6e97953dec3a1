/**
 * The pixel size of a design's raster image, read from its header, so a proof can tell whether
 * it prints sharp at its size (its effective resolution).
 *
 * @module
 */
import { decodeBase64 } from '../image/base64.ts'
import type { ImageMediaType } from '../image/read-data-uri.ts'

/** Width and height in pixels. */
export interface Pixels {
  readonly width: number
  readonly height: number
}

const MM_PER_INCH = 25.4

/**
 * The pixel size of an image the one reader accepted (`readImageHref`): PNG from its IHDR chunk,
 * JPEG from its first SOF marker.
 *
 * @param image Its media type and its bytes as canonical base64.
 * @returns The size, or `undefined` for SVG or a header that does not say.
 */
export function imagePixels(image: {
  readonly mediaType: ImageMediaType
  readonly base64: string
}): Pixels | undefined {
  const payload = image.base64
  if (image.mediaType === 'image/png') {
    // PNG: the signature (8 bytes), the IHDR chunk's length and type (8), then width, height.
    const head = decodeBase64(payload, 24)
    if (!head || head.length < 24) return undefined
    const view = new DataView(head.buffer, head.byteOffset, head.byteLength)
    return positive(view.getUint32(16), view.getUint32(20))
  }
  if (image.mediaType === 'image/jpeg') {
    const bytes = decodeBase64(payload)
    return bytes ? jpegPixels(bytes) : undefined
  }
  return undefined
}

/**
 * The effective resolution of a raster image at its printed size: pixels per inch along its less
 * sharp axis.
 *
 * @param pixels Its size in pixels.
 * @param box Its printed size in mm.
 * @returns Dots per inch, or `undefined` for a box without area.
 */
export function effectiveDpi(
  pixels: Pixels,
  box: { readonly width_mm: number; readonly height_mm: number }
): number | undefined {
  if (!(box.width_mm > 0 && box.height_mm > 0)) return undefined
  return Math.min(
    pixels.width / (box.width_mm / MM_PER_INCH),
    pixels.height / (box.height_mm / MM_PER_INCH)
  )
}

/** Walks JPEG segments to the first start-of-frame marker (SOF0-SOF15 but DHT, JPG, DAC). */
function jpegPixels(bytes: Uint8Array): Pixels | undefined {
  let at = 2
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined
    const marker = bytes[at + 1] as number
    if (marker === 0xff) {
      at++
      continue
    }
    const length = ((bytes[at + 2] as number) << 8) | (bytes[at + 3] as number)
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = ((bytes[at + 5] as number) << 8) | (bytes[at + 6] as number)
      const width = ((bytes[at + 7] as number) << 8) | (bytes[at + 8] as number)
      return positive(width, height)
    }
    if (length < 2) return undefined
    at += 2 + length
  }
  return undefined
}

function positive(width: number, height: number): Pixels | undefined {
  return width > 0 && height > 0 ? Object.freeze({ width, height }) : undefined
}
