/**
 * The renderer profiles, rule by rule. The numbers are Chromium 156's, read from the browser
 * (test/browser/renderer-profile.test.ts measures them live, layout-fidelity.test.ts checks
 * whole texts); here they pin the rules in Node and the browser alike.
 */
import { beforeAll, describe, expect, test } from 'vitest'
import { layoutMarkdown } from '../../src/layout/layout-markdown.ts'
import {
  DEFAULT_RENDERER_PROFILE,
  profileRules,
  type RendererProfile,
} from '../../src/layout/renderer-profile.ts'
import type { TextLayout } from '../../src/layout/types.ts'
import { MM_PER_PT, PX_PER_MM } from '../../src/layout/units.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import { area, testRegistry } from '../text/registry.ts'

let fonts: FontRegistry

beforeAll(async () => {
  fonts = await testRegistry()
})

const chromium = profileRules('chromium')
const exact = profileRules('exact')

/** Millimetres of a length in layout units (1/64 px). */
const units = (count: number): number => count / 64 / PX_PER_MM

describe('profileRules', () => {
  test('should default to the chromium profile', () => {
    expect(DEFAULT_RENDERER_PROFILE).toBe('chromium')
    expect(profileRules()).toBe(chromium)
    expect(profileRules(undefined)).toBe(chromium)
  })

  test('should reject a name that is no profile', () => {
    expect(() => profileRules('firefox' as RendererProfile)).toThrow(
      new RangeError('Unexpected renderer profile `firefox`, expected `chromium` or `exact`')
    )
  })

  test.each([
    // [size pt, shaping size px]: rounded down to 1/64 px, whole multiples kept.
    [8.5, 11.328125],
    [8, 10.65625],
    [10, 13.328125],
    [9, 12],
    [12, 16],
    [7.5, 10],
  ])('should scale glyphs of %s pt with %s px', (sizePt, px) => {
    expect(chromium.shapingSizePt(sizePt) * (96 / 72)).toBeCloseTo(px, 12)
    expect(exact.shapingSizePt(sizePt)).toBe(sizePt)
  })

  test.each([
    // [size pt, line height, line box, blank line], in layout units, as Chromium stacks them.
    [12, 1.2, 1228, 1228],
    [8, 1.35, 922, 920],
    [8, 1.2, 819, 818],
    [8.5, 1.5, 1087, 1087],
    [10, 1.2, 1023, 1023],
    [11, 1.3, 1220, 1219],
    [11.25, 1.3, 1248, 1248],
  ])(
    'should give %s pt × %s line boxes of %s and blank lines of %s layout units',
    (size, height, line, blank) => {
      expect(chromium.lineBoxMm(size, height)).toBeCloseTo(units(line), 12)
      expect(chromium.blankLineMm(size, height)).toBeCloseTo(units(blank), 12)
      expect(exact.lineBoxMm(size, height)).toBeCloseTo(size * MM_PER_PT * height, 12)
      expect(exact.blankLineMm(size, height)).toBeCloseTo(size * MM_PER_PT * height, 12)
    }
  )

  test('should let a line one layout unit over its box through in Chromium only', () => {
    // The example: a text of exactly 238.125 px fits a box of 238.110 px.
    expect(chromium.fits(238.125, 238.11)).toBe(true)
    expect(chromium.fits(238.14, 238.11)).toBe(false)
    expect(exact.fits(238.125, 238.11)).toBe(false)
    expect(exact.fits(238.11, 238.11)).toBe(true)
    expect(chromium.itemWidthPx(100.001)).toBe(100.015625)
    expect(exact.itemWidthPx(100.001)).toBe(100.001)
  })
})

/** The first line's text as compared with Chromium: no spaces, no soft hyphens. */
function firstLine(layout: TextLayout): string {
  return (layout.lines[0]?.text ?? '').replaceAll(' ', '').replaceAll('\u00ad', '')
}

/** A layout in a box of a width in layout units. */
function layoutIn(
  text: string,
  family: string,
  sizePt: number,
  widthUnits: number,
  profile: RendererProfile
): TextLayout {
  const element = area({
    font_family: family,
    font_size_pt: sizePt,
    line_height: 2,
    width_mm: units(widthUnits),
  })
  return layoutMarkdown(text, element, fonts, { profile })
}

