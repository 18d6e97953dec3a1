import { describe, expect, test } from 'vitest'
import { sanitizeSvg, sanitizeSvgFragment } from '../../src/svg/sanitize-svg.ts'
import { SVG_ALLOW_LIST } from '../../src/svg/svg-allow-list.ts'
import { svgInjectionCorpus } from './svg-injection-corpus.ts'

const isDocument = (markup: string) => /^<(?:\?|!|svg\b)/.test(markup)
const asDocument = (markup: string) => (isDocument(markup) ? markup : `<svg>${markup}</svg>`)
const filled = (markup: string) =>
  markup.replaceAll('HOOK', 'window.__svgHook()').replaceAll('PROBE', '/__svg-probe')

const decode = (value: string) =>
  value
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')

/** What every output must be, read off its tags and attributes. */
function expectInert(markup: string): void {
  for (const [, name = '', attributes = ''] of markup.matchAll(/<([\w:-]+)((?:\s[^>]*?)?)\/?>/g)) {
    expect(SVG_ALLOW_LIST.elements.has(name), name).toBe(true)
    for (const [, attribute = '', raw = ''] of attributes.matchAll(/\s([\w:-]+)="([^"]*)"/g)) {
      const value = decode(raw)
      if (attribute === 'xmlns') {
        expect(value).toBe('http://www.w3.org/2000/svg')
        continue
      }
      expect(SVG_ALLOW_LIST.attributes.has(attribute), attribute).toBe(true)
      expect(attribute).not.toBe('xlink:href')
      if (attribute === 'href') expect(value).toMatch(/^#|^data:image\/(?:png|jpeg);base64,/)
      expect(value).not.toMatch(/javascript:|expression\s*\(|@import|\\/i)
      expect(value.replaceAll(/url\(\s*['"]?#/gi, '')).not.toMatch(/url\s*\(|image-set/i)
    }
  }
  // Style sheets: nothing that fetches.
  for (const [, css = ''] of markup.matchAll(/<style>([^<]*)<\/style>/g)) {
    expect(decode(css).replaceAll(/url\(\s*['"]?#/gi, '')).not.toMatch(
      /url\s*\(|@import|@font-face/i
    )
  }
}

describe('the SVG sanitiser on the injection corpus', () => {
  test.each(svgInjectionCorpus)('should make %s inert', (_name, vector) => {
    const results = [sanitizeSvg(filled(asDocument(vector)))]
    if (!isDocument(vector)) results.push(sanitizeSvgFragment(filled(vector), 'p-'))
    for (const result of results) {
      if (!result.ok) {
        expect(result.reason).toMatch(/^Unexpected /)
        continue
      }
      expect(result.markup).not.toContain('__svg-probe')
      expect(result.markup).not.toMatch(/\son\w+=/i)
      expectInert(result.markup)
    }
    const document = sanitizeSvg(filled(asDocument(vector)))
    if (document.ok) expect(sanitizeSvg(document.markup)).toEqual(document)
  })

  test('should keep the harmless part of a vector', () => {
    expect(sanitizeSvg(filled(asDocument(svgInjectionCorpus[0]?.[1] ?? '')))).toEqual({
      ok: true,
      markup: '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>',
    })
  })
})
