/**
 * The one SVG sanitiser: design images (`data:` URIs, whole documents) and emoji artwork (bodies
 * inlined into previews and served as files) go through it alike. It parses a strict XML subset
 * and writes a new document with {@link svgElement}, so what comes out is well-formed, holds only
 * what {@link SVG_ALLOW_LIST} lists, and references nothing outside itself.
 *
 * Malformed markup is refused with a reason, never repaired: a guess at what a broken document
 * meant is where sanitisers and renderers disagree. References are written as SVG 2's `href`
 * (`xlink:href` needs a namespace declaration that an inlined fragment cannot carry).
 *
 * It reads into a tree ({@link sanitizeSvgTree}) that every drawer shares: the SVG preview writes
 * it back as markup ({@link svgTreeMarkup}), the PDF proof converts it to vector paths.
 *
 * Why not a DOM parser: the core must give the same bytes in Node (no `DOMParser`) and in
 * Chromium, and must not depend on a browser's own leniency.
 *
 * @module
 */
import { readDataUri, type ImageMediaType } from '../image/read-data-uri.ts'
import { joinMarkup, svgElement, svgTextNode, type SvgMarkup } from '../preview/svg-element.ts'
import { SVG_ALLOW_LIST } from './svg-allow-list.ts'

/** Result of {@link sanitizeSvg} / {@link sanitizeSvgFragment}: clean markup or why there is none. */
export type SanitizedSvg =
  | { readonly ok: true; readonly markup: SvgMarkup }
  | { readonly ok: false; readonly reason: string }

/**
 * An element of sanitised SVG: an allowed name, allowed attributes (in source order; references
 * as `href`, ids and local references not yet prefixed) and its children. What both the SVG
 * preview (which writes it back as markup) and the PDF proof (which converts it to paths) draw.
 */
export interface SvgTreeElement {
  readonly name: string
  readonly attributes: Readonly<Record<string, string>>
  readonly children: readonly SvgTreeNode[]
}

/** A node of sanitised SVG: an element or character data (decoded, not escaped). */
export type SvgTreeNode = SvgTreeElement | string

/** Result of {@link sanitizeSvgTree}: the clean nodes, or why there are none. */
export type SanitizedSvgTree =
  | { readonly ok: true; readonly nodes: readonly SvgTreeNode[] }
  | { readonly ok: false; readonly reason: string }

/** Bounds that keep a hostile document from costing more than a real one. */
const maxLength = 2_000_000
const maxDepth = 64
const maxNodes = 50_000

