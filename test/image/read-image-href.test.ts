import { describe, expect, test } from 'vitest'
import { readImageHref } from '../../src/image/read-image-href.ts'
import { decodeBase64 } from '../../src/image/base64.ts'

// A 1×1 PNG and the first bytes of a JFIF file.
const png =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
const jpeg = '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDA=='

function svgOf(href: string): string {
  const payload = href.slice('data:image/svg+xml;base64,'.length)
  return new TextDecoder().decode(decodeBase64(payload))
}

describe('readImageHref', () => {
  test('should pass PNG and JPEG data URIs through, media type normalised', () => {
    expect(readImageHref(`data:image/png;base64,${png}`)).toEqual({
      ok: true,
      href: `data:image/png;base64,${png}`,
      mediaType: 'image/png',
      base64: png,
    })
    expect(readImageHref(`DATA:Image/JPEG;name=a.jpg;base64,${jpeg}`)).toEqual({
      ok: true,
      href: `data:image/jpeg;base64,${jpeg}`,
      mediaType: 'image/jpeg',
      base64: jpeg,
    })
  })

  test('should sanitise SVG, Base64 or percent-encoded, and re-encode it as Base64', () => {
    const source =
      '<svg onload="alert(1)"><script>alert(1)</script><circle r="5" fill="#e00"/></svg>'
    const clean = '<svg xmlns="http://www.w3.org/2000/svg"><circle r="5" fill="#e00"/></svg>'
    const base64 = btoa(source)
    for (const href of [
      `data:image/svg+xml;base64,${base64}`,
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent(source)}`,
      `data:image/svg+xml,${source.replaceAll('#', '%23')}`,
    ]) {
      const result = readImageHref(href)
      expect(result.ok && result.mediaType).toBe('image/svg+xml')
      expect(result.ok && svgOf(result.href)).toBe(clean)
    }
  })

  test('should keep non-ASCII text of an SVG intact', () => {
    const source = '<svg><title>Grüße 😀</title></svg>'
    const result = readImageHref(`data:image/svg+xml,${encodeURIComponent(source)}`)
    expect(result.ok && svgOf(result.href)).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><title>Grüße 😀</title></svg>'
    )
  })

  const notData = (shown: string) =>
    `Unexpected value \`${shown}\` for \`href\`, expected a \`data:\` URI of PNG, JPEG or SVG, embed the image instead of linking it`
  const notCanonical =
    'Unexpected base64 data in `href`, expected canonical base64 (RFC 4648: letters, digits, `+` and `/`, padded with `=` to a multiple of 4 characters, no spaces or escapes)'
  const mediaTypes = '`image/png`, `image/jpeg` or `image/svg+xml`'
  test.each([
    ['https://example.com/logo.png', notData('"https://example.com/logo.png"')],
    ['//example.com/logo.png', notData('"//example.com/logo.png"')],
    ['file:///etc/passwd', notData('"file:///etc/passwd"')],
    ['javascript:alert(1)', notData('"javascript:alert(1)"')],
    ['logo.png', notData('"logo.png"')],
    ['', notData('""')],
    ['data:image/png;base64', notData('"data:image/png;base64"')],
    [
      'data:,hello',
      `Unexpected \`data:\` URI without a media type in \`href\`, expected ${mediaTypes}`,
    ],
    [
      `data:image/gif;base64,R0lGODlhAQABAAAAACw=`,
      `Unexpected media type \`image/gif\` in \`href\`, expected ${mediaTypes}`,
    ],
    [
      `data:image/jpg;base64,${jpeg}`,
      `Unexpected media type \`image/jpg\` in \`href\`, expected ${mediaTypes}, use \`image/jpeg\``,
    ],
    [
      `data:text/html;base64,${btoa('<script>alert(1)</script>')}`,
      `Unexpected media type \`text/html\` in \`href\`, expected ${mediaTypes}`,
    ],
    [
      `data:image/svg+xml;utf8,<svg/>`,
      'Unexpected parameter `utf8` in the `data:` URI of `href`, expected `name=value` such as `charset=utf-8` (RFC 2397), or none',
    ],
    [
      `data:image/png,${png}`,
      'Unexpected `image/png` data without `;base64` in `href`, expected base64-encoded bytes',
    ],
    [`data:image/png;base64,${png.slice(0, -1)}`, notCanonical],
    [`data:image/png;base64,${png.slice(0, -2)}`, notCanonical],
    [`data:image/png;base64, ${png}`, notCanonical],
    [`data:image/png;base64,${png.replace('=', '%3D')}`, notCanonical],
    [`data:image/png;base64,${png}"><script>`, notCanonical],
    [
      `data:image/jpeg;base64,${png}`,
      'Unexpected data in `href`, expected the bytes of a JPEG image as declared by `image/jpeg`, these are the bytes of a PNG image: declare `image/png`',
    ],
    [
      `data:image/png;base64,${jpeg}`,
      'Unexpected data in `href`, expected the bytes of a PNG image as declared by `image/png`, these are the bytes of a JPEG image: declare `image/jpeg`',
    ],
    [
      `data:image/png;base64,${btoa('GIF89a')}`,
      'Unexpected data in `href`, expected the bytes of a PNG image as declared by `image/png`',
    ],
    [
      `data:image/svg+xml;base64,${png}`,
      'Unexpected data in `href`, expected the bytes of an SVG image as declared by `image/svg+xml`, these are the bytes of a PNG image: declare `image/png`',
    ],
    ['data:image/svg+xml;base64,PHN2Zz4', notCanonical],
    [
      'data:image/svg+xml,%3Csvg%2',
      'Unexpected `%` in the SVG data of `href`, expected `%` and two hex digits, write `%25` for a `%`',
    ],
    [
      'data:image/svg+xml,<svg><rect fill="#369"/></svg>',
      'Unexpected `#` in the SVG data of `href`, expected `%23`, percent-encode it',
    ],
    [
      'data:image/svg+xml,%FF%FE',
      'Unexpected data in `href`, expected the bytes of an SVG image as declared by `image/svg+xml` (UTF-8 text)',
    ],
    [
      `data:image/svg+xml;base64,${btoa('hello')}`,
      'Unexpected data in `href`, expected the bytes of an SVG image as declared by `image/svg+xml`',
    ],
    [
      `data:image/svg+xml,${encodeURIComponent('<!DOCTYPE svg><svg/>')}`,
      'Unexpected `<!` declaration, expected SVG without a document type or entities',
    ],
    [
      `data:image/svg+xml,${encodeURIComponent('<svg><g></svg>')}`,
      'Unexpected closing tag `</svg>`, expected well-formed SVG',
    ],
  ])('should reject %j', (href, reason) => {
    expect(readImageHref(href)).toEqual({ ok: false, reason })
  })
})
