import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { createDateTimeFormatter, formatDateTime } from '../../src/server/format-date-time.ts'

const at = (iso: string) => Date.parse(iso)

describe.each([
  ['formatDateTime', () => formatDateTime],
  ['a formatter of createDateTimeFormatter', createDateTimeFormatter],
])('%s', (_name, make) => {
  test('should write the spec date-time without fractions', () => {
    const formatDateTime = make()
    expect(formatDateTime(at('2026-03-29T06:00:00.999Z'))).toBe('2026-03-29T06:00:00Z')
  })

  test('should agree with toISOString for any instant, called in any order', () => {
    // The engine's own toISOString is the oracle, refusals included; the order of the calls
    // exercises the kept second (instants close together, fractions, the ends of Date's range).
    const oracle = (instant: number) => {
      try {
        return `${new Date(instant).toISOString().slice(0, 19)}Z`
      } catch (error) {
        return (error as Error).name
      }
    }
    const ours = (instant: number) => {
      try {
        return formatDateTime(instant)
      } catch (error) {
        return (error as Error).name
      }
    }
    const formatDateTime = make()
    const near = (base: number) => fc.double({ min: base - 3000, max: base + 3000 })
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.integer({ min: -62_135_596_800_000, max: 253_402_300_799_999 }),
            near(1_772_000_000_000),
            near(0),
            near(8.64e15),
            near(-8.64e15),
            fc.constantFrom(Number.NaN, Infinity, -Infinity, -0)
          ),
          { minLength: 1, maxLength: 20 }
        ),
        (instants) => {
          for (const instant of instants) expect(ours(instant)).toBe(oracle(instant))
        }
      ),
      { numRuns: 300 }
    )
  })

  test.each([
    [-0.5, '1970-01-01T00:00:00Z'],
    [-1000.5, '1969-12-31T23:59:59Z'],
    [8.64e15, '+275760-09-13T00:00Z'],
  ])('should format %s as toISOString does', (instant, text) => {
    const formatDateTime = make()
    expect(formatDateTime(instant - 1)).not.toBe(text)
    expect(formatDateTime(instant)).toBe(text)
  })

  test.each([Number.NaN, 8.64e15 + 1])('should refuse %s like toISOString', (instant) => {
    const formatDateTime = make()
    formatDateTime(8.64e15)
    expect(() => formatDateTime(instant)).toThrowError(RangeError)
  })
})
