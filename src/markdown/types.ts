/**
 * Findings of the Markdown whitelist (spec 2.5): typed data, one per offending construct.
 *
 * @module
 */

/**
 * Stable machine code of a {@link MarkdownViolation}: the kind of construct spec 2.5 does not
 * support. Codes group what a client fixes the same way; `construct` names the exact form.
 *
 * - `html`: an HTML block or inline HTML (tags, comments, processing instructions...).
 * - `link`: a link, an autolink (`<https://...>`) or a link reference (`[text][label]`).
 * - `definition`: a link reference definition (`[label]: https://...`).
 * - `image`: an image or an image reference.
 * - `code`: inline code, a fenced or an indented code block.
 * - `table`: a pipe table (a header row followed by a delimiter row such as `|---|---|`).
 * - `blockquote`: a block quote (`> ...`).
 * - `heading`: an ATX heading (`# ...`) or a setext heading (a line underlined with `=` or `-`).
 * - `thematic-break`: a thematic break (`---`, `***`, `___`).
 * - `nested-list`: a list inside a list item.
 * - `placeholder`: a double-brace placeholder such as `{{first_name}}`, anywhere in the text.
 * - `unsupported`: any other mdast node; never produced by `parseMarkdown` (CommonMark without
 *   extensions), it keeps a future parser extension from slipping through unnoticed.
 */
export type MarkdownViolationCode =
  | 'html'
  | 'link'
  | 'definition'
  | 'image'
  | 'code'
  | 'table'
  | 'blockquote'
  | 'heading'
  | 'thematic-break'
  | 'nested-list'
  | 'placeholder'
  | 'unsupported'

/**
 * One construct of a `content` value that spec 2.5 does not support, with where it starts, so a
 * client can show it in place; `message` is what the caller puts under `content.<key>`.
 */
export interface MarkdownViolation {
  /** Stable machine code, e.g. `link`. */
  readonly code: MarkdownViolationCode
  /** Human name of the exact construct, e.g. `autolink` or `fenced code block`. */
  readonly construct: string
  /** 1-based line of the construct's first character (unist position). */
  readonly line: number
  /** 1-based column of the construct's first character, in UTF-16 code units (unist). */
  readonly column: number
  /** Offset of the construct's first character in the text, in UTF-16 code units (unist). */
  readonly offset: number
  /** The placeholder as written (`{{first_name}}`), for a `placeholder` violation. */
  readonly placeholder?: string
  /** One sentence for people, following the project's message grammar. */
  readonly message: string
}
