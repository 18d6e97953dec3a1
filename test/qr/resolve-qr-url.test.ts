import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { resolveAnyQrUrl, resolveQrUrl } from '../../src/qr/resolve-qr-url.ts'
import type { QrUrlProblem } from '../../src/qr/resolve-qr-url.ts'
import corpus from '../fixtures/qr/resolve-corpus.json' with { type: 'json' }
import { chars, digits, lower, upper } from '../helpers/url-characters.ts'

/** `[value, problem, message]`: every URL rule of spec 2.6 / 7.1, messages word for word. */
const rejected: readonly (readonly [string, QrUrlProblem, string])[] = [
  // spec 2.6: "a bare code or fragment is invalid"
  [
    'SUMMER24',
    'bare-code',
    'Unexpected `SUMMER24`, expected a complete http(s) URL such as `https://example.com/coupon?code=SUMMER24`.',
  ],
  [
    'SUMMER 24',
    'bare-code',
    'Unexpected `SUMMER 24`, expected a complete http(s) URL such as `https://example.com/coupon?code=SUMMER+24`.',
  ],
  [
    '50%OFF',
    'bare-code',
    'Unexpected `50%OFF`, expected a complete http(s) URL such as `https://example.com/coupon?code=50%25OFF`.',
  ],
  [
    'v1.2',
    'bare-code',
    'Unexpected `v1.2`, expected a complete http(s) URL such as `https://example.com/coupon?code=v1.2`.',
  ],
  [
    '#x',
    'fragment',
    'Unexpected fragment `#x`, expected a complete http(s) URL such as `https://example.com/page#x`.',
  ],
  [
    '#',
    'fragment',
    'Unexpected fragment `#`, expected a complete http(s) URL such as `https://example.com/page#`.',
  ],
  // relative references
  [
    '/coupon',
    'relative-url',
    'Unexpected relative URL `/coupon`, expected a complete http(s) URL such as `https://example.com/coupon`.',
  ],
  [
    '?code=1',
    'relative-url',
    'Unexpected relative URL `?code=1`, expected a complete http(s) URL such as `https://example.com/?code=1`.',
  ],
  [
    'coupon/summer',
    'relative-url',
    'Unexpected relative URL `coupon/summer`, expected a complete http(s) URL such as `https://example.com/coupon/summer`.',
  ],
  [
    './x',
    'relative-url',
    'Unexpected relative URL `./x`, expected a complete http(s) URL such as `https://example.com/x`.',
  ],
  [
    'coupon.html',
    'relative-url',
    'Unexpected relative URL `coupon.html`, expected a complete http(s) URL such as `https://example.com/coupon.html`.',
  ],
  [
    '//example.com/x',
    'scheme-relative-url',
    'Unexpected scheme-relative URL `//example.com/x`, expected a complete http(s) URL such as `https://example.com/x`.',
  ],
  // a host without a scheme
  [
    'example.com/coupon',
    'missing-scheme',
    'Unexpected `example.com/coupon` without a scheme, expected a complete http(s) URL such as `https://example.com/coupon`.',
  ],
  [
    'www.Example.com',
    'missing-scheme',
    'Unexpected `www.Example.com` without a scheme, expected a complete http(s) URL such as `https://www.example.com/`.',
  ],
  [
    'bücher.de/ä',
    'missing-scheme',
    'Unexpected `bücher.de/ä` without a scheme, expected a complete http(s) URL such as `https://xn--bcher-kva.de/%C3%A4`.',
  ],
  [
    'localhost:8080/x',
    'missing-scheme',
    'Unexpected `localhost:8080/x` without a scheme, expected a complete http(s) URL such as `https://localhost:8080/x`.',
  ],
  [
    'shop.example.com:8443',
    'missing-scheme',
    'Unexpected `shop.example.com:8443` without a scheme, expected a complete http(s) URL such as `https://shop.example.com:8443/`.',
  ],
  // other schemes
  [
    'javascript:alert(1)',
    'unsupported-scheme',
    'Unexpected scheme `javascript:` in `javascript:alert(1)`, expected a complete http(s) URL such as `https://example.com/coupon`.',
  ],
  [
    'mailto:info@example.com',
    'unsupported-scheme',
    'Unexpected scheme `mailto:` in `mailto:info@example.com`, expected a complete http(s) URL such as `https://example.com/coupon`.',
  ],
  [
    'FTP://files.example.com/a.pdf',
    'unsupported-scheme',
    'Unexpected scheme `FTP:` in `FTP://files.example.com/a.pdf`, expected a complete http(s) URL such as `https://files.example.com/a.pdf`.',
  ],
  [
    'data:text/html,<b>hi</b>',
    'unsupported-scheme',
    'Unexpected scheme `data:` in `data:text/html,<b>hi</b>`, expected a complete http(s) URL such as `https://example.com/coupon`.',
  ],
  // http(s) that the parser repairs or rejects
  [
    'https:example.com',
    'missing-slashes',
    'Unexpected `https:example.com` without `//` after the scheme, expected a complete http(s) URL such as `https://example.com/`.',
  ],
  [
    'https:/example.com/a',
    'missing-slashes',
    'Unexpected `https:/example.com/a` without `//` after the scheme, expected a complete http(s) URL such as `https://example.com/a`.',
  ],
  [
    'http:\\\\example.com',
    'missing-slashes',
    'Unexpected `http:\\\\example.com` without `//` after the scheme, expected a complete http(s) URL such as `http://example.com/`.',
  ],
  [
    'https:',
    'missing-slashes',
    'Unexpected `https:` without `//` after the scheme, expected a complete http(s) URL such as `https://example.com/coupon`.',
  ],
  [
    'https://',
    'missing-host',
    'Unexpected `https://` without a host, expected a complete http(s) URL such as `https://example.com/`.',
  ],
  [
    'https:///coupon',
    'missing-host',
    'Unexpected `https:///coupon` without a host, expected a complete http(s) URL such as `https://example.com/coupon`.',
  ],
  [
    'https://:443/x?y=1',
    'missing-host',
    'Unexpected `https://:443/x?y=1` without a host, expected a complete http(s) URL such as `https://example.com/x?y=1`.',
  ],
  [
    'https://user@/x',
    'missing-host',
    'Unexpected `https://user@/x` without a host, expected a complete http(s) URL such as `https://example.com/x`.',
  ],
  [
    'https://exa mple.com/x',
    'invalid-host',
    'Unexpected host `exa mple.com` in `https://exa mple.com/x`, expected a complete http(s) URL such as `https://example.com/x`.',
  ],
  [
    'https://1.2.3.256/',
    'invalid-host',
    'Unexpected host `1.2.3.256` in `https://1.2.3.256/`, expected a complete http(s) URL such as `https://example.com/`.',
  ],
  [
    'https://[::1/',
    'invalid-host',
    'Unexpected host `[::1` in `https://[::1/`, expected a complete http(s) URL such as `https://example.com/`.',
  ],
  [
    'https://example.com:99999/a',
    'invalid-port',
    'Unexpected port `99999` in `https://example.com:99999/a`, expected a complete http(s) URL such as `https://example.com/a`.',
  ],
  [
    'https://example.com:8o/',
    'invalid-port',
    'Unexpected port `8o` in `https://example.com:8o/`, expected a complete http(s) URL such as `https://example.com/`.',
  ],
  // whitespace and control characters
  [
    ' https://example.com/a ',
    'whitespace',
    'Unexpected whitespace around `https://example.com/a`, expected a complete http(s) URL such as `https://example.com/a`.',
  ],
  [
    'https://example.com/a\n',
    'whitespace',
    'Unexpected whitespace around `https://example.com/a`, expected a complete http(s) URL such as `https://example.com/a`.',
  ],
  [
    '\u00A0SUMMER24',
    'whitespace',
    'Unexpected whitespace around `SUMMER24`, expected a complete http(s) URL such as `https://example.com/coupon?code=SUMMER24`.',
  ],
  [
    'https://example.com/a\nb',
    'control-character',
    'Unexpected line break in `https://example.com/a\\nb`, expected a complete http(s) URL such as `https://example.com/ab`.',
  ],
  [
    'https://exam\tple.com',
    'control-character',
    'Unexpected tab in `https://exam\\tple.com`, expected a complete http(s) URL such as `https://example.com/`.',
  ],
  [
    'https://example.com/\u0000x',
    'control-character',
    'Unexpected control character `U+0000` in `https://example.com/\\u0000x`, expected a complete http(s) URL such as `https://example.com/x`.',
  ],
  [
    'https://a b.com/`x`',
    'invalid-host',
    'Unexpected host `a b.com` in `` https://a b.com/`x` ``, expected a complete http(s) URL such as `https://example.com/%60x%60`.',
  ],
  [
    'http:x.com?q=`1`',
    'missing-slashes',
    'Unexpected `` http:x.com?q=`1` `` without `//` after the scheme, expected a complete http(s) URL such as `` http://x.com/?q=`1` ``.',
  ],
  // hosts that the URL Standard allows but no DNS name has (and Chromium parses differently)
  [
    'https://a*b.com/',
    'invalid-host',
    'Unexpected host `a*b.com` in `https://a*b.com/`, expected a complete http(s) URL such as `https://example.com/`.',
  ],
  [
    'https://a`b.com/',
    'invalid-host',
    'Unexpected host `` a`b.com `` in `` https://a`b.com/ ``, expected a complete http(s) URL such as `https://example.com/`.',
  ],
  [
    'https://a..b/',
    'invalid-host',
    'Unexpected host `a..b` in `https://a..b/`, expected a complete http(s) URL such as `https://example.com/`.',
  ],
  [
    'https://[::ｆｆ]/',
    'invalid-host',
    'Unexpected host `[::ｆｆ]` in `https://[::ｆｆ]/`, expected a complete http(s) URL such as `https://example.com/`.',
  ],
  [
    'https://xn--a.com/x',
    'invalid-host',
    'Unexpected host `xn--a.com` in `https://xn--a.com/x`, expected a complete http(s) URL such as `https://example.com/x`.',
  ],
  [
    'https://xn--za-.com/x',
    'invalid-host',
    'Unexpected host `xn--za-.com` in `https://xn--za-.com/x`, expected a complete http(s) URL such as `https://example.com/x`.',
  ],
  [
    '',
    'empty',
    'Unexpected empty value, expected a complete http(s) URL such as `https://example.com/coupon`.',
  ],
  [
    ' \t ',
    'empty',
    'Unexpected empty value, expected a complete http(s) URL such as `https://example.com/coupon`.',
  ],
  // long values are quoted up to 80 characters
  [
    `CODE${'X'.repeat(100)}`,
    'bare-code',
    `Unexpected \`CODE${'X'.repeat(75)}…\`, expected a complete http(s) URL such as \`https://example.com/coupon?code=CODE${'X'.repeat(43)}…\`.`,
  ],
]

