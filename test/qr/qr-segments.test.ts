import fc from 'fast-check'
import QRCode from 'qrcode/lib/core/qrcode.js'
import type { QrcodeSymbol } from 'qrcode/lib/core/qrcode.js'
import { describe, expect, test } from 'vitest'
import type { ErrorCorrectionLevel } from '../../src/design/types.ts'
import { minimalVersion } from '../../src/qr/qr-capacity.ts'
import { qrEncoding } from '../../src/qr/qr-segments.ts'
import { chars, digits, lower, upper } from '../helpers/url-characters.ts'

const LEVELS: readonly ErrorCorrectionLevel[] = ['L', 'M', 'Q', 'H']

/**
 * The oracle: the encoder itself. The mask never changes the version or the segments (they are
 * chosen before the matrix exists), so a fixed mask skips the eight-mask penalty search, which
 * is most of `create`'s time, and keeps this suite at a few seconds.
 */
function create(text: string, level: ErrorCorrectionLevel): QrcodeSymbol {
  return QRCode.create(text, { errorCorrectionLevel: level, maskPattern: 0 })
}

/** qrcode's segments as `{ mode, data }` with byte data decoded back to text. */
function segmentsOf(symbol: QrcodeSymbol): { mode: string; data: string }[] {
  return symbol.segments.map((segment) => ({
    mode: (segment.mode.id ?? '').toLowerCase(),
    data:
      segment.data instanceof Uint8Array
        ? new TextDecoder().decode(segment.data)
        : String(segment.data),
  }))
}

/** A DNS label: ASCII in mixed case (the parser lower-cases it), or an IDN label (punycode). */
const label = fc.oneof(
  { weight: 4, arbitrary: chars(lower + upper + digits + '-', 1, 12).map((s) => `a${s}z`) },
  { weight: 1, arbitrary: chars('äöüßéèñçåøłżšžő中文日本語한국어бук', 1, 8) }
)
const host = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(
        fc.array(label, { minLength: 1, maxLength: 3 }),
        fc.constantFrom('com', 'de', 'co.uk', 'shop', 'NL', 'xn--p1ai', 'рф')
      )
      .map(([labels, tld]) => [...labels, tld].join('.')),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255))
      .map((parts) => parts.join('.')),
  }
)
/** Path and query pieces: lower case, UPPER CASE (alphanumeric mode), digit runs (numeric mode), emoji and letters that get percent-encoded, URL punctuation. */
const piece = fc.oneof(
  { weight: 5, arbitrary: chars(lower + '-_.~', 1, 16) },
  { weight: 3, arbitrary: chars(upper + digits + '$%*+-./:', 1, 24) },
  { weight: 3, arbitrary: chars(digits, 1, 30) },
  { weight: 2, arbitrary: chars(lower + upper + digits, 1, 40) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '😀',
      '🎉',
      '👩🏽‍💻',
      '🇩🇪',
      'ä',
      'Grüße',
      '€',
      ' ',
      '"',
      '<',
      '>',
      '%20',
      '%F0%9F%98%80',
      "'",
      '^',
      '`',
      '{}',
      '|'
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('!', '$', '&', "'", '(', ')', '*', '+', ',', ';', '=', ':', '@'),
  }
)
const text = (maxPieces: number): fc.Arbitrary<string> =>
  fc.array(piece, { minLength: 1, maxLength: maxPieces }).map((pieces) => pieces.join(''))
const path = fc.array(text(2), { maxLength: 4 }).map((segments) => `/${segments.join('/')}`)
const query = fc
  .array(fc.tuple(text(2), text(2)), { minLength: 1, maxLength: 3 })
  .map((pairs) => `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`)
const longTail = fc
  .array(text(4), { minLength: 10, maxLength: 40 })
  .map((segments) => `/${segments.join('/')}`)

/** Raw URLs in every shape a QR value takes; each is resolved with `new URL` like the check does. */
const url = fc
  .record({
    scheme: fc.constantFrom('https', 'http', 'HTTPS', 'Http'),
    host,
    port: fc.option(fc.integer({ min: 1, max: 65535 }), { freq: 8 }),
    path: fc.oneof({ weight: 15, arbitrary: path }, { weight: 1, arbitrary: longTail }),
    query: fc.option(query, { freq: 2 }),
    fragment: fc.option(text(3), { freq: 6 }),
  })
  .map(({ scheme, host, port, path, query, fragment }) => {
    const raw = `${scheme}://${host}${port === null ? '' : `:${port}`}${path}${query ?? ''}${fragment === null ? '' : `#${fragment}`}`
    let href: string
    try {
      href = new URL(raw).href
    } catch {
      href = new URL(`https://example.com${path}`).href
    }
    // Beyond 2953 bytes nothing fits (tested below); qrcode's own segmentation is quadratic.
    return href.slice(0, 2900)
  })

