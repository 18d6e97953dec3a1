import { describe, expect, test } from 'vitest'
import type { KeyedQrElement } from '../../src/design/types.ts'
import { checkQrValue } from '../../src/qr/check-qr-value.ts'
import {
  isTrackingParameter,
  repairQrValue,
  withoutTrackingParameters,
} from '../../src/repair/repair-qr-value.ts'
import { makeDesign } from '../postcard/make-design.ts'

/** A 20 mm code at level M with 0.4 mm modules: version 6, 106 bytes (ISO/IEC 18004 table 7). */
const element = makeDesign({ qr: ['coupon_url'], qrSizeMm: 20 }).keyedQrCodes[0] as KeyedQrElement

const tracking = 'utm_source=postcard&utm_medium=print&utm_campaign=spring-2026&fbclid=IwAR0x'

describe('withoutTrackingParameters', () => {
  test.each([
    [
      'https://example.com/c?utm_source=x&code=SPRING',
      'https://example.com/c?code=SPRING',
      ['utm_source'],
    ],
    [
      'https://example.com/c?code=a%20b&UTM_Medium=print&gclid=1#top',
      'https://example.com/c?code=a%20b#top',
      ['UTM_Medium', 'gclid'],
    ],
    [
      'https://example.com/c?utm_source=x&fbclid=y',
      'https://example.com/c',
      ['utm_source', 'fbclid'],
    ],
    ['https://example.com/c?utm%5Fsource=x&b=1&&c', 'https://example.com/c?b=1&c', ['utm_source']],
    ['https://example.com/c?code=SPRING', 'https://example.com/c?code=SPRING', []],
    ['https://example.com/c#utm_source=x', 'https://example.com/c#utm_source=x', []],
    ['https://example.com/c', 'https://example.com/c', []],
  ])('should make %j %j', (url, expected, dropped) => {
    expect(withoutTrackingParameters(url)).toEqual({ url: expected, dropped })
  })

  test.each([
    ['utm_content', true],
    ['gbraid', true],
    ['msclkid', true],
    ['mc_eid', true],
    ['utm', false],
    ['code', false],
    ['ref', false],
  ])('should know whether %s tracks', (name, tracks) => {
    expect(isTrackingParameter(name)).toBe(tracks)
  })
})

describe('repairQrValue', () => {
  test('should leave a URL that fits', () => {
    expect(repairQrValue('https://example.com/c/1', element)).toEqual({
      value: 'https://example.com/c/1',
      steps: [],
      problem: undefined,
    })
  })

  test.each([
    ['example.com/c/SPRING', 'https://example.com/c/SPRING'],
    ['www.example.com', 'https://www.example.com'],
    ['bloom.example:8080/c', 'https://bloom.example:8080/c'],
    ['//example.com/c', 'https://example.com/c'],
  ])('should complete %j with https', (value, after) => {
    const repair = repairQrValue(value, element)
    expect(repair).toEqual({
      value: after,
      steps: [{ rule: 'complete-url', before: value, after }],
      problem: undefined,
    })
    expect(checkQrValue(repair.value, element).ok).toBe(true)
  })

  test('should trim spaces, then complete', () => {
    expect(repairQrValue(' example.com/c\u00a0', element).steps).toEqual([
      { rule: 'trim-url', before: ' example.com/c\u00a0', after: 'example.com/c' },
      { rule: 'complete-url', before: 'example.com/c', after: 'https://example.com/c' },
    ])
  })

  test.each([
    ['SUMMER24', 'bare-code'],
    ['/coupon', 'relative-url'],
    ['ftp://example.com/c', 'unsupported-scheme'],
    ['https:example.com', 'missing-slashes'],
    ['https://example.com/\nc', 'control-character'],
  ])('should not guess a URL for %j', (value, problem) => {
    const repair = repairQrValue(value, element)
    expect(repair.value).toBe(value)
    expect(repair.steps).toEqual([])
    expect(repair.problem).toMatchObject({ code: 'url-not-completable', data: { problem } })
  })

  test('should drop the tracking parameters of a URL too large, when that makes it fit', () => {
    const url = `https://example.com/c/SPRING?code=ERIKA&${tracking}`
    expect(checkQrValue(url, element).ok).toBe(false)
    const repair = repairQrValue(url, element)
    expect(repair).toEqual({
      value: 'https://example.com/c/SPRING?code=ERIKA',
      steps: [
        {
          rule: 'drop-tracking-parameters',
          before: url,
          after: 'https://example.com/c/SPRING?code=ERIKA',
          dropped: ['utm_source', 'utm_medium', 'utm_campaign', 'fbclid'],
        },
      ],
      problem: undefined,
    })
  })

  test('should complete, then drop, in one repair', () => {
    const repair = repairQrValue(`example.com/c/SPRING?code=ERIKA-2026&${tracking}`, element)
    expect(repair.steps.map((step) => step.rule)).toEqual([
      'complete-url',
      'drop-tracking-parameters',
    ])
    expect(repair.value).toBe('https://example.com/c/SPRING?code=ERIKA-2026')
  })

  test('should keep a URL that does not fit even without them, and say so', () => {
    const path = 'a'.repeat(100)
    const url = `https://example.com/${path}?${tracking}`
    const repair = repairQrValue(url, element)
    expect(repair.value).toBe(url)
    expect(repair.steps).toEqual([])
    expect(repair.problem).toEqual({
      code: 'url-too-large',
      message:
        'Unexpected `196` character URL in qr_codes.coupon_url, expected at most `106`: without its tracking parameters it still has `120`, shorten it by hand',
      data: {
        length: 196,
        max_length: 106,
        tracking_parameters: ['utm_source', 'utm_medium', 'utm_campaign', 'fbclid'],
        length_without_tracking: 120,
      },
    })
    expect(repairQrValue(`https://example.com/${path}x`, element).problem).toMatchObject({
      code: 'url-too-large',
      message:
        'Unexpected `121` character URL in qr_codes.coupon_url, expected at most `106`: it has no tracking parameters to drop, shorten it by hand',
    })
  })
})
