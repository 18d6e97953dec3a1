/**
 * Browser only: the previews as a person sees them. Each fixture case is rendered in Chromium,
 * rasterised through an `<img>` of the SVG (Blob URL) onto a canvas, and every QR code on the
 * card is decoded with jsQR, a decoder we did not write, back to the exact URL the service
 * encodes (the WHATWG serialisation, from the browser's own `URL`).
 */
import { beforeAll, describe, expect, test } from 'vitest'
import jsQRModule from 'jsqr'
import { renderPreview } from '../../src/preview/render-preview.ts'
import type { QrElement } from '../../src/design/types.ts'
import type { EmojiArtwork } from '../../src/emoji/types.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import { caseNames, loadArtworkFixture, loadCase, testRegistry } from '../preview/preview-cases.ts'

// jsqr is CommonJS whose types declare an ES `default`; take whichever the bundler gives.
type Decode = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null
const loaded = jsQRModule as unknown as Decode | { default: Decode }
const jsQR: Decode = typeof loaded === 'function' ? loaded : loaded.default

/** Raster resolution: 12 px per mm (305 dpi), about what a print proof uses. */
const PX_PER_MM = 12

let fonts: FontRegistry
let artwork: ReadonlyMap<string, EmojiArtwork>

beforeAll(async () => {
  fonts = await testRegistry()
  artwork = await loadArtworkFixture()
})

/** Draws an SVG document into a canvas through an `<img>`, as a page would show it. */
async function rasterize(svg: string, widthMm: number, heightMm: number): Promise<ImageData> {
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

/** The pixels of one QR element's square plus 1 mm around it. */
function crop(image: ImageData, element: QrElement): ImageData {
  const x = Math.max(0, Math.floor((element.x_mm - 1) * PX_PER_MM))
  const y = Math.max(0, Math.floor((element.y_mm - 1) * PX_PER_MM))
  const size = Math.ceil((element.size_mm + 2) * PX_PER_MM)
  const width = Math.min(size, image.width - x)
  const height = Math.min(size, image.height - y)
  const out = new ImageData(width, height)
  for (let row = 0; row < height; row++) {
    const start = ((y + row) * image.width + x) * 4
    out.data.set(image.data.subarray(start, start + width * 4), row * width * 4)
  }
  return out
}

describe('renderPreview in a real browser', () => {
  test.each(caseNames)(
    'should draw QR codes of `%s` that decode to the exact URLs',
    async (name) => {
      const { body, design, options } = await loadCase(name)
      const preview = renderPreview(body, design, { ...options, fonts, emojiArtwork: artwork })
      const qrCodes = (body as { qr_codes?: Record<string, unknown> }).qr_codes ?? {}
      let decoded = 0
      for (const side of ['front', 'back'] as const) {
        const elements = design.sides[side].elements.filter(
          (element): element is QrElement => element.type === 'qr'
        )
        if (elements.length === 0) continue
        // Raster without the bleed, so pixel (0, 0) is the trim box's corner.
        const image = await rasterize(
          preview[side],
          design.format.width_mm,
          design.format.height_mm
        )
        for (const element of elements) {
          const value = 'key' in element ? qrCodes[element.key] : element.url
          let expected: string | undefined
          try {
            const url = new URL(String(value))
            expected =
              /^https?:$/.test(url.protocol) && /^https?:\/\//i.test(String(value))
                ? url.href
                : undefined
          } catch {
            expected = undefined
          }
          const region = crop(image, element)
          const result = jsQR(region.data, region.width, region.height)
          // A value that is no complete URL is drawn as a placeholder, which must not scan.
          expect(result?.data, `${side} ${element.label}`).toBe(expected)
          if (expected !== undefined) decoded++
        }
      }
      expect(decoded).toBe(
        {
          'a6-greeting': 2,
          'a6-overflow': 2,
          'a5-ten-areas': 1,
          'dl-plain': 1,
          'bad-body': 1,
          injection: 2,
          'customer-fonts': 0,
        }[name]
      )
    }
  )
})