describe('minimalVersion against QRCode.create', () => {
  test('should equal the version of QRCode.create on 10,000 generated URLs at every level', () => {
    let checked = 0
    const versions = new Set<number>()
    fc.assert(
      fc.property(url, fc.constantFrom(...LEVELS), (href, level) => {
        const expected = create(href, level).version
        expect(minimalVersion(href, level)).toBe(expected)
        versions.add(expected)
        checked++
      }),
      { seed: 4711, numRuns: 10_000 }
    )
    expect(checked).toBe(10_000)
    // The generator reaches small and large symbols, including versions with version info.
    expect(Math.min(...versions)).toBeLessThanOrEqual(2)
    expect(Math.max(...versions)).toBeGreaterThanOrEqual(15)
  })

  test('should pick the same segments as QRCode.create', () => {
    fc.assert(
      fc.property(url, fc.constantFrom(...LEVELS), (href, level) => {
        const symbol = create(href, level)
        expect(qrEncoding(href, level)).toEqual({
          version: symbol.version,
          segments: segmentsOf(symbol),
        })
      }),
      { seed: 815, numRuns: 500 }
    )
  })

  test('should pick the segments of QRCode.create on 20,000 short texts full of ties', () => {
    // Short runs of digits, upper case, URL punctuation and bytes give many paths of equal
    // cost: the dynamic programming must break ties exactly as dijkstrajs' queue does.
    const unit = fc.constantFrom('0', '1', '9', 'A', 'B', '-', ':', 'a', 'é', '😀')
    let checked = 0
    fc.assert(
      fc.property(
        fc.string({ unit, minLength: 1, maxLength: 40 }),
        fc.constantFrom(...LEVELS),
        (value, level) => {
          const symbol = create(value, level)
          expect(qrEncoding(value, level)).toEqual({
            version: symbol.version,
            segments: segmentsOf(symbol),
          })
          checked++
        }
      ),
      { seed: 20_261_124, numRuns: 20_000 }
    )
    expect(checked).toBe(20_000)
  })

  test('should equal QRCode.create on arbitrary text, not only URLs', () => {
    const anyText = fc.oneof(
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 120 }),
      fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 300 })
    )
    fc.assert(
      fc.property(anyText, fc.constantFrom(...LEVELS), (value, level) => {
        expect(minimalVersion(value, level)).toBe(create(value, level).version)
      }),
      { seed: 42, numRuns: 500 }
    )
  })

  test('should split a mixed-case URL into byte and alphanumeric segments', () => {
    // QRCode.create at level M: `https://example.com/P/8F3K2` → V2, Byte 19 + Alnum 8.
    expect(qrEncoding('https://example.com/P/8F3K2', 'M')).toEqual({
      version: 2,
      segments: [
        { mode: 'byte', data: 'https://example.com' },
        { mode: 'alphanumeric', data: '/P/8F3K2' },
      ],
    })
  })

  test.each([
    [
      'a UTM URL',
      'https://www.example.com/landing?utm_source=postcard&utm_medium=print&id=1234',
      'M',
    ],
    ['a mixed-case path', 'https://example.com/P/8F3K2', 'M'],
    ['an all upper-case URL', 'HTTPS://EXAMPLE.COM/P/8F3K2', 'M'],
    [
      'digit and upper-case runs',
      'https://example.com/?id=12345678901234567890&ref=ABCDEFGHIJKLMNOP',
      'Q',
    ],
    ['500 digits', '0123456789'.repeat(50), 'H'],
  ] as const)('should encode %s like QRCode.create', (_name, value, level) => {
    const symbol = create(value, level)
    expect(qrEncoding(value, level)).toEqual({
      version: symbol.version,
      segments: segmentsOf(symbol),
    })
  })

  test('should report null where QRCode.create finds no version', () => {
    for (const level of LEVELS) {
      const value = 'x'.repeat(2954)
      expect(() => create(value, level)).toThrow(
        'The amount of data is too big to be stored in a QR Code'
      )
      expect(minimalVersion(value, level)).toBeNull()
      expect(qrEncoding(value, level).version).toBeNull()
    }
  })
})
