/**
 * The Markdown whitelist of spec 2.5 on a parsed tree: which constructs the service rejects.
 *
 * @module
 */
import type { Nodes, Parents, Root } from 'mdast'
import { findPipeTable } from './find-pipe-table.ts'
import { findPlaceholders } from './find-placeholders.ts'
import { lineIndex } from './line-index.ts'
import type { MarkdownViolation, MarkdownViolationCode } from './types.ts'

// spec 2.5 "Supported syntax", in the words of spec 7.1 `allowed_markdown`.
const EXPECTED =
  'expected only paragraphs, line breaks, bold, italic, bullet lists and numbered lists'

/**
 * Lists the constructs of one parsed `content` value that spec 2.5 does not support, in text
 * order: {@link checkMarkdown} for a caller that already has the tree (the layout parses the same
 * text), so the text is parsed once.
 *
 * @param tree The tree `parseMarkdown(text)` returned, with or without emphasis: the result is
 *   the same.
 * @param text The same text, as sent: positions point into it.
 * @returns The violations in text order; empty when the service accepts the syntax.
 */
export function checkMarkdownTree(tree: Root, text: string): readonly MarkdownViolation[] {
  const lines = lineIndex(text)
  const violations: MarkdownViolation[] = []
  const report = (code: MarkdownViolationCode, construct: string, offset: number) => {
    const { line, column } = lines.point(offset)
    const message = `Unexpected ${construct} at ${line}:${column}, ${EXPECTED}.`
    violations.push({ code, construct, line, column, offset, message })
  }
  let pipeFrom = 0
  let pipe = text.indexOf('|')
  const stack: Frame[] = [{ node: tree, parent: undefined, inListItem: false }]
  let frame: Frame | undefined
  while ((frame = stack.pop())) {
    const { node, parent, inListItem } = frame
    const offset = node.position?.start.offset ?? 0
    const rejected = classify(node, parent, inListItem, text)
    if (rejected) {
      report(rejected.code, rejected.construct, offset)
      continue // One violation per construct: its content is part of it.
    }
    if (node.type === 'paragraph') {
      const end = node.position?.end.offset ?? offset
      // A table has a pipe in its header or delimiter row: most paragraphs have none. Paragraphs
      // come in text order, so the search for the next pipe moves forward only.
      if (offset < pipeFrom || (pipe >= 0 && pipe < offset)) {
        pipeFrom = offset
        pipe = text.indexOf('|', offset)
      }
      if (pipe >= 0 && pipe < end) {
        const table = findPipeTable(text.slice(offset, end))
        if (table !== undefined) report('table', 'table', offset + table)
      }
    }
    if ('children' in node) {
      const children = node.children as Nodes[]
      for (let index = children.length - 1; index >= 0; index--) {
        const child = children[index]
        if (child) {
          stack.push({
            node: child,
            parent: node,
            inListItem: inListItem || node.type === 'listItem',
          })
        }
      }
    }
  }
  for (const placeholder of findPlaceholders(text)) {
    const { line, column } = lines.point(placeholder.offset)
    violations.push({
      code: 'placeholder',
      construct: 'placeholder',
      line,
      column,
      offset: placeholder.offset,
      placeholder: placeholder.text,
      message:
        `Unexpected placeholder \`${placeholder.text}\` at ${line}:${column}, expected the final ` +
        "text: placeholders are not filled in, send the recipient's value instead.",
    })
  }
  // Stable: a construct comes before a placeholder that starts at the same offset.
  return violations.sort((a, b) => a.offset - b.offset)
}

/** A node waiting to be checked, with what the whitelist needs to know about its ancestors. */
interface Frame {
  readonly node: Nodes
  readonly parent: Parents | undefined
  /** Whether an ancestor is a list item: a list here is a nested list. */
  readonly inListItem: boolean
}

/**
 * Tells whether one node is a construct spec 2.5 rejects, and which.
 *
 * @param node The node.
 * @param parent Its parent, if any.
 * @param inListItem Whether an ancestor is a list item.
 * @param text The raw text, to tell spellings apart (autolink or link, fenced or indented code).
 * @returns The code and human name of the construct, or `undefined` when it is allowed.
 */
function classify(
  node: Nodes,
  parent: Parents | undefined,
  inListItem: boolean,
  text: string
): { readonly code: MarkdownViolationCode; readonly construct: string } | undefined {
  const first = text.charAt(node.position?.start.offset ?? 0)
  switch (node.type) {
    case 'root':
    case 'paragraph':
    case 'text':
    case 'break':
    case 'strong':
    case 'emphasis':
    case 'listItem':
      return undefined
    case 'list':
      return inListItem ? { code: 'nested-list', construct: 'nested list' } : undefined
    case 'html': {
      const block = !parent || ['root', 'listItem', 'blockquote'].includes(parent.type)
      return { code: 'html', construct: block ? 'HTML block' : 'inline HTML' }
    }
    case 'link':
      return { code: 'link', construct: first === '<' ? 'autolink' : 'link' }
    case 'linkReference':
      return { code: 'link', construct: 'link reference' }
    case 'definition':
      return { code: 'definition', construct: 'link reference definition' }
    case 'image':
      return { code: 'image', construct: 'image' }
    case 'imageReference':
      return { code: 'image', construct: 'image reference' }
    case 'inlineCode':
      return { code: 'code', construct: 'inline code' }
    case 'code':
      // A fenced block starts at its fence; an indented one at its indentation.
      return {
        code: 'code',
        construct: first === '`' || first === '~' ? 'fenced code block' : 'indented code block',
      }
    case 'heading': {
      // An ATX heading is one line; a setext heading spans its text and its underline.
      const setext = (node.position?.end.line ?? 0) > (node.position?.start.line ?? 0)
      return { code: 'heading', construct: setext ? 'underlined heading' : 'heading' }
    }
    case 'blockquote':
      return { code: 'blockquote', construct: 'block quote' }
    case 'thematicBreak':
      return { code: 'thematic-break', construct: 'thematic break' }
    case 'table':
    case 'tableRow':
    case 'tableCell':
      return { code: 'table', construct: 'table' }
    default:
      // GFM, footnotes, frontmatter: never produced by parseMarkdown, rejected all the same.
      return { code: 'unsupported', construct: node.type }
  }
}
