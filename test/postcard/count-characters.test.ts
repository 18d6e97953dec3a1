import fc from 'fast-check'
import { expect, test } from 'vitest'
import { countCharacters } from '../../src/postcard/count-characters.ts'

// Oracle: string iteration, which the language defines by code points (lone surrogates count one).
const codePoints = (text: string) => [...text].length

test.each([
  ['', 0],
  ['abc', 3],
  ['äöü€', 4],
  ['😀', 1],
  ['👋🏽', 2],
  ['👨‍👩‍👧', 5],
  ['\ud83d', 1],
  ['\ude00\ud83d', 2],
  ['a\ud83d\ude00b', 3],
])('should count %j as %i code points', (text, count) => {
  expect(countCharacters(text)).toBe(count)
  expect(codePoints(text)).toBe(count)
})

test('should agree with string iteration on any string', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
      expect(countCharacters(text)).toBe(codePoints(text))
    }),
    { numRuns: 2000 }
  )
})

test('should stop past a limit with a count over it, and be exact within it', () => {
  fc.assert(
    fc.property(
      fc.string({ unit: 'binary', maxLength: 120 }),
      fc.nat({ max: 130 }),
      (text, limit) => {
        const exact = codePoints(text)
        const counted = countCharacters(text, limit)
        if (exact <= limit) expect(counted).toBe(exact)
        else expect(counted).toBe(limit + 1)
      }
    ),
    { numRuns: 2000 }
  )
})
