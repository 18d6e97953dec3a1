import fc from 'fast-check'
import { expect, test } from 'vitest'
import { shorten } from '../../src/verdict/shorten.ts'

test.each([
  ['', ''],
  ['10115', '10115'],
  ['x'.repeat(48), 'x'.repeat(48)],
  ['x'.repeat(49), `${'x'.repeat(48)}…`],
  ['😀'.repeat(48), '😀'.repeat(48)],
  ['😀'.repeat(49), `${'😀'.repeat(48)}…`],
  [`${'a'.repeat(47)}😀😀`, `${'a'.repeat(47)}😀…`],
])('should quote %j as %j', (value, expected) => {
  expect(shorten(value)).toBe(expected)
})

test('should keep at most `max` code points of any string and never split a pair', () => {
  fc.assert(
    fc.property(
      fc.string({ unit: 'grapheme', maxLength: 80 }),
      fc.integer({ min: 1, max: 60 }),
      (value, max) => {
        const quoted = shorten(value, max)
        const points = [...value]
        if (points.length <= max) expect(quoted).toBe(value)
        else expect(quoted).toBe(`${points.slice(0, max).join('')}…`)
      }
    ),
    { numRuns: 1000 }
  )
})
