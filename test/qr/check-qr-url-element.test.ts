import { describe, expect, test } from 'vitest'
import type { UrlQrElement } from '../../src/design/types.ts'
import { checkQrUrlElement } from '../../src/qr/check-qr-url-element.ts'

function element(url: string, size_mm = 20): UrlQrElement {
  return {
    type: 'qr',
    url,
    label: 'Website',
    x_mm: 100,
    y_mm: 60,
    size_mm,
    error_correction: 'Q',
    min_module_mm: 0.4,
    quiet_zone_modules: 4,
  }
}

describe('checkQrUrlElement', () => {
  test('should accept a stored URL that fits its area', () => {
    expect(checkQrUrlElement(element('https://example.com/shop'))).toEqual({
      ok: true,
      resolvedUrl: 'https://example.com/shop',
      resolvedUrlLength: 24,
      version: 3,
      maxVersion: 6,
      moduleMm: 20 / (4 * 3 + 17 + 8),
    })
  })

  test('should apply the same URL rules as a keyed value', () => {
    expect(checkQrUrlElement(element('www.example.com/shop'))).toEqual({
      ok: false,
      problem: 'missing-scheme',
      messages: [
        'Unexpected `www.example.com/shop` without a scheme, expected a complete http(s) URL such as `https://www.example.com/shop`.',
      ],
      example: 'https://www.example.com/shop',
      parts: { value: 'www.example.com/shop' },
    })
  })

  test('should report a stored URL too large for its area', () => {
    const url = `https://example.com/${'products/'.repeat(10)}`
    expect(checkQrUrlElement(element(url))).toEqual({
      ok: false,
      problem: 'too-large',
      messages: [
        'Unexpected `110` character URL, expected at most `74` characters for the `20` mm QR area at error correction `Q`, shorten the URL or enlarge the area to `25` mm.',
      ],
      resolvedUrl: url,
      resolvedUrlLength: 110,
      // 110 bytes: version 8-Q holds 108, version 9-Q 130 (ISO/IEC 18004 table 7).
      requiredVersion: 9,
      maxVersion: 6,
      maxLength: 74,
      enlargeToMm: 25,
      suggestedAction:
        'Shorten the URL to at most 74 characters (it has 110) or enlarge the QR area to 25 mm.',
      // Version 40-Q holds 1663 bytes; 21 and 177 modules with 8 quiet ones need 12 and 74 mm.
      parts: {
        sizeMm: 20,
        moduleMm: 0.4,
        level: 'Q',
        largestLength: 1663,
        smallestMm: 12,
        largestMm: 74,
      },
    })
    expect(checkQrUrlElement(element(url, 25)).ok).toBe(true)
  })
})
