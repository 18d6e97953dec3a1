/**
 * Test helper: the constructs of a Markdown text as the CommonMark reference parser
 * (commonmark.js, which we did not write) sees them, and as `checkMarkdown` reports them, in one
 * notation, so that the oracle test can compare them.
 *
 * Notation: the construct name `checkMarkdown` uses, plus `@line:column` for block constructs
 * (commonmark.js has positions for blocks only). Both sides apply the whitelist's rule: one entry
 * per construct, nothing inside a rejected construct.
 */
import { Parser } from 'commonmark'
import type { Node as CommonMarkNode } from 'commonmark'
import { checkMarkdown } from '../../src/markdown/check-markdown.ts'

/** commonmark.js internals the oracle reads: the block tree being built and the inline parser. */
interface ParserInternals {
  doc: CommonMarkNode
  inlineParser: { parseReference(text: string, refmap: object): number }
}

/** commonmark.js block fields without a public getter. */
interface BlockInternals {
  /** The raw text of an open paragraph. */
  _string_content: string | null
  /** Whether a code block is fenced (`isFenced` of @types/commonmark does not exist). */
  _isFenced: boolean
}

/**
 * The constructs commonmark.js finds, as `kind` or, for blocks, `kind@line:column` (inline nodes
 * have no position in commonmark.js).
 *
 * @param markdown One example.
 * @returns The sorted multiset of constructs.
 */
export function referenceConstructs(markdown: string): string[] {
  const parser = new Parser() as Parser & ParserInternals
  // commonmark.js drops link reference definitions from its AST (they only fill its refmap), so
  // count them where it parses them: each call that consumes text from the start of a paragraph
  // is one definition, which the walk below would reach unless that paragraph is inside a
  // rejected construct. Ask while parsing: a paragraph of definitions only is unlinked from the
  // tree afterwards.
  const found: string[] = []
  const inline = parser.inlineParser
  const parseReference = inline.parseReference.bind(inline)
  inline.parseReference = (text, refmap) => {
    const consumed = parseReference(text, refmap)
    if (consumed > 0 && !insideRejected(paragraphWithContent(parser.doc, text))) {
      found.push('link reference definition')
    }
    return consumed
  }
  const document = parser.parse(markdown)
  const walker = document.walker()
  let event
  while ((event = walker.next())) {
    if (!event.entering) continue
    const node = event.node
    const kind = rejectedKind(node)
    if (kind === undefined) continue
    found.push(isBlock(node) ? `${kind}@${blockStart(node, kind, markdown)}` : kind)
    walker.resumeAt(node, false) // One per construct: skip what is inside.
  }
  return found.sort()
}

/**
 * What the whitelist calls a commonmark.js node it rejects, or `undefined` when it is allowed.
 *
 * @param node A commonmark.js node.
 * @returns The construct name `checkMarkdown` uses for it.
 */
function rejectedKind(node: CommonMarkNode): string | undefined {
  switch (node.type) {
    case 'list':
      return node.parent?.type === 'item' ? 'nested list' : undefined
    case 'html_block':
      return 'HTML block'
    case 'html_inline':
      return 'inline HTML'
    case 'link':
      return 'link'
    case 'image':
      return 'image'
    case 'code':
      return 'inline code'
    case 'code_block':
      return (node as CommonMarkNode & BlockInternals)._isFenced
        ? 'fenced code block'
        : 'indented code block'
    case 'heading':
      // A setext heading spans its text and its underline; an ATX heading is one line.
      return node.sourcepos[1][0] > node.sourcepos[0][0] ? 'underlined heading' : 'heading'
    case 'block_quote':
      return 'block quote'
    case 'thematic_break':
      return 'thematic break'
    case 'document':
    case 'paragraph':
    case 'text':
    case 'softbreak':
    case 'linebreak':
    case 'emph':
    case 'strong':
    case 'item':
      return undefined
    default:
      throw new Error(`Unexpected commonmark.js node \`${node.type}\``)
  }
}

/**
 * The `line:column` where a block starts, in micromark's terms.
 *
 * @param node A commonmark.js block node.
 * @param kind Its construct name.
 * @returns The line and column.
 */
