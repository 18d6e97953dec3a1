/**
 * Test helper: SVG that tries to run script, fetch something or escape its document, gathered
 * from the published catalogues of such vectors (the OWASP XSS Filter Evasion Cheat Sheet, the
 * HTML5 Security Cheatsheet at html5sec.org, the SVG cases of DOMPurify's test suite) and from
 * the SVG 2 features that reference other resources (SVG 2 §16 Linking, §13 Painting: paint
 * server references, CSS `url()`, `image-set()`, `@import`, `@font-face`).
 *
 * `HOOK` stands for script that would prove execution, `PROBE` for a URL whose fetch would prove
 * a request; the browser test fills them with a global function and a path of the test server.
 */

/** One vector: a name and the markup (a fragment, or a whole document when it starts with `<?`, `<!` or `<svg`). */
export type InjectionVector = readonly [name: string, markup: string]

/** The markup of a tiny SVG with a script, base64-encoded, for vectors that nest a document. */
const nestedScript = btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" id="x"><script>HOOK</script><rect width="9" height="9"/></svg>'
)

export const svgInjectionCorpus: readonly InjectionVector[] = [
  ['script element', '<script>HOOK</script><rect width="1" height="1"/>'],
  ['script element, upper case', '<SCRIPT>HOOK</SCRIPT>'],
  ['script element, external', '<script href="PROBE/a.js"/><script xlink:href="PROBE/b.js"/>'],
  [
    'script element, namespaced',
    '<svg:script xmlns:svg="http://www.w3.org/2000/svg">HOOK</svg:script>',
  ],
  ['script inside an allowed element', '<g id="a"><script>HOOK</script></g><use href="#a"/>'],
  ['script inside title', '<title><script>HOOK</script></title>'],
  ['onload on a nested svg', '<svg onload="HOOK"><rect width="1" height="1"/></svg>'],
  ['onerror on an image', '<image href="PROBE/c.png" onerror="HOOK" width="9" height="9"/>'],
  [
    'event attributes in any case',
    '<rect onclick="HOOK" ONLOAD="HOOK" OnMouseOver="HOOK" width="9" height="9"/>',
  ],
  ['onbegin of an animation', '<animate onbegin="HOOK" attributeName="x" dur="1s"/>'],
  ['link with a javascript: URL', '<a href="javascript:HOOK"><rect width="9" height="9"/></a>'],
  ['link with xlink:href', '<a xlink:href="javascript:HOOK"><text>x</text></a>'],
  [
    'animation that sets href',
    '<a><set attributeName="href" to="javascript:HOOK"/><rect width="9" height="9"/></a>',
  ],
  [
    'animation that sets an event',
    '<rect width="9" height="9"><set attributeName="onmouseover" to="HOOK"/></rect>',
  ],
  ['animate values', '<animate attributeName="href" values="javascript:HOOK" begin="0s"/>'],
  [
    'foreignObject with an iframe',
    '<foreignObject width="9" height="9"><iframe src="javascript:HOOK"></iframe></foreignObject>',
  ],
  [
    'foreignObject with an img',
    '<foreignObject><img src="PROBE/d.png" onerror="HOOK"/></foreignObject>',
  ],
  [
    'iframe, embed, object',
    '<iframe src="PROBE/e.html"/><embed src="PROBE/f"/><object data="PROBE/g"/>',
  ],
  [
    'XML Events handler',
    '<handler xmlns:ev="http://www.w3.org/2001/xml-events" ev:event="load">HOOK</handler>',
  ],
  ['image from the network', '<image href="PROBE/h.png" width="9" height="9"/>'],
  ['image with xlink:href', '<image xlink:href="PROBE/i.png" width="9" height="9"/>'],
  ['image with a javascript: URL', '<image href=" javascript:HOOK" width="9" height="9"/>'],
  [
    'image of a nested SVG document',
    `<image href="data:image/svg+xml;base64,${nestedScript}" width="9" height="9"/>`,
  ],
  ['use of an external document', '<use href="PROBE/j.svg#x"/>'],
  ['use of a data: document', `<use href="data:image/svg+xml;base64,${nestedScript}#x"/>`],
  [
    'gradient inheriting from outside',
    '<linearGradient id="g" href="PROBE/k.svg#g"/><rect fill="url(#g)" width="9" height="9"/>',
  ],
  ['pattern inheriting from outside', '<pattern id="p" href="PROBE/l.svg#p"/>'],
  [
    'paint from outside',
    '<rect fill="url(PROBE/m.svg#a)" stroke="url(\'PROBE/n.svg#a\')" width="9" height="9"/>',
  ],
  [
    'paint from outside, entity-encoded',
    '<rect fill="&#x75;rl(PROBE/o.svg#a)" width="9" height="9"/>',
  ],
  [
    'paint from outside, after a newline',
    '<rect fill="url(&#x0A;PROBE/p.svg#a)" width="9" height="9"/>',
  ],
  ['style attribute with url()', '<rect style="fill:url(PROBE/q.svg#a)" width="9" height="9"/>'],
  [
    'style attribute with a CSS escape',
    '<rect style="fill:\\75 rl(PROBE/r.svg#a)" width="9" height="9"/>',
  ],
  [
    'style attribute with image-set()',
    '<rect style="background-image:image-set(\'PROBE/s.png\' 1x)"/>',
  ],
  ['style attribute with expression()', '<rect style="width:expression(HOOK)"/>'],
  ['style attribute with behavior', '<rect style="behavior:url(PROBE/t.htc)"/>'],
  [
    'style sheet with @import',
    '<style>@import url(PROBE/u.css);</style><rect width="9" height="9"/>',
  ],
  [
    'style sheet with url()',
    '<style>rect{fill:url(PROBE/v.svg#g)}</style><rect width="9" height="9"/>',
  ],
  [
    'style sheet with @font-face',
    '<style>@font-face{font-family:x;src:url(PROBE/w.woff)}</style><text font-family="x">x</text>',
  ],
  ['style sheet that closes itself', '<style>a{}</style><script>HOOK</script><style>b{}</style>'],
  [
    'filter with feImage',
    '<filter id="f"><feImage href="PROBE/x.png"/></filter><rect filter="url(#f)" width="9" height="9"/>',
  ],
  ['cursor and font-face-uri', '<cursor href="PROBE/y.png"/><font-face-uri href="PROBE/z.svg"/>'],
  ['xml:base', '<g xml:base="PROBE/"><use href="aa.svg#x"/></g>'],
  [
    'mask with a network image',
    '<mask id="m"><image href="PROBE/ab.png" width="9" height="9"/></mask>',
  ],
  ['tspan with an event', '<text><tspan onmouseover="HOOK">x</tspan></text>'],
  [
    'comment that hides a script from a naive filter',
    '<rect width="1"/><!--><script>HOOK</script>-->',
  ],
  ['text that looks like markup', '<text>&lt;script&gt;HOOK&lt;/script&gt;</text>'],
  ['CDATA that looks like markup', '<text><![CDATA[<script>HOOK</script>]]></text>'],
  ['breaking out of the fragment', '</svg><img src="PROBE/ac.png" onerror="HOOK">'],
  [
    'doctype with an external entity',
    '<!DOCTYPE svg [<!ENTITY x SYSTEM "PROBE/ad.xml">]><svg>&x;</svg>',
  ],
  [
    'doctype with an entity bomb',
    '<!DOCTYPE svg [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]><svg><text>&b;</text></svg>',
  ],
  [
    'style sheet processing instruction',
    '<?xml-stylesheet href="PROBE/ae.css"?><svg><rect width="9" height="9"/></svg>',
  ],
  [
    'root with events and xml:base',
    '<svg onload="HOOK" xml:base="PROBE/"><rect width="9" height="9"/></svg>',
  ],
]
