import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { formatNumber } from '../../src/preview/format-number.ts'

describe('formatNumber', () => {
  test.each([
    [148, 3, '148'],
    [12.5, 3, '12.5'],
    [0.1 + 0.2, 3, '0.3'],
    [1 / 3, 4, '0.3333'],
    [2 / 3, 2, '0.67'],
    [-0.0004, 3, '0'],
    [-0, 3, '0'],
    [-1.25, 1, '-1.3'],
    [-1.2, 3, '-1.2'],
    [1e-7, 3, '0'],
    [123456789.123456, 2, '123456789.12'],
    [1e21, 0, '1000000000000000'],
    [0.00172265625, 8, '0.00172266'],
    [Number.NaN, 3, '0'],
    [Number.POSITIVE_INFINITY, 3, '0'],
    [10, 0, '10'],
    [100.0001, 3, '100'],
  ])('should write %s with %s decimals as %s', (value, decimals, expected) => {
    expect(formatNumber(value, decimals)).toBe(expected)
  })

  test('should never write exponents, locale digits or -0 for values in a preview', () => {
    for (let index = -2000; index <= 2000; index++) {
      const text = formatNumber(index / 997, 3)
      expect(text).toMatch(/^-?(?:0|[1-9]\d*)(?:\.\d{0,2}[1-9])?$/)
      expect(Math.abs(Number(text) - index / 997)).toBeLessThanOrEqual(0.0005)
    }
  })

  test('should write exactly what toFixed writes, trailing zeros and -0 dropped', () => {
    // The definition, with toFixed as the oracle: ECMA-262 specifies it to the digit.
    const reference = (value: number, decimals: number): string => {
      const text = Math.max(-1e15, Math.min(1e15, value)).toFixed(decimals)
      let end = text.length
      if (text.includes('.')) {
        while (text[end - 1] === '0') end--
        if (text[end - 1] === '.') end--
      }
      const trimmed = text.slice(0, end)
      return trimmed === '-0' ? '0' : trimmed
    }
    const decimals = fc.integer({ min: 0, max: 10 })
    const value = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e16, max: 1e16 }),
      fc.double({ noNaN: true, min: -2000, max: 2000 }),
      // Ties and near-ties of every number of decimals: k + 1/2 units of the last decimal.
      fc
        .tuple(
          fc.integer({ min: -1e7, max: 1e7 }),
          fc.integer({ min: 0, max: 10 }),
          fc.integer({ min: -3, max: 3 })
        )
        .map(([units, power, nudge]) => (units + 0.5) / 10 ** power + nudge * Number.EPSILON),
      fc.integer({ min: -1e9, max: 1e9 }).map((units) => units / 997)
    )
    fc.assert(
      fc.property(value, decimals, (number, places) => {
        expect(formatNumber(number, places)).toBe(reference(number, places))
      }),
      { numRuns: 20_000 }
    )
  })
})
