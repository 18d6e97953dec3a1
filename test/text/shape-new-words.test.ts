import fc from 'fast-check'
import { beforeAll, describe, expect, test } from 'vitest'
import { shapeText, type ShapedText } from '../../src/text/shape.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import type { FaceSlot } from '../helpers/fonts.ts'
import { testRegistry } from './registry.ts'

/**
 * Differential test of the GSUB/GPOS engine on new words (order numbers, coupons, names): the
 * engine's shortcuts (subtables found per glyph, pair adjustments kept per glyph pair) must give,
 * in every shipped face, the glyphs, advances, offsets and clusters the general engine gave
 * before them (main at fd188f6): the shapes of 24,000 distinct generated words hash per face to
 * the values that engine gave.
 */
const FACES = ['Inter', 'Roboto', 'Lora'].flatMap((family) =>
  (['regular', 'bold', 'italic', 'bold_italic'] as const).map((slot) => [family, slot] as const)
)

/**
 * Pieces words are made of: digits, punctuation, ligature candidates, arrows, fractions, Latin
 * letters of German, French, Polish and Czech, and characters lookups skip or stop at (soft
 * hyphen, ZWJ, ZWNJ, a combining diaeresis).
 */
const PIECES = [
  ...'0123456789',
  ...'!?.,:;-–—/#%&+*=()[]\'"@€$',
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ',
  ...'äöüßÄÖÜéèêëàâçîïôùûÿœæÉÈÀÇąćęłńóśźżĄĆĘŁŃÓŚŹŻčďěňřšťůžČĎĚŇŘŠŤŮŽ',
  'ffi',
  'ffl',
  'fi',
  'fl',
  'ff',
  '->',
  '<-',
  '-->',
  '=>',
  '1/2',
  '3/4',
  'SPRING-',
  'No.',
  '\u00ad',
  '\u200d',
  '\u200c',
  'a\u0308',
]

const WORD = fc
  .array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 7 })
  .map((pieces) => pieces.join(''))

let fonts: FontRegistry

beforeAll(async () => {
  fonts = await testRegistry()
})

/** The hashes of the shapes of the generated words per face, as main at fd188f6 gave them. */
const BEFORE: Record<string, string> = {
  'Inter regular': '265d5a2b',
  'Inter bold': 'abea4e49',
  'Inter italic': 'fab950a9',
  'Inter bold_italic': '98394da7',
  'Roboto regular': 'a533b52d',
  'Roboto bold': 'ab86d730',
  'Roboto italic': 'af5d4fad',
  'Roboto bold_italic': 'd22d2c85',
  'Lora regular': '28228f2b',
  'Lora bold': '2c65b12e',
  'Lora italic': '288d435f',
  'Lora bold_italic': 'be48a38a',
}

/** FNV-1a (32 bits) over the numbers of a shape, folded into `hash`. */
function fold(hash: number, values: readonly number[]): number {
  let next = hash
  for (const value of values) {
    next = Math.imul(next ^ (value & 0xffff), 0x01000193) >>> 0
    next = Math.imul(next ^ (value >>> 16), 0x01000193) >>> 0
  }
  return Math.imul(next ^ 0xff, 0x01000193) >>> 0
}

describe('shapeText of new words', () => {
  test('should shape 24,000 generated words in every shipped face as the general engine did', () => {
    const faces = FACES.map(([family, slot]: readonly [string, FaceSlot]) =>
      fonts.face(family, { bold: slot.startsWith('bold'), italic: slot.endsWith('italic') })
    )
    const hashes = FACES.map(() => 0x811c9dc5)
    // Distinct words (short ones come more than once in a sample).
    const samples = [...new Set(fc.sample(WORD, { seed: 20261124, numRuns: 32_000 }))].slice(
      0,
      24_000
    )
    for (const word of samples) {
      faces.forEach((face, index) => {
        const shaped = shapeText(face, word)
        let hash = hashes[index] as number
        hash = fold(hash, shaped.glyphs)
        hash = fold(
          hash,
          shaped.advances.map((advance) => Math.round(advance * 64))
        )
        hash = fold(
          hash,
          shaped.offsets.map((offset) => Math.round(offset * 64))
        )
        hashes[index] = fold(hash, shaped.clusters)
      })
    }
    expect(samples).toHaveLength(24_000)
    const got = Object.fromEntries(
      FACES.map(([family, slot], index) => [
        `${family} ${slot}`,
        (hashes[index] as number).toString(16),
      ])
    )
    expect(got).toEqual(BEFORE)
  })

  test('should kern a word without marks or invisible characters as the general positioning does', () => {
    // A word whose glyphs no lookup skips is kerned pair by pair in one step; a trailing ZWSP,
    // which every lookup skips and the result leaves out, sends the same word through the general
    // path (lookup by lookup, each glyph tested for skipping). Both must give the same shape.
    const samples = [...new Set(fc.sample(WORD, { seed: 20261125, numRuns: 3_000 }))]
    const plain = samples.filter((word) =>
      ['\u00ad', '\u200c', '\u200d', '\u0308'].every((character) => !word.includes(character))
    )
    expect(plain.length).toBeGreaterThan(2_000)
    const shape = (shaped: ShapedText): string =>
      JSON.stringify([
        shaped.glyphs,
        shaped.advances,
        shaped.offsets,
        shaped.clusters,
        shaped.width,
      ])
    const differing: string[] = []
    for (const [family, slot] of FACES) {
      const face = fonts.face(family, {
        bold: slot.startsWith('bold'),
        italic: slot.endsWith('italic'),
      })
      for (const word of plain) {
        if (shape(shapeText(face, word)) !== shape(shapeText(face, `${word}\u200b`))) {
          differing.push(`${family} ${slot}: ${word}`)
        }
      }
    }
    expect(differing).toEqual([])
  })

  test('should keep a word used twice and let a word seen once give way to 256 new ones', () => {
    const face = fonts.face('Lora', { bold: false, italic: false })
    const once = shapeText(face, 'Bestellnummer-1')
    const twice = shapeText(face, 'Bestellnummer-2')
    expect(shapeText(face, 'Bestellnummer-2')).toBe(twice)
    for (let index = 0; index < 256; index++) shapeText(face, `Gutschein-${index}`)
    expect(shapeText(face, 'Bestellnummer-2')).toBe(twice)
    const again = shapeText(face, 'Bestellnummer-1')
    expect(again).not.toBe(once)
    expect(again).toEqual(once)
  })
})
