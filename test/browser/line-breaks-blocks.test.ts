/**
 * Oracle test: paragraphs, line breaks, lists, bold and italic laid out by Chromium with the CSS
 * of docs/layout.md (HTML made straight from the mdast, not from our blocks) against our
 * layout: the same lines in the same line boxes, so the vertical model (one blank line between
 * blocks, none between list items, hanging list gutter) is what a browser does with that CSS.
 */
import { beforeAll, describe, expect, test } from 'vitest'
import { layoutMarkdown } from '../../src/layout/layout-markdown.ts'
import { PX_PER_MM } from '../../src/layout/units.ts'
import { parseMarkdown } from '../../src/markdown/parse-markdown.ts'
import { splitGraphemes } from '../../src/text/graphemes.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import { createChromiumArea } from '../helpers/chromium-area.ts'
import { registerChromiumFamily } from '../helpers/chromium-fonts.ts'
import { markdownToHtml } from '../helpers/markdown-html.ts'
import { area, testRegistry } from '../text/registry.ts'

const TEXTS = [
  'Liebe Anna,\n\nvielen Dank für Ihre **Bestellung**! Wir freuen uns, Sie als *neue Kundin* begrüßen zu dürfen.\n\nHerzliche Grüße\nIhr Team vom Blumenladen',
  'Unsere Angebote:\n\n- 10 % Rabatt auf **alles** im Sortiment, nur diese Woche\n- Kostenloser Versand ab 50 €\n- Rückgabe innerhalb von 30 Tagen\n\nWir freuen uns auf Ihren Besuch!',
  'So geht es:\n\n1. Code eingeben\n2. Warenkorb prüfen und die Bestellung mit einem Klick abschließen\n3. Freuen\n\n9. neun\n10. zehn ist eine längere Zeile mit mehr Text darin\n11. elf',
  'Beste Jan,\n\n- een\n- twee is een langere regel die zeker moet afbreken op een smalle kaart\n\n1. drie\n2. vier\n\nMet vriendelijke groet,\n*het team*',
  'Chère Marie,\nmerci ***beaucoup*** pour votre commande.\n\n- « première » ligne\n- deuxième\n\nÀ bientôt !',
  'Dear Emma,\n\n- a\n- b\n- c\n\n- d after a second list\n\nKind regards',
]

const FAMILIES = ['Inter', 'Lora'] as const
const WIDTHS_PX = [180, 260]
const SIZE_PX = 14
const LINE_HEIGHT = 1.4

let fonts: FontRegistry
let box: HTMLDivElement

beforeAll(async () => {
  fonts = await testRegistry()
  for (const family of FAMILIES) await registerChromiumFamily(family, `Blocks ${family}`)
  // The CSS of docs/layout.md (the gutter is set per list below).
  box = createChromiumArea()
})

/** Chromium's lines as [line box index, text] from the rects of each grapheme. */
function chromiumLines(linePx: number): [number, string][] {
  const top = box.getBoundingClientRect().top
  const range = document.createRange()
  const lines = new Map<number, string>()
  const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    let offset = 0
    for (const grapheme of splitGraphemes(node.textContent ?? '')) {
      range.setStart(node, offset)
      range.setEnd(node, offset + grapheme.length)
      offset += grapheme.length
      const rects = range.getClientRects()
      const rect = rects[rects.length - 1]
      if (!rect || grapheme.trim() === '') continue
      const index = Math.floor(((rect.top + rect.bottom) / 2 - top) / linePx)
      lines.set(index, (lines.get(index) ?? '') + grapheme)
    }
  }
  return [...lines.entries()].sort((a, b) => a[0] - b[0])
}

describe('blocks against Chromium', () => {
  test('should put the same lines in the same line boxes as Chromium with the documented CSS', () => {
    const differences: string[] = []
    let cases = 0
    for (const text of TEXTS) {
      for (const family of FAMILIES) {
        for (const widthPx of WIDTHS_PX) {
          const element = area({
            font_family: family,
            font_size_pt: SIZE_PX * 0.75,
            line_height: LINE_HEIGHT,
            width_mm: widthPx / PX_PER_MM,
            height_mm: 1000,
          })
          const layout = layoutMarkdown(text, element, fonts)
          box.style.cssText = `font-family:'Blocks ${family}';font-size:${SIZE_PX}px;line-height:${LINE_HEIGHT};width:${widthPx}px`
          box.innerHTML = markdownToHtml(parseMarkdown(text))
          // The gutter of each list: its widest marker and the space (docs/layout.md).
          const lists = box.querySelectorAll('ul, ol')
          const gutters = layout.blocks.filter((block) => block.marker !== undefined)
          let item = 0
          for (const list of lists) {
            const first = gutters[item]
            if (first) (list as HTMLElement).style.paddingLeft = `${first.gutter_mm * PX_PER_MM}px`
            item += list.children.length
          }
          const theirs = chromiumLines(SIZE_PX * LINE_HEIGHT)
          const linePx = layout.metrics.line_height_mm * PX_PER_MM
          const ours: [number, string][] = layout.lines.map((line) => [
            Math.round((line.top_mm * PX_PER_MM) / linePx),
            line.text.replaceAll(' ', ''),
          ])
          const normalized = theirs.map(([index, line]) => [index, line.replaceAll(' ', '')])
          if (JSON.stringify(ours) !== JSON.stringify(normalized)) {
            differences.push(
              `${family}/${widthPx}: ${JSON.stringify({ ours, theirs: normalized })}`
            )
          }
          // The default `chromium` profile rounds line boxes and blank lines as Chromium does:
          // the heights are equal to the layout unit.
          const heightPx = box.getBoundingClientRect().height
          const oursPx = layout.metrics.measured_height_mm * PX_PER_MM
          if (Math.abs(heightPx - oursPx) > 1e-6) {
            differences.push(`${family}/${widthPx} height ${heightPx} vs ${oursPx}`)
          }
          cases++
        }
      }
    }
    expect(cases).toBe(TEXTS.length * 4)
    expect(differences).toEqual([])
  })
})
