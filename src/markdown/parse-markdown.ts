/**
 * The only importer of the CommonMark parser: CommonMark (no GFM) to mdast, with line breaks as
 * the spec writes them. It calls `fromMarkdown` of mdast-util-from-markdown, the function
 * remark-parse's parser is (remark-parse passes the processor's micromark extensions to it and
 * nothing else), without the unified processor around it: the trees are remark-parse's (the tests
 * hold them equal to `unified().use(remarkParse)` on every CommonMark example and on generated
 * Markdown), and the browser bundle leaves out unified and vfile (4.1 kB gzipped).
 *
 * @module
 */
import type { Root } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'
import {
  MAX_LINE_CONTAINERS,
  applyNestingCuts,
  containersAt,
  findNestingCuts,
  restoreNestingCut,
} from './limit-nesting.ts'
import { lineIndex } from './line-index.ts'
import { newlineToBreak } from './newline-to-break.ts'

/** Options of {@link parseMarkdown}. */
export interface ParseMarkdownOptions {
  /**
   * Whether to resolve emphasis and strong emphasis (default: `true`). With `false`, `*` and `_`
   * stay text. Nothing else changes, since code spans, links, images, autolinks and HTML group
   * more tightly than emphasis (CommonMark 6.2 rule 17), so the syntax check parses without it:
   * micromark resolves emphasis in time quadratic in the number of `*`/`_` runs, seconds for an
   * 8000-character value built for it.
   */
  readonly emphasis?: boolean
}

/** Without the attention construct, `*` and `_` stay text (micromark's `disable` extension). */
const NO_EMPHASIS = { extensions: [{ disable: { null: ['attention'] } }] }

const withEmphasis = { parse: (value: string): Root => fromMarkdown(value) }
const withoutEmphasis = { parse: (value: string): Root => fromMarkdown(value, NO_EMPHASIS) }

/**
 * Parses a `content` value to mdast with unist positions.
 *
 * - CommonMark 0.31 through remark-parse (micromark), without GFM: spec 2.5 names no extension,
 *   and GFM would turn pipe tables and bare URLs into nodes CommonMark reads as text.
 * - Spec 2.5 says line breaks are written as `\n`, so a single newline inside a paragraph is a
 *   hard line break (`break` node), exactly as remark-breaks makes it; a blank line still
 *   separates paragraphs.
 * - A line opens at most {@link MAX_LINE_CONTAINERS} containers; the rest of such a line is the
 *   text of a paragraph in the last one (see `limit-nesting.ts`). Without this bound, 8000
 *   characters of `- - - …` take 4 s or more to parse. It cannot change whether spec 2.5
 *   accepts a text: such a line holds a nested list or a block quote either way.
 *
 * Never throws, whatever the string. Time grows about linearly with the text, except for
 * emphasis: see {@link ParseMarkdownOptions.emphasis}.
 *
 * @param text The Markdown text of one `content` value.
 * @param options What to parse (default: everything).
 * @returns The mdast root, positions included (except on the `text` nodes around breaks).
 */
export function parseMarkdown(text: string, options?: ParseMarkdownOptions): Root {
  const processor = options?.emphasis === false ? withoutEmphasis : withEmphasis
  let cuts = findNestingCuts(text)
  let tree = processor.parse(applyNestingCuts(text, cuts))
  if (cuts.length > 0) {
    // Keep only the cuts that landed inside as many containers as they should (see containersAt).
    const kept = cuts.filter((cut) => containersAt(tree, cut).containers >= MAX_LINE_CONTAINERS)
    if (kept.length < cuts.length) {
      cuts = kept
      tree = processor.parse(applyNestingCuts(text, cuts))
    }
    const lines = lineIndex(text)
    for (const cut of cuts) {
      const node = containersAt(tree, cut).text
      if (node) restoreNestingCut(node, text, cut, lines.point(cut).line)
    }
  }
  newlineToBreak(tree)
  return tree
}
