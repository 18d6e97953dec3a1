/**
 * The sample designs are the first thing a user sees (README, docs/previews, the demo), so they
 * are held to what a print designer would check: a number stays on the line of its unit, raster
 * artwork is sharp in print, and no side is left with a large empty band. Measured on the real
 * layout of the texts the previews show.
 */
import { readFile } from 'node:fs/promises'
import { beforeAll, describe, expect, test } from 'vitest'
import { parseDesign } from '../../src/design/parse-design.ts'
import type { Design, DesignElement, SideName } from '../../src/design/types.ts'
import { layoutMarkdown } from '../../src/layout/layout-markdown.ts'
import { layoutPlainText } from '../../src/layout/layout-plain-text.ts'
import type { TextLayout } from '../../src/layout/types.ts'
import { createFontRegistry } from '../../src/text/font-registry.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import { sampleContent } from '../../demo/sample-postcard.ts'
import { loadTestFonts } from '../helpers/fonts.ts'

const names = ['a6-greeting', 'dl-plain', 'a5-ten-areas'] as const
const sides: readonly SideName[] = ['front', 'back']

/** Print needs 300 pixels per inch for artwork that looks sharp at reading distance. */
const MIN_PPI = 300
/** The largest empty horizontal band a side may have, as a share of its height. */
const MAX_EMPTY_SHARE = 0.2

let fonts: FontRegistry
const designs = new Map<string, Design>()
/** The body of each design's preview case (test/fixtures/preview/cases), as the docs show it. */
const contents = new Map<string, Record<string, string>>()

beforeAll(async () => {
  fonts = createFontRegistry(await loadTestFonts())
  for (const name of names) {
    const json = await readFile(new URL(`../../designs/${name}.json`, import.meta.url), 'utf8')
    designs.set(name, parseDesign(JSON.parse(json), { families: fonts.families }))
    const preview = JSON.parse(
      await readFile(new URL(`../fixtures/preview/cases/${name}.json`, import.meta.url), 'utf8')
    ) as { body: { content?: Record<string, string> } }
    contents.set(name, preview.body.content ?? {})
  }
})

/** The layout of a text element, or of a Markdown area with the given content. */
function layoutOf(element: DesignElement, content: Record<string, string>): TextLayout | undefined {
  if (element.type === 'text') return layoutPlainText(element.text, element, fonts)
  if (element.type === 'markdown') {
    const text = content[element.key]
    return text === undefined ? undefined : layoutMarkdown(text, element, fonts)
  }
  return undefined
}

/** The vertical extent of what an element draws: text as far as its lines go. */
function extent(element: DesignElement, content: Record<string, string>): [number, number] {
  const layout = layoutOf(element, content)
  if (layout) return [element.y_mm, element.y_mm + layout.metrics.measured_height_mm]
  const height = element.type === 'qr' ? element.size_mm : element.height_mm
  return [element.y_mm, element.y_mm + height]
}

/** Width and height in pixels of a PNG or JPEG, read from its header. */
function pixelSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (bytes[0] === 0x89) return { width: view.getUint32(16), height: view.getUint32(20) }
  // JPEG: walk the segments to a start-of-frame marker.
  for (let at = 2; at + 9 < bytes.length; at += 2 + view.getUint16(at + 2)) {
    const marker = bytes[at + 1] ?? 0
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { width: view.getUint16(at + 7), height: view.getUint16(at + 5) }
    }
  }
  throw new Error('Unexpected image data, expected a PNG or JPEG')
}

describe.each(names)('the sample design %s', (name) => {
  test('should keep every number on the line of its unit (no line starts with `%`)', () => {
    const design = designs.get(name) as Design
    // The texts of the design, the preview's content and the demo's sample content.
    for (const content of [contents.get(name) ?? {}, sampleContent(design)]) {
      for (const side of sides) {
        for (const element of design.sides[side].elements) {
          for (const line of layoutOf(element, content)?.lines ?? []) {
            expect(line.text, `${side} ${element.type}: ${JSON.stringify(line.text)}`).not.toMatch(
              /^\s*[%‰€$£]/
            )
          }
        }
      }
    }
  })

  test(`should embed raster artwork at ${MIN_PPI} ppi or more at its printed size`, () => {
    const design = designs.get(name) as Design
    for (const side of sides) {
      for (const element of design.sides[side].elements) {
        if (element.type !== 'image' || element.href.startsWith('data:image/svg+xml')) continue
        const base64 = element.href.slice(element.href.indexOf(',') + 1)
        const { width, height } = pixelSize(Buffer.from(base64, 'base64'))
        const ppi = Math.min(width / (element.width_mm / 25.4), height / (element.height_mm / 25.4))
        expect(Math.round(ppi), `${side} image of ${element.width_mm} mm`).toBeGreaterThanOrEqual(
          MIN_PPI
        )
      }
    }
  })

  test.each(sides)(
    `should leave no empty band over ${MAX_EMPTY_SHARE * 100} % of the %s's height`,
    (side) => {
      const design = designs.get(name) as Design
      const height = design.format.height_mm
      const spans = design.sides[side].elements
        .map((element) => extent(element, contents.get(name) ?? {}))
        .map(([top, bottom]) => [Math.max(0, top), Math.min(height, bottom)] as const)
        .filter(([top, bottom]) => bottom > top)
        .sort((a, b) => a[0] - b[0])
      let reached = 0
      let widest = 0
      for (const [top, bottom] of spans) {
        widest = Math.max(widest, top - reached)
        reached = Math.max(reached, bottom)
      }
      widest = Math.max(widest, height - reached)
      expect(Math.round(widest * 10) / 10).toBeLessThanOrEqual(
        Math.round(height * MAX_EMPTY_SHARE * 10) / 10
      )
    }
  )
})