/** `[value, resolved href]`: complete http(s) URLs and their WHATWG serialisation. */
const resolved: readonly (readonly [string, string])[] = [
  ['https://example.com', 'https://example.com/'],
  ['http://example.com/coupon?code=SUMMER24', 'http://example.com/coupon?code=SUMMER24'],
  ['HTTPS://EXAMPLE.COM/P/8F3K2', 'https://example.com/P/8F3K2'],
  // Punycode host, percent-encoded path and query (30 characters → 62 bytes)
  [
    'https://bücher.de/ä/😀?q=Grüße',
    'https://xn--bcher-kva.de/%C3%A4/%F0%9F%98%80?q=Gr%C3%BC%C3%9Fe',
  ],
  ['https://example.com:443/a b', 'https://example.com/a%20b'],
  ['https://example.com:8443/#Top', 'https://example.com:8443/#Top'],
  ['https://user:pw@example.com', 'https://user:pw@example.com/'],
  ['http://localhost/x', 'http://localhost/x'],
  ['https://192.168.0.1/', 'https://192.168.0.1/'],
  ['https://[::1]:8080/', 'https://[::1]:8080/'],
  ['https://example.com\\coupon', 'https://example.com/coupon'],
  ['https://example.com/a/../b/./c', 'https://example.com/b/c'],
  ['https://例え.テスト/', 'https://xn--r8jz45g.xn--zckzah/'],
  ['https://xn--bcher-kva.de/', 'https://xn--bcher-kva.de/'],
  ['https://XN--BCHER-KVA.de/', 'https://xn--bcher-kva.de/'],
  ['https://💩.la/', 'https://xn--ls8h.la/'],
  ['https://faß.de/', 'https://xn--fa-hia.de/'],
  ['https://ＥＸＡＭＰＬＥ.com/', 'https://example.com/'],
  ['https://ex%41mple.com/', 'https://example.com/'],
  ['https://my_host.example.com/', 'https://my_host.example.com/'],
  // Node 20's ada keeps `.` segments after a segment like `.a`; the URL Standard drops them.
  ['https://example.com/.well-known/./x/../y', 'https://example.com/.well-known/y'],
  ['https://example.com/x/.a/M/.//2/..', 'https://example.com/x/.a/M//'],
  // `^` and `|` in the path and `'` in the user info are encoded, as Chromium does
  ["https://o'neil@example.com/a^b|c?x=^|#^|", 'https://o%27neil@example.com/a%5Eb%7Cc?x=^|#^|'],
  ['https://example.com/a%5Eb', 'https://example.com/a%5Eb'],
]

