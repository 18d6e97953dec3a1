import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { sanitizeArtworkBody } from '../../src/emoji/sanitize-artwork.ts'

/** Tags of sanitised output, checked for balance (the output must be well-formed). */
function isBalanced(markup: string): boolean {
  const stack: string[] = []
  for (const [tag, closing, name] of markup.matchAll(/<(\/?)([\w:-]+)(?:\s[^>]*)?>/g)) {
    if (closing) {
      if (stack.pop() !== name) return false
    } else if (!tag.endsWith('/>')) stack.push(name ?? '')
  }
  return stack.length === 0
}

describe('sanitizeArtworkBody', () => {
  test('should keep Twemoji-style markup as it is', () => {
    const body =
      '<defs><path id="SVGa" fill="#8899a6" d="M5 36a2 2 0 0 1-2-2V3a2 2 0 0 1 4 0v31a2 2 0 0 1-2 2"/></defs>' +
      '<use href="#SVGa"/><circle cx="18" cy="18" r="18" fill="#ffcc4d"/>' +
      '<clipPath id="c"><path d="M0 0h36v36H0z"/></clipPath><g clip-path="url(#c)" opacity=".5">' +
      '<ellipse cx="12" cy="13.5" rx="2.5" ry="3.5" fill="#664500" fill-rule="evenodd"/></g>'
    expect(sanitizeArtworkBody(body)).toBe(body)
  })

  test.each([
    ['<script>alert(1)</script><path d="M0 0"/>', '<path d="M0 0"/>'],
    ['<path d="M0 0" onload="alert(1)" onclick="x()"/>', '<path d="M0 0"/>'],
    ['<path style="fill:url(https://evil.example/x)" class="a" d="M0 0"/>', '<path d="M0 0"/>'],
    ['<use href="https://evil.example/x.svg#a"/>', '<use/>'],
    ['<g id="a"/><use xlink:href="#a"/>', '<g id="a"/><use href="#a"/>'],
    ['<use href="#missing"/>', '<use/>'],
    ['<path fill="url(#missing)" d="M0 0"/>', '<path d="M0 0"/>'],
    ['<path fill="url(\'#a\')" id="a"/>', '<path id="a"/>'],
    ['<g id="a"/><path fill=" url( #a ) "/>', '<g id="a"/><path fill="url(#a)"/>'],
    ['<path d="M0 0" transform="url(#a)" id="a"/>', '<path d="M0 0" id="a"/>'],
    [
      '<image href="data:image/png;base64,AAAA"/><rect width="1" height="1"/>',
      '<rect width="1" height="1"/>',
    ],
    [
      '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml"><path d="M1 1"/></div></foreignObject><path d="M0 0"/>',
      '<path d="M0 0"/>',
    ],
    ['<a href="javascript:alert(1)"><path d="M0 0"/></a>', ''],
    ['<g><path d="M0 0"/>', '<g><path d="M0 0"/></g>'],
    ['</g><path d="M0 0"/></path>', '<path d="M0 0"/>'],
    ['<g><g><path d="M0 0"/></g>', '<g><g><path d="M0 0"/></g></g>'],
    ['<!-- <script>x</script> --><path d="M0 0"/>', '<path d="M0 0"/>'],
    ['<![CDATA[ a > b <script>alert(1)</script> ]]><path d="M0 0"/>', '<path d="M0 0"/>'],
    ['<?xml version="1.0"?><!DOCTYPE svg><path d="M0 0"/>', '<path d="M0 0"/>'],
    ['text <path d="M0 0"/> more text', '<path d="M0 0"/>'],
    [
      '<path fill="&#x23;fff" d="M0&#32;0" stroke="&quot;&gt;&lt;script&gt;"/>',
      '<path fill="#fff" d="M0 0" stroke="&quot;&gt;&lt;script&gt;"/>',
    ],
    ['<path fill="&bogus;" d="M0 0"/>', '<path fill="&amp;bogus;" d="M0 0"/>'],
    ['<path d="M0 0" d="M1 1" id="a b"/>', '<path d="M0 0"/>'],
    ["<path d='M0 0' fill='#000'/>", '<path d="M0 0" fill="#000"/>'],
    ['<SCRIPT>alert(1)</SCRIPT><svg:path d="M0 0"/>', ''],
    ['<svg><path d="M0 0"/></svg>', ''],
    ['<path d="M0 0" fill="\u0001#000\uFFFF"/>', '<path d="M0 0" fill="#000"/>'],
    ['<path d=M0 0/><circle r="1"/>', ''],
    ['<path d="M0 0"', ''],
    ['', ''],
  ])('should clean %j', (body, expected) => {
    expect(sanitizeArtworkBody(body)).toBe(expected)
  })

  test('should never throw and always give well-formed, inert markup', () => {
    const fragment = fc.constantFrom(
      '<g>',
      '</g>',
      '<path d="M0 0"/>',
      '<script>',
      '</script>',
      '<use href="#a"/>',
      '<g id="a">',
      ' onload="x"',
      '<a href="javascript:x">',
      '</a>',
      '<style>',
      '<!--',
      '-->',
      '<![CDATA[',
      ']]>',
      '"',
      "'",
      '>',
      '<',
      '/>',
      'fill="url(#a)"',
      '&amp;',
      '&#0;',
      '<path ',
      '<clipPath id="b">',
      '</clipPath>'
    )
    fc.assert(
      fc.property(fc.array(fc.oneof(fragment, fc.string()), { maxLength: 30 }), (parts) => {
        const clean = sanitizeArtworkBody(parts.join(''))
        expect(isBalanced(clean)).toBe(true)
        expect(clean).not.toMatch(/<(?:script|style|a|foreignObject|image)\b|\son\w+=|javascript:/i)
        expect(sanitizeArtworkBody(clean)).toBe(clean)
      }),
      { numRuns: 500 }
    )
    expect(sanitizeArtworkBody(undefined as unknown as string)).toBe('')
  })
})
