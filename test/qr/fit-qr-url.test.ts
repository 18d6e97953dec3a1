import fc from 'fast-check'
import QRCode from 'qrcode/lib/core/qrcode.js'
import { describe, expect, test } from 'vitest'
import type { ErrorCorrectionLevel } from '../../src/design/types.ts'
import { fitQrUrl } from '../../src/qr/fit-qr-url.ts'
import { QrArgumentError } from '../../src/qr/qr-argument-error.ts'
import { maxVersionForArea } from '../../src/qr/qr-capacity.ts'
import type { QrArea } from '../../src/qr/types.ts'

function area(size_mm: number, error_correction: ErrorCorrectionLevel = 'M'): QrArea {
  return { size_mm, error_correction, min_module_mm: 0.4, quiet_zone_modules: 4 }
}

/** The numbers a too-large message quotes about an area of {@link area} (0.4 mm modules). */
function partsOf(size_mm: number, level: ErrorCorrectionLevel = 'M') {
  // Version 40 holds 2331 bytes at M (ISO/IEC 18004 table 7); 21 and 177 modules with 4 quiet
  // modules on each side need 11.6 and 74 mm.
  const largestLength = { L: 2953, M: 2331, Q: 1663, H: 1273 }[level]
  return { sizeMm: size_mm, moduleMm: 0.4, level, largestLength, smallestMm: 12, largestMm: 74 }
}

/** The encoder's own version for a text (fixed mask: the mask never changes the version). */
function encoderVersion(text: string, level: ErrorCorrectionLevel): number {
  return QRCode.create(text, { errorCorrectionLevel: level, maskPattern: 0 }).version
}

const url131 = `https://example.com/${'a'.repeat(111)}`
const url2400 = `https://example.com/${'a'.repeat(2380)}`
const utmUrl =
  'https://www.example.com/spring-sale/landing?utm_source=postcard&utm_medium=print&utm_campaign=2024'

