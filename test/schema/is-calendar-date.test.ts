import { expect, test } from 'vitest'
import { isCalendarDate } from '../../src/schema/is-calendar-date.ts'

/** Oracle: the engine's proleptic Gregorian calendar (Date.UTC never rejects, it rolls over). */
function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  )
}

const pad = (value: number, width: number) => String(value).padStart(width, '0')

test('should agree with the engine’s calendar on every day-month pair of 1899-2101 and more', () => {
  let checked = 0
  for (const year of [
    1, 4, 100, 400, 1600, 1700, 1800, 1899, 1900, 2000, 2024, 2026, 2028, 2100, 2101, 9999,
  ]) {
    for (let month = 0; month <= 13; month++) {
      for (let day = 0; day <= 32; day++) {
        const text = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`
        const expected = month >= 1 && month <= 12 && day >= 1 && isRealDate(year, month, day)
        expect(isCalendarDate(text), text).toBe(expected)
        checked++
      }
    }
  }
  expect(checked).toBe(16 * 14 * 33)
})

test.each([
  ['2026-02-28', true],
  ['2026-02-29', false],
  ['2026-02-30', false],
  ['2028-02-29', true],
  ['2100-02-29', false],
  ['2000-02-29', true],
  ['2026-04-31', false],
  ['2026-12-31', true],
  ['2026-2-3', false],
  ['26-02-03', false],
  ['20260203', false],
  ['2026-02-03T00:00:00Z', false],
  ['2026-02-03 ', false],
  ['2026/02/03', false],
  ['02026-02-03', false],
  ['２０２６-02-03', false],
  ['', false],
])('should judge %j a calendar date: %s', (value, expected) => {
  expect(isCalendarDate(value)).toBe(expected)
})