function blockStart(node: CommonMarkNode, kind: string, markdown: string): string {
  const [line, column] = node.sourcepos[0]
  return blockPosition(markdown, kind, line, column)
}

/**
 * Writes where a block starts, as both parsers can agree on it.
 *
 * The two legitimate differences of positions: micromark starts an indented code block at its
 * indentation (the node spans whole lines), commonmark.js after it (4 columns, which with tabs is
 * not 4 characters); and where a container's indentation consumes only part of a tab
 * (`1. *\n\n\t<!--`), micromark starts the block after the tab, commonmark.js at it. In both
 * cases only the line is compared.
 *
 * @param markdown The text.
 * @param kind The construct name.
 * @param line 1-based line.
 * @param column 1-based column.
 * @returns `line:column`, or `line` alone.
 */
function blockPosition(markdown: string, kind: string, line: number, column: number): string {
  const indentation = /^[\t >]*/.exec(markdown.split(/\r\n|\r|\n/)[line - 1] ?? '')?.[0] ?? ''
  return kind === 'indented code block' || indentation.includes('\t')
    ? `${line}`
    : `${line}:${column}`
}

/**
 * Whether a commonmark.js node is a block (its position is known) rather than an inline.
 *
 * @param node A commonmark.js node.
 * @returns `true` for blocks.
 */
function isBlock(node: CommonMarkNode): boolean {
  return ['list', 'block_quote', 'html_block', 'code_block', 'heading', 'thematic_break'].includes(
    node.type
  )
}

/**
 * Whether a commonmark.js node sits inside a construct the walk would not enter.
 *
 * @param node A commonmark.js node.
 * @returns `true` inside a block quote or a nested list.
 */
function insideRejected(node: CommonMarkNode): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (rejectedKind(parent) !== undefined) return true
  }
  return false
}

/**
 * Finds the open paragraph whose raw text commonmark.js is reading definitions from.
 *
 * @param document The document being parsed.
 * @param text The raw text handed to `parseReference`.
 * @returns The paragraph.
 */
function paragraphWithContent(document: CommonMarkNode, text: string): CommonMarkNode {
  const walker = document.walker()
  const matches: CommonMarkNode[] = []
  let event
  while ((event = walker.next())) {
    const node = event.node
    if (event.entering && node.type === 'paragraph') {
      if ((node as CommonMarkNode & BlockInternals)._string_content === text) matches.push(node)
    }
  }
  const [paragraph] = matches
  if (!paragraph || (matches.length > 1 && matches.some((m) => insideRejected(m)))) {
    throw new Error(`Cannot tell which paragraph holds \`${text}\``)
  }
  return paragraph
}

/**
 * The constructs the whitelist finds, in the same notation (constructs CommonMark has no notion
 * of, pipe tables and placeholders, are left out; link spellings are one kind for commonmark.js).
 *
 * @param markdown One example.
 * @returns The sorted multiset of constructs.
 */
export function ourConstructs(markdown: string): string[] {
  return checkMarkdown(markdown)
    .filter((violation) => violation.code !== 'table' && violation.code !== 'placeholder')
    .map((violation) => {
      const kind = ['autolink', 'link reference'].includes(violation.construct)
        ? 'link'
        : violation.construct === 'image reference'
          ? 'image'
          : violation.construct
      const block = !['link', 'image', 'inline code', 'inline HTML'].includes(kind)
      return block && kind !== 'link reference definition'
        ? `${kind}@${blockPosition(markdown, kind, violation.line, violation.column)}`
        : kind
    })
    .sort()
}

