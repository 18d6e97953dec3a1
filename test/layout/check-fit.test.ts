import { beforeAll, describe, expect, test } from 'vitest'
import { checkFit, formatSuggestion } from '../../src/layout/check-fit.ts'
import { layoutMarkdown } from '../../src/layout/layout-markdown.ts'
import { measureFit } from '../../src/analysis/measure-fit.ts'
import { MM_PER_PT, PX_PER_MM } from '../../src/layout/units.ts'
import { graphemeBoundaries } from '../../src/text/graphemes.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import type { MarkdownElement } from '../../src/design/types.ts'
import { area, testRegistry } from '../text/registry.ts'

let fonts: FontRegistry

beforeAll(async () => {
  fonts = await testRegistry()
})

const LONG =
  'Liebe Anna, vielen Dank für Ihre Bestellung bei uns. Wir freuen uns, Sie als neue Kundin ' +
  'begrüßen zu dürfen. Ihr persönlicher Gutscheincode ist bis Ende des Monats gültig. Die ' +
  'Lieferung erfolgt innerhalb von drei bis fünf Werktagen. Bei Fragen erreichen Sie unser ' +
  'Serviceteam montags bis freitags.'

/** The text cut after `count` grapheme clusters. */
function prefix(text: string, count: number): string {
  return text.slice(0, graphemeBoundaries(text)[count])
}

function fits(text: string, element: MarkdownElement): boolean {
  return layoutMarkdown(text, element, fonts).metrics.fits
}

describe('checkFit', () => {
  test('should return undefined when the text fits', () => {
    expect(checkFit('Hallo Anna!', area(), fonts)).toBeUndefined()
    expect(checkFit('', area(), fonts)).toBeUndefined()
  })

  test('should report the spec 7.1 item, word for word, for a text that is too long', () => {
    const element = area({ width_mm: 60, height_mm: 20, key: 'greeting', label: 'Greeting' })
    const item = {
      key: 'greeting',
      label: 'Greeting',
      available_width_mm: 60,
      available_height_mm: 20,
      // Chromium's line box at 10 pt × 1.3: 17.3125 px (1108 layout units), 10 lines.
      measured_height_mm: 45.81,
      overflow_mm: 25.81,
      font_size_pt: 10,
      line_height: 1.3,
      block_count: 1,
      line_count: 10,
      // At 7 pt Chromium sets glyphs at 9.328125 px (not 9.333) in line boxes of 12.125 px: six
      // lines, which fit 20 mm; the unrounded model needs seven at 7 pt.
      suggested_action:
        'Shorten the text by at least 161 characters (6 lines) or reduce the font size to 7 pt.',
    }
    expect(checkFit(LONG, element, fonts)).toEqual(item)
    expect(checkFit(LONG, element, fonts, { profile: 'chromium' })).toEqual(item)
    // The unrounded model: line boxes of exactly 17.333 px.
    expect(checkFit(LONG, element, fonts, { profile: 'exact' })).toEqual({
      ...item,
      measured_height_mm: 45.86,
      overflow_mm: 25.86,
      suggested_action:
        'Shorten the text by at least 161 characters (6 lines) or reduce the font size to 6.5 pt.',
    })
  })

  test('should suggest exactly the longest prefix and the largest size that fit', () => {
    const element = area({ width_mm: 60, height_mm: 20 })
    const total = graphemeBoundaries(LONG).length - 1
    const layout = layoutMarkdown(LONG, element, fonts)
    const line = 1108 / 64 / PX_PER_MM
    // 10 line boxes of 4.581 mm (17.3125 px) in 20 mm: 4 fit, 6 are over.
    expect(layout.metrics.line_height_mm).toBeCloseTo(line, 12)
    expect(layout.metrics.measured_height_mm).toBeCloseTo(10 * line, 12)
    expect(Math.floor(20 / line)).toBe(4)
    // The prefix of total − 161 clusters fits, one cluster more does not (checked by parsing
    // the prefix anew: a plain paragraph cut anywhere is the same paragraph, shorter).
    expect(fits(prefix(LONG, total - 161), element)).toBe(true)
    expect(fits(prefix(LONG, total - 160), element)).toBe(false)
    // 7 pt fits, 7.5 pt does not.
    expect(fits(LONG, { ...element, font_size_pt: 7 })).toBe(true)
    expect(fits(LONG, { ...element, font_size_pt: 7.5 })).toBe(false)
  })

  test('should use the singular for one character and one line', () => {
    const element = area({ width_mm: 12, height_mm: 5 })
    const error = checkFit('Hallo W', element, fonts)
    expect(fits('Hallo ', element)).toBe(true)
    expect(error?.suggested_action).toBe(
      'Shorten the text by at least 1 character (1 line) or reduce the font size to 9 pt.'
    )
    expect(error?.line_count).toBe(2)
  })

  test('should leave out the font size when no size from 6 pt fits', () => {
    const element = area({ width_mm: 10, height_mm: 3, font_size_pt: 12 })
    const error = checkFit(LONG, element, fonts)
    expect(fits(LONG, { ...element, font_size_pt: 6 })).toBe(false)
    expect(error?.suggested_action).toMatch(
      /^Shorten the text by at least \d+ characters \(\d+ lines\)\.$/
    )
  })

  test('should count Markdown markup and emoji as characters, keeping the formatting', () => {
    const element = area({ width_mm: 30, height_mm: 4.6 })
    const text = '**Fett gedruckt** 👩🏽‍💻 und noch mehr'
    const error = checkFit(text, element, fonts)
    // `**Fett gedruckt** 👩🏽‍💻` fits on the line (the emoji is one character), `und noch mehr`
    // (13 characters) does not; no size from 6 pt up fits the whole text on one line.
    expect(error?.suggested_action).toBe('Shorten the text by at least 13 characters (1 line).')
    expect(fits('**Fett gedruckt** 👩🏽‍💻 ', element)).toBe(true)
    expect(fits('**Fett gedruckt** 👩🏽‍💻 u', element)).toBe(false)
    expect(fits(text, { ...element, font_size_pt: 6 })).toBe(false)
  })

  test('should report a grapheme wider than the area without lines over', () => {
    const error = checkFit('😀', area({ width_mm: 3, height_mm: 20, font_size_pt: 20 }), fonts)
    expect(error?.overflow_mm).toBe(0)
    expect(error?.suggested_action).toBe(
      'Shorten the text by at least 1 character or reduce the font size to 8.5 pt.'
    )
  })
})

