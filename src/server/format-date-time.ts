/**
 * The spec's date-time text, `YYYY-MM-DDTHH:mm:ssZ` in UTC (spec 1), for entries, logs, batches.
 *
 * @module
 */

/** The largest distance from the epoch a `Date` holds (ECMA-262 TimeClip). */
const maxTime = 8.64e15

/**
 * Formats an instant as the spec's date-time, `YYYY-MM-DDTHH:mm:ssZ` in UTC (spec 1).
 *
 * @param instant Epoch milliseconds.
 * @returns The date-time, without fractional seconds.
 * @throws {RangeError} For an instant that is not a valid time (as `toISOString`).
 */
export function formatDateTime(instant: number): string {
  // toISOString is `YYYY-MM-DDTHH:mm:ss.sssZ` for years 0-9999; it throws for invalid times.
  return `${new Date(instant).toISOString().slice(0, 19)}Z`
}

/**
 * A {@link formatDateTime} that keeps the last second it wrote, for one owner (a handler keeps
 * one in its context). A request formats its arrival up to three times (entry, log, batch) and
 * the requests of one second share the text: one `Date` per second, not three per request.
 *
 * @returns The formatter; same results as {@link formatDateTime}, refusals included.
 */
export function createDateTimeFormatter(): (instant: number) => string {
  let formattedSecond = Number.NaN
  let formattedText = ''
  return (instant) => {
    // The second a Date of `instant` shows: Date truncates fractions toward zero (TimeClip).
    const second = Math.floor(Math.trunc(instant) / 1000)
    if (second === formattedSecond && Math.abs(instant) <= maxTime) return formattedText
    const text = formatDateTime(instant)
    formattedSecond = second
    formattedText = text
    return text
  }
}
