import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { sanitizeSvg, sanitizeSvgFragment } from '../../src/svg/sanitize-svg.ts'
import { SVG_ALLOW_LIST } from '../../src/svg/svg-allow-list.ts'

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
      'should keep local references, written as href, and drop external ones',
      '<svg xmlns:xlink="http://www.w3.org/1999/xlink"><use href="#a"/><use xlink:href="#b"/><use href="https://e.com/x.svg#a"/><image href="http://e.com/a.png"/><rect fill="url(#g)" stroke="url(https://e.com/g)"/></svg>',
      `<svg ${ns}><use href="#a"/><use href="#b"/><use/><image/><rect fill="url(#g)"/></svg>`,
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

describe('the allow-lists', () => {
  const kept = [...SVG_ALLOW_LIST.elements].filter(
    (name) => !SVG_ALLOW_LIST.documentOnlyElements.has(name)
  )

  test.each(kept)('should keep a `<%s>` in documents and fragments', (name) => {
    const element = `<${name} id="e"><desc>d</desc></${name}>`
    expect(sanitizeSvg(`<svg>${element}</svg>`)).toEqual({
      ok: true,
      markup: `<svg ${ns}>${element}</svg>`,
    })
    expect(sanitizeSvgFragment(element)).toEqual({ ok: true, markup: element })
  })

  test.each([...SVG_ALLOW_LIST.documentOnlyElements])(
    'should keep a `<%s>` in documents only',
    (name) => {
      expect(sanitizeSvg(`<svg><${name}>a{}</${name}></svg>`)).toEqual({
        ok: true,
        markup: `<svg ${ns}><${name}>a{}</${name}></svg>`,
      })
      expect(sanitizeSvgFragment(`<${name}>a{}</${name}><g/>`)).toEqual({
        ok: true,
        markup: '<g/>',
      })
    }
  )

  // Elements that run script, load resources, link, animate or hold foreign content: none of
  // them may ever be listed (SVG 2 and HTML elements an SVG parser may meet).
  test.each([
    'script',
    'foreignObject',
    'a',
    'animate',
    'animateMotion',
    'animateTransform',
    'set',
    'discard',
    'handler',
    'listener',
    'filter',
    'feImage',
    'font',
    'font-face',
    'font-face-uri',
    'cursor',
    'iframe',
    'embed',
    'object',
    'video',
    'audio',
    'canvas',
    'html',
    'body',
    'img',
    'marker',
    'view',
    'switch',
    'svg:script',
  ])('should drop a `<%s>` with everything in it', (name) => {
    expect(SVG_ALLOW_LIST.elements.has(name)).toBe(false)
    expect(sanitizeSvg(`<svg><${name} id="x"><rect/></${name}><g/></svg>`)).toEqual({
      ok: true,
      markup: `<svg ${ns}><g/></svg>`,
    })
  })

  const plain = [...SVG_ALLOW_LIST.attributes].filter(
    (name) => !SVG_ALLOW_LIST.referenceAttributes.has(name)
  )

  test.each(plain)('should keep the attribute `%s`', (name) => {
    expect(sanitizeSvgFragment(`<rect ${name}="1"/>`)).toEqual({
      ok: true,
      markup: `<rect ${name}="1"/>`,
    })
  })

  test.each([
    'onload',
    'onclick',
    'ONLOAD',
    'onbegin',
    'xml:base',
    'xlink:type',
    'xlink:actuate',
    'xmlns',
    'xmlns:xlink',
    'src',
    'data',
    'formaction',
    'attributeName',
    'values',
    'to',
    'from',
    'begin',
    'filter',
    'cursor',
    'marker-start',
    'ev:event',
    'requiredExtensions',
  ])('should drop the attribute `%s`', (name) => {
    expect(SVG_ALLOW_LIST.attributes.has(name)).toBe(false)
    expect(sanitizeSvgFragment(`<rect ${name}="1" width="2"/>`)).toEqual({
      ok: true,
      markup: '<rect width="2"/>',
    })
  })

  test.each([...SVG_ALLOW_LIST.referenceAttributes])(
    'should keep `%s` only as a local reference, written as `href`',
    (name) => {
      expect(sanitizeSvgFragment(`<use ${name}="#a"/>`)).toEqual({
        ok: true,
        markup: '<use href="#a"/>',
      })
      expect(sanitizeSvgFragment(`<use ${name}="x.svg#a"/>`)).toEqual({
        ok: true,
        markup: '<use/>',
      })
    }
  )
})

