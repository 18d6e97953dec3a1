/**
 * Browser only (issue 13 item 15): text that overflows its area is shown faded beyond the area,
 * but never over the QR codes, the captions and the labels of the card. The oracle is Chromium's
 * own raster of the preview, with and without the faded lines (removed through the DOM), and
 * jsQR decoding the code under the overflow.
 */
import { beforeAll, describe, expect, test } from 'vitest'
import { analyzePostcard } from '../../src/analysis/analyze-postcard.ts'
import type { StaticTextAnalysis } from '../../src/analysis/types.ts'
import { parseDesign } from '../../src/design/parse-design.ts'
import { renderPreview } from '../../src/preview/render-preview.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import { crop, jsQR, rasterize } from '../helpers/browser-raster.ts'
import { testRegistry } from '../preview/preview-cases.ts'

let fonts: FontRegistry

beforeAll(async () => {
  fonts = await testRegistry()
})

/** A card whose message runs down over a QR code, its caption and a second code. */
const design = parseDesign({
  id: '3b9d6a52-4c1e-4f7e-9a51-0b6f1f2d8c10',
  name: 'Overflow over a code',
  format: { width_mm: 148, height_mm: 105, bleed_mm: 2 },
  sides: {
    front: {
      elements: [
        {
          type: 'markdown',
          key: 'body',
          label: 'Message',
          x_mm: 8,
          y_mm: 8,
          width_mm: 90,
          height_mm: 20,
          font_family: 'Inter',
          font_size_pt: 12,
          line_height: 1.2,
        },
        { type: 'qr', key: 'coupon_url', label: 'Coupon', x_mm: 8, y_mm: 32, size_mm: 30 },
        {
          type: 'text',
          text: 'Scan for your spring coupon',
          x_mm: 42,
          y_mm: 36,
          width_mm: 50,
          height_mm: 12,
          font_family: 'Roboto',
          font_size_pt: 9,
          line_height: 1.3,
        },
        {
          type: 'qr',
          url: 'https://example.com/app',
          label: 'App',
          x_mm: 70,
          y_mm: 50,
          size_mm: 24,
        },
      ],
    },
    back: { elements: [] },
  },
})

const coupon = 'https://example.com/c/SPRING-15?recipient=0123456789abcdef'
const body = {
  flow_id: '5f0c7a52-8a8e-4d4b-9d3e-2f7f6f3b1c01',
  to: { first_name: 'Ana', address_line1: 'Ring 1', zip: '1010', city: 'Wien', country: 'AT' },
  from: { address_line1: 'Weg 2', zip: '8001', city: 'Zürich', country: 'CH' },
  content: {
    body: Array.from(
      { length: 14 },
      (_, index) => `**Line ${index}**: WWWW MMMM ████ @@@@ ####`
    ).join('\n'),
  },
  qr_codes: { coupon_url: coupon },
}

/** The same document without its faded overflowing lines (removed through the DOM). */
function withoutOverflow(svg: string): string {
  const document = new DOMParser().parseFromString(svg, 'image/svg+xml')
  const faded = [...document.querySelectorAll('.overflowing')]
  expect(faded.length).toBeGreaterThan(0)
  for (const element of faded) element.remove()
  return new XMLSerializer().serializeToString(document)
}

function samePixels(a: ImageData, b: ImageData): number {
  let differing = 0
  for (let index = 0; index < a.data.length; index += 4) {
    if (
      a.data[index] !== b.data[index] ||
      a.data[index + 1] !== b.data[index + 1] ||
      a.data[index + 2] !== b.data[index + 2]
    ) {
      differing++
    }
  }
  return differing
}

describe('overflowing text in a preview', () => {
  test('should leave the QR codes and the caption exactly as without the overflow', async () => {
    const analysis = analyzePostcard(body, design, { fonts })
    const area = analysis.areas[0]
    expect(area?.layout?.metrics.overflow_mm).toBeGreaterThan(40)
    const { front } = renderPreview(analysis)
    const shown = await rasterize(front, 148, 105)
    const bare = await rasterize(withoutOverflow(front), 148, 105)
    // The faded lines are drawn: the rasters differ somewhere.
    expect(samePixels(shown, bare)).toBeGreaterThan(1000)

    const caption = analysis.sides.front[2] as StaticTextAnalysis
    const lines = (caption.layout?.lines ?? []).map((line) => ({
      x: 42 + line.x_mm,
      y: 36 + line.top_mm,
      width: line.width_mm,
      height: line.height_mm,
    }))
    expect(lines.length).toBeGreaterThan(0)
    const kept = [
      { x: 8, y: 32, width: 30, height: 30 },
      { x: 70, y: 50, width: 24, height: 24 },
      ...lines,
    ]
    for (const box of kept) {
      // One pixel in from the edge: the pixels on the edge itself are anti-aliased by both.
      const inset = 1 / 12
      expect(
        samePixels(crop(shown, box, -inset), crop(bare, box, -inset)),
        JSON.stringify(box)
      ).toBe(0)
    }
  })

  test('should keep both codes decodable under the overflow', async () => {
    const { front } = renderPreview(body, design, { fonts })
    const image = await rasterize(front, 148, 105)
    for (const [box, url] of [
      [{ x: 8, y: 32, width: 30, height: 30 }, coupon],
      [{ x: 70, y: 50, width: 24, height: 24 }, 'https://example.com/app'],
    ] as const) {
      const region = crop(image, box, 1)
      expect(jsQR(region.data, region.width, region.height)?.data).toBe(url)
    }
  })
})
