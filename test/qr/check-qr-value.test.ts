import fc from 'fast-check'
import { describe, expect, expectTypeOf, test } from 'vitest'
import type { KeyedQrElement } from '../../src/design/types.ts'
import { checkQrValue } from '../../src/qr/check-qr-value.ts'
import type { QrFitError } from '../../src/verdict/types.ts'

function element(overrides: Partial<KeyedQrElement> = {}): KeyedQrElement {
  return {
    type: 'qr',
    key: 'coupon',
    label: 'Coupon QR',
    x_mm: 10,
    y_mm: 10,
    size_mm: 20,
    error_correction: 'M',
    min_module_mm: 0.4,
    quiet_zone_modules: 4,
    ...overrides,
  }
}

describe('checkQrValue', () => {
  test('should accept a complete URL that fits and resolve it', () => {
    expect(checkQrValue('https://Bücher.de/Angebot?code=SUMMER24', element())).toEqual({
      ok: true,
      resolvedUrl: 'https://xn--bcher-kva.de/Angebot?code=SUMMER24',
      resolvedUrlLength: 46,
      version: 4,
      maxVersion: 6,
      moduleMm: 20 / (4 * 4 + 17 + 8),
    })
  })

  test('should reject a bare code with the message for qr_codes.<key>', () => {
    const result = checkQrValue('SUMMER24', element())
    expect(result).toEqual({
      ok: false,
      problem: 'bare-code',
      messages: [
        'Unexpected `SUMMER24`, expected a complete http(s) URL such as `https://example.com/coupon?code=SUMMER24`.',
      ],
      example: 'https://example.com/coupon?code=SUMMER24',
      parts: { value: 'SUMMER24' },
    })
    expect(result.fitError).toBeUndefined()
  })

  test('should check the URL rules before the fit', () => {
    // Too long for a 12 mm area as well, but the scheme is what the client must fix first.
    expect(
      checkQrValue(`ftp://example.com/${'a'.repeat(200)}`, element({ size_mm: 12 }))
    ).toMatchObject({
      ok: false,
      problem: 'unsupported-scheme',
    })
  })

  test('should give a qr_fit_errors item for a URL too large for its area', () => {
    const url = `https://example.com/coupon?code=${'x'.repeat(99)}`
    const result = checkQrValue(url, element())
    expect(result).toMatchObject({
      ok: false,
      problem: 'too-large',
      messages: [
        'Unexpected `131` character URL, expected at most `106` characters for the `20` mm QR area at error correction `M`, shorten the URL or enlarge the area to `23` mm.',
      ],
      resolvedUrl: url,
      requiredVersion: 8,
    })
    expect(result.fitError).toEqual({
      key: 'coupon',
      label: 'Coupon QR',
      resolved_url_length: 131,
      suggested_action:
        'Shorten the URL to at most 106 characters (it has 131) or enlarge the QR area to 23 mm.',
    })
  })

  test('should measure the resolved URL, not the value as sent', () => {
    // 30 characters as sent, 62 bytes resolved (punycode, percent-encoding): version 4 at L, not 3
    // (53 bytes), which is the largest a 16 mm area prints (40 modules).
    const value = 'https://bücher.de/ä/😀?q=Grüße'
    const result = checkQrValue(value, element({ size_mm: 16, error_correction: 'L' }))
    expect(value).toHaveLength(30)
    expect(result).toMatchObject({ ok: false, resolvedUrlLength: 62, maxVersion: 3 })
    expect(result.fitError).toEqual({
      key: 'coupon',
      label: 'Coupon QR',
      resolved_url_length: 62,
      suggested_action:
        'Shorten the URL to at most 53 characters (it has 62) or enlarge the QR area to 17 mm.',
    })
  })

  test('should let a fit error be read without narrowing', () => {
    const result = checkQrValue('https://example.com/', element())
    expectTypeOf(result.ok ? undefined : result.fitError).toEqualTypeOf<QrFitError | undefined>()
  })

  test('should never throw on any string', () => {
    const value = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 120 }),
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc.string({ unit: 'grapheme', maxLength: 2048 })
    )
    const level = fc.constantFrom<'L' | 'M' | 'Q' | 'H'>('L', 'M', 'Q', 'H')
    fc.assert(
      fc.property(
        value,
        fc.integer({ min: 5, max: 80 }),
        level,
        (input, size_mm, error_correction) => {
          const result = checkQrValue(input, element({ size_mm, error_correction }))
          if (!result.ok) expect(result.messages).toHaveLength(1)
          expect(result.ok || result.problem !== 'too-large' || result.fitError !== undefined).toBe(
            true
          )
        }
      ),
      { seed: 99, numRuns: 1500 }
    )
  })
})
