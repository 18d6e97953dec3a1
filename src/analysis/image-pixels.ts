/**
 * The pixel size of a design's raster image, read from its header, so a proof can tell whether
 * it prints sharp at its size (its effective resolution).
 *
 * @module
 */
import { decodeBase64 } from '../image/base64.ts'
import { readJpegFrame } from '../image/jpeg-frame.ts'
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
    const frame = bytes && readJpegFrame(bytes)
    return frame ? positive(frame.width, frame.height) : undefined
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

function positive(width: number, height: number): Pixels | undefined {
  return width > 0 && height > 0 ? Object.freeze({ width, height }) : undefined
}
