/**
 * The date format of spec 1 and 2.1: `YYYY-MM-DD`.
 *
 * @module
 */

/** `YYYY-MM-DD`, four-digit year. */
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** Days of each month in a common year. */
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

/** Gregorian leap years: every fourth, except centuries not divisible by 400. */
function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
}

/**
 * Whether a string is a real calendar date written `YYYY-MM-DD`, as Laravel's
 * `date_format:Y-m-d` sees it (it parses, then requires the date to format back to the same
 * text): `2028-02-29` is a date, `2026-02-29` and `2026-02-30` are not, and neither is
 * `2026-2-3` or `2026-02-03T00:00:00Z`.
 *
 * @param value The string to test.
 * @returns `true` for a real calendar date.
 */
export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value)
  if (!match) return false
  const year = Number(match[1])
  const month = Number(match[2])
  const day = Number(match[3])
  if (month < 1 || month > 12 || day < 1) return false
  const days = month === 2 && isLeapYear(year) ? 29 : (DAYS[month - 1] ?? 0)
  return day <= days
}