// Cases that emoji artwork met in the artwork sanitiser the fragment sanitiser replaced: where the
// two agreed, the output is the same; where they did not, the comment says why it is as it is.
describe('sanitizeSvgFragment on artwork bodies', () => {
  test('should keep Twemoji-style markup as it is', () => {
    const body =
      '<defs><path id="SVGa" fill="#8899a6" d="M5 36a2 2 0 0 1-2-2V3a2 2 0 0 1 4 0v31a2 2 0 0 1-2 2"/></defs>' +
      '<use href="#SVGa"/><circle cx="18" cy="18" r="18" fill="#ffcc4d"/>' +
      '<clipPath id="c"><path d="M0 0h36v36H0z"/></clipPath><g clip-path="url(#c)" opacity=".5">' +
      '<ellipse cx="12" cy="13.5" rx="2.5" ry="3.5" fill="#664500" fill-rule="evenodd"/></g>'
    expect(sanitizeSvgFragment(body)).toEqual({ ok: true, markup: body })
  })

  test.each([
    ['<script>alert(1)</script><path d="M0 0"/>', '<path d="M0 0"/>'],
    ['<path d="M0 0" onload="alert(1)" onclick="x()"/>', '<path d="M0 0"/>'],
    // `class` and a `style` that reaches nowhere are kept; a `style` with a url() is dropped.
    [
      '<path style="fill:url(https://evil.example/x)" class="a" d="M0 0"/>',
      '<path class="a" d="M0 0"/>',
    ],
    ['<use href="https://evil.example/x.svg#a"/>', '<use/>'],
    ['<g id="a"/><use xlink:href="#a"/>', '<g id="a"/><use href="#a"/>'],
    // A reference to an id the body lacks is kept (the artwork sanitiser dropped it): dropping
    // `fill="url(#missing)"` would paint black what paints nothing, and once prefixed it cannot
    // reach outside the artwork.
    ['<use href="#missing"/>', '<use href="#missing"/>'],
    ['<path fill="url(#missing)" d="M0 0"/>', '<path fill="url(#missing)" d="M0 0"/>'],
    ['<g id="a"/><path fill=" url( #a ) "/>', '<g id="a"/><path fill=" url( #a ) "/>'],
    [
      '<image href="data:image/png;base64,AAAA"/><rect width="1" height="1"/>',
      '<image/><rect width="1" height="1"/>',
    ],
    [
      '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml"><path d="M1 1"/></div></foreignObject><path d="M0 0"/>',
      '<path d="M0 0"/>',
    ],
    ['<a href="javascript:alert(1)"><path d="M0 0"/></a>', ''],
    ['<!-- <script>x</script> --><path d="M0 0"/>', '<path d="M0 0"/>'],
    // CDATA and text are kept as (escaped) text, which outside `<text>` draws nothing.
    [
      '<![CDATA[ a > b <script>alert(1)</script> ]]><path d="M0 0"/>',
      ' a &gt; b &lt;script&gt;alert(1)&lt;/script&gt; <path d="M0 0"/>',
    ],
    ['<?xml version="1.0"?><path d="M0 0"/>', '<path d="M0 0"/>'],
    ['text <path d="M0 0"/> more text', 'text <path d="M0 0"/> more text'],
    // Entities are decoded before the checks; a value holding `<`, `@` or `\\` is dropped (it
    // could open markup or CSS), where the artwork sanitiser escaped it.
    [
      '<path fill="&#x23;fff" d="M0&#32;0" stroke="&quot;&gt;&lt;script&gt;"/>',
      '<path fill="#fff" d="M0 0"/>',
    ],
    ["<path d='M0 0' fill='#000'/>", '<path d="M0 0" fill="#000"/>'],
    ['<SCRIPT>alert(1)</SCRIPT><svg:path d="M0 0"/>', ''],
    // A nested `<svg>` draws like a group (the artwork sanitiser dropped it).
    ['<svg><path d="M0 0"/></svg>', '<svg><path d="M0 0"/></svg>'],
    ['<g></g><g> </g>', '<g/><g> </g>'],
    ['', ''],
  ])('should clean %j', (body, markup) => {
    expect(sanitizeSvgFragment(body)).toEqual({ ok: true, markup })
  })

  // Malformed markup is refused (the artwork sanitiser repaired or cut it): the emoji is then
  // drawn as missing, never as a guess.
  test.each([
    ['<g><path d="M0 0"/>', 'Unexpected end of SVG, expected `</g>`'],
    ['</g><path d="M0 0"/>', 'Unexpected closing tag `</g>`, expected well-formed SVG'],
    ['<path fill="&bogus;" d="M0 0"/>', 'Unexpected `&`, expected a predefined or numeric entity'],
    ['<path d="M0 0" d="M1 1"/>', 'Unexpected duplicate attribute `d` on `<path>`'],
    [
      '<path d="M0 0" fill="\u0001#000"/>',
      'Unexpected control character or lone surrogate, expected XML characters',
    ],
    ['<path d=M0 0/><circle r="1"/>', 'Unexpected value of `d`, expected a quoted value'],
    ['<path d="M0 0"', 'Unexpected character in `<path>`, expected well-formed SVG'],
    [
      '<!DOCTYPE svg><path d="M0 0"/>',
      'Unexpected `<!` declaration, expected SVG without a document type or entities',
    ],
  ])('should refuse %j', (body, reason) => {
    expect(sanitizeSvgFragment(body)).toEqual({ ok: false, reason })
  })
})