describe('fitQrUrl', () => {
  test('should accept a URL within the area and report the printed module', () => {
    // 25 mm / 0.4 mm = 62 modules: version 9 with 4 quiet modules on each side.
    expect(fitQrUrl(utmUrl, area(25))).toEqual({
      ok: true,
      resolvedUrl: utmUrl,
      resolvedUrlLength: 98,
      version: 6,
      maxVersion: 9,
      moduleMm: 25 / (4 * 6 + 17 + 8),
    })
    expect(encoderVersion(utmUrl, 'M')).toBe(6)
  })

  test('should fit an upper-case URL longer than the byte capacity (alphanumeric mode)', () => {
    const url = `https://example.com/${'ABCDEFGHIJ'.repeat(12)}`
    const result = fitQrUrl(url, area(20))
    expect(result).toMatchObject({ ok: true, resolvedUrlLength: 140, version: 6, maxVersion: 6 })
    expect(encoderVersion(url, 'M')).toBe(6)
    // …while the same length in lower case needs version 8.
    expect(fitQrUrl(url.toLowerCase(), area(20)).ok).toBe(false)
  })

  test('should suggest a shorter URL or a larger area', () => {
    expect(fitQrUrl(url131, area(20))).toEqual({
      ok: false,
      problem: 'too-large',
      messages: [
        'Unexpected `131` character URL, expected at most `106` characters for the `20` mm QR area at error correction `M`, shorten the URL or enlarge the area to `23` mm.',
      ],
      resolvedUrl: url131,
      resolvedUrlLength: 131,
      requiredVersion: 8,
      maxVersion: 6,
      maxLength: 106,
      enlargeToMm: 23,
      suggestedAction:
        'Shorten the URL to at most 106 characters (it has 131) or enlarge the QR area to 23 mm.',
      parts: partsOf(20),
    })
    expect(encoderVersion(url131, 'M')).toBe(8)
    expect(fitQrUrl(url131, area(23)).ok).toBe(true)
    expect(fitQrUrl(url131, area(22)).ok).toBe(false)
  })

  test('should write decimal millimetres as given', () => {
    expect(fitQrUrl(url131, area(22.5, 'H'))).toMatchObject({
      messages: [
        'Unexpected `131` character URL, expected at most `64` characters for the `22.5` mm QR area at error correction `H`, shorten the URL or enlarge the area to `28` mm.',
      ],
      requiredVersion: 11,
      maxVersion: 7,
      suggestedAction:
        'Shorten the URL to at most 64 characters (it has 131) or enlarge the QR area to 28 mm.',
    })
  })

  test('should say when no QR code holds the URL', () => {
    expect(fitQrUrl(url2400, area(20))).toEqual({
      ok: false,
      problem: 'too-large',
      messages: [
        'Unexpected `2400` character URL, expected at most `106` characters for the `20` mm QR area at error correction `M`, shorten the URL (no QR code holds more than `2331`).',
      ],
      resolvedUrl: url2400,
      resolvedUrlLength: 2400,
      requiredVersion: null,
      maxVersion: 6,
      maxLength: 106,
      enlargeToMm: null,
      suggestedAction:
        'Shorten the URL to at most 106 characters (it has 2400); no QR code holds more than 2331 at error correction M.',
      parts: partsOf(20),
    })
    expect(() => encoderVersion(url2400, 'M')).toThrow('The amount of data is too big')
  })

  test('should ask for a larger area when the area holds no QR code', () => {
    // 10 mm / 0.4 mm = 25 modules: not even version 1 with its quiet zone (29 modules).
    expect(fitQrUrl('https://ex.co/a1', area(10))).toMatchObject({
      messages: [
        'Unexpected `10` mm QR area, expected at least `14` mm for this `16` character URL with `0.4` mm modules, enlarge the area.',
      ],
      requiredVersion: 2,
      maxVersion: 0,
      maxLength: 0,
      enlargeToMm: 14,
      suggestedAction: 'Enlarge the QR area to 14 mm; at 10 mm it holds no QR code.',
    })
    expect(fitQrUrl(url2400, area(10))).toMatchObject({
      messages: [
        'Unexpected `10` mm QR area, expected at least `12` mm for any QR code with `0.4` mm modules, enlarge the area to `74` mm and shorten the URL to at most `2331` characters.',
      ],
      requiredVersion: null,
      maxVersion: 0,
      enlargeToMm: null,
      suggestedAction:
        'Shorten the URL to at most 2331 characters (it has 2400) and enlarge the QR area to 74 mm.',
    })
  })

  test('should count UTF-8 bytes of the encoded string', () => {
    // `https://bücher.de/ä/😀?q=Grüße` (30 characters) resolves to 62 bytes: punycode host,
    // percent-encoded path and query.
    const href = new URL('https://bücher.de/ä/😀?q=Grüße').href
    expect(fitQrUrl(href, area(30))).toMatchObject({ ok: true, resolvedUrlLength: 62 })
    expect(fitQrUrl('https://example.com/ä', area(30))).toMatchObject({ resolvedUrlLength: 22 })
  })

  test('should agree with QRCode.create and keep its suggestions true', () => {
    const level = fc.constantFrom<ErrorCorrectionLevel>('L', 'M', 'Q', 'H')
    const areas = fc.record({
      size_mm: fc.integer({ min: 100, max: 500 }).map((tenths) => tenths / 10),
      error_correction: level,
      min_module_mm: fc.constantFrom(0.25, 0.33, 0.396, 0.4, 0.5),
      quiet_zone_modules: fc.integer({ min: 0, max: 4 }),
    })
    const urls = fc
      .oneof(
        fc.webUrl({ withQueryParameters: true, withFragments: true, size: 'small' }),
        fc.webUrl({ withQueryParameters: true, withFragments: true, size: 'medium' })
      )
      .map((raw) => new URL(raw).href)
    fc.assert(
      fc.property(urls, areas, (url, qrArea) => {
        const result = fitQrUrl(url, qrArea)
        const version = encoderVersion(url, qrArea.error_correction)
        const maxVersion = maxVersionForArea(
          qrArea.size_mm,
          qrArea.min_module_mm,
          qrArea.quiet_zone_modules
        )
        expect(result.ok).toBe(version <= maxVersion)
        if (result.ok) {
          expect(result.version).toBe(version)
          return
        }
        expect(result.requiredVersion).toBe(version)
        // The suggested length fits whatever its characters are, and the suggested size fits.
        if (result.maxLength > 0) {
          expect(encoderVersion('x'.repeat(result.maxLength), qrArea.error_correction)).toBe(
            maxVersion
          )
        }
        if (result.enlargeToMm !== null) {
          expect(fitQrUrl(url, { ...qrArea, size_mm: result.enlargeToMm }).ok).toBe(true)
          expect(fitQrUrl(url, { ...qrArea, size_mm: result.enlargeToMm - 1 }).ok).toBe(false)
        }
      }),
      { seed: 1234, numRuns: 250 }
    )
  })

  test('should throw QrArgumentError for an area no design can have', () => {
    expect(() => fitQrUrl('https://example.com/', { ...area(20), min_module_mm: 0 })).toThrow(
      QrArgumentError
    )
  })
})
