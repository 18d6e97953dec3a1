import { beforeAll, describe, expect, test } from 'vitest'
import { checkAddressBlock } from '../../src/address/check-address-block.ts'
import { capHeight } from '../../src/address/cap-height.ts'
import type { AddressElement } from '../../src/design/types.ts'
import { createFontRegistry } from '../../src/text/font-registry.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import { loadTestFonts } from '../helpers/fonts.ts'
import { fontkitFont, layoutLatin } from '../text/oracle.ts'

/** The address element of designs/a6-greeting.json. */
const element: AddressElement = {
  type: 'address',
  x_mm: 86,
  y_mm: 52,
  width_mm: 56,
  height_mm: 36,
  font_family: 'Roboto',
  font_size_pt: 10,
  line_height: 1.25,
  sender_line: true,
}
const path = 'sides.back.elements[3]'
const MM_PER_PT = 25.4 / 72

let fonts: FontRegistry
beforeAll(async () => {
  fonts = createFontRegistry(await loadTestFonts())
})

const lines = ['Anna de Vries', 'Prinsengracht 263', '1016 GV  AMSTERDAM', 'NIEDERLANDE']

describe('checkAddressBlock', () => {
  test('should accept a four-line address in the greeting card’s area', () => {
    expect(checkAddressBlock({ element, path, lines, senderPrinted: true, fonts })).toEqual([])
  })

  test('should count the lines the area holds below the sender line, with or without fonts', () => {
    // 36 mm − (7 pt sender line + half a 10 pt line) = 31.15 mm = 7 lines of 12.5 pt.
    const eight = Array.from({ length: 8 }, (_, i) => `Line ${i + 1}`)
    for (const withFonts of [fonts, undefined]) {
      expect(
        checkAddressBlock({ element, path, lines: eight, senderPrinted: true, fonts: withFonts })
      ).toEqual([
        {
          code: 'address-lines-overflow',
          path: 'to',
          message:
            'Unexpected 8 address lines, expected at most 7: the address area holds 7 lines of 10 pt, 4.13 mm too few; shorten the address or enlarge the area',
          data: { element: path, line_count: 8, capacity: 7, overflow_mm: 4.13 },
        },
      ])
    }
    const noSender = checkAddressBlock({
      element,
      path,
      lines: eight,
      senderPrinted: false,
      fonts,
    })
    expect(noSender).toEqual([])
  })

  test('should measure a line wider than the area as fontkit does', async () => {
    const line = 'Bahnhofstrasse 4a, Hinterhaus, 3. Stock links'
    const [warning] = checkAddressBlock({
      element,
      path,
      lines: ['Erich Müller', line, '8001 Zurich'],
      senderPrinted: true,
      fonts,
    })
    const font = await fontkitFont('Roboto', 'regular')
    const width = (layoutLatin(font, line).advanceWidth / font.unitsPerEm) * 10 * MM_PER_PT
    expect(warning?.code).toBe('address-line-too-wide')
    expect(warning?.data?.['width_mm']).toBeCloseTo(width, 1)
    expect(warning?.data?.['overflow_mm']).toBeCloseTo(width - 56, 1)
    expect(warning?.message).toBe(
      `Unexpected address line \`${line}\` ${String(warning?.data?.['overflow_mm'])} mm wider than the area, expected at most 56 mm in Roboto 10 pt: shorten it or enlarge the area`
    )
  })

  test('should keep the two spaces PostNL asks for when measuring', () => {
    const [one] = checkAddressBlock({
      element: { ...element, width_mm: 10 },
      path,
      lines: ['1016 GV AMSTERDAM'],
      senderPrinted: false,
      fonts,
    })
    const [two] = checkAddressBlock({
      element: { ...element, width_mm: 10 },
      path,
      lines: ['1016 GV  AMSTERDAM'],
      senderPrinted: false,
      fonts,
    })
    const space = fonts.face('Roboto')
    const spaceMm = (space.advance(space.glyphId(0x20)) / space.unitsPerEm) * 10 * MM_PER_PT
    const difference = Number(two?.data?.['width_mm']) - Number(one?.data?.['width_mm'])
    expect(difference).toBeCloseTo(spaceMm, 1)
  })

  test('should read the cap height of the face’s H as fontkit does', async () => {
    for (const family of fonts.families) {
      const face = fonts.face(family)
      const font = await fontkitFont(family, 'regular')
      const glyph = font.getGlyph(font.glyphForCodePoint(0x48).id)
      expect(capHeight(face)).toBeCloseTo(glyph.path.cbox.maxY, 0)
    }
  })

  test('should warn about capitals smaller than the 2.3 mm Deutsche Post reads', () => {
    const small = { ...element, font_size_pt: 7 }
    const warnings = checkAddressBlock({ element: small, path, lines, senderPrinted: true, fonts })
    expect(warnings).toEqual([
      {
        code: 'address-font-small',
        path: `${path}.font_size_pt`,
        message:
          'Unexpected font size 7 pt for the address, expected at least 9.2 pt in Roboto: sorting machines read capitals of 2.3 mm and more, these are 1.76 mm',
        data: {
          element: path,
          font_size_pt: 7,
          cap_height_mm: 1.76,
          minimum_cap_height_mm: 2.3,
          minimum_font_size_pt: 9.2,
        },
      },
    ])
    const enough = { ...element, font_size_pt: 9.2 }
    expect(checkAddressBlock({ element: enough, path, lines, senderPrinted: true, fonts })).toEqual(
      []
    )
  })
})