describe('sanitizeSvgFragment with an id prefix', () => {
  const flag =
    '<defs><path id="a" fill="#8899a6" d="M5 36V3"/></defs><use href="#a"/>' +
    '<clipPath id="c"><path d="M0 0h36v36H0z"/></clipPath><g clip-path="url(#c)" fill="url(#c)"/>'
  const markupOf = (body: string, prefix: string): string => {
    const result = sanitizeSvgFragment(body, prefix)
    if (!result.ok) throw new Error(result.reason)
    return result.markup
  }

  test('should prefix every id and every reference to it', () => {
    expect(markupOf(flag, 'e1f3f4-')).toBe(
      '<defs><path id="e1f3f4-a" fill="#8899a6" d="M5 36V3"/></defs><use href="#e1f3f4-a"/>' +
        '<clipPath id="e1f3f4-c"><path d="M0 0h36v36H0z"/></clipPath>' +
        '<g clip-path="url(#e1f3f4-c)" fill="url(#e1f3f4-c)"/>'
    )
  })

  test('should keep two emoji with the same ids apart', () => {
    const ids = (body: string) => [...body.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1])
    const one = ids(markupOf(flag, 'e1-'))
    const two = ids(markupOf(flag, 'e2-'))
    expect(one.filter((id) => two.includes(id))).toEqual([])
  })

  test('should leave markup without ids alone', () => {
    const body = '<path fill="#f00" d="M0 0h36v36H0z"/>'
    expect(markupOf(body, 'x')).toBe(body)
  })

  test('should prefix references written as xlink:href', () => {
    expect(markupOf('<g id="a"/><use xlink:href="#a"/>', 'p_')).toBe(
      '<g id="p_a"/><use href="#p_a"/>'
    )
  })
})