describe('formatSuggestion', () => {
  test.each([
    [
      { characters: 86, lines: 2, font_size_pt: 10 },
      'Shorten the text by at least 86 characters (2 lines) or reduce the font size to 10 pt.',
    ],
    [
      { characters: 1, lines: 1, font_size_pt: 10.5 },
      'Shorten the text by at least 1 character (1 line) or reduce the font size to 10.5 pt.',
    ],
    [{ characters: 5, lines: 0 }, 'Shorten the text by at least 5 characters.'],
    [{ characters: 2, lines: 3 }, 'Shorten the text by at least 2 characters (3 lines).'],
  ])('should word %j', (suggestion, expected) => {
    expect(formatSuggestion(suggestion)).toBe(expected)
  })
})

describe('measureFit', () => {
  test('should tell how much height is left', () => {
    const expected = {
      fits: true,
      // Two line boxes and the blank line between the paragraphs, 17.3125 px each in Chromium
      // (10 pt × 1.3): 51.9375 px = 13.742 mm.
      measured_height_mm: 13.74,
      available_height_mm: 20,
      remaining_mm: 6.26,
      overflow_mm: 0,
      remaining_lines: 1,
      line_count: 2,
      block_count: 2,
      width_overflow_mm: 0,
    }
    expect(measureFit('Hallo\n\nWelt', area({ height_mm: 20 }), fonts)).toEqual(expected)
    // The unrounded model: three boxes of exactly 10 pt × 1.3.
    const line = 10 * MM_PER_PT * 1.3
    expect(
      measureFit('Hallo\n\nWelt', area({ height_mm: 20 }), fonts, { profile: 'exact' })
    ).toEqual({
      ...expected,
      measured_height_mm: Math.round(3 * line * 100) / 100,
      remaining_mm: Math.round((20 - 3 * line) * 100) / 100,
    })
  })

  test('should count the line boxes over as negative lines left', () => {
    const measurement = measureFit(LONG, area({ width_mm: 60, height_mm: 20 }), fonts)
    expect(measurement.fits).toBe(false)
    expect(measurement.remaining_lines).toBe(-6)
    expect(measurement.remaining_mm).toBe(0)
    expect(measurement.overflow_mm).toBe(25.81)
  })
})
