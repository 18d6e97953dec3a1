import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { sanitizeSvg, sanitizeSvgFragment } from '../../src/preview/sanitize-svg.ts'

const ns = 'xmlns="http://www.w3.org/2000/svg"'

describe('sanitizeSvg', () => {
  test.each([
    [
      'should drop scripts and event attributes',
      '<svg onload="alert(1)" viewBox="0 0 10 10"><script>alert(1)</script><rect width="1" onclick="x()"/></svg>',
      `<svg ${ns} viewBox="0 0 10 10"><rect width="1"/></svg>`,
    ],
    [
      'should drop foreignObject, links and animation with their content',
      '<svg><foreignObject><iframe src="https://e.com"/></foreignObject><a href="https://e.com"><rect/></a><set attributeName="href" to="javascript:x"/><animate attributeName="x"/></svg>',
      `<svg ${ns}/>`,
    ],
    [
      'should keep local references and drop external ones',
      '<svg xmlns:xlink="http://www.w3.org/1999/xlink"><use href="#a"/><use xlink:href="#b"/><use href="https://e.com/x.svg#a"/><image href="http://e.com/a.png"/><rect fill="url(#g)" stroke="url(https://e.com/g)"/></svg>',
      `<svg ${ns} xmlns:xlink="http://www.w3.org/1999/xlink"><use href="#a"/><use xlink:href="#b"/><use/><image/><rect fill="url(#g)"/></svg>`,
    ],
    [
      'should keep raster data URIs in nested images only',
      '<svg><image href="data:image/png;base64,iVBORw0KGgo="/><image href="data:image/svg+xml;base64,PHN2Zz4="/><rect href="data:image/png;base64,iVBORw0KGgo="/></svg>',
      `<svg ${ns}><image href="data:image/png;base64,iVBORw0KGgo="/><image/><rect/></svg>`,
    ],
    [
      'should drop style sheets that reach outside the document and keep others',
      '<svg><style>@import url(https://e.com/x.css);</style><style>.a{fill:url(#g)}.b&gt;c{}</style><rect style="fill:url(https://e.com)"/><rect style="fill:red"/></svg>',
      `<svg ${ns}><style>.a{fill:url(#g)}.b&gt;c{}</style><rect/><rect style="fill:red"/></svg>`,
    ],
    [
      'should decode entities and CDATA and write them escaped again',
      '<svg><title>a &amp; b &#60;c&#x3E; &quot;</title><style><![CDATA[.a{fill:red}]]></style></svg>',
      `<svg ${ns}><title>a &amp; b &lt;c&gt; "</title><style>.a{fill:red}</style></svg>`,
    ],
    [
      'should decode entities in attributes before checking them',
      '<svg><rect fill="&#x75;rl(https://e.com)"/><rect fill="&#35;abc"/></svg>',
      `<svg ${ns}><rect/><rect fill="#abc"/></svg>`,
    ],
    [
      'should drop comments, processing instructions and foreign namespaces',
      '<?xml version="1.0"?><?xml-stylesheet href="https://e.com/x.css"?><!-- hi --><svg xmlns:inkscape="x" inkscape:label="y"><inkscape:x/><rect/></svg>',
      `<svg ${ns}><rect/></svg>`,
    ],
    [
      'should normalise whitespace in attribute values',
      "<svg><path d='M0 0\n\tL1 1'/></svg>",
      `<svg ${ns}><path d="M0 0  L1 1"/></svg>`,
    ],
  ])('%s', (_name, input, output) => {
    expect(sanitizeSvg(input)).toEqual({ ok: true, markup: output })
  })

  test.each([
    [
      '<!DOCTYPE svg [<!ENTITY x "y">]><svg>&x;</svg>',
      'Unexpected `<!` declaration, expected SVG without a document type or entities',
    ],
    ['<svg>&x;</svg>', 'Unexpected `&`, expected a predefined or numeric entity'],
    ['<svg>a & b</svg>', 'Unexpected `&`, expected a predefined or numeric entity'],
    ['<svg>&#0;</svg>', 'Unexpected character reference `&#0;`, expected an XML character'],
    [
      '<svg>\u0001</svg>',
      'Unexpected control character or lone surrogate, expected XML characters',
    ],
    [
      '<svg>\uD800</svg>',
      'Unexpected control character or lone surrogate, expected XML characters',
    ],
    ['<svg><g></svg>', 'Unexpected closing tag `</svg>`, expected well-formed SVG'],
    ['<svg><rect>', 'Unexpected end of SVG, expected `</rect>`'],
    ['<svg><rect x=1/></svg>', 'Unexpected value of `x`, expected a quoted value'],
    ['<svg><rect x="1" x="2"/></svg>', 'Unexpected duplicate attribute `x` on `<rect>`'],
    ['<svg><rect x="<"/></svg>', 'Unexpected `<` in the value of `x`'],
    ['<svg><rect x/></svg>', 'Unexpected attribute `x` without a value'],
    ['<svg><rect x="1"y="2"/></svg>', 'Unexpected character in `<rect>`, expected well-formed SVG'],
    ['<svg><!-- open', 'Unexpected end of SVG, expected the end of a comment'],
    ['<svg/><svg/>', 'Unexpected document structure, expected one `<svg>` root element'],
    ['<html/>', 'Unexpected document structure, expected one `<svg>` root element'],
    ['text<svg/>', 'Unexpected document structure, expected one `<svg>` root element'],
    ['< svg/>', 'Unexpected `<`, expected a tag name in SVG'],
  ])('should reject %j', (input, reason) => {
    expect(sanitizeSvg(input)).toEqual({ ok: false, reason })
  })

  test('should reject nesting deeper than 64 levels', () => {
    const deep = '<svg>' + '<g>'.repeat(64) + '</g>'.repeat(64) + '</svg>'
    expect(sanitizeSvg(deep)).toEqual({
      ok: false,
      reason: 'Unexpected SVG nesting, expected at most `64` levels',
    })
    const fine = '<svg>' + '<g>'.repeat(63) + '</g>'.repeat(63) + '</svg>'
    expect(sanitizeSvg(fine).ok).toBe(true)
  })

  test('should never throw, and its output should pass through it unchanged', () => {
    const pieces = fc.constantFrom(
      '<svg>',
      '</svg>',
      '<g>',
      '</g>',
      '<rect width="1"/>',
      '<script>',
      '</script>',
      '<![CDATA[x]]>',
      '<!--c-->',
      '&amp;',
      '&',
      '<',
      '>',
      '"',
      ' fill="url(#a)"',
      'text',
      '\u0000',
      '<style>',
      '</style>'
    )
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 12 }), (parts) => {
        const result = sanitizeSvg(parts.join(''))
        if (result.ok) {
          expect(result.markup).not.toMatch(/<script|on\w+=/i)
          expect(sanitizeSvg(result.markup)).toEqual(result)
        } else {
          expect(result.reason).toMatch(/^Unexpected /)
        }
      })
    )
  })
})