/**
 * `new URL(input).href` with `^`/`|` in the path and `'` in the user info percent-encoded (what
 * Chromium does), written with the URL setters rather than string surgery.
 */
function expectedHref(input: string): string {
  const url = new URL(input)
  url.pathname = url.pathname.replaceAll('^', '%5E').replaceAll('|', '%7C')
  url.username = url.username.replaceAll("'", '%27')
  url.password = url.password.replaceAll("'", '%27')
  return url.href
}

describe('resolveQrUrl', () => {
  test.each(rejected)('should reject %j as %s', (value, problem, message) => {
    const result = resolveQrUrl(value)
    expect(result).toMatchObject({ ok: false, problem, message })
  })

  test.each(resolved)('should resolve %j to %s', (value, href) => {
    expect(resolveQrUrl(value)).toEqual({ ok: true, url: href })
  })

  test('should give the results Node gave on a corpus of hostile URLs', () => {
    const actual = corpus.rows.map(([input = '']) => {
      const result = resolveQrUrl(input)
      return result.ok ? [input, result.url] : [input, result.problem, result.message]
    })
    expect(actual).toEqual(corpus.rows)
  })

  test('should only give examples that are themselves complete URLs', () => {
    for (const [value] of rejected) {
      const result = resolveQrUrl(value)
      if (result.ok) throw new Error(`accepted ${value}`)
      if (result.example.endsWith('…')) continue
      expect(resolveQrUrl(result.example)).toEqual({ ok: true, url: result.example })
    }
  })

  test('should never throw and always answer in one grammar', () => {
    const value = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc
        .tuple(fc.constantFrom('https://', 'http:', '//', '#', '/', ' ', ''), fc.string())
        .map(([prefix, rest]) => prefix + rest)
    )
    fc.assert(
      fc.property(value, (input) => {
        const result = resolveQrUrl(input)
        if (result.ok) {
          expect(['http:', 'https:']).toContain(new URL(result.url).protocol)
          expect(result.url).toBe(expectedHref(input))
        } else {
          expect(result.message).toMatch(
            /^Unexpected .+, expected a complete http\(s\) URL such as (`+) ?[^`].*\1\.$/su
          )
          if (!result.example.endsWith('…')) expect(resolveQrUrl(result.example).ok).toBe(true)
        }
      }),
      { seed: 2606, numRuns: 3000 }
    )
  })

  test('should accept every web URL fast-check generates', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (input) => {
        expect(resolveQrUrl(input)).toEqual({ ok: true, url: expectedHref(input) })
      }),
      { seed: 1738, numRuns: 1000 }
    )
  })
})

