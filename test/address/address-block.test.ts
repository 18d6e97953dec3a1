/**
 * The address block as the analysis lays it out once (in the address area of the greeting card,
 * `designs/a6-greeting.json`), and the rules that read that layout: line count, line widths
 * (against fontkit's advances), the font size (against fontkit's outline of `H`).
 */
import { beforeAll, describe, expect, test } from 'vitest'
import { addressGeometry, addressLayoutText } from '../../src/address/address-block.ts'
import { capHeight } from '../../src/address/cap-height.ts'
import { analyzePostcard } from '../../src/analysis/analyze-postcard.ts'
import type { AnalyzeOptions } from '../../src/analysis/types.ts'
import type { AddressElement } from '../../src/design/types.ts'
import { profileRules } from '../../src/layout/renderer-profile.ts'
import { createFontRegistry } from '../../src/text/font-registry.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import type { Warning } from '../../src/verdict/types.ts'
import { loadTestFonts } from '../helpers/fonts.ts'
import { berlin, FLOW_ID, greetingAddress, makeDesign } from '../postcard/make-design.ts'
import { fontkitFont, layoutLatin } from '../text/oracle.ts'

const MM_PER_PT = 25.4 / 72
const path = 'sides.back.elements[0]'

let fonts: FontRegistry
beforeAll(async () => {
  fonts = createFontRegistry(await loadTestFonts())
})

/** The analysis of a body whose recipient has `to`, in an address element changed by `address`. */
function analyze(
  to: Record<string, unknown>,
  address: Partial<AddressElement> = {},
  options: AnalyzeOptions = { fonts },
  from: Record<string, unknown> = berlin
) {
  const design = makeDesign({ address })
  const analysis = analyzePostcard({ flow_id: FLOW_ID, from, to }, design, options)
  const block = analysis.sides.back.find((element) => element.type === 'address')
  if (block?.type !== 'address') throw new Error('no address element')
  return { analysis, block, warnings: analysis.verdict.warnings }
}

const amsterdam = {
  first_name: 'Anna',
  last_name: 'de Vries',
  address_line1: 'Prinsengracht 263',
  zip: '1016gv',
  city: 'Amsterdam',
  country: 'NL',
}

/** The warnings of the block rules. */
const blockWarnings = (warnings: readonly Warning[]): Warning[] =>
  warnings.filter((warning) => warning.rule === 'address-block-fit')

describe('the address block of an analysis', () => {
  test('should hold the lines as the posts read them, laid out once in the element', () => {
    const { block, warnings } = analyze(amsterdam)
    expect(block.senderLine).toBe('Erika Mustermann, Invalidenstraße 117, 10115 BERLIN, DUITSLAND')
    expect(block.recipientLines).toEqual([
      'Anna de Vries',
      'Prinsengracht 263',
      '1016 GV  AMSTERDAM',
      'NIEDERLANDE',
    ])
    expect(block.recipientLayout?.lines.map((line) => line.text)).toEqual([
      'Anna de Vries',
      'Prinsengracht 263',
      '1016 GV\u00a0 AMSTERDAM',
      'NIEDERLANDE',
    ])
    expect(block.senderLayout?.lines).toHaveLength(1)
    expect(Object.isFrozen(block)).toBe(true)
    expect(blockWarnings(warnings)).toEqual([])
  })

  test('should place the recipient below one sender line box and half a line, as the layout', () => {
    const { block } = analyze(amsterdam)
    const rules = profileRules('chromium')
    const sender = block.senderLayout?.metrics
    expect(sender?.line_height_mm).toBe(rules.lineBoxMm(7, 1.25))
    expect(block.recipientTop_mm).toBe((sender?.measured_height_mm ?? 0) + (10 * MM_PER_PT) / 2)
    expect(block.recipientLayout?.metrics.available_height_mm).toBe(36 - block.recipientTop_mm)
    // 36 mm − (7 pt sender line + half a 10 pt line) = 31.15 mm: 7 lines of 12.5 pt.
    expect(block.recipientCapacity).toBe(7)
  })

  test('should know the capacity and the overflow without fonts, as the layout measures them', () => {
    const lines = { company: 'Bloom & Co.', address_line2: 'Hinterhaus, 3. Stock' }
    for (const height_mm of [36, 20, 16, 9]) {
      for (const sender_line of [true, false]) {
        const address = { height_mm, sender_line }
        const laidOut = analyze({ ...amsterdam, ...lines }, address).block
        const bare = analyze({ ...amsterdam, ...lines }, address, {}).block
        expect(bare.recipientLayout).toBeUndefined()
        expect(bare.recipientCapacity).toBe(laidOut.recipientCapacity)
        expect(bare.recipientOverflow_mm).toBeCloseTo(laidOut.recipientOverflow_mm, 9)
        expect(laidOut.recipientOverflow_mm).toBe(laidOut.recipientLayout?.metrics.overflow_mm)
        const overflowing = laidOut.recipientLayout?.metrics.overflowing_lines.length ?? 0
        expect(laidOut.recipientLines.length - overflowing).toBe(
          Math.min(laidOut.recipientCapacity, laidOut.recipientLines.length)
        )
      }
    }
  })

  test('should never wrap a line: one that is too wide sticks out of the element', () => {
    const line = 'Bahnhofstrasse 4a, Hinterhaus, 3. Stock links'
    const { block } = analyze({ ...berlin, address_line1: line })
    const layout = block.recipientLayout
    expect(layout?.lines.map((item) => item.text)).toEqual([
      'Erika Mustermann',
      line,
      '10115 Berlin',
    ])
    const wide = layout?.lines[1]
    expect(wide?.width_overflow_mm).toBeCloseTo((wide?.width_mm ?? 0) - 56, 9)
    expect(layout?.metrics.width_overflow_mm).toBe(wide?.width_overflow_mm)
  })

  test('should print no sender line when the element asks for none', () => {
    const { block } = analyze(amsterdam, { sender_line: false })
    expect(block.senderLine).toBe('')
    expect(block.senderLayout).toBeUndefined()
    expect(block.recipientTop_mm).toBe(0)
    const geometry = addressGeometry({ ...greetingAddress, sender_line: false }, false, 'exact')
    expect(geometry).toEqual({
      senderSize_pt: 7,
      senderHeight_mm: 0,
      recipientTop_mm: 0,
      recipientHeight_mm: 36,
      lineHeight_mm: expect.closeTo(12.5 * MM_PER_PT, 12) as number,
      capacity: 8,
    })
  })
})

