/**
 * The Markdown features spec 2.5 supports, as `meta.allowed_markdown` names them (spec 7.1).
 *
 * @module
 */
import type { MarkdownFeature } from '../verdict/types.ts'

/**
 * The six supported Markdown features in the order of spec 7.1: the exact value of
 * `meta.allowed_markdown` whenever a `content` value uses unsupported syntax, so clients learn
 * what to write instead. Frozen: it is shared by every verdict.
 */
export const ALLOWED_MARKDOWN: readonly MarkdownFeature[] = Object.freeze([
  'paragraphs',
  'line_breaks',
  'bold',
  'italic',
  'bullet_lists',
  'numbered_lists',
] as const)
