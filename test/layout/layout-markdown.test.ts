import fc from 'fast-check'
import { beforeAll, describe, expect, test } from 'vitest'
import { contentBlocks } from '../../src/layout/content-blocks.ts'
import { measureBlocks } from '../../src/layout/layout-blocks.ts'
import { layoutMarkdown } from '../../src/layout/layout-markdown.ts'
import { parseForLayout } from '../../src/markdown/parse-for-layout.ts'
import type { LayoutLine, TextLayout, TextRun } from '../../src/layout/types.ts'
import { MM_PER_PT, PX_PER_MM } from '../../src/layout/units.ts'
import { shapeText } from '../../src/text/shape.ts'
import type { Face, FontRegistry } from '../../src/text/types.ts'
import { area, testRegistry } from '../text/registry.ts'

let fonts: FontRegistry
let inter: Face

beforeAll(async () => {
  fonts = await testRegistry()
  inter = fonts.face('Inter')
})

/** 10 pt × 1.3 in mm: the line box of the default test area in the `exact` profile. */
const LINE = 10 * MM_PER_PT * 1.3

/**
 * The unrounded CSS model: most tests below pin its geometry to the last digit; the rounding of
 * the default `chromium` profile has its own tests at the end (and its Chromium oracles in
 * test/browser/renderer-profile.test.ts and layout-fidelity.test.ts).
 */
const EXACT = { profile: 'exact' } as const

function texts(layout: TextLayout): string[] {
  return layout.lines.map((line) => line.text)
}

function widthMm(face: Face, text: string, sizePt = 10): number {
  return (shapeText(face, text).width / face.unitsPerEm) * sizePt * MM_PER_PT
}

function textRuns(line: LayoutLine): TextRun[] {
  return line.runs.filter((run): run is TextRun => run.kind === 'text')
}

describe('layoutMarkdown: vertical model', () => {
  test('should stack line boxes of exactly font size × line height', () => {
    const layout = layoutMarkdown('eins\nzwei\ndrei', area(), fonts, EXACT)
    expect(texts(layout)).toEqual(['eins', 'zwei', 'drei'])
    expect(layout.lines.map((line) => line.top_mm)).toEqual([0, LINE, 2 * LINE])
    expect(layout.lines.map((line) => line.height_mm)).toEqual([LINE, LINE, LINE])
    expect(layout.lines.map((line) => line.hard_break)).toEqual([true, true, false])
    expect(layout.metrics.measured_height_mm).toBe(3 * LINE)
    expect(layout.metrics.line_height_mm).toBe(LINE)
  })

  test('should put the baseline by CSS half-leading with the hhea metrics', () => {
    const [line] = layoutMarkdown(
      'Hallo',
      area({ font_size_pt: 12, line_height: 1.5 }),
      fonts
    ).lines
    const size = 12 * MM_PER_PT
    const ascent = (inter.ascender / inter.unitsPerEm) * size
    const descent = (-inter.descender / inter.unitsPerEm) * size
    expect(line?.baseline_mm).toBeCloseTo((1.5 * size - ascent - descent) / 2 + ascent, 12)
  })

  test('should leave one blank line box between paragraphs and around lists, none between items', () => {
    const layout = layoutMarkdown(
      'Absatz eins\n\n- a\n- b\n\nAbsatz zwei\n\n1. c\n\n- d',
      area(),
      fonts,
      EXACT
    )
    expect(texts(layout)).toEqual(['Absatz eins', 'a', 'b', 'Absatz zwei', 'c', 'd'])
    expect(layout.lines.map((line) => Math.round(line.top_mm / LINE))).toEqual([0, 2, 3, 5, 7, 9])
    expect(layout.metrics.measured_height_mm).toBeCloseTo(10 * LINE, 12)
    expect(layout.metrics.block_count).toBe(6)
    expect(layout.metrics.line_count).toBe(6)
    expect(layout.blocks.map((block) => block.kind)).toEqual([
      'paragraph',
      'bullet-item',
      'bullet-item',
      'paragraph',
      'ordered-item',
      'bullet-item',
    ])
  })

  test('should give a loose list no gaps between items either', () => {
    const layout = layoutMarkdown('- a\n\n- b\n\n- c', area(), fonts)
    expect(layout.lines.map((line) => Math.round(line.top_mm / LINE))).toEqual([0, 1, 2])
  })

  test('should lay out nothing for an empty or blank text', () => {
    for (const text of ['', '   ', '\n\n']) {
      const layout = layoutMarkdown(text, area(), fonts)
      expect(layout.lines).toEqual([])
      expect(layout.metrics.measured_height_mm).toBe(0)
      expect(layout.metrics.fits).toBe(true)
      expect(layout.metrics.remaining_mm).toBe(40)
    }
  })
})

