import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import {
  escapeXmlAttribute,
  escapeXmlText,
  escapedAttribute,
  joinMarkup,
  svgElement,
  svgTextNode,
  SvgBuildError,
  svgGlyphUse,
  svgPathDefinition,
} from '../../src/preview/svg-element.ts'
import { formatNumber } from '../../src/preview/format-number.ts'
import { injectionCorpus } from './injection-corpus.ts'

describe('escapeXmlText and escapeXmlAttribute', () => {
  test.each(injectionCorpus)('should escape %j', (input, text, attribute) => {
    expect(escapeXmlText(input)).toBe(text)
    expect(escapeXmlAttribute(input)).toBe(attribute)
  })

  test('should never let a markup character or an invalid XML character through', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (input) => {
        const attribute = escapeXmlAttribute(input)
        expect(attribute).not.toMatch(/[<>"'\t\n\r]/)
        expect(attribute).not.toMatch(/&(?!amp;|lt;|gt;|quot;|#39;|#9;|#10;|#13;)/)
        // eslint-disable-next-line no-control-regex -- control characters must not get through
        expect(attribute).not.toMatch(/[\0-\x08\v\f\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]/u)
        const text = escapeXmlText(input)
        expect(text).not.toMatch(/[<>]/)
        expect(text).not.toMatch(/&(?!amp;|lt;|gt;)/)
      })
    )
  })
})

describe('svgElement', () => {
  test('should write attributes in order, numbers with formatNumber, and self-close', () => {
    expect(
      svgElement('rect', { x: -0.0001, y: 1.23456, width: 2, fill: '#000', id: undefined })
    ).toBe('<rect x="0" y="1.235" width="2" fill="#000"/>')
  })

  test('should escape attribute values and nest children', () => {
    const markup = svgElement('g', { 'aria-label': '"><script>' }, [
      svgElement('title', {}, [svgTextNode('</title><script>')]),
    ])
    expect(markup).toBe(
      '<g aria-label="&quot;&gt;&lt;script&gt;"><title>&lt;/title&gt;&lt;script&gt;</title></g>'
    )
  })

  test('should accept namespaced attribute names used by SVG', () => {
    expect(
      svgElement('svg', { 'xmlns:xlink': 'http://www.w3.org/1999/xlink', 'xml:space': 'preserve' })
    ).toBe('<svg xmlns:xlink="http://www.w3.org/1999/xlink" xml:space="preserve"/>')
  })

  test.each([
    ['element', () => svgElement('script x', {})],
    ['element', () => svgElement('', {})],
    ['attribute', () => svgElement('rect', { 'x"': 1 })],
    ['attribute', () => svgElement('rect', { onload: 'x' })],
    ['attribute', () => svgElement('rect', { OnClick: 'x' })],
    ['attribute', () => svgElement('rect', { 'a b': 'x' })],
  ])('should throw SvgBuildError for a bad %s name', (_kind, build) => {
    expect(build).toThrow(SvgBuildError)
  })

  test('should name the bad attribute in the error', () => {
    expect(() => svgElement('rect', { onload: 'x' })).toThrow(
      'Unexpected attribute name `onload` on `rect`'
    )
  })

  test('should join markup fragments', () => {
    expect(joinMarkup([svgElement('g'), svgTextNode('&')])).toBe('<g/>&amp;')
  })
})

describe('svgPathDefinition', () => {
  test('should write what svgElement writes for a path with an id, for any values', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (id, d) => {
        expect(svgPathDefinition(id, escapedAttribute(d))).toBe(svgElement('path', { id, d }))
      }),
      { seed: 11 }
    )
    for (const [input] of injectionCorpus) {
      expect(svgPathDefinition(input, escapedAttribute(input))).toBe(
        svgElement('path', { id: input, d: input })
      )
    }
  })
})

describe('svgGlyphUse', () => {
  test('should write what svgElement writes for a use element, the position to one decimal', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.double(), (href, x) => {
        expect(svgGlyphUse(escapedAttribute(href), x)).toBe(
          svgElement('use', { href, x: formatNumber(x, 1) })
        )
      }),
      { seed: 12, numRuns: 2000 }
    )
  })
})
