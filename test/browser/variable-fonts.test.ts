/**
 * Oracle test: Chromium itself. A variable font loaded with `new FontFace(…, { weight: '1 1000'
 * })` and set in `font-weight: W` is the instance at `wght` W; its canvas widths at a font size
 * of one em per unit are its advances and kerning in font units. Every advance of the faces'
 * mapped characters, and the kerning of common pairs, must equal our instance's, at weights
 * 400, 550 and 700, for Fontsource's WOFF2 Inter and Adobe's CFF2 Source Sans 3.
 * Tolerances: advances 0.01 (Chromium's float widths), kerning 0.02 units.
 */
import { beforeAll, describe, expect, test } from 'vitest'
import { decodeWoff2Font } from '../../src/text/woff2-decoder.ts'
import { parseFont } from '../../src/text/font.ts'
import { shapeText } from '../../src/text/shape.ts'
import { CUSTOMER_FONT_FILES, loadPackageFile } from '../helpers/fonts.ts'

const REGULAR = { bold: false, italic: false }
const PAIRS = 'AVTWYLPFavTwyo.,-krfj147ÄÖ'
const FILES = {
  'Inter (WOFF2)': CUSTOMER_FONT_FILES.interVariable,
  'Source Sans 3 (CFF2)': CUSTOMER_FONT_FILES.sourceSansVariable,
} as const

const bytes = new Map<string, Uint8Array>()
const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D

beforeAll(async () => {
  for (const [name, file] of Object.entries(FILES)) {
    const data = await loadPackageFile(file)
    bytes.set(name, data)
    const face = new FontFace(`Oracle ${name}`, data.slice().buffer, { weight: '1 1000' })
    await face.load()
    document.fonts.add(face)
  }
})

const CASES = Object.keys(FILES).flatMap((name) =>
  [400, 550, 700].map((weight) => [name, weight] as const)
)

describe('variable instances against Chromium', () => {
  test.each(CASES)(
    'should measure every character of %s at wght %i as Chromium does',
    (name, weight) => {
      const face = parseFont(bytes.get(name) as Uint8Array, name, REGULAR, {
        axes: { wght: weight },
        woff2: decodeWoff2Font,
      })
      context.font = `${weight} ${face.unitsPerEm}px 'Oracle ${name}'`
      let checked = 0
      for (let codePoint = 0x21; codePoint < 0x3000; codePoint++) {
        if (
          !face.hasCodePoint(codePoint) ||
          /[\p{M}\p{Cc}\p{Cf}]/u.test(String.fromCodePoint(codePoint))
        )
          continue
        const expected = context.measureText(String.fromCodePoint(codePoint)).width
        const actual = face.advance(face.glyphId(codePoint))
        if (Math.abs(actual - expected) > 0.01) {
          expect([codePoint.toString(16), actual]).toEqual([codePoint.toString(16), expected])
        }
        checked++
      }
      expect(checked).toBeGreaterThan(190)
    }
  )

  test.each(CASES)('should kern pairs of %s at wght %i as Chromium does', (name, weight) => {
    const face = parseFont(bytes.get(name) as Uint8Array, name, REGULAR, {
      axes: { wght: weight },
      woff2: decodeWoff2Font,
    })
    context.font = `${weight} ${face.unitsPerEm}px 'Oracle ${name}'`
    let kerned = 0
    for (const left of PAIRS) {
      for (const right of PAIRS) {
        const shaped = shapeText(face, left + right)
        const expected = context.measureText(left + right).width
        if (Math.abs(shaped.width - expected) > 0.02) {
          expect([left + right, shaped.width]).toEqual([left + right, expected])
        }
        if (
          shaped.width !==
          face.advance(face.glyphId(left.codePointAt(0) as number)) +
            face.advance(face.glyphId(right.codePointAt(0) as number))
        ) {
          kerned++
        }
      }
    }
    expect(kerned).toBeGreaterThan(40)
  })
})