describe("resolveQrUrl shortcut for URLs already in the parser's form", () => {
  /** Pieces of real QR URLs, with the characters and spellings that a parser rewrites. */
  const piece = fc.oneof(
    { weight: 60, arbitrary: chars(lower + digits + '-_.~', 1, 12) },
    { weight: 15, arbitrary: chars(upper + digits + '-%', 1, 12) },
    { weight: 2, arbitrary: chars(lower + upper + digits, 40, 300) },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '%20',
        '%C5%82',
        '%2e',
        '%2E',
        '%41',
        '%7E',
        '%',
        '%zz',
        '.',
        '..',
        '/./',
        '/../',
        '/.',
        '/..',
        '%2e%2E',
        '.%2e'
      ),
    },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '!',
        '$',
        '&',
        "'",
        '(',
        ')',
        '*',
        '+',
        ',',
        ';',
        '=',
        ':',
        '@',
        '/',
        '?',
        '#',
        '^',
        '|',
        '`',
        '{',
        '}',
        '[',
        ']',
        '"',
        '<',
        '>',
        '\\',
        ' ',
        '\t',
        '\u00a0',
        '\u00ad'
      ),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom('ł', 'ü', 'é', '中文', '😀', '👩🏽‍💻', 'ß', 'İ', 'ﬀ', '\ud800', '０'),
    }
  )
  const text = fc.array(piece, { maxLength: 5 }).map((pieces) => pieces.join(''))
  const label = fc.oneof(
    { weight: 40, arbitrary: chars(lower + digits + '-', 1, 10) },
    { weight: 1, arbitrary: chars(lower + digits + '-_', 60, 70) },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        'xn--p1ai',
        'xn--mnchen-3ya',
        'xn--a',
        'XN--P1AI',
        'Shop',
        'münchen',
        'рф',
        '0x1f',
        '09',
        '255',
        '1',
        '-a',
        'a-',
        'ab--cd',
        '_dmarc',
        '',
        'a%41',
        'ａ',
        'a b',
        'a*b'
      ),
    }
  )
  const host = fc.oneof(
    {
      weight: 20,
      arbitrary: fc
        .tuple(
          fc.array(label, { minLength: 0, maxLength: 3 }),
          fc.constantFrom(
            'com',
            'de',
            'example',
            'shop',
            'co.uk',
            'a1',
            'x-y',
            '',
            'COM',
            '1',
            'rf'
          )
        )
        .map(([labels, tld]) => [...labels, tld].join('.')),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '127.0.0.1',
        '1.2.3',
        '0x7f.1',
        '[::1]',
        '[2001:DB8::1]',
        '[::ffff:1.2.3.4]',
        'localhost',
        'example.com.',
        'a..com',
        'bloom.example:443',
        'bloom.example:80',
        'bloom.example:8080',
        'bloom.example:08080',
        'bloom.example:',
        'user@bloom.example',
        "o'neil:pw@bloom.example",
        'u:p@[::1]:1'
      ),
    }
  )
  const url = fc
    .record({
      scheme: fc.constantFrom(
        'https://',
        'https://',
        'https://',
        'http://',
        'HTTPS://',
        'Http://',
        'https:/',
        'ftp://'
      ),
      host,
      path: fc.oneof(
        { weight: 6, arbitrary: fc.array(text, { maxLength: 4 }).map((s) => `/${s.join('/')}`) },
        { weight: 1, arbitrary: fc.constantFrom('', '/') }
      ),
      query: fc.option(
        fc
          .array(fc.tuple(text, text), { minLength: 1, maxLength: 3 })
          .map((pairs) => `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`),
        { freq: 2 }
      ),
      fragment: fc.option(text, { freq: 4 }),
    })
    .map(
      ({ scheme, host, path, query, fragment }) =>
        `${scheme}${host}${path}${query ?? ''}${fragment === null ? '' : `#${fragment}`}`
    )

  test('should give what the URL parser gives on 20,000 URLs, hostile or not', () => {
    let unchanged = 0
    fc.assert(
      fc.property(url, (value) => {
        const general = resolveAnyQrUrl(value)
        expect(resolveQrUrl(value)).toEqual(general)
        if (general.ok && general.url === value) unchanged++
      }),
      { seed: 1124, numRuns: 20_000 }
    )
    // Both kinds are reached: URLs the parser keeps as written, and URLs it rewrites.
    expect(unchanged).toBeGreaterThan(4000)
    expect(unchanged).toBeLessThan(16_000)
  })

  test.each([
    'https://bloom.example/c/SPRING-760055?r=%C5%82ukasz-482345',
    'https://example.com/',
    'http://a.b/x/.a/y?q=/./#/../',
    'https://xn--mnchen-3ya.de/a',
    'https://1.2.3.4/a',
    'https://example.com/x/%2E%2e/y',
    'https://Example.com/a',
    'https://example.com:443/a',
    "https://example.com/a?b='c",
    'https://example.com/a^b|c',
  ])('should resolve %j as the URL parser does', (value) => {
    expect(resolveQrUrl(value)).toEqual(resolveAnyQrUrl(value))
  })
})
