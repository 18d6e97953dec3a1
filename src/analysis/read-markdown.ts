/**
 * The one reading of a `content` value (spec 2.5): parsed once, judged by the whitelist and
 * turned into the blocks the layout sets. The analysis calls nothing else per Markdown value.
 *
 * @module
 */
import { contentBlocks, simpleContentBlocks, type ContentBlock } from '../layout/content-blocks.ts'
import { checkMarkdownTree } from '../markdown/check-markdown-tree.ts'
import { MAX_EMPHASIS_WORK, emphasisWork } from '../markdown/parse-for-layout.ts'
import { parseMarkdown } from '../markdown/parse-markdown.ts'
import { parseSimpleDocument, simpleTree } from '../markdown/parse-simple-markdown.ts'
import type { SyntaxAnalysis } from './types.ts'

/** A `content` value read once: what the whitelist found and what the layout sets. */
export interface MarkdownReading {
  readonly syntax: SyntaxAnalysis
  /** Paragraphs and list items, ready for line breaking. */
  readonly blocks: readonly ContentBlock[]
}

/**
 * Reads a `content` value: one parse, whose tree serves both the whitelist and the layout, then
 * discarded. Never throws on any string.
 *
 * Texts in the Markdown that personalised texts use (paragraphs, `\n` breaks, bold, italic,
 * simple lists) take an exact fast path (`parseSimpleDocument`, the same reading in a single linear
 * pass, its blocks made without an mdast tree); every other text is parsed by remark-parse, the reference. Of the whitelist's rules only
 * pipe tables and placeholders can apply to such a tree, and only a text with a `|` or a `{` can
 * hold one.
 *
 * @param text The Markdown text, as sent (clipped to the spec's 8000 characters by the caller).
 * @returns The whitelist's findings and the layout's blocks.
 */
export function readMarkdown(text: string): MarkdownReading {
  return readSimpleMarkdown(text) ?? readMarkdownReference(text)
}

/**
 * The fast path of {@link readMarkdown} alone: the reading of a text in the subset
 * `parseSimpleMarkdown` reads (with emphasis within the parser's bound), else `undefined`.
 *
 * @param text The Markdown text.
 * @returns The reading, identical to {@link readMarkdownReference}'s, or `undefined`.
 */
export function readSimpleMarkdown(text: string): MarkdownReading | undefined {
  // The subset and the emphasis bound are checked in one pass.
  const document = parseSimpleDocument(text, MAX_EMPHASIS_WORK)
  if (!document) return undefined
  // The tree only for the whitelist, and only when it can find something: the blocks are made
  // straight from the document.
  const findable = text.includes('|') || text.includes('{')
  return {
    syntax: {
      violations: findable ? checkMarkdownTree(simpleTree(document), text) : [],
      emphasisResolved: true,
      emphasisRuns: document.emphasisRuns,
    },
    blocks: simpleContentBlocks(document),
  }
}

/**
 * Reads a `content` value with remark-parse alone: the reference {@link readMarkdown} gives the
 * same reading as, faster, for the texts of its fast path (the differential tests compare them).
 *
 * @param text The Markdown text.
 * @returns The whitelist's findings and the layout's blocks.
 */
export function readMarkdownReference(text: string): MarkdownReading {
  const { work, runs } = emphasisWork(text)
  const emphasisResolved = work <= MAX_EMPHASIS_WORK
  const tree = parseMarkdown(text, { emphasis: emphasisResolved })
  return {
    syntax: {
      violations: checkMarkdownTree(tree, text),
      emphasisResolved,
      emphasisRuns: runs,
    },
    blocks: contentBlocks(tree, text),
  }
}
