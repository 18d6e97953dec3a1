import { describe, expect, test } from 'vitest'
import { sanitizeImageHref } from '../../src/preview/image-href.ts'
import { decodeBase64 } from '../../src/preview/base64.ts'

// A 1×1 PNG and the first bytes of a JFIF file.
const png =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
const jpeg = '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDA=='

function svgOf(href: string): string {
  const payload = href.slice('data:image/svg+xml;base64,'.length)
  return new TextDecoder().decode(decodeBase64(payload))
}

describe('sanitizeImageHref', () => {
  test('should pass PNG and JPEG data URIs through, media type normalised', () => {
    expect(sanitizeImageHref(`data:image/png;base64,${png}`)).toEqual({
      ok: true,
      href: `data:image/png;base64,${png}`,
      mediaType: 'image/png',
    })
    expect(sanitizeImageHref(`DATA:Image/JPEG;name=a.jpg;base64,${jpeg}`)).toEqual({
      ok: true,
      href: `data:image/jpeg;base64,${jpeg}`,
      mediaType: 'image/jpeg',
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
      const result = sanitizeImageHref(href)
      expect(result.ok && result.mediaType).toBe('image/svg+xml')
      expect(result.ok && svgOf(result.href)).toBe(clean)
    }
  })

  test('should keep non-ASCII text of an SVG intact', () => {
    const source = '<svg><title>Grüße 😀</title></svg>'
    const result = sanitizeImageHref(`data:image/svg+xml,${encodeURIComponent(source)}`)
    expect(result.ok && svgOf(result.href)).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><title>Grüße 😀</title></svg>'
    )
  })

  test.each([
    [
      'https://example.com/logo.png',
      'Unexpected `https:` image, expected a `data:` URI of PNG, JPEG or SVG',
    ],
    [
      '//example.com/logo.png',
      'Unexpected `//example.com/lo…` image, expected a `data:` URI of PNG, JPEG or SVG',
    ],
    ['file:///etc/passwd', 'Unexpected `file:` image, expected a `data:` URI of PNG, JPEG or SVG'],
    [
      'javascript:alert(1)',
      'Unexpected `javascript:` image, expected a `data:` URI of PNG, JPEG or SVG',
    ],
    ['logo.png', 'Unexpected `logo.png` image, expected a `data:` URI of PNG, JPEG or SVG'],
    ['', 'Unexpected `` image, expected a `data:` URI of PNG, JPEG or SVG'],
    ['data:,hello', 'Unexpected `data:` image, expected a `data:` URI of PNG, JPEG or SVG'],
    [
      `data:image/gif;base64,R0lGODlhAQABAAAAACw=`,
      'Unexpected media type `image/gif`, expected `image/png`, `image/jpeg` or `image/svg+xml`',
    ],
    [
      `data:text/html;base64,${btoa('<script>alert(1)</script>')}`,
      'Unexpected media type `text/html`, expected `image/png`, `image/jpeg` or `image/svg+xml`',
    ],
    [`data:image/png,${png}`, 'Unexpected PNG data, expected canonical Base64'],
    [`data:image/png;base64,${png.slice(0, -1)}`, 'Unexpected PNG data, expected canonical Base64'],
    [`data:image/png;base64, ${png}`, 'Unexpected PNG data, expected canonical Base64'],
    [`data:image/png;base64,${png}"><script>`, 'Unexpected PNG data, expected canonical Base64'],
    [
      `data:image/jpeg;base64,${png}`,
      'Unexpected bytes in a `image/jpeg` data URI, expected a JPEG file',
    ],
    [
      `data:image/png;base64,${jpeg}`,
      'Unexpected bytes in a `image/png` data URI, expected a PNG file',
    ],
    ['data:image/svg+xml;base64,PHN2Zz4', 'Unexpected SVG data, expected canonical Base64'],
    ['data:image/svg+xml,%3Csvg%2', 'Unexpected SVG data, expected valid percent-encoding'],
    ['data:image/svg+xml,%FF%FE', 'Unexpected SVG bytes, expected UTF-8'],
    [
      `data:image/svg+xml,${encodeURIComponent('<!DOCTYPE svg><svg/>')}`,
      'Unexpected `<!` declaration, expected SVG without a document type or entities',
    ],
  ])('should reject %j', (href, reason) => {
    expect(sanitizeImageHref(href)).toEqual({ ok: false, reason })
  })
})
