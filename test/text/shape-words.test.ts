import fc from 'fast-check'
import { beforeAll, describe, expect, test } from 'vitest'
import { shapeText } from '../../src/text/shape.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import type { FaceSlot } from '../helpers/fonts.ts'
import { testRegistry } from './registry.ts'

/**
 * Differential test of the GSUB/GPOS engine on new words (order numbers, coupons, names): its
 * shortcuts (a ligature set tested against the glyph after the first, class kerning by table)
 * must give, in every shipped face, the glyphs, advances, offsets and clusters the engine gave
 * before them (commit f425357): the 20,000 words' shapes hash to the values it gave then.
 */
const FACES = ['Inter', 'Roboto', 'Lora'].flatMap((family) =>
  (['regular', 'bold', 'italic', 'bold_italic'] as const).map((slot) => [family, slot] as const)
)

/** Pieces words are made of: digits, punctuation, ligature candidates, Latin letters. */
const PIECES = [
  ...'0123456789',
  ...'!?.,:;-–—/#%&+*=()[]\'"@',
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ',
  ...'äöüßÄÖÜéèêëàâçîïôùûÿœæÉÈÀÇąćęłńóśźżĄĆĘŁŃÓŚŹŻ',
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
]

const WORD = fc
  .array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 6 })
  .map((pieces) => pieces.join(''))

let fonts: FontRegistry

beforeAll(async () => {
  fonts = await testRegistry()
})

/** The hashes of the shapes of the generated words per face, as commit f425357 gave them. */
const BEFORE: Record<string, string> = {
  'Inter regular': '52d3d76d',
  'Inter bold': 'bdd9bf02',
  'Inter italic': '654652f',
  'Inter bold_italic': '65c04258',
  'Roboto regular': '4747f9a6',
  'Roboto bold': '61b78adb',
  'Roboto italic': 'f375645e',
  'Roboto bold_italic': 'e0d4b482',
  'Lora regular': 'fc4a15d8',
  'Lora bold': 'd111c799',
  'Lora italic': '1eb4635c',
  'Lora bold_italic': '51000b4d',
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
  test('should shape 20,000 generated words in every face as before the shortcuts', () => {
    const faces = FACES.map(([family, slot]: readonly [string, FaceSlot]) =>
      fonts.face(family, { bold: slot.startsWith('bold'), italic: slot.endsWith('italic') })
    )
    const hashes = FACES.map(() => 0x811c9dc5)
    // 20,000 distinct words (short ones come more than once in a sample).
    const samples = [...new Set(fc.sample(WORD, { seed: 20261124, numRuns: 30_000 }))].slice(
      0,
      20_000
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
    expect(samples).toHaveLength(20_000)
    const got = Object.fromEntries(
      FACES.map(([family, slot], index) => [
        `${family} ${slot}`,
        (hashes[index] as number).toString(16),
      ])
    )
    expect(got).toEqual(BEFORE)
  })
})
