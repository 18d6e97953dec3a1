/**
 * The verdict's measure of recipient lines (`measureWideLines`: advances only, no layout)
 * against the layout the preview draws (`layoutRecipientLines`, the general engine with line
 * breaking and glyph placement): the same wide lines, the same widths to the last bit, on the
 * posts' published examples and on generated lines (fast-check, fixed seed).
 */
import fc from 'fast-check'
import { beforeAll, describe, expect, test } from 'vitest'
import {
  addressGeometry,
  layoutRecipientLines,
  measureWideLines,
  wideLinesOf,
} from '../../src/address/address-block.ts'
import { formatAddress } from '../../src/address/format-address.ts'
import type { AddressObject } from '../../src/address/types.ts'
import type { AddressElement } from '../../src/design/types.ts'
import type { RendererProfile } from '../../src/layout/types.ts'
import { unwrappedLineWidthEm } from '../../src/layout/unwrapped-line-width.ts'
import { createFontRegistry } from '../../src/text/font-registry.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import { loadTestFonts } from '../helpers/fonts.ts'
import { greetingAddress } from '../postcard/make-design.ts'

const fixtures = import.meta.glob<{
  cases: { address: AddressObject; from?: string; expected: string[] }[]
}>('../fixtures/addresses/*.json', { eager: true, import: 'default' })

let fonts: FontRegistry
beforeAll(async () => {
  fonts = createFontRegistry(await loadTestFonts())
})

const PROFILES: readonly RendererProfile[] = ['chromium', 'exact']

/** The wide lines as the layout reports them (the oracle), in the shape of the measure. */
function laidOutWideLines(
  element: AddressElement,
  lines: readonly string[],
  profile: RendererProfile
) {
  const geometry = addressGeometry(element, true, profile)
  const layout = layoutRecipientLines(element, geometry, lines, fonts, profile)
  return wideLinesOf(layout).map((line) => ({
    index: line.index,
    width_mm: line.width_mm,
    available_width_mm: line.available_width_mm,
    width_overflow_mm: line.width_overflow_mm,
  }))
}

describe('measureWideLines', () => {
  test('should find the wide lines of the posts’ examples as the layout does', () => {
    const examples = Object.values(fixtures).flatMap((fixture) => fixture.cases)
    expect(examples.length).toBeGreaterThanOrEqual(30)
    let wide = 0
    for (const { address, from } of examples) {
      const lines = formatAddress(address, { from: from ?? 'DE' })
      for (const font_family of fonts.families) {
        for (const profile of PROFILES) {
          for (const width_mm of [20, 35, 56, 80]) {
            const element = { ...greetingAddress, font_family, width_mm }
            const measured = measureWideLines(element, lines, fonts.face(font_family), profile)
            expect(measured).toEqual(laidOutWideLines(element, lines, profile))
            wide += measured?.length ?? 0
          }
        }
      }
    }
    // Both answers occur: lines that fit and lines that stick out.
    expect(wide).toBeGreaterThan(500)
  })

  test('should agree with the layout on generated lines, or leave them to it', () => {
    // Letters with kerning pairs, accents, ligatures, digits, punctuation, no-break and double
    // spaces, soft hyphens, combining marks, characters the fonts lack, emoji and tabs.
    const common = [
      ...'AVToWay.,filßÄé10-/&Ω日 ',
      'e\u0301',
      '\u00a0',
      '\u00ad',
      '\u2010',
      '\u200b',
      'Straße',
      'AMSTERDAM',
      'de Vries',
      'Wolfgang-Ölmüller',
    ]
    const rare = ['  ', '😀', '\u2764', '#\ufe0f\u20e3', '\t']
    const piece = fc.oneof(
      { weight: 12, arbitrary: fc.constantFrom(...common) },
      { weight: 1, arbitrary: fc.constantFrom(...rare) }
    )
    // Lines as printed are trimmed; now and then one is not.
    const line = fc
      .tuple(fc.array(piece, { maxLength: 14 }), fc.integer({ min: 0, max: 9 }))
      .map(([parts, trim]) => (trim > 0 ? parts.join('').trim() : parts.join('')))
    let answered = 0
    let wide = 0
    let runs = 0
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 7 }),
        fc.constantFrom(...fonts.families),
        fc.double({ min: 4, max: 90, noNaN: true }),
        fc.double({ min: 5, max: 16, noNaN: true }),
        fc.constantFrom(...PROFILES),
        (lines, font_family, width_mm, font_size_pt, profile) => {
          runs++
          const element = { ...greetingAddress, font_family, width_mm, font_size_pt }
          const measured = measureWideLines(element, lines, fonts.face(font_family), profile)
          if (measured === undefined) return
          answered++
          wide += measured.length
          expect(measured).toEqual(laidOutWideLines(element, lines, profile))
        }
      ),
      { seed: 15_2026, numRuns: 3000 }
    )
    // Most lines are answered without a layout, and many of them stick out.
    expect(answered).toBeGreaterThan(runs / 4)
    expect(wide).toBeGreaterThan(answered / 2)
  })

  test('should leave to the layout what it collapses or sets as emoji', () => {
    const face = fonts.face('Roboto')
    for (const text of [
      ' Anna',
      'Anna ',
      'An  na',
      'An\tna',
      'Anna 😀',
      '1\ufe0f\u20e3',
      'a\u2764',
    ])
      expect(unwrappedLineWidthEm(text, face)).toBeUndefined()
    expect(unwrappedLineWidthEm('', face)).toBe(0)
    expect(unwrappedLineWidthEm('1016 GV\u00a0 AMSTERDAM', face)).toBeGreaterThan(0)
  })
})