describe('sanitizeSvgFragment', () => {
  test('should prefix ids and every local reference', () => {
    const body =
      '<defs><linearGradient id="a"><stop offset="0"/></linearGradient><clipPath id="b"><path d="M0 0"/></clipPath></defs><g clip-path="url(#b)"><path fill="url(\'#a\')" d="M1 1"/><use href="#a"/></g>'
    expect(sanitizeSvgFragment(body, 'p1-')).toEqual({
      ok: true,
      markup:
        '<defs><linearGradient id="p1-a"><stop offset="0"/></linearGradient><clipPath id="p1-b"><path d="M0 0"/></clipPath></defs><g clip-path="url(#p1-b)"><path fill="url(&#39;#p1-a&#39;)" d="M1 1"/><use href="#p1-a"/></g>',
    })
  })

  test('should drop style sheets, which would restyle the whole preview', () => {
    expect(sanitizeSvgFragment('<style>path{fill:red}</style><path d="M0 0"/>')).toEqual({
      ok: true,
      markup: '<path d="M0 0"/>',
    })
  })

  test('should reject a broken fragment', () => {
    expect(sanitizeSvgFragment('<path d="M0 0">')).toEqual({
      ok: false,
      reason: 'Unexpected end of SVG, expected `</path>`',
    })
  })
})
