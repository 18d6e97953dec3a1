/**
 * Style sheets of an SVG document resolved onto its elements: each element's `style` attribute
 * gets the declarations of the rules that match it (in cascade order, its own `style` last), and
 * the `<style>` elements go. A design's SVG artwork can then be inlined into a preview without
 * its sheet restyling the rest of the card, and converted to PDF paths by code that reads
 * attributes only.
 *
 * The selectors of exported artwork are supported: type, `*`, `#id`, `.class` and compounds of
 * them, joined by descendant (` `) or child (`>`) combinators. A rule with any other selector
 * (attributes, pseudo-classes, sibling combinators) is left out, as are at-rules.
 *
 * @module
 */
import type { SvgTreeElement, SvgTreeNode } from '../svg/sanitize-svg.ts'

/** One compound selector: a type (or none), ids and classes that must all match. */
interface Compound {
  readonly type: string | undefined
  readonly ids: readonly string[]
  readonly classes: readonly string[]
}

/** A complex selector, right to left: the subject first, then `combinator` and the ancestor. */
interface Selector {
  readonly parts: readonly Compound[]
  /** Between `parts[i]` and `parts[i + 1]`: `>` (parent) or ` ` (any ancestor). */
  readonly combinators: readonly ('>' | ' ')[]
  /** Ids, classes, types (CSS specificity), as one sortable number. */
  readonly specificity: number
}

interface Rule {
  readonly selectors: readonly Selector[]
  readonly declarations: readonly Declaration[]
  readonly order: number
}

interface Declaration {
  readonly property: string
  readonly value: string
  readonly important: boolean
}

