/**
 * The SVG string builder: the only place where markup is made. Every attribute value and every
 * text node is escaped here, so user text (names, Markdown, URLs) can never become markup.
 *
 * @module
 */
import { formatNumber } from './format-number.ts'

declare const markupBrand: unique symbol

/**
 * A string that is well-formed SVG markup built by this module. The brand stops a plain string
 * (user text) from being passed where markup is expected: the only ways to get one are
 * {@link svgElement}, {@link svgTextNode} and {@link joinMarkup}.
 */
export type SvgMarkup = string & { readonly [markupBrand]: true }

/** Attribute values; numbers are written with {@link formatNumber} (3 decimals), `undefined` is left out. */
export type SvgAttributes = Readonly<Record<string, string | number | undefined>>

/**
 * Misuse of the builder by our own code (an invalid element or attribute name, an event-handler
 * attribute). Never caused by user input: user text only ever reaches values, which are escaped.
 */
export class SvgBuildError extends Error {
  override readonly name = 'SvgBuildError'
}

// XML 1.0 §2.2 Char: a text or attribute may not hold C0 controls (except tab, LF, CR), lone
// surrogates, U+FFFE or U+FFFF. With the `u` flag a surrogate class matches lone halves only.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const notXmlChar = /[\0-\x08\v\f\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]/gu
const textSpecial = /[&<>]/g
const attributeSpecial = /[&<>"'\t\n\r]/g
const entities: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  // `>` is escaped too, so `]]>` can never appear in output text.
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  // Attribute-value normalisation (XML 1.0 §3.3.3) would turn raw whitespace into spaces.
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
}
// One test before the replacements: most values (numbers, ids, path data) need no escaping.
// Without the `u` flag the surrogate range also matches pairs, which then take the slow path.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const attributeNeedsWork = /[\0-\x08\t\n\v\f\r\x0E-\x1F"&'<>\uD800-\uDFFF\uFFFE\uFFFF]/
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const textNeedsWork = /[\0-\x08\v\f\x0E-\x1F&<>\uD800-\uDFFF\uFFFE\uFFFF]/
const elementName = /^[a-z][a-z0-9]*$/i
const attributeName = /^[a-z][a-z0-9-]*(?::[a-z][a-z0-9-]*)?$/i

/**
 * The attribute names the previews use, checked once when the module loads: the builder is
 * called with these few names thousands of times per preview. Any other name is checked on
 * every call. A constant: never changed after it is built.
 */
const KNOWN_ATTRIBUTES: ReadonlySet<string> = new Set(
  [
    'aria-label',
    'class',
    'd',
    'fill',
    'height',
    'href',
    'id',
    'opacity',
    'role',
    'rx',
    'stroke',
    'stroke-dasharray',
    'stroke-linecap',
    'stroke-width',
    'transform',
    'viewBox',
    'width',
    'x',
    'xmlns',
    'y',
  ].filter((name) => isAttributeName(name))
)

/**
 * The element names the previews write, checked once when the module loads, like
 * {@link KNOWN_ATTRIBUTES}. A constant: never changed after it is built.
 */
const KNOWN_ELEMENTS: ReadonlySet<string> = new Set(
  ['clipPath', 'defs', 'g', 'image', 'path', 'rect', 'svg', 'symbol', 'title', 'use'].filter(
    (name) => elementName.test(name)
  )
)

/** Whether a name may be an attribute: an XML name, never an event handler (`on…`). */
function isAttributeName(name: string): boolean {
  return attributeName.test(name) && !/^on/i.test(name)
}

function replaceEntity(character: string): string {
  return entities[character] ?? character
}

/**
 * Makes any string safe as XML character data: characters XML cannot hold become U+FFFD (so a
 * lone surrogate or a NUL never makes the document unparsable) and `&`, `<`, `>` become entities.
 *
 * @param value Any string, e.g. user text.
 * @returns The escaped text.
 */
export function escapeXmlText(value: string): string {
  if (!textNeedsWork.test(value)) return value
  return value.replace(notXmlChar, '\uFFFD').replace(textSpecial, replaceEntity)
}

/**
 * Makes any string safe inside a double- or single-quoted XML attribute value: like
 * {@link escapeXmlText}, plus both quotes and the whitespace that attribute normalisation would
 * change.
 *
 * @param value Any string, e.g. a label or a URL.
 * @returns The escaped value, without the quotes.
 */
