import { describe, expect, test } from 'vitest'
import { ClientOptionsError } from '../../src/client/client-options-error.ts'
import {
  DEFAULT_RETRY,
  isRetryable,
  parseRetryAfter,
  resolveRetry,
  retryDelay,
  sleep,
} from '../../src/client/retry-policy.ts'

const now = Date.parse('2026-03-02T09:15:00Z')

describe('parseRetryAfter', () => {
  // RFC 9110 10.2.3: delay-seconds or an HTTP-date (IMF-fixdate, and the obsolete RFC 850 and
  // asctime forms a recipient must read, RFC 9110 5.6.7).
  test.each([
    ['3', 3000],
    ['0', 0],
    [' 12 ', 12_000],
    ['120', 120_000],
    ['Mon, 02 Mar 2026 09:15:07 GMT', 7000],
    ['Monday, 02-Mar-26 09:15:30 GMT', 30_000],
    ['Mon Mar  2 09:16:00 2026', 60_000],
    ['Mon, 02 Mar 2026 09:00:00 GMT', 0],
  ])('should read `%s` as %i ms', (value, ms) => {
    expect(parseRetryAfter(value, now)).toBe(ms)
  })

  test.each([['1.5'], ['-1'], ['soon'], [''], ['2026-03-02T09:15:07Z'], ['3 s']])(
    'should not read `%s`',
    (value) => {
      expect(parseRetryAfter(value, now)).toBeUndefined()
    }
  )

  test('should read nothing without the header', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined()
  })
})

describe('isRetryable', () => {
  test.each([
    [500, undefined, true],
    [502, undefined, true],
    [503, undefined, true],
    [504, undefined, true],
    [429, undefined, true],
    [409, 'request_in_progress', true],
    [409, 'idempotency_key_reused', false],
    [409, undefined, false],
    [400, undefined, false],
    [401, undefined, false],
    [403, undefined, false],
    [404, undefined, false],
    [408, undefined, false],
    [413, undefined, false],
    [422, undefined, false],
    [201, undefined, false],
  ])('should say %i (code %s) is retryable: %s', (status, code, expected) => {
    expect(isRetryable(status, code)).toBe(expected)
  })
})

describe('retryDelay', () => {
  const policy = (random: number) => ({ ...resolveRetry({}), random: () => random })

  test('should draw between 0 and base × 2^(retry - 1), bounded by maxDelayMs (full jitter)', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((retry) => retryDelay(policy(0.5), retry, undefined))).toEqual(
      [250, 500, 1000, 2000, 4000, 5000, 5000]
    )
    expect(retryDelay(policy(0), 3, undefined)).toBe(0)
    expect(retryDelay(policy(0.999), 1, undefined)).toBeCloseTo(499.5)
  })

  test('should wait at least the Retry-After', () => {
    expect(retryDelay(policy(0.5), 1, 3000)).toBe(3000)
    expect(retryDelay(policy(0.5), 6, 3000)).toBe(5000)
    expect(retryDelay(policy(0), 1, 0)).toBe(0)
  })
})

describe('resolveRetry', () => {
  test('should fill in the documented defaults', () => {
    expect(DEFAULT_RETRY).toEqual({
      attempts: 5,
      baseDelayMs: 500,
      maxDelayMs: 10_000,
      deadlineMs: 30_000,
      attemptTimeoutMs: 10_000,
    })
    const policy = resolveRetry(undefined)
    expect(policy).toMatchObject(DEFAULT_RETRY)
    expect(policy.now).toBe(Date.now)
    expect(policy.random).toBe(Math.random)
  })

  test('should keep the default of an option set to undefined', () => {
    expect(resolveRetry({ attempts: undefined, sleep: undefined } as never)).toMatchObject({
      attempts: 5,
      sleep,
    })
  })

  test('should try once with `false` and keep what is given', () => {
    expect(resolveRetry(false)).toMatchObject({ ...DEFAULT_RETRY, attempts: 1 })
    expect(resolveRetry({ attempts: 2, deadlineMs: Infinity })).toMatchObject({
      attempts: 2,
      deadlineMs: Infinity,
      baseDelayMs: 500,
    })
  })

  test.each([
    [{ attempts: 0 }, 'Unexpected `0` for `retry.attempts`, expected an integer of at least `1`'],
    [
      { attempts: 1.5 },
      'Unexpected `1.5` for `retry.attempts`, expected an integer of at least `1`',
    ],
    [
      { baseDelayMs: -1 },
      'Unexpected `-1` for `retry.baseDelayMs`, expected a number of ms of at least `0` (`Infinity` for none)',
    ],
    [
      { deadlineMs: Number.NaN },
      'Unexpected `NaN` for `retry.deadlineMs`, expected a number of ms of at least `0` (`Infinity` for none)',
    ],
    [
      { attemptTimeoutMs: '10' },
      'Unexpected `10` for `retry.attemptTimeoutMs`, expected a number of ms of at least `0` (`Infinity` for none)',
    ],
    [{ now: 5 }, 'Unexpected `5` for `retry.now`, expected a function'],
  ])('should refuse %j', (options, message) => {
    expect(() => resolveRetry(options as never)).toThrowError(new ClientOptionsError(message))
  })
})

describe('sleep', () => {
  test('should wait, and end early with the reason when the signal aborts', async () => {
    await expect(sleep(1, undefined)).resolves.toBeUndefined()
    const controller = new AbortController()
    const waiting = sleep(60_000, controller.signal)
    controller.abort(new Error('stop'))
    await expect(waiting).rejects.toThrowError('stop')
    await expect(sleep(1, controller.signal)).rejects.toThrowError('stop')
  })
})
