/**
 * Bad font bytes are the host's mistake and may throw, but only a `FontError`; a face that
 * parses never throws on user text. Property test: random bytes of a WOFF2 variable font, a CFF
 * font and a CFF2 variable font are overwritten, then the font is parsed and every operation the
 * layout and preview use is run on glyphs of the whole range.
 */
import fc from 'fast-check'
import { beforeAll, describe, expect, test } from 'vitest'
import { parseFont } from '../../src/text/font.ts'
import { FontError } from '../../src/text/font-error.ts'
import { shapeText } from '../../src/text/shape.ts'
import { decodeWoff2Font } from '../../src/text/woff2-decoder.ts'
import { CUSTOMER_FONT_FILES, loadPackageFile } from '../helpers/fonts.ts'

const REGULAR = { bold: false, italic: false }
const FONTS = {
  'WOFF2 variable': CUSTOMER_FONT_FILES.interVariable,
  CFF: CUSTOMER_FONT_FILES.sourceSansRegular,
  'CFF2 variable': CUSTOMER_FONT_FILES.sourceSansVariable,
} as const

const bytes = new Map<string, Uint8Array>()

beforeAll(async () => {
  for (const [name, file] of Object.entries(FONTS)) bytes.set(name, await loadPackageFile(file))
})

describe('damaged font bytes', () => {
  test.each(Object.keys(FONTS))(
    'should give a FontError or a face that never throws, for a damaged %s font',
    (name) => {
      const original = bytes.get(name) as Uint8Array
      let parsed = 0
      fc.assert(
        fc.property(
          fc.array(fc.tuple(fc.nat(original.byteLength - 1), fc.nat(255)), {
            minLength: 1,
            maxLength: 24,
          }),
          fc.integer({ min: 0, max: 1000 }),
          (damage, weight) => {
            const copy = original.slice()
            for (const [at, value] of damage) copy[at] = value
            let face
            try {
              face = parseFont(copy, name, REGULAR, {
                woff2: decodeWoff2Font,
                ...(name.includes('variable') && { axes: { wght: weight } }),
              })
            } catch (error) {
              expect(error).toBeInstanceOf(FontError)
              return
            }
            parsed++
            for (let id = -1; id < 3000; id += 37) {
              face.advance(id)
              face.glyphPath(id)
              face.kerning(id, id + 1)
            }
            shapeText(face, 'AVATAR Wäldchen 0815 fi ffl')
          }
        ),
        { numRuns: 40, seed: 17 }
      )
      // Damage to a CFF font mostly lands in glyph data, so most faces parse and are exercised;
      // a WOFF2 file is one Brotli stream, which damage mostly breaks (a FontError).
      expect(parsed).toBeGreaterThan(name.startsWith('WOFF2') ? 0 : 10)
    }
  )
})