export function escapeXmlAttribute(value: string): string {
  if (!attributeNeedsWork.test(value)) return value
  return value.replace(notXmlChar, '\uFFFD').replace(attributeSpecial, replaceEntity)
}

/**
 * Builds one element. Names come from our code and are checked; values are escaped; children
 * must already be markup. An element without content is self-closed.
 *
 * @param name Element name, e.g. `path`.
 * @param attributes Attributes in output order; `undefined` values are omitted.
 * @param children Child markup, in order.
 * @returns The element's markup.
 * @throws {SvgBuildError} For a malformed element or attribute name, or an `on*` attribute.
 * @example
 *   svgElement('rect', { width: 2, fill: '#000' }) // '<rect width="2" fill="#000"/>'
 */
export function svgElement(
  name: string,
  attributes: SvgAttributes = {},
  children: readonly SvgMarkup[] = []
): SvgMarkup {
  if (!KNOWN_ELEMENTS.has(name) && !elementName.test(name)) {
    throw new SvgBuildError(`Unexpected element name \`${name}\``)
  }
  let markup = `<${name}`
  // `for…in` over own keys: the order of `Object.entries`, without an array per element.
  for (const key in attributes) {
    if (!Object.hasOwn(attributes, key)) continue
    const value = attributes[key]
    if (value === undefined) continue
    if (!KNOWN_ATTRIBUTES.has(key) && !isAttributeName(key)) {
      throw new SvgBuildError(`Unexpected attribute name \`${key}\` on \`${name}\``)
    }
    const text = typeof value === 'number' ? formatNumber(value) : escapeXmlAttribute(value)
    markup += ` ${key}="${text}"`
  }
  const content = children.length < 2 ? (children[0] ?? '') : children.join('')
  markup += content === '' ? '/>' : `>${content}</${name}>`
  return markup as SvgMarkup
}

/**
 * `svgElement('use', { href, x: formatNumber(x, 1) })`, byte for byte, with the `href` escaped
 * beforehand and without the generic name checks: a preview places each glyph with one, hundreds
 * per card. A number written by {@link formatNumber} needs
 * no escaping (digits, `-` and `.` only).
 *
 * @param href The referenced id, `#` included, from {@link escapedAttribute}.
 * @param x The pen position, written with one decimal.
 * @returns The element's markup.
 */
export function svgGlyphUse(href: EscapedAttribute, x: number): SvgMarkup {
  return `<use href="${href}" x="${formatNumber(x, 1)}"/>` as SvgMarkup
}

/**
 * Appends markup to markup, for a loop that writes many small elements into one fragment.
 *
 * @param markup The fragment so far.
 * @param more Markup to add after it.
 * @returns One fragment.
 */
export function appendMarkup(markup: SvgMarkup, more: SvgMarkup): SvgMarkup {
  return (markup + more) as SvgMarkup
}

/**
 * An attribute value escaped once with {@link escapeXmlAttribute}, for a value written again and
 * again (a glyph's outline, defined on every preview that uses the glyph).
 */
export type EscapedAttribute = string & { readonly [markupBrand]: 'attribute' }

/**
 * Escapes an attribute value once, for {@link svgPathDefinition}.
 *
 * @param value Any string.
 * @returns The escaped value, without the quotes.
 */
export function escapedAttribute(value: string): EscapedAttribute {
  return escapeXmlAttribute(value) as EscapedAttribute
}

/**
 * `svgElement('path', { id, d })`, byte for byte, with path data escaped beforehand: the path
 * data of the glyph outlines is most of a preview's bytes, and a glyph is defined again on every
 * preview that uses it.
 *
 * @param id The id.
 * @param d The path data, from {@link escapedAttribute}.
 * @returns The element's markup.
 */
export function svgPathDefinition(id: string, d: EscapedAttribute): SvgMarkup {
  return `<path id="${escapeXmlAttribute(id)}" d="${d}"/>` as SvgMarkup
}

/**
 * A text node: the given text escaped with {@link escapeXmlText}.
 *
 * @param value Any string.
 * @returns Markup that displays exactly `value` (invalid XML characters as U+FFFD).
 */
export function svgTextNode(value: string): SvgMarkup {
  return escapeXmlText(value) as SvgMarkup
}

/**
 * Concatenates markup fragments (markup joined to markup stays markup).
 *
 * @param parts Fragments in order.
 * @returns One fragment.
 */
export function joinMarkup(parts: readonly SvgMarkup[]): SvgMarkup {
  return parts.join('') as SvgMarkup
}