describe('address-block-fit', () => {
  test('should warn about more lines than the area holds, with or without fonts', () => {
    const eight = {
      ...amsterdam,
      company: 'Bloom & Co.',
      address_line2: 'Hinterhaus',
      first_name: 'Anna Maria',
    }
    for (const options of [{ fonts }, {}]) {
      const { warnings } = analyze(eight, { height_mm: 20 }, options)
      expect(blockWarnings(warnings)).toEqual([
        {
          code: 'address-lines-overflow',
          rule: 'address-block-fit',
          path: 'to',
          message:
            'Unexpected 6 address lines, expected at most 3: the address area holds 3 lines of 10 pt, 11.29 mm too few; shorten the address or enlarge the area',
          data: { element: path, line_count: 6, capacity: 3, overflow_mm: 11.29, font_size_pt: 10 },
        },
      ])
    }
  })

  test('should measure a line wider than the area as fontkit does', async () => {
    const line = 'Bahnhofstrasse 4a, Hinterhaus, 3. Stock links'
    const { warnings } = analyze({ ...berlin, address_line1: line })
    const [warning] = blockWarnings(warnings)
    const font = await fontkitFont('Roboto', 'regular')
    const width = (layoutLatin(font, line).advanceWidth / font.unitsPerEm) * 10 * MM_PER_PT
    expect(warning?.code).toBe('address-line-too-wide')
    expect(warning?.data?.['width_mm']).toBeCloseTo(width, 1)
    expect(warning?.data?.['overflow_mm']).toBeCloseTo(width - 56, 1)
    expect(warning?.data).toMatchObject({ line, font_family: 'Roboto', font_size_pt: 10 })
    expect(warning?.message).toBe(
      `Unexpected address line \`${line}\` ${String(warning?.data?.['overflow_mm'])} mm wider than the area, expected at most 56 mm in Roboto 10 pt: shorten it or enlarge the area`
    )
  })

  test('should keep the two spaces PostNL asks for when measuring, as fontkit does', async () => {
    const { block } = analyze(amsterdam)
    const line = block.recipientLayout?.lines[2]
    expect(addressLayoutText(['1016 GV  AMSTERDAM'])).toBe('1016 GV\u00a0 AMSTERDAM')
    const font = await fontkitFont('Roboto', 'regular')
    const run = layoutLatin(font, '1016 GV  AMSTERDAM')
    expect(line?.width_mm).toBeCloseTo((run.advanceWidth / font.unitsPerEm) * 10 * MM_PER_PT, 1)
  })

  test('should not judge the sender line (sorting machines read the recipient)', () => {
    const from = { ...berlin, company: 'Bloom & Co. GmbH', address_line2: 'Hinterhaus' }
    const { block, warnings } = analyze(amsterdam, {}, { fonts }, from)
    expect(block.senderLayout?.metrics.width_overflow_mm).toBeGreaterThan(0)
    expect(blockWarnings(warnings)).toEqual([])
  })
})

describe('address-font-size', () => {
  test('should read the cap height of the face’s H as fontkit does', async () => {
    for (const family of fonts.families) {
      const face = fonts.face(family)
      const font = await fontkitFont(family, 'regular')
      const glyph = font.getGlyph(font.glyphForCodePoint(0x48).id)
      expect(capHeight(face)).toBeCloseTo(glyph.path.cbox.maxY, 0)
      expect(capHeight(face)).toBe(capHeight(face))
    }
  })

  test('should warn about capitals smaller than the 2.3 mm Deutsche Post reads', () => {
    const { warnings } = analyze(amsterdam, { font_size_pt: 7 })
    expect(warnings.filter((warning) => warning.rule === 'address-font-size')).toEqual([
      {
        code: 'address-font-small',
        rule: 'address-font-size',
        path: `${path}.font_size_pt`,
        message:
          'Unexpected font size 7 pt for the address, expected at least 9.2 pt in Roboto: sorting machines read capitals of 2.3 mm and more, these are 1.76 mm',
        data: {
          element: path,
          font_size_pt: 7,
          cap_height_mm: 1.76,
          minimum_cap_height_mm: 2.3,
          minimum_font_size_pt: 9.2,
          font_family: 'Roboto',
        },
      },
    ])
    const enough = analyze(amsterdam, { font_size_pt: 9.2 }).warnings
    expect(enough.filter((warning) => warning.rule === 'address-font-size')).toEqual([])
  })
})
