import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  codePointsEnd,
  codePointUnits,
  countCodePoints,
  hasLoneSurrogate,
  toWellFormed,
  utf8Length,
} from '../../src/text/code-points.ts'

// Oracles: string iteration, which the language defines by code points (lone surrogates count
// one), and the platform's UTF-8 encoder, which writes U+FFFD for a lone surrogate.
const codePoints = (text: string) => [...text]
const encoded = (text: string) => new TextEncoder().encode(text)
const wellFormed = (text: string) => new TextDecoder().decode(encoded(text))
const anyString = fc.string({ unit: 'binary', maxLength: 200 })

describe('countCodePoints', () => {
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
    expect(countCodePoints(text)).toBe(count)
    expect(codePoints(text).length).toBe(count)
  })

  test('should agree with string iteration on any string', () => {
    fc.assert(
      fc.property(anyString, (text) => {
        expect(countCodePoints(text)).toBe(codePoints(text).length)
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
          const exact = codePoints(text).length
          const counted = countCodePoints(text, limit)
          if (exact <= limit) expect(counted).toBe(exact)
          else expect(counted).toBe(limit + 1)
        }
      ),
      { numRuns: 2000 }
    )
  })
})

describe('codePointsEnd', () => {
  test.each([
    ['abc', 2, 0, 2],
    ['abc', 5, 0, 3],
    ['😀😀', 1, 0, 2],
    ['a😀b', 1, 1, 3],
    ['a\uD800b', 2, 0, 2],
    ['\uD800\uDC00\uDC00', 2, 0, 3],
    ['', 3, 0, 0],
  ])('should step over the code points of %j (%i from %i) to %i', (text, count, start, end) => {
    expect(codePointsEnd(text, count, start)).toBe(end)
  })

  test('should end where the first code points of string iteration end', () => {
    fc.assert(
      fc.property(anyString, fc.nat({ max: 220 }), fc.nat({ max: 40 }), (text, count, skip) => {
        const points = codePoints(text)
        const start = points.slice(0, skip).join('').length
        expect(codePointsEnd(text, count, start)).toBe(
          start + points.slice(skip, skip + count).join('').length
        )
      }),
      { numRuns: 2000 }
    )
  })
})

describe('codePointUnits', () => {
  test.each([
    [0x41, 1],
    [0xffff, 1],
    [0xd800, 1],
    [0x10000, 2],
    [0x1f600, 2],
    [0x10ffff, 2],
  ])('should give U+%s %i UTF-16 units', (codePoint, units) => {
    expect(codePointUnits(codePoint)).toBe(units)
    expect(String.fromCodePoint(codePoint).length).toBe(units)
  })
})

describe('hasLoneSurrogate, toWellFormed and utf8Length', () => {
  test.each([
    ['', false, 0],
    ['abc', false, 3],
    ['ä€😀', false, 9],
    ['\uD83D', true, 3],
    ['\uDE00\uD83D', true, 6],
    ['a\uD83D\uDE00b\uDE00', true, 9],
  ])('should read %j (lone surrogate: %s, %i UTF-8 bytes)', (text, lone, bytes) => {
    expect(hasLoneSurrogate(text)).toBe(lone)
    expect(toWellFormed(text) === text).toBe(!lone)
    expect(utf8Length(text)).toBe(bytes)
  })

  test('should agree with the platform UTF-8 encoder on any string', () => {
    fc.assert(
      fc.property(anyString, (text) => {
        expect(toWellFormed(text)).toBe(wellFormed(text))
        expect(hasLoneSurrogate(text)).toBe(wellFormed(text) !== text)
        expect(utf8Length(text)).toBe(encoded(text).length)
      }),
      { numRuns: 2000 }
    )
  })
})
