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
})
