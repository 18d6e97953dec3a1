/**
 * The parse the layout uses: emphasis resolved, within a bound on its cost.
 *
 * @module
 */
import type { Root } from 'mdast'
import { parseMarkdown } from './parse-markdown.ts'
import { parseSimpleMarkdown } from './parse-simple-markdown.ts'

/**
 * The emphasis work a text may need before the layout stops resolving emphasis: the sum over its
 * blocks of (delimiter runs in the block)². micromark resolves emphasis in time quadratic in the
 * runs of one block: 200 runs in one paragraph cost about 15 ms, a crafted 8000-character value
 * of about 5300 runs about 2 s (measured on the 2-core CI machine). A real postcard with ten
 * paragraphs of ten bold or italic spans each needs 4,000; the bound only ever meets hostile
 * input.
 */
export const MAX_EMPHASIS_WORK = 200 * 200

/** What {@link emphasisWork} measures. */
export interface EmphasisWork {
  /** Σ over blocks of (maximal `*`/`_` runs in the block)². */
  readonly work: number
  /** All maximal `*`/`_` runs of the text. */
  readonly runs: number
}

/**
 * Measures the emphasis work of a text (blocks split at blank lines, which emphasis never
 * crosses). Linear in the text.
 *
 * @param text The Markdown text.
 * @returns The work and the number of delimiter runs.
 */
export function emphasisWork(text: string): EmphasisWork {
  let work = 0
  let runs = 0
  let blockRuns = 0
  let previous = -1
  let lineHasText = false
  // Code units, not code points: every character that matters here is ASCII.
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index)
    if (unit === 0x0a) {
      if (!lineHasText) {
        // a blank line ends the block
        work += blockRuns * blockRuns
        blockRuns = 0
      }
      lineHasText = false
      previous = unit
      continue
    }
    if (unit !== 0x20 && unit !== 0x09 && unit !== 0x0d) lineHasText = true
    // `*` (0x2a) or `_` (0x5f) starting a new run
    if ((unit === 0x2a || unit === 0x5f) && unit !== previous) {
      blockRuns++
      runs++
    }
    previous = unit
  }
  return { work: work + blockRuns * blockRuns, runs }
}

/** What {@link parseForLayout} returns. */
export interface LayoutParse {
  /** The mdast tree, with `\n` as line breaks. */
  readonly tree: Root
  /**
   * Whether emphasis was resolved. `false` only for a text over {@link MAX_EMPHASIS_WORK}: its
   * `*` and `_` are then laid out as plain characters.
   */
  readonly emphasisResolved: boolean
  /** Maximal `*`/`_` runs of the text (for the message when emphasis is not resolved). */
  readonly emphasisRuns: number
}

/**
 * Parses a `content` value for layout: with bold and italic resolved, unless resolving them
 * would take more than {@link MAX_EMPHASIS_WORK}, where one request could take seconds (a denial
 * of service of the server). The whitelist can judge the same tree (`checkMarkdownTree`), so a
 * value is parsed once. A text in the subset of `parseSimpleMarkdown` (what personalised texts
 * are written in) is parsed by it, in one linear pass, to the tree remark-parse would build;
 * any other text by remark-parse.
 *
 * @param text The Markdown text.
 * @returns The tree, whether emphasis was resolved, and the delimiter runs.
 */
export function parseForLayout(text: string): LayoutParse {
  const { work, runs } = emphasisWork(text)
  const emphasisResolved = work <= MAX_EMPHASIS_WORK
  return {
    tree:
      (emphasisResolved ? parseSimpleMarkdown(text) : undefined) ??
      parseMarkdown(text, { emphasis: emphasisResolved }),
    emphasisResolved,
    emphasisRuns: runs,
  }
}
