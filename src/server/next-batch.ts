/**
 * When a flow's next batch runs: the `queued_for` of a queued postcard (spec 2.4, spec 3: an
 * entry of an active flow is "processed in the next batch").
 *
 * A flow runs its batches at wall-clock times (`batch.at`, `HH:mm`) in its IANA time zone.
 * Converting a wall-clock time to an instant uses only `Intl.DateTimeFormat` (every engine has
 * it; no time-zone library), and follows the `compatible` disambiguation of Temporal and of
 * RFC 5545 when daylight saving time shifts the clock:
 * - a time skipped by a spring-forward gap runs after the gap, shifted by its length (02:30 on
 *   the day Berlin jumps from 02:00 to 03:00 runs at 03:30 CEST);
 * - a time that happens twice in a fall-back overlap runs at its first occurrence.
 *
 * @module
 */

const minuteMs = 60_000
const dayMs = 86_400_000

/** `HH:mm`, 00:00 to 23:59. */
const wallTimePattern = /^(?:[01]\d|2[0-3]):[0-5]\d$/

/**
 * A formatter of a time zone's wall clock. Creating one costs far more than using it (about
 * 0.1 ms), so one call of {@link nextBatch} makes one and passes it down; the handler keeps the
 * answer per flow until the batch (`schedule.ts`), so a flow makes one per batch.
 *
 * @param timeZone An IANA time zone.
 * @returns The formatter (throws a `RangeError` for an unknown zone).
 */
function wallClock(timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  })
}

/**
 * The wall-clock reading of an instant in a zone, as milliseconds of a UTC calendar (the same
 * fields read as if they were UTC).
 */
function wallMs(instant: number, clock: Intl.DateTimeFormat): number {
  const fields: Record<string, number> = {}
  for (const part of clock.formatToParts(instant)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value)
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = fields
  // Date.UTC maps years 0-99 to 1900-1999; setUTCFullYear does not.
  const date = new Date(Date.UTC(2000, month - 1, day, hour, minute, second))
  date.setUTCFullYear(year)
  return date.getTime()
}

/**
 * The UTC offset of a zone at an instant, in milliseconds (whole seconds; sub-second offsets
 * do not exist in the time-zone database).
 */
function offsetAt(instant: number, clock: Intl.DateTimeFormat): number {
  const whole = Math.floor(instant / 1000) * 1000
  return wallMs(whole, clock) - whole
}

/**
 * The instant at which a zone's clock shows a wall-clock time, with `compatible`
 * disambiguation (module comment).
 *
 * @param wall The wall-clock time as milliseconds of a UTC calendar.
 * @param timeZone An IANA time zone.
 * @returns Epoch milliseconds.
 */
export function instantOfWallTime(wall: number, timeZone: string): number {
  return instantOn(wall, wallClock(timeZone))
}

/** {@link instantOfWallTime} on a zone's wall clock. */
function instantOn(wall: number, clock: Intl.DateTimeFormat): number {
  // No zone changes its offset twice within a day: the offsets a day before and after bracket
  // every transition near `wall` (Temporal's GetPossibleEpochNanoseconds does the same).
  const before = offsetAt(wall - dayMs, clock)
  const after = offsetAt(wall + dayMs, clock)
  const candidates = [wall - before, wall - after]
    .filter((instant) => wallMs(instant, clock) === wall)
    .sort((a, b) => a - b)
  // Overlap: two candidates, take the first. Regular time: both are the same instant.
  if (candidates[0] !== undefined) return candidates[0]
  // Gap: read the wall time with the offset in force before the gap, which lands after it.
  return wall - before
}

/**
 * Whether a string is a batch time `HH:mm` from `00:00` to `23:59`.
 *
 * @param text The candidate.
 * @returns `true` for a valid batch time.
 */
export function isBatchTime(text: string): boolean {
  return wallTimePattern.test(text)
}

/**
 * Whether the engine knows an IANA time zone.
 *
 * @param timeZone The candidate, e.g. `Europe/Berlin`.
 * @returns `true` when `Intl.DateTimeFormat` accepts it.
 */
export function isTimeZone(timeZone: string): boolean {
  try {
    wallClock(timeZone)
    return true
  } catch {
    return false
  }
}

/**
 * The instant of a flow's next batch after `now`: the earliest of the `at` wall-clock times,
 * today or on a later day in `timeZone`, that lies strictly after `now`.
 *
 * @param now Epoch milliseconds.
 * @param at Batch times `HH:mm` (at least one; checked by the handler's options).
 * @param timeZone An IANA time zone.
 * @returns Epoch milliseconds of the next batch.
 */
export function nextBatch(now: number, at: readonly string[], timeZone: string): number {
  const minutes = at.map((time) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)))
  const clock = wallClock(timeZone)
  const today = Math.floor(wallMs(now, clock) / dayMs) * dayMs
  let best = Number.POSITIVE_INFINITY
  // Two days always hold a later batch: a day is at most 25 h long.
  for (let day = 0; day <= 2 && best === Number.POSITIVE_INFINITY; day++) {
    for (const minute of minutes) {
      const instant = instantOn(today + day * dayMs + minute * minuteMs, clock)
      if (instant > now && instant < best) best = instant
    }
  }
  return best
}
