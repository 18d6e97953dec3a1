/**
 * The texts `repairPostcard` shortens fit their area in Chromium too: the original overflows
 * the area in Chromium's own layout of the documented CSS (docs/layout.md), the repaired text
 * does not.
 */
import { beforeAll, describe, expect, test } from 'vitest'
import type { MarkdownElement } from '../../src/design/types.ts'
import { layoutMarkdown } from '../../src/layout/layout-markdown.ts'
import { PX_PER_MM } from '../../src/layout/units.ts'
import { parseMarkdown } from '../../src/markdown/parse-markdown.ts'
import { shortenToFit } from '../../src/repair/shorten-text.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import { createChromiumArea } from '../helpers/chromium-area.ts'
import { registerChromiumFamily } from '../helpers/chromium-fonts.ts'
import { markdownToHtml } from '../helpers/markdown-html.ts'
import { area, testRegistry } from '../text/registry.ts'

const TEXTS = [
  'Liebe Anna,\n\nvielen Dank für Ihre **Bestellung**! Wir freuen uns, Sie als *neue Kundin* begrüßen zu dürfen. '.repeat(
    6
  ),
  `Unsere Angebote:\n\n${'- 10 % Rabatt auf **alles** im Sortiment, nur diese Woche\n'.repeat(12)}`,
  `**${'Spring is here, and so are our new bulbs. '.repeat(10)}**`,
  `Beste Jan,\n\n*${'een langere regel die zeker moet afbreken op een smalle kaart '.repeat(8)}*`,
  `1. ${'Code eingeben und den Warenkorb prüfen. '.repeat(3)}\n2. Bestellen\n3. ${'Freuen! '.repeat(40)}`,
]

const FAMILIES = ['Inter', 'Lora'] as const
const ELLIPSES = ['…', ''] as const

let fonts: FontRegistry
let box: HTMLDivElement

beforeAll(async () => {
  fonts = await testRegistry()
  for (const family of FAMILIES) await registerChromiumFamily(family, `Repair ${family}`)
  box = createChromiumArea()
})

/** The height of a text in Chromium, in mm, set as the area sets it. */
function chromiumHeightMm(text: string, element: MarkdownElement): number {
  const layout = layoutMarkdown(text, { ...element, height_mm: 10_000 }, fonts)
  const sizePx = (element.font_size_pt * 96) / 72
  box.style.cssText = `font-family:'Repair ${element.font_family}';font-size:${sizePx}px;line-height:${element.line_height};width:${element.width_mm * PX_PER_MM}px`
  box.innerHTML = markdownToHtml(parseMarkdown(text))
  // The gutter of each list: its widest marker and the space (docs/layout.md).
  const gutters = layout.blocks.filter((block) => block.marker !== undefined)
  let item = 0
  for (const list of box.querySelectorAll('ul, ol')) {
    const first = gutters[item]
    if (first) (list as HTMLElement).style.paddingLeft = `${first.gutter_mm * PX_PER_MM}px`
    item += list.children.length
  }
  return box.getBoundingClientRect().height / PX_PER_MM
}

describe('repaired texts in Chromium', () => {
  test('should fit their area in Chromium’s layout, where the originals overflow it', () => {
    const failures: string[] = []
    let cases = 0
    for (const text of TEXTS) {
      for (const family of FAMILIES) {
        for (const ellipsis of ELLIPSES) {
          const element = area({ font_family: family, width_mm: 62, height_mm: 30 })
          expect(chromiumHeightMm(text, element)).toBeGreaterThan(element.height_mm)
          const result = shortenToFit(text, undefined, element, fonts, { ellipsis })
          if (!result.ok) {
            failures.push(`${family}: not shortened: ${text.slice(0, 30)}`)
            continue
          }
          const height = chromiumHeightMm(result.text, element)
          if (height > element.height_mm + 1e-6) {
            failures.push(`${family} ${JSON.stringify(result.text)}: ${height} mm`)
          }
          cases++
        }
      }
    }
    expect(failures).toEqual([])
    expect(cases).toBe(TEXTS.length * FAMILIES.length * ELLIPSES.length)
  })
})
