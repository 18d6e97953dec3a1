/**
 * The only importer of unified/remark-parse: CommonMark (no GFM) to mdast, with line breaks as
 * the spec writes them.
 *
 * @module
 */
import type { Root } from 'mdast'
import { unified } from 'unified'
import remarkParse from 'remark-parse'
import remarkBreaks from 'remark-breaks'

const processor = unified().use(remarkParse).use(remarkBreaks).freeze()

/**
 * Parses a `content` value to mdast with unist positions.
 *
 * Spec 2.5 says line breaks are written as `\n`, so a single newline inside a paragraph is a
 * hard line break (`break` node), as remark-breaks does; a blank line still separates paragraphs.
 *
 * @param text The Markdown text of one `content` value.
 * @returns The mdast root, positions included.
 */
export function parseMarkdown(text: string): Root {
  return processor.runSync(processor.parse(text)) as Root
}
