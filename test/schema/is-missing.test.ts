import fc from 'fast-check'
import { expect, test } from 'vitest'
import { isMissing } from '../../src/schema/is-missing.ts'

test.each([
  [undefined, true],
  [null, true],
  ['', true],
  [' ', true],
  [' \t\n\r\0\v', true],
  [{}, true],
  [[], true],
  [JSON.parse('{"__proto__": 1}'), false],
  ['a', false],
  [' a ', false],
  // PHP's trim() leaves non-ASCII spaces: a no-break space is a value.
  ['\u00a0', false],
  ['\u3000', false],
  [0, false],
  [false, false],
  [[null], false],
  [{ a: null }, false],
])('should judge %j missing: %s', (value, expected) => {
  expect(isMissing(value)).toBe(expected)
})

test('should judge a string missing exactly when PHP trim() leaves nothing of it', () => {
  const blank = /^[ \t\n\r\0\v]*$/
  const text = fc.string({
    unit: fc.constantFrom(' ', '\t', '\n', '\r', '\0', '\v', '\f', '\u00a0', 'a', '0'),
  })
  fc.assert(
    fc.property(text, (value) => {
      expect(isMissing(value)).toBe(blank.test(value))
    }),
    { seed: 11, numRuns: 2000 }
  )
})
