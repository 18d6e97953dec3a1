/**
 * A whitelist sanitiser for emoji artwork bodies (the markup inside an `<svg>` or `<symbol>`).
 * Artwork is inlined into previews next to user text, so it must never carry scripts, event
 * handlers, styles or references to anything outside itself.
 *
 * @module
 */

/** Elements that only draw: shapes, groups, internal reuse, gradients, clipping and masking. */
const ELEMENTS: ReadonlySet<string> = new Set([
  'g',
  'defs',
  'path',
  'circle',
  'ellipse',
  'rect',
  'line',
  'polyline',
  'polygon',
  'use',
  'clipPath',
  'mask',
  'linearGradient',
  'radialGradient',
  'stop',
])

/** Geometry and presentation attributes; events, `style`, `class` and namespaces are dropped. */
const ATTRIBUTES: ReadonlySet<string> = new Set([
  'id',
  'href',
  'xlink:href',
  'd',
  'points',
  'x',
  'y',
  'width',
  'height',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'fr',
  'x1',
  'y1',
  'x2',
  'y2',
  'transform',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'opacity',
  'clip-path',
  'clip-rule',
  'clipPathUnits',
  'mask',
  'maskUnits',
  'maskContentUnits',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
])

/** Attributes whose value may be a paint or resource reference `url(#id)`. */
const REFERENCE_ATTRIBUTES: ReadonlySet<string> = new Set(['fill', 'stroke', 'clip-path', 'mask'])