/**
 * Explains a difference between our constructs and commonmark.js's by one of the two places
 * where micromark (remark-parse, our parser) and commonmark.js read CommonMark 0.31.2
 * differently; the random oracle test found them, none occurs in the spec's examples. The
 * whitelist follows micromark, since the layout renders micromark's tree.
 *
 * - An email autolink whose local part has a `!` (`<a!b@example.com>`): the spec's atext
 *   includes `!`, micromark's `asciiAtext` does not. commonmark.js finds a `link` where
 *   micromark reads text, or `inline HTML` where the text is also an HTML comment
 *   (`<!--a@b>-->`).
 * - A list whose first item starts with a blank line (nothing after its marker on that line) or
 *   which is numbered from another number than 1.
 *   CommonMark forbids such a list to interrupt a paragraph; micromark also applies that rule
 *   where the list interrupts nothing and reads its lines as paragraph text: first in an item
 *   that itself interrupts a paragraph (`a\n- -`, `a\n1. 2) b`; see remarkjs/remark#759 on the
 *   rule), or after an indented code block (`    code\n\n*\n-`, `    code\n*\n    ~~~`,
 *   `1.     code\n    *`). So
 *   commonmark.js finds a `nested list` (around it) or block constructs inside it that micromark
 *   does not, and micromark may find an `underlined heading` in its lines (the marker's text
 *   underlined by the next line). Block constructs only: both see the same inline constructs in
 *   the same text.
 *
 * @param markdown The text.
 * @param ours What {@link ourConstructs} found.
 * @param reference What {@link referenceConstructs} found.
 * @returns The known difference that explains every entry in which the two differ, or
 *   `undefined` when something is left unexplained (or when they agree).
 */
export function knownDivergence(
  markdown: string,
  ours: readonly string[],
  reference: readonly string[]
): string | undefined {
  const onlyOurs = [...ours]
  const onlyReference: string[] = []
  for (const entry of reference) {
    const index = onlyOurs.indexOf(entry)
    if (index >= 0) onlyOurs.splice(index, 1)
    else onlyReference.push(entry)
  }
  if (onlyOurs.length === 0 && onlyReference.length === 0) return undefined
  const bangEmail = /<[^\s!<>@]*![^\s<>@]*@/.test(markdown)
  const interrupting = interruptingLists(markdown)
  const inInterruptingList = (entry: string) => {
    const line = Number(/@(\d+)/.exec(entry)?.[1])
    return interrupting.lines.some(([first, last]) => line >= first && line <= last)
  }
  const reasons = new Set<string>()
  for (const entry of onlyOurs) {
    if (entry === 'inline HTML' && bangEmail) reasons.add('email autolink with `!`')
    else if (entry.startsWith('underlined heading@') && inInterruptingList(entry)) {
      reasons.add('list read as interrupting a paragraph')
    } else return undefined
  }
  for (const entry of onlyReference) {
    if (entry === 'link' && bangEmail) reasons.add('email autolink with `!`')
    else if (interrupting.nested.includes(entry) || inInterruptingList(entry)) {
      reasons.add('list read as interrupting a paragraph')
    } else return undefined
  }
  return [...reasons].join(' and ')
}

/**
 * Where commonmark.js reads lists that may not interrupt a paragraph: a first item that starts
 * with a blank line (nothing after its marker) or a number other than 1.
 *
 * @param markdown The text.
 * @returns The line ranges of those lists, and the nested lists around them (the whitelist
 *   reports the outermost one) as `nested list@line:column` entries.
 */
function interruptingLists(markdown: string): {
  lines: (readonly [number, number])[]
  nested: string[]
} {
  const lines: (readonly [number, number])[] = []
  const nested: string[] = []
  const walker = new Parser().parse(markdown).walker()
  let event
  while ((event = walker.next())) {
    const node = event.node
    if (!event.entering || node.type !== 'list') continue
    // The first item starts with a blank line: nothing after its marker on the marker's line.
    const item = node.firstChild
    const blankStart = !item?.firstChild || item.firstChild.sourcepos[0][0] > item.sourcepos[0][0]
    if (!blankStart && (node.listType !== 'ordered' || node.listStart === 1)) continue
    lines.push([node.sourcepos[0][0], node.sourcepos[1][0]])
    for (let list: CommonMarkNode | null = node; list; list = list.parent?.parent ?? null) {
      if (list.type === 'list' && list.parent?.type === 'item') {
        nested.push(`nested list@${blockStart(list, 'nested list', markdown)}`)
      }
    }
  }
  return { lines, nested }
}