describe('layoutMarkdown: lists', () => {
  test('should hang bullets in a gutter of the marker plus a space, wrapped lines aligned', () => {
    const layout = layoutMarkdown(
      '- ein ziemlich langer Punkt, der umbrechen muss, weil er nicht passt\n- kurz',
      area({ width_mm: 40 }),
      fonts,
      EXACT
    )
    const gutter = widthMm(inter, '• ')
    expect(layout.blocks[0]?.gutter_mm).toBeCloseTo(gutter, 12)
    expect(layout.lines.length).toBeGreaterThan(2)
    for (const line of layout.lines) {
      expect(line.x_mm).toBeCloseTo(gutter, 12)
      expect(line.available_width_mm).toBeCloseTo(40 - gutter, 12)
    }
    const markers = layout.lines.map((line) => line.marker?.text)
    expect(markers.filter((marker) => marker !== undefined)).toEqual(['• ', '• '])
    expect(layout.lines[0]?.marker?.x_mm).toBeCloseTo(0, 12)
  })

  test('should number from the list start and right-align markers in the widest gutter', () => {
    const layout = layoutMarkdown('9. neun\n10. zehn\n11. elf', area(), fonts, EXACT)
    const markers = layout.lines.map((line) => line.marker)
    expect(markers.map((marker) => marker?.text)).toEqual(['9. ', '10. ', '11. '])
    const gutter = Math.max(widthMm(inter, '10. '), widthMm(inter, '11. '))
    expect(layout.lines[0]?.x_mm).toBeCloseTo(gutter, 12)
    expect(markers[0]?.x_mm).toBeCloseTo(gutter - widthMm(inter, '9. '), 12)
    expect((markers[0]?.x_mm ?? 0) + (markers[0]?.width_mm ?? 0)).toBeCloseTo(gutter, 12)
  })

  test('should set markers in the regular face even in a bold item', () => {
    const [line] = layoutMarkdown('1. **fett**', area(), fonts).lines
    expect(line?.marker?.style).toEqual({ bold: false, italic: false })
    expect(textRuns(line as LayoutLine)[0]?.style).toEqual({ bold: true, italic: false })
  })

  test('should show the marker of an empty item on an empty line', () => {
    const layout = layoutMarkdown('- a\n-\n- c', area(), fonts)
    expect(texts(layout)).toEqual(['a', '', 'c'])
    expect(layout.lines[1]?.marker?.text).toBe('• ')
  })
})

