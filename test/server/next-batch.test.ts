import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { formatDateTime } from '../../src/server/format-date-time.ts'
import {
  instantOfWallTime,
  isBatchTime,
  isTimeZone,
  nextBatch,
} from '../../src/server/next-batch.ts'

const at = (iso: string) => Date.parse(iso)
const next = (now: string, times: readonly string[], zone: string) =>
  formatDateTime(nextBatch(at(now), times, zone))

describe('nextBatch', () => {
  // Expected instants are read off the tz database's published rules: Europe/Berlin switches on
  // 2026-03-29 02:00 CET -> 03:00 CEST and 2026-10-25 03:00 CEST -> 02:00 CET; New York on
  // 2026-03-08 and 2026-11-01 at 02:00; Sydney on 2026-04-05 03:00 -> 02:00 and 2026-10-04
  // 02:00 -> 03:00; Lord Howe shifts by 30 minutes on 2026-10-04 02:00 -> 02:30.
  test.each([
    [
      'later the same day',
      '2026-03-28T10:00:00Z',
      ['08:00', '14:00'],
      'Europe/Berlin',
      '2026-03-28T13:00:00Z',
    ],
    [
      'strictly after now',
      '2026-03-28T07:00:00Z',
      ['08:00', '14:00'],
      'Europe/Berlin',
      '2026-03-28T13:00:00Z',
    ],
    [
      'the next day, across the spring change',
      '2026-03-28T14:00:00Z',
      ['08:00', '14:00'],
      'Europe/Berlin',
      '2026-03-29T06:00:00Z',
    ],
    [
      'the next day, across the autumn change',
      '2026-10-24T13:00:00Z',
      ['08:00', '14:00'],
      'Europe/Berlin',
      '2026-10-25T07:00:00Z',
    ],
    [
      'unsorted times',
      '2026-06-01T00:00:00Z',
      ['14:00', '08:00'],
      'Europe/Berlin',
      '2026-06-01T06:00:00Z',
    ],
    ['midnight batch', '2026-06-01T21:59:00Z', ['00:00'], 'Europe/Berlin', '2026-06-01T22:00:00Z'],
    [
      'US spring change',
      '2026-03-07T15:00:00Z',
      ['09:00'],
      'America/New_York',
      '2026-03-08T13:00:00Z',
    ],
    [
      'US autumn change',
      '2026-10-31T14:00:00Z',
      ['09:00'],
      'America/New_York',
      '2026-11-01T14:00:00Z',
    ],
    // 08:00 on 2026-04-05 is AEST (+10:00) again; 08:00 on 2026-10-04 is AEDT (+11:00).
    [
      'southern autumn',
      '2026-04-04T00:00:00Z',
      ['08:00'],
      'Australia/Sydney',
      '2026-04-04T22:00:00Z',
    ],
    [
      'southern spring',
      '2026-10-03T00:00:00Z',
      ['08:00'],
      'Australia/Sydney',
      '2026-10-03T21:00:00Z',
    ],
    [
      'quarter-hour offset',
      '2026-01-01T00:00:00Z',
      ['08:00'],
      'Asia/Kathmandu',
      '2026-01-01T02:15:00Z',
    ],
    ['no daylight saving', '2026-07-01T00:00:00Z', ['08:00'], 'Asia/Tokyo', '2026-07-01T23:00:00Z'],
    ['UTC', '2026-07-01T08:00:00Z', ['08:00'], 'UTC', '2026-07-02T08:00:00Z'],
  ])('should find the next batch %s', (_name, now, times, zone, expected) => {
    expect(next(now, times, zone)).toBe(expected)
  })

  test('should run a batch time skipped by a spring-forward gap right after the gap', () => {
    // 02:30 does not exist in Berlin on 2026-03-29; compatible disambiguation gives 03:30 CEST.
    expect(next('2026-03-28T12:00:00Z', ['02:30'], 'Europe/Berlin')).toBe('2026-03-29T01:30:00Z')
    // Lord Howe's gap is 30 minutes: 02:15 becomes 02:45 (+11:00).
    expect(next('2026-10-03T00:00:00Z', ['02:15'], 'Australia/Lord_Howe')).toBe(
      '2026-10-03T15:45:00Z'
    )
  })

  test('should run a batch time that happens twice at its first occurrence only', () => {
    // 02:30 happens at 00:30Z (CEST) and 01:30Z (CET) on 2026-10-25.
    expect(next('2026-10-24T12:00:00Z', ['02:30'], 'Europe/Berlin')).toBe('2026-10-25T00:30:00Z')
    expect(next('2026-10-25T00:45:00Z', ['02:30'], 'Europe/Berlin')).toBe('2026-10-26T01:30:00Z')
  })

  test('should agree with a minute-by-minute scan of the zone clock', () => {
    // Oracle: Intl's own wall clock, stepped minute by minute from now; the first minute whose
    // reading is a batch time is the next batch. Zones change their clocks between 01:00 and
    // 04:00 local time, and the batch times avoid that window, where disambiguation applies.
    const zones = [
      'Europe/Berlin',
      'Europe/London',
      'America/New_York',
      'America/St_Johns',
      'Australia/Sydney',
      'Asia/Kolkata',
      'Asia/Kathmandu',
      'Pacific/Chatham',
    ]
    const clock = new Map(
      zones.map((zone) => [
        zone,
        new Intl.DateTimeFormat('en-GB', {
          timeZone: zone,
          hourCycle: 'h23',
          hour: '2-digit',
          minute: '2-digit',
        }),
      ])
    )
    const time = fc
      .tuple(fc.integer({ min: 4, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`)
    fc.assert(
      fc.property(
        fc.integer({ min: at('2020-01-01T00:00:00Z'), max: at('2030-12-31T00:00:00Z') }),
        fc.constantFrom(...zones),
        fc.uniqueArray(time, { minLength: 1, maxLength: 3 }),
        (now, zone, times) => {
          const format = clock.get(zone) as Intl.DateTimeFormat
          let expected = Math.floor(now / 60_000) * 60_000 + 60_000
          while (!times.includes(format.format(expected))) expected += 60_000
          expect(formatDateTime(nextBatch(now, times, zone))).toBe(formatDateTime(expected))
        }
      ),
      { numRuns: 40 }
    )
  })
})

describe('instantOfWallTime', () => {
  test('should read a regular wall time with the offset in force', () => {
    expect(
      formatDateTime(instantOfWallTime(Date.UTC(2026, 0, 15, 12, 0), 'America/Los_Angeles'))
    ).toBe('2026-01-15T20:00:00Z')
  })
})

describe('isBatchTime and isTimeZone', () => {
  test.each(['00:00', '08:00', '23:59'])('should accept %s', (text) => {
    expect(isBatchTime(text)).toBe(true)
  })
  test.each(['24:00', '8:00', '08:60', '08:00:00', ' 08:00', ''])('should refuse %j', (text) => {
    expect(isBatchTime(text)).toBe(false)
  })
  test('should know IANA zones and refuse others', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true)
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false)
  })
})
