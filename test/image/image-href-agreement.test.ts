/**
 * One verdict on an image `href`: the design parser accepts it exactly when the preview draws
 * it. Before the one reader, `parseDesign` accepted an unpadded base64 PNG (and a few more) that
 * the preview then refused to draw.
 */
import fc from 'fast-check'
import { beforeAll, describe, expect, test } from 'vitest'
import { parseDesign } from '../../src/design/parse-design.ts'
import type { Design, ImageElement } from '../../src/design/types.ts'
import { renderPreview } from '../../src/preview/render-preview.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import { JPEG, PNG, SVG_BASE64, SVG_PERCENT } from '../design/data-uris.ts'
import { testRegistry } from '../preview/preview-cases.ts'

let fonts: FontRegistry
beforeAll(async () => {
  fonts = await testRegistry()
})

const image = { type: 'image', href: PNG, x_mm: 10, y_mm: 10, width_mm: 30, height_mm: 20 }
const design = (href: string): unknown => ({
  id: '3b9d6a52-4c1e-4f7e-9a51-0b6f1f2d8c10',
  name: 'Test',
  format: { width_mm: 100, height_mm: 60, bleed_mm: 2 },
  sides: { front: { elements: [{ ...image, href }] }, back: { elements: [] } },
})
const body = {
  flow_id: '5f0c7a52-8a8e-4d4b-9d3e-2f7f6f3b1c01',
  from: { address_line1: 'Weg 2', zip: '8001', city: 'Zürich', country: 'CH' },
  to: { first_name: 'Ana', address_line1: 'Ring 1', zip: '1010', city: 'Wien', country: 'AT' },
}

/** Whether `parseDesign` accepts a design with this image. */
function parses(href: string): boolean {
  try {
    parseDesign(design(href))
    return true
  } catch {
    return false
  }
}

/** Whether the preview draws the image of a design that holds it (built without the parser). */
function draws(href: string): boolean {
  const parsed = parseDesign(design(PNG))
  const element = parsed.sides.front.elements[0] as ImageElement
  const forged: Design = {
    ...parsed,
    sides: {
      ...parsed.sides,
      front: { ...parsed.sides.front, elements: [{ ...element, href }] },
    },
  }
  const preview = renderPreview(body, forged, { fonts })
  const rejected = preview.verdict.warnings.some((warning) => warning.code === 'image-rejected')
  // A raster image is an `<image>`; SVG artwork is inlined as a nested `<svg>` (for librsvg).
  const nested = (preview.front.match(/<svg\b/g) ?? []).length > 1
  expect(preview.front.includes('<image ') || nested).toBe(!rejected)
  return !rejected
}

const payload = PNG.slice(PNG.indexOf(',') + 1)
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const svg = '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4" fill="#f4b6c2"/></svg>'

describe('parser and preview on image hrefs', () => {
  test.each([
    ['a PNG', PNG, true],
    ['a JPEG', JPEG, true],
    ['an SVG in base64', SVG_BASE64, true],
    ['an SVG percent-encoded, with a charset', SVG_PERCENT, true],
    [
      'an SVG percent-encoded, raw characters but `#`',
      `data:image/svg+xml,${svg.replace('#', '%23')}`,
      true,
    ],
    [
      'a PNG, scheme and media type in capitals',
      PNG.replace('data:image/png', 'DATA:IMAGE/PNG'),
      true,
    ],
    ['a PNG with a parameter', PNG.replace(';base64', ';name=logo.png;base64'), true],
    ['a PNG without its padding', PNG.slice(0, PNG.indexOf('=')), false],
    [
      'a PNG with a line break',
      `data:image/png;base64,${payload.slice(0, 20)}\n${payload.slice(20)}`,
      false,
    ],
    ['a PNG with its padding percent-encoded', PNG.replace(/=/g, '%3D'), false],
    ['a PNG declared as JPEG', PNG.replace('image/png', 'image/jpeg'), false],
    ['a PNG without `;base64`', PNG.replace(';base64', ''), false],
    ['a GIF', 'data:image/gif;base64,R0lGODlhAQABAAAAACw=', false],
    ['an SVG with a bare parameter', `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`, false],
    ['an SVG with a raw `#`', `data:image/svg+xml,${svg}`, false],
    ['an SVG with a broken escape', `data:image/svg+xml,${encodeURIComponent(svg)}%E0%A`, false],
    [
      'an SVG with a doctype',
      `data:image/svg+xml,${encodeURIComponent(`<!DOCTYPE svg>${svg}`)}`,
      false,
    ],
    [
      'an SVG that is not well-formed',
      `data:image/svg+xml,${encodeURIComponent('<svg><g></svg>')}`,
      false,
    ],
    ['text declared as SVG', `data:image/svg+xml;base64,${btoa('hello')}`, false],
    ['a network URL', 'https://example.com/logo.png', false],
  ])('should agree on %s', (_name, href, drawable) => {
    expect(parses(href)).toBe(drawable)
    expect(draws(href)).toBe(drawable)
  })

  test('should agree on any edit of a PNG data URI, and accept exactly canonical base64', async () => {
    // Oracles: the platform's data: URL processor (fetch) for the bytes, and its atob/btoa for
    // canonical base64 (a canonical text survives decoding and encoding unchanged).
    const canonical = (text: string) => {
      try {
        return btoa(atob(text)) === text
      } catch {
        return false
      }
    }
    const insert = fc.record({
      at: fc.nat(),
      text: fc.constantFrom(' ', '\n', '=', '==', '%3D', '%41', '!', 'A', '%', '-', '_', ';'),
    })
    await fc.assert(
      fc.asyncProperty(
        fc.option(fc.nat({ max: payload.length })),
        fc.array(insert, { maxLength: 3 }),
        async (end, inserts) => {
          let data = end === null ? payload : payload.slice(0, end)
          for (const { at, text } of inserts) {
            const index = at % (data.length + 1)
            data = data.slice(0, index) + text + data.slice(index)
          }
          const href = `data:image/png;base64,${data}`
          const bytes = await fetch(href)
            .then(async (response) => new Uint8Array(await response.arrayBuffer()))
            .catch(() => undefined)
          const png = bytes !== undefined && PNG_SIGNATURE.every((byte, i) => bytes[i] === byte)
          const accepted = parses(href)
          expect(accepted, href).toBe(png && canonical(data))
          expect(draws(href), href).toBe(accepted)
        }
      ),
      { numRuns: 150 }
    )
  })
})