describe('layoutMarkdown: styles, alignment, emoji', () => {
  test('should set strong in bold, emphasis in italic, both in bold italic', () => {
    const [line] = layoutMarkdown('a **b** *c* ***d*** e', area(), fonts).lines
    const runs = textRuns(line as LayoutLine)
    expect(runs.map((run) => [run.text, run.face.style.bold, run.face.style.italic])).toEqual([
      ['a ', false, false],
      ['b', true, false],
      [' ', false, false],
      ['c', false, true],
      [' ', false, false],
      ['d', true, true],
      [' e', false, false],
    ])
    expect(runs.every((run) => run.color === '#000000')).toBe(true)
  })

  test.each([
    ['left', 0],
    ['center', 0.5],
    ['right', 1],
  ] as const)('should align lines %s, hanging spaces excluded', (align, share) => {
    const layout = layoutMarkdown(
      'Hallo Welt und alle anderen Leute',
      area({ width_mm: 30, align }),
      fonts
    )
    expect(layout.lines.length).toBeGreaterThan(1)
    for (const line of layout.lines) {
      expect(line.x_mm).toBeCloseTo((30 - line.width_mm) * share, 12)
    }
    expect(layout.lines[0]?.text.endsWith(' ')).toBe(true)
  })

  test('should place glyphs at their pen positions with kerning', () => {
    const [line] = layoutMarkdown('AV', area(), fonts, EXACT).lines
    const [run] = textRuns(line as LayoutLine)
    const scale = (10 * MM_PER_PT) / inter.unitsPerEm
    const a = inter.glyphId(0x41)
    expect(run?.glyphs.map((glyph) => glyph.glyphId)).toEqual([a, inter.glyphId(0x56)])
    expect(run?.glyphs[1]?.x_mm).toBeCloseTo(
      (inter.advance(a) + inter.kerning(a, inter.glyphId(0x56))) * scale,
      12
    )
    expect(run?.units_to_mm).toBeCloseTo(scale, 15)
  })

  test('should measure an emoji as exactly 1 em, centred on the content area', () => {
    const [line] = layoutMarkdown('a👩🏽‍💻b', area({ font_size_pt: 12 }), fonts).lines
    const em = 12 * MM_PER_PT
    const emoji = line?.runs[1]
    expect(emoji?.kind).toBe('emoji')
    if (emoji?.kind !== 'emoji') return
    expect(emoji.grapheme).toBe('👩🏽‍💻')
    expect(emoji.size_mm).toBeCloseTo(em, 12)
    expect(line?.width_mm).toBeCloseTo(widthMm(inter, 'a', 12) + em + widthMm(inter, 'b', 12), 12)
    const ascent = (inter.ascender / inter.unitsPerEm) * em
    const descent = (-inter.descender / inter.unitsPerEm) * em
    const centre = (line?.baseline_mm ?? 0) - (ascent - descent) / 2
    expect(emoji.top_mm + em / 2).toBeCloseTo(centre, 12)
  })

  test('should break a word wider than the area between graphemes (overflow-wrap: anywhere)', () => {
    const layout = layoutMarkdown(
      'Donaudampfschifffahrtsgesellschaftskapitänsmütze',
      area({ width_mm: 25 }),
      fonts
    )
    expect(layout.lines.length).toBeGreaterThan(1)
    expect(texts(layout).join('')).toBe('Donaudampfschifffahrtsgesellschaftskapitänsmütze')
    expect(layout.metrics.width_overflow_mm).toBe(0)
    for (const line of layout.lines) expect(line.width_mm).toBeLessThanOrEqual(25)
  })

  test('should fill every line of a 3000-character word as far as it goes', () => {
    const word = 'Donaudampfschifffahrtsgesellschaftskapitänsmütze'.repeat(63).slice(0, 3000)
    const layout = layoutMarkdown(word, area({ width_mm: 35, height_mm: 1000 }), fonts)
    expect(texts(layout).join('')).toBe(word)
    const limit = 35 * PX_PER_MM
    layout.lines.forEach((line, index) => {
      const px = widthMm(inter, line.text) * PX_PER_MM
      expect(Math.floor(px * 64 + 1e-6)).toBeLessThanOrEqual(Math.floor(limit * 64 + 1e-6))
      const next = layout.lines[index + 1]?.text[0]
      if (next !== undefined) {
        // One more character would not have fitted: the break is as late as it can be.
        const longer = widthMm(inter, line.text + next) * PX_PER_MM
        expect(Math.floor(longer * 64 + 1e-6)).toBeGreaterThan(Math.floor(limit * 64 + 1e-6))
      }
    })
  })

  test('should report a grapheme wider than the whole line as width overflow', () => {
    const layout = layoutMarkdown('😀', area({ width_mm: 3, font_size_pt: 20 }), fonts, EXACT)
    expect(layout.metrics.width_overflow_mm).toBeCloseTo(20 * MM_PER_PT - 3, 12)
    expect(layout.metrics.fits).toBe(false)
    expect(layout.lines[0]?.x_mm).toBe(0)
  })

  test('should draw the hyphen of a soft-hyphen break and count it', () => {
    const text = 'Sil\u00adben\u00adtren\u00adnung'
    const narrow = widthMm(inter, 'Silben\u2010') + 0.1
    const layout = layoutMarkdown(text, area({ width_mm: narrow }), fonts, EXACT)
    expect(texts(layout)).toEqual(['Sil\u00adben\u00ad', 'tren\u00ad', 'nung'])
    const last = textRuns(layout.lines[0] as LayoutLine).at(-1)
    expect(last?.text.endsWith('\u2010')).toBe(true)
    expect(layout.lines[0]?.width_mm).toBeCloseTo(widthMm(inter, 'Silben\u2010'), 12)
  })
})

