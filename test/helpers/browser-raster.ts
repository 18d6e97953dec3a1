/**
 * Test helper (browser only): SVG documents rasterised by Chromium as a page shows them (an
 * `<img>` of the document drawn onto a canvas), crops of the result, and jsQR, a QR decoder we
 * did not write.
 */
import jsQRModule from 'jsqr'

// jsqr is CommonJS whose types declare an ES `default`; take whichever the bundler gives.
type Decode = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null
const loaded = jsQRModule as unknown as Decode | { default: Decode }

/** jsQR's decoder. */
export const jsQR: Decode = typeof loaded === 'function' ? loaded : loaded.default

/** Raster resolution: 12 px per mm (305 dpi), about what a print proof uses. */
export const PX_PER_MM = 12

/**
 * Draws an SVG document into a canvas through an `<img>`, as a page would show it.
 *
 * @param svg The document.
 * @param widthMm Width of the raster in mm (of the document's viewBox).
 * @param heightMm Height in mm.
 * @returns The pixels at {@link PX_PER_MM}.
 */
export async function rasterize(
  svg: string,
  widthMm: number,
  heightMm: number
): Promise<ImageData> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }))
  try {
    const image = new Image()
    image.src = url
    await image.decode()
    const canvas = document.createElement('canvas')
    canvas.width = Math.round(widthMm * PX_PER_MM)
    canvas.height = Math.round(heightMm * PX_PER_MM)
    const context = canvas.getContext('2d', { willReadFrequently: true })
    if (!context) throw new Error('No 2D context')
    context.drawImage(image, 0, 0, canvas.width, canvas.height)
    return context.getImageData(0, 0, canvas.width, canvas.height)
  } finally {
    URL.revokeObjectURL(url)
  }
}

/**
 * The pixels of a box on the card (mm from the raster's origin), grown by `margin` mm.
 *
 * @param image The raster.
 * @param box The box in mm.
 * @param margin Grow (or, negative, shrink) the box by this many mm on every side.
 * @returns The crop.
 */
export function crop(
  image: ImageData,
  box: { readonly x: number; readonly y: number; readonly width: number; readonly height: number },
  margin = 0
): ImageData {
  const x = Math.max(0, Math.floor((box.x - margin) * PX_PER_MM))
  const y = Math.max(0, Math.floor((box.y - margin) * PX_PER_MM))
  const width = Math.min(Math.ceil((box.width + 2 * margin) * PX_PER_MM), image.width - x)
  const height = Math.min(Math.ceil((box.height + 2 * margin) * PX_PER_MM), image.height - y)
  const out = new ImageData(Math.max(1, width), Math.max(1, height))
  for (let row = 0; row < height; row++) {
    const start = ((y + row) * image.width + x) * 4
    out.data.set(image.data.subarray(start, start + width * 4), row * out.width * 4)
  }
  return out
}
