/**
 * Browser only: the previews as a person sees them. Each fixture case is rendered in Chromium,
 * rasterised through an `<img>` of the SVG (Blob URL) onto a canvas, and every QR code on the
 * card is decoded with jsQR, a decoder we did not write, back to the exact URL the service
 * encodes (the WHATWG serialisation, from the browser's own `URL`).
 */
import { beforeAll, describe, expect, test } from 'vitest'
import { renderPreview } from '../../src/preview/render-preview.ts'
import type { QrElement } from '../../src/design/types.ts'
import type { EmojiArtwork } from '../../src/emoji/types.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import {
  caseNames,
  loadArtworkFixture,
  loadCase,
  scannableQrCodes,
  testRegistry,
} from '../preview/preview-cases.ts'
import { crop, jsQR, rasterize } from '../helpers/browser-raster.ts'

let fonts: FontRegistry
let artwork: ReadonlyMap<string, EmojiArtwork>

beforeAll(async () => {
  fonts = await testRegistry()
  artwork = await loadArtworkFixture()
})

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
          const region = crop(
            image,
            { x: element.x_mm, y: element.y_mm, width: element.size_mm, height: element.size_mm },
            1
          )
          const result = jsQR(region.data, region.width, region.height)
          // A value that is no complete URL is drawn as a placeholder, which must not scan.
          expect(result?.data, `${side} ${element.label}`).toBe(expected)
          if (expected !== undefined) decoded++
        }
      }
      expect(decoded).toBe(scannableQrCodes[name])
    }
  )
})