const ID = /^[a-z_][\w.-]*$/i
const NAME = /[a-z_][\w:.-]*/iy
const SPACE = /\s*/y
const LOCAL_URL = /^url\(\s*#([a-z_][\w.-]*)\s*\)$/i
const ENTITY = /&(?:#x([\dA-Fa-f]{1,6})|#(\d{1,7})|(amp|lt|gt|quot|apos));/g
const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
// Characters XML 1.0 cannot hold (C0 controls but tab/LF/CR, lone surrogates, U+FFFE/U+FFFF).
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- exactly these are what we remove
  /[\0-\x08\v\f\x0e-\x1f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

interface StartTag {
  readonly kind: 'start'
  readonly name: string
  readonly attributes: readonly (readonly [string, string])[]
  readonly selfClosing: boolean
}
interface EndTag {
  readonly kind: 'end'
  readonly name: string
}
type Tag = StartTag | EndTag

function decodeEntities(value: string): string {
  return value.replace(ENTITY, (entity, hex?: string, decimal?: string, name?: string) => {
    if (name !== undefined) return NAMED[name] ?? entity
    const code = Number.parseInt(hex ?? decimal ?? '', hex === undefined ? 10 : 16)
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ''
  })
}

function escapeAttribute(value: string): string {
  return value
    .replace(NOT_XML, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
}

/**
 * Splits markup into tags; text, comments, CDATA, doctypes and processing instructions are
 * skipped (shapes hold no text). Linear in the length of the markup; a malformed tag is skipped.
 */
function tokenize(markup: string): Tag[] {
  const tags: Tag[] = []
  let at = 0
  for (;;) {
    const open = markup.indexOf('<', at)
    if (open < 0) return tags
    if (markup.startsWith('<!--', open)) {
      const close = markup.indexOf('-->', open + 4)
      if (close < 0) return tags
      at = close + 3
      continue
    }
    const closing = markup[open + 1] === '/'
    NAME.lastIndex = open + (closing ? 2 : 1)
    const name = NAME.exec(markup)?.[0]
    if (name === undefined) {
      // `<!DOCTYPE`, `<![CDATA[`, `<?xml`, or a stray `<`: skip to the end of that construct.
      const close = markup.indexOf('>', open + 1)
      if (close < 0) return tags
      at = close + 1
      continue
    }
    at = NAME.lastIndex
    if (closing) {
      const close = markup.indexOf('>', at)
      if (close < 0) return tags
      tags.push({ kind: 'end', name })
      at = close + 1
      continue
    }
    const attributes: [string, string][] = []
    let selfClosing = false
    let valid = true
    for (;;) {
      SPACE.lastIndex = at
      SPACE.exec(markup)
      at = SPACE.lastIndex
      if (markup.startsWith('/>', at)) {
        selfClosing = true
        at += 2
        break
      }
      if (markup[at] === '>') {
        at += 1
        break
      }
      NAME.lastIndex = at
      const attribute = NAME.exec(markup)?.[0]
      if (attribute === undefined) {
        valid = false
        break
      }
      SPACE.lastIndex = NAME.lastIndex
      SPACE.exec(markup)
      at = SPACE.lastIndex
      if (markup[at] !== '=') {
        valid = false
        break
      }
      SPACE.lastIndex = at + 1
      SPACE.exec(markup)
      at = SPACE.lastIndex
      const quote = markup[at]
      const end = quote === '"' || quote === "'" ? markup.indexOf(quote, at + 1) : -1
      if (end < 0) {
        valid = false
        break
      }
      attributes.push([attribute, decodeEntities(markup.slice(at + 1, end))])
      at = end + 1
    }
    if (!valid) {
      // A tag we cannot read is dropped whole, with a subtree we cannot delimit: stop here.
      return tags
    }
    tags.push({ kind: 'start', name, attributes, selfClosing })
  }
}

/**
 * Cleans an SVG body so it can be inlined safely: only the drawing elements and geometry or
 * presentation attributes of a whitelist survive (a dropped element takes its subtree with it);
 * `href` and `url()` may only point to an `id` inside the same body; text, comments, `style`,
 * event handlers and foreign namespaces are removed. The output is well-formed (every element
 * closed, attributes double-quoted and escaped), which {@link prefixArtworkIds} relies on.
 *
 * Why not a DOM parser: the core has none in Node and must give the same bytes in every engine.
 * Never throws; idempotent.
 *
 * @param body Markup inside an `<svg>` element, e.g. an Iconify icon body.
 * @returns The sanitised markup (possibly empty).
 */
export function sanitizeArtworkBody(body: string): string {
  if (typeof body !== 'string') return ''
  const tags = tokenize(body)
  // Pass 1: which elements are kept (a stack tracks dropped subtrees), and the ids they define.
  const kept: boolean[] = [] // start tag: element kept; end tag: it closes an open element
  const ids = new Set<string>()
  const stack: { name: string; keep: boolean }[] = []
  let dropped = 0
  for (const tag of tags) {
    if (tag.kind === 'start') {
      const keep = dropped === 0 && ELEMENTS.has(tag.name)
      kept.push(keep)
      if (keep) {
        const id = tag.attributes.find(([name]) => name === 'id')?.[1]
        if (id !== undefined && ID.test(id)) ids.add(id)
      }
      if (!tag.selfClosing) {
        stack.push({ name: tag.name, keep })
        if (!keep) dropped += 1
      }
    } else {
      const depth = stack.findLastIndex((frame) => frame.name === tag.name)
      kept.push(depth >= 0)
      if (depth < 0) continue
      for (const frame of stack.splice(depth)) if (!frame.keep) dropped -= 1
    }
  }
  // Pass 2: write kept elements with their safe attributes; close what the body left open.
  let out = ''
  const open: { name: string; keep: boolean }[] = []
  tags.forEach((tag, index) => {
    if (tag.kind === 'end') {
      if (!kept[index]) return
      const depth = open.findLastIndex((frame) => frame.name === tag.name)
      for (const frame of open.splice(depth).reverse()) if (frame.keep) out += `</${frame.name}>`
      return
    }
    const keep = kept[index] === true
    if (!tag.selfClosing) open.push({ name: tag.name, keep })
    if (!keep) return
    out += `<${tag.name}${safeAttributes(tag.attributes, ids)}${tag.selfClosing ? '/>' : '>'}`
  })
  for (const frame of open.reverse()) if (frame.keep) out += `</${frame.name}>`
  return out
}

function safeAttributes(
  attributes: readonly (readonly [string, string])[],
  ids: ReadonlySet<string>
): string {
  let out = ''
  const written = new Set<string>()
  for (const [rawName, rawValue] of attributes) {
    if (!ATTRIBUTES.has(rawName)) continue
    const name = rawName === 'xlink:href' ? 'href' : rawName
    if (written.has(name)) continue
    let value = rawValue.trim()
    if (name === 'id') {
      if (!ID.test(value)) continue
    } else if (name === 'href') {
      if (!value.startsWith('#') || !ids.has(value.slice(1))) continue
    } else if (/url\s*\(/i.test(value)) {
      const target = LOCAL_URL.exec(value)?.[1]
      if (!REFERENCE_ATTRIBUTES.has(name) || target === undefined || !ids.has(target)) continue
      value = `url(#${target})`
    }
    written.add(name)
    out += ` ${name}="${escapeAttribute(value)}"`
  }
  return out
}
