/**
 * The line breaker estimates the width of part of a word from the word's glyph advances: from a
 * table of running sums for a long word, by adding the few advances of a short one. Both must
 * give the same number to the last bit, or a line could break differently for a word of 32
 * glyphs than for one of 33.
 */
import fc from 'fast-check'
import { beforeAll, describe, expect, test } from 'vitest'
import { advanceBetween, advanceSums } from '../../src/layout/break-lines.ts'
import { shapeText } from '../../src/text/shape.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import corpus from '../fixtures/layout/paragraphs.json' with { type: 'json' }
import { testRegistry } from '../text/registry.ts'

let fonts: FontRegistry

beforeAll(async () => {
  fonts = await testRegistry()
})

/** Advances, units per em and a glyph range `[first, last)` of them. */
const SPAN = fc
  .record({
    advances: fc.array(
      fc.oneof(
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: -400, max: 400 }),
        fc.double({ min: -500, max: 3000, noNaN: true })
      ),
      { maxLength: 80 }
    ),
    unitsPerEm: fc.constantFrom(1000, 1024, 2048, 2000, 256, 16384),
    a: fc.nat(),
    b: fc.nat(),
  })
  .map(({ advances, unitsPerEm, a, b }) => {
    const x = a % (advances.length + 1)
    const y = b % (advances.length + 1)
    return { advances, unitsPerEm, first: Math.min(x, y), last: Math.max(x, y) }
  })

describe('advanceBetween', () => {
  test('should add up a span to the same bits as the running sums', () => {
    fc.assert(
      fc.property(SPAN, ({ advances, unitsPerEm, first, last }) => {
        const sums = advanceSums(advances, unitsPerEm)
        const summed = advanceBetween(advances, unitsPerEm, first, last)
        expect(Object.is(summed, advanceBetween(advances, unitsPerEm, first, last, sums))).toBe(
          true
        )
      }),
      { seed: 20261124, numRuns: 20_000 }
    )
  })

  test('should agree on every span of every word of the corpus in every shipped face', () => {
    const words = [
      ...new Set(corpus.paragraphs.flatMap((paragraph) => paragraph.text.split(/\s+/u))),
    ].filter((word) => word !== '')
    let spans = 0
    for (const family of ['Inter', 'Roboto', 'Lora']) {
      for (const style of [
        { bold: false, italic: false },
        { bold: true, italic: true },
      ]) {
        const face = fonts.face(family, style)
        for (const word of words) {
          const { advances } = shapeText(face, word)
          const sums = advanceSums(advances, face.unitsPerEm)
          for (let first = 0; first <= advances.length; first++) {
            for (let last = first; last <= advances.length; last++) {
              const summed = advanceBetween(advances, face.unitsPerEm, first, last)
              const read = advanceBetween(advances, face.unitsPerEm, first, last, sums)
              if (!Object.is(summed, read)) {
                expect({ family, word, first, last, summed }).toEqual({
                  family,
                  word,
                  first,
                  last,
                  summed: read,
                })
              }
              spans++
            }
          }
        }
      }
    }
    expect(spans).toBeGreaterThan(10_000)
  })
})