describe('layoutMarkdown in the chromium profile', () => {
  test('should stack line boxes and the smaller blank lines of 8 pt × 1.35', () => {
    const element = area({ font_size_pt: 8, line_height: 1.35, height_mm: 100 })
    const layout = layoutMarkdown('eins\nzwei\n\ndrei', element, fonts)
    expect(layout.metrics.profile).toBe('chromium')
    const tops = [0, units(922), units(2 * 922 + 920)]
    expect(layout.lines).toHaveLength(3)
    layout.lines.forEach((line, index) => expect(line.top_mm).toBeCloseTo(tops[index] ?? -1, 12))
    expect(layout.metrics.measured_height_mm).toBeCloseTo(units(3 * 922 + 920), 12)
    expect(layout.metrics.line_height_mm).toBeCloseTo(units(922), 12)
    expect(layout.metrics.blank_line_height_mm).toBeCloseTo(units(920), 12)
    expect(layout.metrics.blank_line_count).toBe(1)
  })

  test('should scale glyphs and emoji with the size rounded down to 1/64 px', () => {
    const [line] = layoutMarkdown('Hallo 😀', area({ font_size_pt: 8.5 }), fonts).lines
    const inter = fonts.face('Inter')
    const run = line?.runs[0]
    expect(run?.kind === 'text' && run.units_to_mm).toBeCloseTo(
      11.328125 / PX_PER_MM / inter.unitsPerEm,
      15
    )
    expect(run?.kind === 'text' && run.font_size_pt).toBe(8.5)
    const emoji = line?.runs[1]
    expect(emoji?.kind === 'emoji' && emoji.size_mm).toBeCloseTo(11.328125 / PX_PER_MM, 12)
  })

  test('should round each style run up to a layout unit: the line needs one unit more', () => {
    // Chromium holds `Vielen Dank für alles da` on one line in 10 825 layout units, not in
    // 10 824 (Inter, 15 px, five runs); unrounded, 10 823 would do.
    const text = 'Vielen **Dank** für *alles* da'
    const whole = 'VielenDankfürallesda'
    expect(firstLine(layoutIn(text, 'Inter', 11.25, 10_825, 'chromium'))).toBe(whole)
    expect(firstLine(layoutIn(text, 'Inter', 11.25, 10_824, 'chromium'))).toBe('VielenDankfüralles')
    expect(firstLine(layoutIn(text, 'Inter', 11.25, 10_823, 'exact'))).toBe(whole)
    const line = layoutIn(text, 'Inter', 11.25, 20_000, 'chromium').lines[0]
    // Runs start at whole layout units, as Chromium places its inline items.
    for (const run of line?.runs ?? []) {
      expect(
        Math.abs(run.x_mm * PX_PER_MM * 64 - Math.round(run.x_mm * PX_PER_MM * 64))
      ).toBeLessThan(1e-6)
    }
  })

  test('should fit a break inside a word with the word shaped whole (Lora kerns `-v`)', () => {
    // Chromium needs 6 511 layout units for `Ga naar gemeente-`, 20 more than its own width.
    const text = 'Ga naar gemeente-voorbeeld en'
    expect(firstLine(layoutIn(text, 'Lora', 8.5, 6511, 'chromium'))).toBe('Ganaargemeente-')
    expect(firstLine(layoutIn(text, 'Lora', 8.5, 6510, 'chromium'))).toBe('Ganaar')
    // Unrounded (at 11.333 px) the cut word alone decides: 6 500 layout units are enough.
    expect(firstLine(layoutIn(text, 'Lora', 8.5, 6500, 'exact'))).toBe('Ganaargemeente-')
  })

  test('should round the hyphen of a soft-hyphen break up on its own', () => {
    // Chromium: 5 283 layout units hold `Ga naar Jugend‐` (Roboto 8.5 pt), 5 282 do not.
    const text = 'Ga naar Jugend\u00adfeuer\u00adwehr en'
    expect(firstLine(layoutIn(text, 'Roboto', 8.5, 5283, 'chromium'))).toBe('GanaarJugend')
    expect(firstLine(layoutIn(text, 'Roboto', 8.5, 5282, 'chromium'))).toBe('Ganaar')
  })

  test('should set glyphs of a size below 1/64 px at no size, without a NaN anywhere', () => {
    const layout = layoutMarkdown('Hallo **Welt**\n\n- eins', area({ font_size_pt: 0.01 }), fonts)
    // Line boxes of one layout unit (round(0.853) × 1.3), blank lines of none.
    expect(layout.metrics.measured_height_mm).toBeCloseTo(units(2), 12)
    expect(layout.metrics.fits).toBe(true)
    for (const line of layout.lines) {
      expect([line.width_mm, line.x_mm, line.baseline_mm].every(Number.isFinite)).toBe(true)
    }
  })

  test('should count line boxes over from the boxes, blank lines included', () => {
    const element = area({ font_size_pt: 8, line_height: 1.35, height_mm: units(922 * 3) })
    const layout = layoutMarkdown('a\n\nb\n\nc\n\nd', element, fonts)
    expect(layout.metrics.line_count).toBe(4)
    expect(layout.metrics.blank_line_count).toBe(3)
    expect(layout.metrics.fits).toBe(false)
    // Seven boxes of which three fit: the lines from the third paragraph on are over.
    expect(layout.metrics.overflowing_lines).toEqual([2, 3])
  })
})