const namePattern = /[a-z_][\w.:-]*/iy
const spacePattern = /[ \t\r\n]*/y
const entityPattern = /&(?:#x([0-9a-fA-F]{1,6})|#(\d{1,7})|(amp|lt|gt|quot|apos));/y
const namedEntities: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
}
// `url(#id)` is a reference inside the same document; any other url(), image(), @import or a
// CSS escape could reach outside it.
const localUrl = /url\(\s*(?:"#[^"()\\]*"|'#[^'()\\]*'|#[^"'()\\\s]*)\s*\)/gi
const externalCss =
  /url\s*\(|image(?:-set)?\s*\(|cross-fade\s*\(|element\s*\(|expression\s*\(|javascript:|[@<\\]/i
const localHref = /^#[a-z_][\w.:-]*$/i
/** Images inside an SVG: raster only (an SVG inside would be a second document to judge). */
const rasterTypes: readonly ImageMediaType[] = ['image/png', 'image/jpeg']
// Characters XML 1.0 §2.2 cannot hold: C0 controls but tab, LF and CR, lone surrogates, U+FFFE,
// U+FFFF.
const notXmlChar =
  // eslint-disable-next-line no-control-regex -- exactly these are what we refuse
  /[\0-\x08\v\f\x0e-\x1f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

interface ElementNode {
  readonly name: string
  readonly attributes: readonly (readonly [string, string])[]
  readonly children: Node[]
}
type Node = ElementNode | string

class Rejection extends Error {}

/**
 * Sanitises a whole SVG document (the root must be `<svg>`). Doctypes and entity declarations
 * are rejected (no entity expansion, no external entities); scripts, `foreignObject`, links,
 * animation, event attributes and every reference outside the document are removed.
 *
 * @param source The SVG source text.
 * @returns The rebuilt document, with the SVG namespace declared, or the reason it was rejected.
 * @example
 *   sanitizeSvg('<svg onload="x()"><script>x()</script><rect width="1"/></svg>')
 *   // { ok: true, markup: '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1"/></svg>' }
 */
export function sanitizeSvg(source: string): SanitizedSvg {
  const tree = sanitizeSvgTree(source, true)
  if (!tree.ok) return tree
  const root = tree.nodes[0] as SvgTreeElement
  const attributes = { xmlns: 'http://www.w3.org/2000/svg', ...root.attributes }
  return { ok: true, markup: svgTreeMarkup([{ ...root, attributes }]) }
}

/**
 * Sanitises a sequence of SVG elements that is inlined into a preview, such as an emoji
 * artwork body (`<path …/><g …>…</g>`). Same rules as {@link sanitizeSvg}; a nested `<svg>` is
 * kept as a drawing element, `<style>` is dropped (it would restyle the whole preview). With a
 * prefix, every `id` and every local reference to it (`href="#…"`, `url(#…)`) is prefixed, so
 * two inlined artworks that both define `id="a"` never clash, and no artwork can reach an
 * element of the document it is inlined into (Twemoji bodies reuse ids such as `a` across
 * icons).
 *
 * @param body The fragment.
 * @param idPrefix Prefix for ids and local references (default: `''`, ids kept), e.g. the
 *   symbol's id and `-`.
 * @returns The rebuilt fragment, or the reason it was rejected.
 */
export function sanitizeSvgFragment(body: string, idPrefix = ''): SanitizedSvg {
  const tree = sanitizeSvgTree(body)
  return tree.ok ? { ok: true, markup: svgTreeMarkup(tree.nodes, idPrefix) } : tree
}

/**
 * Sanitises SVG into the tree every drawer reads: a whole document (`document`: one `<svg>`
 * root, style sheets kept when they reference nothing outside it; the namespace declaration is
 * left to the writer) or a fragment to inline (style sheets dropped). References are written as
 * `href`; ids and local references are kept as written, {@link svgTreeMarkup} prefixes them.
 *
 * @param source The SVG source text.
 * @param document Whether it is a whole document (default: a fragment).
 * @returns The clean nodes, or the reason the source was rejected.
 */
export function sanitizeSvgTree(source: string, document = false): SanitizedSvgTree {
  const parsed = parse(source)
  if (!parsed.ok) return parsed
  if (!document) return { ok: true, nodes: cleanChildren(parsed.nodes, false) }
  const roots = parsed.nodes.filter((node): node is ElementNode => typeof node !== 'string')
  const stray = parsed.nodes.some((node) => typeof node === 'string' && node.trim() !== '')
  if (roots.length !== 1 || roots[0]?.name !== 'svg' || stray) {
    return { ok: false, reason: 'Unexpected document structure, expected one `<svg>` root element' }
  }
  const root = roots[0]
  return {
    ok: true,
    nodes: [
      {
        name: 'svg',
        attributes: cleanAttributes(root),
        children: cleanChildren(root.children, true),
      },
    ],
  }
}

/**
 * Writes sanitised nodes as markup. With a prefix, every `id` and every local reference to one
 * (`href="#…"`, `url(#…)` in attributes and style sheets) is prefixed.
 *
 * @param nodes Nodes from {@link sanitizeSvgTree}.
 * @param idPrefix Prefix for ids and local references (default: `''`).
 * @returns The markup.
 */
export function svgTreeMarkup(nodes: readonly SvgTreeNode[], idPrefix = ''): SvgMarkup {
  return joinMarkup(nodes.map((node) => nodeMarkup(node, idPrefix)))
}

function nodeMarkup(node: SvgTreeNode, prefix: string): SvgMarkup {
  if (typeof node === 'string') return svgTextNode(node)
  if (node.name === 'style') {
    const css = node.children.filter((child) => typeof child === 'string').join('')
    return svgElement('style', {}, [svgTextNode(prefixUrls(css, prefix))])
  }
  return svgElement(
    node.name,
    prefix === '' ? node.attributes : prefixAttributes(node.attributes, prefix),
    node.children.map((child) => nodeMarkup(child, prefix))
  )
}

function prefixAttributes(
  attributes: Readonly<Record<string, string>>,
  prefix: string
): Record<string, string> {
  const prefixed: Record<string, string> = {}
  for (const [name, value] of Object.entries(attributes)) {
    if (name === 'href')
      prefixed[name] = value.startsWith('#') ? `#${prefix}${value.slice(1)}` : value
    else prefixed[name] = name === 'id' ? prefix + value : prefixUrls(value, prefix)
  }
  return prefixed
}

function cleanChildren(nodes: readonly Node[], document: boolean): SvgTreeNode[] {
  const clean: SvgTreeNode[] = []
  for (const node of nodes) {
    const cleaned = cleanNode(node, document)
    if (cleaned !== undefined) clean.push(cleaned)
  }
  return clean
}

function cleanNode(node: Node, document: boolean): SvgTreeNode | undefined {
  if (typeof node === 'string') return node
  if (!SVG_ALLOW_LIST.elements.has(node.name)) return undefined
  if (!document && SVG_ALLOW_LIST.documentOnlyElements.has(node.name)) return undefined
  if (node.name === 'style') {
    const css = node.children.filter((child) => typeof child === 'string').join('')
    if (externalCss.test(css.replace(localUrl, ''))) return undefined
    return { name: 'style', attributes: {}, children: [css] }
  }
  return {
    name: node.name,
    attributes: cleanAttributes(node),
    children: cleanChildren(node.children, document),
  }
}

function cleanAttributes(node: ElementNode): Record<string, string> {
  const attributes: Record<string, string> = {}
  for (const [name, value] of node.attributes) {
    if (!SVG_ALLOW_LIST.attributes.has(name)) continue
    if (SVG_ALLOW_LIST.referenceAttributes.has(name)) {
      // SVG 2 §5.6.3: `href` wins over `xlink:href`; both are written as `href`.
      if (name === 'xlink:href' && node.attributes.some(([other]) => other === 'href')) continue
      const target = reference(node.name, value.trim())
      if (target !== undefined) attributes['href'] = target
      continue
    }
    if (externalCss.test(value.replace(localUrl, ''))) continue
    attributes[name] = value
  }
  return attributes
}

// Rewrites every `url(#id)` to `url(#<prefix>id)`, so references follow the prefixed ids.
function prefixUrls(value: string, prefix: string): string {
  if (prefix === '') return value
  return value.replace(localUrl, (match) => match.replace('#', `#${prefix}`))
}

/** A reference kept: `#id` of the same document, or a raster image's `data:` URI. */
function reference(element: string, target: string): string | undefined {
  if (localHref.test(target)) return target
  if (element !== 'image') return undefined
  const image = readDataUri(target, rasterTypes)
  return image.ok && image.mediaType !== 'image/svg+xml'
    ? `data:${image.mediaType};base64,${image.base64}`
    : undefined
}

function parse(
  source: string
): { readonly ok: true; readonly nodes: Node[] } | { readonly ok: false; readonly reason: string } {
  if (source.length > maxLength) {
    return {
      ok: false,
      reason: `Unexpected \`${source.length}\` characters of SVG, expected at most \`${maxLength}\``,
    }
  }
  try {
    return { ok: true, nodes: parseNodes(source.replace(/^\uFEFF/, '')) }
  } catch (error) {
    if (error instanceof Rejection) return { ok: false, reason: error.message }
    throw error
  }
}

function parseNodes(source: string): Node[] {
  const top: Node[] = []
  const stack: ElementNode[] = []
  let count = 0
  let position = 0
  const append = (node: Node): void => {
    if (++count > maxNodes)
      throw new Rejection(`Unexpected SVG size, expected at most \`${maxNodes}\` nodes`)
    const parent = stack.at(-1)
    const siblings = parent ? parent.children : top
    const last = siblings.at(-1)
    if (typeof node === 'string' && typeof last === 'string')
      siblings[siblings.length - 1] = last + node
    else siblings.push(node)
  }
  while (position < source.length) {
    const open = source.indexOf('<', position)
    if (open === -1) {
      append(decodeText(source.slice(position)))
      break
    }
    if (open > position) append(decodeText(source.slice(position, open)))
    if (source.startsWith('<!--', open)) {
      position = endOf(source, '-->', open + 4, 'comment')
    } else if (source.startsWith('<![CDATA[', open)) {
      const end = endOf(source, ']]>', open + 9, 'CDATA section')
      append(checkChars(source.slice(open + 9, end - 3)))
      position = end
    } else if (source.startsWith('<?', open)) {
      // Processing instructions (`<?xml …?>`, `<?xml-stylesheet …?>`) are dropped.
      position = endOf(source, '?>', open + 2, 'processing instruction')
    } else if (source.startsWith('<!', open)) {
      throw new Rejection(
        'Unexpected `<!` declaration, expected SVG without a document type or entities'
      )
    } else if (source.startsWith('</', open)) {
      namePattern.lastIndex = open + 2
      const name = namePattern.exec(source)?.[0]
      position = skipSpace(source, namePattern.lastIndex)
      const element = stack.pop()
      if (name === undefined || source[position] !== '>' || element?.name !== name) {
        throw new Rejection(`Unexpected closing tag \`</${name ?? ''}>\`, expected well-formed SVG`)
      }
      position++
    } else {
      position = parseStartTag(source, open, stack, append)
    }
  }
  if (stack.length > 0) {
    throw new Rejection(`Unexpected end of SVG, expected \`</${stack.at(-1)?.name ?? ''}>\``)
  }
  return top
}

function parseStartTag(
  source: string,
  open: number,
  stack: ElementNode[],
  append: (node: Node) => void
): number {
  namePattern.lastIndex = open + 1
  const name = namePattern.exec(source)?.[0]
  if (name === undefined) throw new Rejection('Unexpected `<`, expected a tag name in SVG')
  let position = namePattern.lastIndex
  const attributes: [string, string][] = []
  for (;;) {
    const afterSpace = skipSpace(source, position)
    if (source.startsWith('/>', afterSpace) || source[afterSpace] === '>') {
      const element: ElementNode = { name, attributes, children: [] }
      append(element)
      if (source[afterSpace] === '>') {
        if (stack.length >= maxDepth) {
          throw new Rejection(`Unexpected SVG nesting, expected at most \`${maxDepth}\` levels`)
        }
        stack.push(element)
        return afterSpace + 1
      }
      return afterSpace + 2
    }
    namePattern.lastIndex = afterSpace
    const attribute = afterSpace > position ? namePattern.exec(source)?.[0] : undefined
    if (attribute === undefined) {
      throw new Rejection(`Unexpected character in \`<${name}>\`, expected well-formed SVG`)
    }
    position = skipSpace(source, namePattern.lastIndex)
    if (source[position] !== '=')
      throw new Rejection(`Unexpected attribute \`${attribute}\` without a value`)
    position = skipSpace(source, position + 1)
    const quote = source[position]
    const end = quote === '"' || quote === "'" ? source.indexOf(quote, position + 1) : -1
    if (end === -1)
      throw new Rejection(`Unexpected value of \`${attribute}\`, expected a quoted value`)
    const raw = source.slice(position + 1, end)
    if (raw.includes('<')) throw new Rejection(`Unexpected \`<\` in the value of \`${attribute}\``)
    if (attributes.some(([existing]) => existing === attribute)) {
      throw new Rejection(`Unexpected duplicate attribute \`${attribute}\` on \`<${name}>\``)
    }
    // Attribute-value normalisation (XML 1.0 §3.3.3): literal whitespace becomes a space.
    attributes.push([attribute, decodeText(raw.replace(/[\t\n\r]/g, ' '))])
    position = end + 1
  }
}

function skipSpace(source: string, position: number): number {
  spacePattern.lastIndex = position
  spacePattern.exec(source)
  return spacePattern.lastIndex
}

function endOf(source: string, marker: string, from: number, what: string): number {
  const end = source.indexOf(marker, from)
  if (end === -1) throw new Rejection(`Unexpected end of SVG, expected the end of a ${what}`)
  return end + marker.length
}

function decodeText(raw: string): string {
  let text = ''
  let position = 0
  for (;;) {
    const amp = raw.indexOf('&', position)
    if (amp === -1) return checkChars(text + raw.slice(position))
    text += raw.slice(position, amp)
    entityPattern.lastIndex = amp
    const match = entityPattern.exec(raw)
    if (!match) throw new Rejection('Unexpected `&`, expected a predefined or numeric entity')
    const [, hex, decimal, named] = match
    if (named !== undefined) text += namedEntities[named] ?? ''
    else {
      const codePoint = hex !== undefined ? parseInt(hex, 16) : Number(decimal)
      if (!isXmlChar(codePoint)) {
        throw new Rejection(
          `Unexpected character reference \`${match[0]}\`, expected an XML character`
        )
      }
      text += String.fromCodePoint(codePoint)
    }
    position = entityPattern.lastIndex
  }
}

function checkChars(text: string): string {
  if (notXmlChar.test(text)) {
    throw new Rejection('Unexpected control character or lone surrogate, expected XML characters')
  }
  return text
}

// XML 1.0 §2.2 Char.
function isXmlChar(codePoint: number): boolean {
  return (
    codePoint === 0x9 ||
    codePoint === 0xa ||
    codePoint === 0xd ||
    (codePoint >= 0x20 && codePoint <= 0xd7ff) ||
    (codePoint >= 0xe000 && codePoint <= 0xfffd) ||
    (codePoint >= 0x10000 && codePoint <= 0x10ffff)
  )
}
