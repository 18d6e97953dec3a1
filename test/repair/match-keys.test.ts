import { describe, expect, test } from 'vitest'
import { matchKeys, normalizeKey } from '../../src/repair/match-keys.ts'

describe('normalizeKey', () => {
  test.each([
    ['Greeting', 'greeting'],
    ['Body Text', 'body_text'],
    ['body-text', 'body_text'],
    ['bodyText', 'body_text'],
    ['couponURL', 'coupon_url'],
    ['URLCoupon', 'url_coupon'],
    ['  body ', 'body'],
    ['Grüße', 'grusse'],
    ['Café.Link', 'cafe_link'],
    ['line10', 'line10'],
    ['__x__', 'x'],
  ])('should read %j as %j', (key, normal) => {
    expect(normalizeKey(key)).toBe(normal)
  })
})

describe('matchKeys', () => {
  test.each([
    ['another case', ['Greeting'], ['greeting', 'body'], [['Greeting', 'greeting']], [], []],
    [
      'spaces and dashes',
      ['Body Text', 'coupon-url'],
      ['body_text', 'coupon_url'],
      [
        ['Body Text', 'body_text'],
        ['coupon-url', 'coupon_url'],
      ],
      [],
      [],
    ],
    ['camel case', ['couponUrl'], ['coupon_url'], [['couponUrl', 'coupon_url']], [], []],
    [
      'a typo',
      ['gretting', 'bdoy'],
      ['greeting', 'body'],
      [
        ['gretting', 'greeting'],
        ['bdoy', 'body'],
      ],
      [],
      [],
    ],
    ['a missing underscore', ['line10'], ['line_10', 'line_1'], [['line10', 'line_10']], [], []],
    ['the closer of two', ['line1'], ['line_1', 'line_2'], [['line1', 'line_1']], [], []],
    [
      'two at the same distance',
      ['text'],
      ['text_1', 'text_2'],
      [],
      [['text', ['text_1', 'text_2']]],
      [],
    ],
    [
      'two keys for one',
      ['bodyText', 'body-text'],
      ['body_text'],
      [],
      [
        ['bodyText', ['body_text']],
        ['body-text', ['body_text']],
      ],
      [],
    ],
    ['nothing close', ['signature', 'x'], ['greeting', 'body'], [], [], ['signature', 'x']],
    ['too many edits for a short key', ['bd'], ['body'], [], [], ['bd']],
    ['an expected key that is not missing', ['Greeting'], [], [], [], ['Greeting']],
  ] as const)('should match %s', (_, sent, missing, matches, ambiguous, unmatched) => {
    const result = matchKeys(sent, missing)
    expect(result.matches.map(({ key, target }) => [key, target])).toEqual(matches)
    expect(result.ambiguous.map(({ key, candidates }) => [key, candidates])).toEqual(ambiguous)
    expect(result.unmatched).toEqual(unmatched)
  })

  test('should not look for a match of an absurdly long key', () => {
    const long = `greeting${'x'.repeat(300)}`
    expect(matchKeys([long], ['greeting']).unmatched).toEqual([long])
  })
})