const compoundPattern = /^([a-z][\w-]*|\*)?((?:[#.][\w-]+)*)$/i

/**
 * Resolves the style sheets of a sanitised document into `style` attributes and removes them.
 *
 * @param root The document's root element (from `sanitizeSvgTree(source, true)`).
 * @returns The same document without `<style>`, unchanged when it has none.
 */
export function applyStyleSheets(root: SvgTreeElement): SvgTreeElement {
  const sheets: string[] = []
  collectSheets(root, sheets)
  if (sheets.length === 0) return root
  const rules = parseRules(sheets.join('\n'))
  return resolve(root, [], rules)
}

function collectSheets(node: SvgTreeElement, sheets: string[]): void {
  for (const child of node.children) {
    if (typeof child === 'string') continue
    if (child.name === 'style')
      sheets.push(child.children.filter((text) => typeof text === 'string').join(''))
    else collectSheets(child, sheets)
  }
}

function resolve(
  element: SvgTreeElement,
  ancestors: readonly SvgTreeElement[],
  rules: readonly Rule[]
): SvgTreeElement {
  const matched: { declaration: Declaration; specificity: number; order: number }[] = []
  for (const rule of rules) {
    let best = -1
    for (const selector of rule.selectors) {
      if (selector.specificity > best && matches(selector, element, ancestors)) {
        best = selector.specificity
      }
    }
    if (best < 0) continue
    for (const declaration of rule.declarations) {
      matched.push({ declaration, specificity: best, order: rule.order })
    }
  }
  const own = element.attributes['style']
  let attributes = element.attributes
  if (matched.length > 0) {
    matched.sort(
      (a, b) =>
        Number(a.declaration.important) - Number(b.declaration.important) ||
        a.specificity - b.specificity ||
        a.order - b.order
    )
    const values = new Map<string, string>()
    for (const { declaration } of matched) {
      if (!declaration.important) values.set(declaration.property, declaration.value)
    }
    // The element's own `style` comes after the sheet's normal declarations, before `!important`.
    for (const declaration of parseDeclarations(own ?? '')) {
      values.set(declaration.property, declaration.value)
    }
    for (const { declaration } of matched) {
      if (declaration.important) values.set(declaration.property, declaration.value)
    }
    const style = [...values].map(([property, value]) => `${property}:${value}`).join(';')
    attributes = { ...element.attributes, style }
  }
  const path = [element, ...ancestors]
  const children: SvgTreeNode[] = []
  for (const child of element.children) {
    if (typeof child !== 'string' && child.name === 'style') continue
    children.push(typeof child === 'string' ? child : resolve(child, path, rules))
  }
  return { name: element.name, attributes, children }
}

function matches(
  selector: Selector,
  element: SvgTreeElement,
  ancestors: readonly SvgTreeElement[]
): boolean {
  const [subject, ...rest] = selector.parts
  if (!subject || !matchesCompound(subject, element)) return false
  return matchesAncestors(rest, selector.combinators, ancestors)
}

function matchesAncestors(
  parts: readonly Compound[],
  combinators: readonly ('>' | ' ')[],
  ancestors: readonly SvgTreeElement[]
): boolean {
  const [part, ...rest] = parts
  if (!part) return true
  const [combinator, ...restCombinators] = combinators
  if (combinator === '>') {
    const parent = ancestors[0]
    return (
      parent !== undefined &&
      matchesCompound(part, parent) &&
      matchesAncestors(rest, restCombinators, ancestors.slice(1))
    )
  }
  for (let index = 0; index < ancestors.length; index++) {
    const ancestor = ancestors[index] as SvgTreeElement
    if (
      matchesCompound(part, ancestor) &&
      matchesAncestors(rest, restCombinators, ancestors.slice(index + 1))
    ) {
      return true
    }
  }
  return false
}

function matchesCompound(compound: Compound, element: SvgTreeElement): boolean {
  if (compound.type !== undefined && compound.type !== element.name) return false
  const id = element.attributes['id']
  if (compound.ids.some((wanted) => wanted !== id)) return false
  if (compound.classes.length > 0) {
    const classes = (element.attributes['class'] ?? '').split(/\s+/)
    if (!compound.classes.every((wanted) => classes.includes(wanted))) return false
  }
  return true
}

/** Rules of a style sheet in source order; at-rules and unsupported selectors are skipped. */
function parseRules(css: string): Rule[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, ' ')
  const rules: Rule[] = []
  let position = 0
  while (position < text.length) {
    const open = text.indexOf('{', position)
    if (open === -1) break
    const prelude = text.slice(position, open).trim()
    const close = blockEnd(text, open)
    const block = text.slice(open + 1, close)
    position = close + 1
    if (prelude.startsWith('@') || prelude === '') continue
    const selectors: Selector[] = []
    for (const part of prelude.split(',')) {
      const selector = parseSelector(part.trim())
      if (selector) selectors.push(selector)
    }
    const declarations = parseDeclarations(block)
    if (selectors.length > 0 && declarations.length > 0) {
      rules.push({ selectors, declarations, order: rules.length })
    }
  }
  return rules
}

/** The index of the `}` closing the block that opens at `open` (nested blocks skipped). */
function blockEnd(text: string, open: number): number {
  let depth = 0
  for (let index = open; index < text.length; index++) {
    if (text[index] === '{') depth++
    else if (text[index] === '}' && --depth === 0) return index
  }
  return text.length
}

function parseSelector(text: string): Selector | undefined {
  const tokens = text.replaceAll('>', ' > ').split(/\s+/).filter(Boolean)
  const parts: Compound[] = []
  const combinators: ('>' | ' ')[] = []
  let ids = 0
  let classes = 0
  let types = 0
  let pending: '>' | ' ' | undefined
  for (const token of tokens) {
    if (token === '>') {
      if (parts.length === 0 || pending === '>') return undefined
      pending = '>'
      continue
    }
    const match = compoundPattern.exec(token)
    if (!match || token === '') return undefined
    const type = match[1] === undefined || match[1] === '*' ? undefined : match[1]
    const simple = match[2]?.match(/[#.][\w-]+/g) ?? []
    const compound: Compound = {
      type,
      ids: simple.filter((s) => s.startsWith('#')).map((s) => s.slice(1)),
      classes: simple.filter((s) => s.startsWith('.')).map((s) => s.slice(1)),
    }
    ids += compound.ids.length
    classes += compound.classes.length
    types += type === undefined ? 0 : 1
    if (parts.length > 0) combinators.push(pending ?? ' ')
    parts.push(compound)
    pending = undefined
  }
  if (parts.length === 0 || pending !== undefined) return undefined
  // Right to left: the subject first.
  return {
    parts: parts.reverse(),
    combinators: combinators.reverse(),
    specificity: ids * 1_000_000 + classes * 1_000 + types,
  }
}

/**
 * The declarations of a `style` attribute or a rule's block, in order.
 *
 * @param text `fill: red; stroke-width: 2 !important`.
 * @returns The declarations with lower-case property names.
 */
export function parseDeclarations(text: string): Declaration[] {
  const declarations: Declaration[] = []
  for (const part of text.split(';')) {
    const colon = part.indexOf(':')
    if (colon === -1) continue
    const property = part.slice(0, colon).trim().toLowerCase()
    let value = part.slice(colon + 1).trim()
    const important = /!\s*important$/i.test(value)
    if (important) value = value.replace(/!\s*important$/i, '').trim()
    if (!/^[a-z-]+$/.test(property) || value === '') continue
    declarations.push({ property, value, important })
  }
  return declarations
}
