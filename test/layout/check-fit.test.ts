import { beforeAll, describe, expect, test } from 'vitest'
import { checkFit, formatSuggestion } from '../../src/layout/check-fit.ts'
import { layoutMarkdown } from '../../src/layout/layout-markdown.ts'
import { measureFit } from '../../src/analysis/measure-fit.ts'
import { MM_PER_PT } from '../../src/layout/units.ts'
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
    expect(checkFit(LONG, element, fonts)).toEqual({
      key: 'greeting',
      label: 'Greeting',
      available_width_mm: 60,
      available_height_mm: 20,
      measured_height_mm: 45.86,
      overflow_mm: 25.86,
      font_size_pt: 10,
      line_height: 1.3,
      block_count: 1,
      line_count: 10,
      suggested_action:
        'Shorten the text by at least 161 characters (6 lines) or reduce the font size to 6.5 pt.',
    })
  })

  test('should suggest exactly the longest prefix and the largest size that fit', () => {
    const element = area({ width_mm: 60, height_mm: 20 })
    const total = graphemeBoundaries(LONG).length - 1
    const layout = layoutMarkdown(LONG, element, fonts)
    const line = 10 * MM_PER_PT * 1.3
    // 10 line boxes of 4.586 mm in 20 mm: 4 fit, 6 are over.
    expect(layout.metrics.measured_height_mm).toBeCloseTo(10 * line, 12)
    expect(Math.floor(20 / line)).toBe(4)
    // The prefix of total − 161 clusters fits, one cluster more does not (checked by parsing
    // the prefix anew: a plain paragraph cut anywhere is the same paragraph, shorter).
    expect(fits(prefix(LONG, total - 161), element)).toBe(true)
    expect(fits(prefix(LONG, total - 160), element)).toBe(false)
    // 6.5 pt fits, 7 pt does not.
    expect(fits(LONG, { ...element, font_size_pt: 6.5 })).toBe(true)
    expect(fits(LONG, { ...element, font_size_pt: 7 })).toBe(false)
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
    const line = 10 * MM_PER_PT * 1.3
    const measurement = measureFit('Hallo\n\nWelt', area({ height_mm: 20 }), fonts)
    expect(measurement).toEqual({
      fits: true,
      measured_height_mm: Math.round(3 * line * 100) / 100,
      available_height_mm: 20,
      remaining_mm: Math.round((20 - 3 * line) * 100) / 100,
      overflow_mm: 0,
      remaining_lines: 1,
      line_count: 2,
      block_count: 2,
      width_overflow_mm: 0,
    })
  })

  test('should count the line boxes over as negative lines left', () => {
    const measurement = measureFit(LONG, area({ width_mm: 60, height_mm: 20 }), fonts)
    expect(measurement.fits).toBe(false)
    expect(measurement.remaining_lines).toBe(-6)
    expect(measurement.remaining_mm).toBe(0)
    expect(measurement.overflow_mm).toBe(25.86)
  })
})