describe('layoutMarkdown: any Markdown', () => {
  test('should lay out the text of nodes spec 2.5 does not allow, plainly', () => {
    const text =
      '# Titel\n\n> Zitat\n\n```\ncode\nzwei\n```\n\n[Link](https://x.de) ![Bild](b.png) `x` <b>h</b>\n\n***\n\n- a\n  - b'
    const layout = layoutMarkdown(text, area({ height_mm: 200 }), fonts)
    expect(texts(layout)).toEqual([
      'Titel',
      'Zitat',
      'code',
      'zwei',
      'Link Bild x <b>h</b>',
      'a',
      'b',
    ])
    expect(layout.lines.at(-1)?.marker?.text).toBe('• ')
  })

  test('should collapse white space as CSS white-space: normal does', () => {
    const layout = layoutMarkdown('  a \t  b  \n   c  ', area(), fonts)
    expect(texts(layout)).toEqual(['a b', 'c'])
  })

  test('should never throw on any text', () => {
    const pieces = [
      '**',
      '*',
      '- ',
      '1. ',
      '\n',
      '\n\n',
      '# ',
      '> ',
      '`',
      'Wort ',
      '😀',
      '\u00ad',
      ' ',
      'ü',
      '[a](b)',
      '<i>',
      '\\',
    ]
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(fc.constantFrom(...pieces), fc.string({ unit: 'binary', maxLength: 8 })),
          {
            maxLength: 30,
          }
        ),
        (parts) => {
          const layout = layoutMarkdown(
            parts.join(''),
            area({ width_mm: 20, height_mm: 10 }),
            fonts
          )
          expect(Number.isFinite(layout.metrics.measured_height_mm)).toBe(true)
        }
      ),
      { numRuns: 200 }
    )
  })
})

describe('measureBlocks: the metrics of the layout, no glyph placed', () => {
  // The verdict measures lines without placing glyphs; a drawing places them afterwards. Both
  // must agree on every text: the metrics measured alone are those of the placed lines.
  const pieces = ['Wort ', 'lang', '**', '*', '- ', '1. ', '\n', '\n\n', '😀', '\u00ad', ' ', 'Ü']
  const text = fc
    .array(fc.oneof(fc.constantFrom(...pieces), fc.string({ maxLength: 6 })), { maxLength: 60 })
    .map((parts) => parts.join(''))
  const box = fc.record({
    width_mm: fc.integer({ min: 5, max: 90 }),
    height_mm: fc.integer({ min: 3, max: 60 }),
    font_size_pt: fc.constantFrom(6, 7.5, 9, 10, 11, 14),
    line_height: fc.constantFrom(1, 1.15, 1.2, 1.3, 1.5),
    align: fc.constantFrom('left', 'center', 'right' as const),
  })

  test('should give the metrics of the placed lines on generated texts, in both profiles', () => {
    fc.assert(
      fc.property(
        text,
        box,
        fc.constantFrom('chromium', 'exact' as const),
        (value, size, profile) => {
          const element = area(size)
          const layout = layoutMarkdown(value, element, fonts, { profile })
          const blocks = contentBlocks(parseForLayout(value).tree, value)
          expect(measureBlocks(blocks, element, fonts, { profile })).toEqual(layout.metrics)
          const { metrics, lines } = layout
          expect(metrics.line_count).toBe(lines.length)
          expect(metrics.overflowing_lines).toEqual(
            lines.filter((line) => line.overflows).map((line) => line.index)
          )
          expect(metrics.width_overflow_mm).toBe(
            Math.max(0, ...lines.map((line) => line.width_overflow_mm))
          )
        }
      ),
      { numRuns: 800 }
    )
  })
})
