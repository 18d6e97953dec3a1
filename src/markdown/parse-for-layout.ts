/**
 * The parse the layout uses: emphasis resolved, within a bound on its cost.
 *
 * @module
 */
import type { Root } from 'mdast'
import { parseMarkdown } from './parse-markdown.ts'

/**
 * Emphasis delimiter runs (`*`, `__` …) one paragraph may have before the layout stops resolving
 * emphasis. micromark resolves emphasis in time quadratic in the runs of one paragraph: 200 runs
 * cost about 15 ms, a crafted 8000-character value of about 5300 runs about 2 s (measured on the
 * 2-core CI machine). A postcard with 100 bold or italic spans in one paragraph is far beyond any
 * real text, so the bound only ever meets hostile input.
 */
export const MAX_EMPHASIS_RUNS_PER_BLOCK = 200

/**
 * The largest number of emphasis delimiter runs in one block of a text (blocks split at blank
 * lines, which emphasis never crosses). Linear in the text.
 *
 * @param text The Markdown text.
 * @returns The largest count of maximal `*`/`_` runs in one block.
 */
export function maxEmphasisRuns(text: string): number {
  let max = 0
  let runs = 0
  let previous = ''
  let lineHasText = false
  for (const char of text) {
    if (char === '\n') {
      if (!lineHasText) runs = 0 // a blank line ends the block
      lineHasText = false
      previous = char
      continue
    }
    if (char !== ' ' && char !== '\t' && char !== '\r') lineHasText = true
    if ((char === '*' || char === '_') && char !== previous) {
      runs++
      if (runs > max) max = runs
    }
    previous = char
  }
  return max
}

/** What {@link parseForLayout} returns. */
export interface LayoutParse {
  /** The mdast tree, with `\n` as line breaks. */
  readonly tree: Root
  /**
   * Whether emphasis was resolved. `false` only for a text over
   * {@link MAX_EMPHASIS_RUNS_PER_BLOCK}: its `*` and `_` are then laid out as plain characters.
   */
  readonly emphasisResolved: boolean
}

/**
 * Parses a `content` value for layout: with bold and italic resolved, unless one paragraph has
 * more than {@link MAX_EMPHASIS_RUNS_PER_BLOCK} delimiter runs, where the cost of resolving them
 * would let one request take seconds (a denial of service of the server).
 *
 * @param text The Markdown text.
 * @returns The tree and whether emphasis was resolved.
 */
export function parseForLayout(text: string): LayoutParse {
  const emphasisResolved = maxEmphasisRuns(text) <= MAX_EMPHASIS_RUNS_PER_BLOCK
  return { tree: parseMarkdown(text, { emphasis: emphasisResolved }), emphasisResolved }
}
