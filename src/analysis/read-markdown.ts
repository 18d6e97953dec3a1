/**
 * The one reading of a `content` value (spec 2.5): parsed once, judged by the whitelist and
 * turned into the blocks the layout sets. The analysis calls nothing else per Markdown value.
 *
 * @module
 */
import type { Paragraph, Root } from 'mdast'
import { contentBlocks, simpleContentBlocks, type ContentBlock } from '../layout/content-blocks.ts'
import { checkMarkdownTree } from '../markdown/check-markdown-tree.ts'
import { MAX_EMPHASIS_WORK, emphasisWork } from '../markdown/parse-for-layout.ts'
import { parseMarkdown } from '../markdown/parse-markdown.ts'
import {
  isParagraph,
  parseSimpleDocument,
  type SimpleDocument,
  type SimpleParagraph,
} from '../markdown/parse-simple-markdown.ts'
import type { SyntaxAnalysis } from './types.ts'

/** A `content` value read once: what the whitelist found and what the layout sets. */
export interface MarkdownReading {
  readonly syntax: SyntaxAnalysis
  /** Paragraphs and list items, ready for line breaking. */
  readonly blocks: readonly ContentBlock[]
}

/**
 * Reads a `content` value: one parse, whose result serves both the whitelist and the layout,
 * then discarded. Never throws on any string.
 *
 * Texts in the Markdown that personalised texts use (paragraphs, `\n` breaks, bold, italic,
 * simple lists) take an exact fast path (`parseSimpleDocument`, one linear pass, the blocks made
 * without an mdast tree); every other text is parsed by remark-parse, the reference. Of the
 * whitelist's rules only pipe tables and placeholders can apply to a fast-path text, and only a
 * text with a `|` or a `{` can hold one.
 *
 * @param text The Markdown text, as sent (clipped to the spec's 8000 characters by the caller).
 * @returns The whitelist's findings and the layout's blocks.
 */
export function readMarkdown(text: string): MarkdownReading {
  return readSimpleMarkdown(text) ?? readMarkdownReference(text)
}

/**
 * The fast path of {@link readMarkdown} alone: the reading of a text in the subset
 * `parseSimpleDocument` reads (with emphasis within the parser's bound), else `undefined`.
 *
 * @param text The Markdown text.
 * @returns The reading, identical to {@link readMarkdownReference}'s, or `undefined`.
 */
export function readSimpleMarkdown(text: string): MarkdownReading | undefined {
  // The subset and the emphasis bound are checked in one pass.
  const document = parseSimpleDocument(text, MAX_EMPHASIS_WORK)
  if (!document) return undefined
  // No tree: the blocks are made straight from the document, and the whitelist, when it can
  // find something, judges the document's paragraphs.
  const findable = text.includes('|') || text.includes('{')
  return {
    syntax: {
      violations: findable ? checkMarkdownTree(paragraphsOf(document), text) : [],
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

/**
 * What the whitelist judges a fast-path text by: a root holding the document's paragraphs in text
 * order, with their source offsets (lines and columns are not read: findings are placed by offset
 * in the text). Everything else of the text's full tree (lists, items, phrasing) is allowed, so
 * `checkMarkdownTree` finds here what it finds there: the pipe tables of each paragraph and the
 * placeholders of the text (the differential tests compare the readings).
 */
function paragraphsOf(document: SimpleDocument): Root {
  const children: Paragraph[] = []
  const add = (lines: SimpleParagraph): void => {
    const start = lines[0] as number
    const end = lines[lines.length - 2] as number
    children.push({
      type: 'paragraph',
      children: [],
      position: {
        start: { line: 0, column: 0, offset: start },
        end: { line: 0, column: 0, offset: end },
      },
    })
  }
  for (const block of document.blocks) {
    if (isParagraph(block)) add(block)
    else for (const item of block.items) item.paragraphs.forEach(add)
  }
  return { type: 'root', children }
}
