/**
 * The Markdown whitelist of spec 2.5: which constructs of a `content` value the service rejects.
 *
 * @module
 */
import { checkMarkdownTree } from './check-markdown-tree.ts'
import { parseMarkdown } from './parse-markdown.ts'
import type { MarkdownViolation } from './types.ts'

/**
 * Lists the constructs of one `content` value that spec 2.5 does not support, in text order.
 *
 * The text is parsed as CommonMark (no GFM, see `parseMarkdown`) and the mdast tree is walked:
 *
 * - Allowed (spec 2.5 "Supported syntax"): paragraphs and blank lines, line breaks (`\n`, and
 *   CommonMark's hard breaks: two trailing spaces or a trailing `\`), bold, italic, bullet lists
 *   and numbered lists. CommonMark's other spellings of these parse to the same nodes and are
 *   allowed too: `__bold__` and `_italic_`, `+` and `*` bullets, `1)` numbers. Escaped characters
 *   (`\*`, `\#`) and character references (`&amp;`) are plain text.
 * - Rejected (spec 2.5 "Unsupported"), one violation per construct, at its first character:
 *   HTML (blocks and inline), links, autolinks, link references and their definitions, images and
 *   image references, inline code, fenced and indented code blocks, pipe tables (which
 *   CommonMark reads as a paragraph: a header row, then a delimiter row such as `|---|---|`), block
 *   quotes, ATX and setext headings, thematic breaks, and lists inside list items. What is inside
 *   a rejected construct is not reported again: a link inside a block quote is part of the quote.
 * - Double-brace placeholders such as `{{first_name}}` are rejected wherever they are, inside
 *   rejected constructs too, with the placeholder in the message.
 *
 * Messages follow one grammar, for example
 * ``Unexpected link at 1:7, expected only paragraphs, line breaks, bold, italic, bullet lists and numbered lists.``
 * and
 * ``Unexpected placeholder `{{first_name}}` at 2:3, expected the final text: placeholders are not filled in, send the recipient's value instead.``
 * Lines and columns are 1-based, counted like unist positions (a tab is one column).
 *
 * Never throws and never hangs: the parse bounds container nesting and skips emphasis, which is
 * allowed and changes no other construct (see `parseMarkdown`), and the walk uses a stack, not
 * recursion, so time stays about linear in the length of the text.
 *
 * @example
 *   checkMarkdown('Hello **Ada**,\nsee [our shop](https://example.com).')
 *   // → [{ code: 'link', construct: 'link', line: 2, column: 5, offset: 19, message: 'Unexpected link at 2:5, …' }]
 * @param text One `content` value, as sent.
 * @returns The violations in text order; empty when the service accepts the syntax.
 */
export function checkMarkdown(text: string): readonly MarkdownViolation[] {
  // Emphasis is allowed and changes no other construct: skip its quadratic resolution.
  return checkMarkdownTree(parseMarkdown(text, { emphasis: false }), text)
}
