/**
 * Line widths against fontkit, which shapes with full OpenType support (GPOS extension lookups
 * too): every line of the paragraph corpus (German, Dutch, French, English), set at 16 px in every
 * shipped face, must measure within 0.02 px of fontkit's width of the same line.
 */
import { beforeAll, describe, expect, test } from 'vitest'
import { isEmoji } from '../../src/emoji/is-emoji.ts'
import { layoutPlainText } from '../../src/layout/layout-plain-text.ts'
import { PX_PER_MM } from '../../src/layout/units.ts'
import { splitGraphemes } from '../../src/text/graphemes.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import corpus from '../fixtures/layout/paragraphs.json' with { type: 'json' }
import { fontkitFont, layoutLatin } from '../text/oracle.ts'
import { testRegistry } from '../text/registry.ts'

const SIZE_PX = 16
const TOLERANCE_PX = 0.02

/** Corpus paragraphs as plain text: no Markdown stars, no emoji (fontkit has no emoji font). */
const PARAGRAPHS = corpus.paragraphs.map((paragraph) =>
  splitGraphemes(paragraph.text.replaceAll('*', ''))
    .filter((grapheme) => !isEmoji(grapheme))
    .join('')
    .replace(/ {2,}/g, ' ')
)

let fonts: FontRegistry

beforeAll(async () => {
  fonts = await testRegistry()
})

describe('line widths against fontkit at 16 px', () => {
  test.each(
    ['Inter', 'Roboto', 'Lora'].flatMap((family) =>
      (['regular', 'bold', 'italic', 'bold_italic'] as const).map((slot) => [family, slot] as const)
    )
  )('should measure every line of %s %s within 0.02 px', async (family, slot) => {
    const oracle = await fontkitFont(family, slot)
    const style = { bold: slot.startsWith('bold'), italic: slot.endsWith('italic') }
    let lines = 0
    let worst = 0
    // All paragraphs in the regular faces, every fourth in the others.
    const paragraphs =
      slot === 'regular' ? PARAGRAPHS : PARAGRAPHS.filter((_, index) => index % 4 === 0)
    for (const text of paragraphs) {
      const layout = layoutPlainText(
        text,
        {
          width_mm: 260 / PX_PER_MM,
          height_mm: 1000,
          font_family: family,
          font_size_pt: SIZE_PX * 0.75,
          line_height: 1.3,
        },
        fonts,
        style
      )
      for (const line of layout.lines) {
        // Soft hyphens: Lora has no glyph for U+00AD and fontkit then stops kerning across it;
        // Chromium kerns across it as we do (test/text/shape.test.ts), so fontkit is no oracle.
        if (line.text.includes('\u00ad')) continue
        const run = layoutLatin(oracle, line.text)
        // fontkit's width of the line without its hanging spaces (their kerning stays, as the
        // pair's adjustment sits on the glyph before the space).
        let theirs = run.advanceWidth
        for (let index = run.glyphs.length - 1; index >= 0; index--) {
          if (run.glyphs[index]?.codePoints.join() !== '32') break
          theirs -= run.positions[index]?.xAdvance ?? 0
        }
        const theirsPx = (theirs / oracle.unitsPerEm) * SIZE_PX
        const oursPx = line.width_mm * PX_PER_MM
        worst = Math.max(worst, Math.abs(theirsPx - oursPx))
        lines++
      }
    }
    expect(lines).toBeGreaterThan(slot === 'regular' ? 1000 : 250)
    expect(worst).toBeLessThanOrEqual(TOLERANCE_PX)
  })
})
