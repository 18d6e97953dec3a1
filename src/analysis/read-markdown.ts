/**
 * The one reading of a `content` value (spec 2.5): parsed once, judged by the whitelist and
 * turned into the blocks the layout sets. The analysis calls nothing else per Markdown value.
 *
 * @module
 */
import { contentBlocks, type ContentBlock } from '../layout/content-blocks.ts'
import { checkMarkdownTree } from '../markdown/check-markdown-tree.ts'
import { parseForLayout } from '../markdown/parse-for-layout.ts'
import type { SyntaxAnalysis } from './types.ts'

/** A `content` value read once: what the whitelist found and what the layout sets. */
export interface MarkdownReading {
  readonly syntax: SyntaxAnalysis
  /** Paragraphs and list items, ready for line breaking. */
  readonly blocks: readonly ContentBlock[]
}

/**
 * Reads a `content` value: one parse (remark-parse, the reference), whose tree serves both the
 * whitelist and the layout, then discarded. Never throws on any string.
 *
 * @param text The Markdown text, as sent (clipped to the spec's 8000 characters by the caller).
 * @returns The whitelist's findings and the layout's blocks.
 */
export function readMarkdown(text: string): MarkdownReading {
  const { tree, emphasisResolved, emphasisRuns } = parseForLayout(text)
  return {
    syntax: {
      violations: checkMarkdownTree(tree, text),
      emphasisResolved,
      emphasisRuns,
    },
    blocks: contentBlocks(tree, text),
  }
}
