/**
 * Shortening a `content` value until it fits its area (spec 7.1 repair rule: "shorten text …
 * for fit errors"): the longest prefix that fits, cut after a word, with the Markdown kept
 * valid (open bold and italic closed, list items whole) and an optional ellipsis. The search is
 * the fit suggestion's (`longestFittingPrefix`), on the same layout; the result is read and
 * measured again as the service will read it.
 *
 * @module
 */
import { readMarkdown, type MarkdownReading } from '../analysis/read-markdown.ts'
import { clipText } from '../analysis/read-body.ts'
import type { MarkdownElement } from '../design/types.ts'
import { longestFittingPrefix } from '../layout/check-fit.ts'
import { truncateBlocks, type ContentBlock } from '../layout/content-blocks.ts'
import { fitsBlocks } from '../layout/layout-blocks.ts'
import type { LayoutOptions } from '../layout/renderer-profile.ts'
import { SPEC_LIMITS } from '../spec/limits.ts'
import type { FontRegistry } from '../text/types.ts'

/** A text shortened until it fits. */
export interface ShortenedText {
  readonly ok: true
  /** The repaired text: a prefix of the original, its open emphasis closed, maybe `…`. */
  readonly text: string
  /** Where the kept prefix of the original ends (UTF-16 offset). */
  readonly end: number
}

/** A text no prefix ending after a word makes fit (a first word wider than the area). */
export interface UnshortenableText {
  readonly ok: false
}

/**
 * Prefixes tried after the longest fitting one, when the composed text does not pass (its
 * ellipsis makes a line too long, or it reads differently): the next shorter cut points.
 */
const MAX_COMPOSE_TRIES = 16

/** Trailing characters an ellipsis replaces: a cut after `bulbs,` reads `bulbs…`. */
const WEAK_END = new Set([',', ';', ':', '-', '\u2013', '\u2014'])

/** Endings after which no ellipsis is needed: the cut ends a sentence. */
const SENTENCE_END = /[.!?\u2026]$/u

function isSpace(unit: number): boolean {
  return unit === 0x20 || unit === 0x09 || unit === 0x0a || unit === 0x0d || unit === 0x0c
}

/** `end` moved back over white space. */
function trimEnd(text: string, end: number): number {
  let at = end
  while (at > 0 && isSpace(text.charCodeAt(at - 1))) at--
  return at
}

/** Where a block's text ends in the source (after its last character). */
function blockEnd(block: ContentBlock): number {
  let end = block.source
  for (const line of block.lines) {
    const last = line.sources.at(-1)
    if (last !== undefined) end = Math.max(end, last + 1)
  }
  return end
}

/**
 * The offsets a text may be cut at, ascending: after each word (before white space or at the
 * end), except inside a list item, which is kept whole or dropped whole (a cut inside one moves
 * to before its marker).
 *
 * @param text The source.
 * @param blocks Its blocks.
 * @returns Cut offsets greater than 0.
 */
export function cutPoints(text: string, blocks: readonly ContentBlock[]): number[] {
  // Each list item: where it starts (its first block's source) and where its text ends.
  const items: { start: number; end: number }[] = []
  for (const block of blocks) {
    if (block.list < 0) continue
    const last = items.at(-1)
    if (block.itemStart || last === undefined)
      items.push({ start: block.source, end: blockEnd(block) })
    else last.end = Math.max(last.end, blockEnd(block))
  }
  const cuts = new Set<number>()
  let item = 0
  for (let at = 1; at <= text.length; at++) {
    if (isSpace(text.charCodeAt(at - 1)) || (at < text.length && !isSpace(text.charCodeAt(at)))) {
      continue
    }
    while (item < items.length && (items[item] as { end: number }).end <= at) item++
    const inside = items[item]
    const cut = inside !== undefined && inside.start < at ? trimEnd(text, inside.start) : at
    if (cut > 0) cuts.add(cut)
  }
  return [...cuts].sort((a, b) => a - b)
}

/** The `*`/`_` delimiter run that ends at `at` in the source. */
function delimitersBefore(text: string, at: number): string {
  let start = at
  while (start > 0 && (text.charAt(start - 1) === '*' || text.charAt(start - 1) === '_')) start--
  return text.slice(start, at)
}

function reversed(text: string): string {
  return [...text].reverse().join('')
}

/**
 * The closing delimiters of the bold and italic spans a prefix ends inside, innermost first, as
 * the text opens them: `**` for `**bold`, `_` for `_it`, `***` for `***both`. A span's opener is
 * the delimiter run right before its first character; the span that starts later is the inner
 * one. The composed text is read again afterwards, so a guess that reads otherwise is dropped.
 *
 * @param text The source.
 * @param prefix The blocks of the kept prefix (`truncateBlocks`).
 * @param end Where the kept prefix ends: delimiters between its last character and `end`
 *   closed their spans already.
 * @returns The closers to append.
 */
export function openClosers(text: string, prefix: readonly ContentBlock[], end: number): string {
  const block = prefix.at(-1)
  if (!block) return ''
  const chars: { readonly bold: boolean; readonly italic: boolean; readonly at: number }[] = []
  for (const line of block.lines) {
    const sources = line.sources
    for (const run of line.runs) {
      for (let index = run.start; index < run.end; index++) {
        chars.push({ bold: run.bold, italic: run.italic, at: sources[index] ?? 0 })
      }
    }
  }
  const last = chars.at(-1)
  if (!last || (!last.bold && !last.italic)) return ''
  const startOf = (style: 'bold' | 'italic'): number => {
    let index = chars.length - 1
    while (index > 0 && chars[index - 1]?.[style]) index--
    return chars[index]?.at ?? 0
  }
  const open: { start: number; count: number }[] = []
  if (last.bold) open.push({ start: startOf('bold'), count: 2 })
  if (last.italic) open.push({ start: startOf('italic'), count: 1 })
  const [inner, outer] = open.sort((a, b) => b.start - a.start)
  const closers =
    inner && outer && inner.start === outer.start
      ? reversed(delimitersBefore(text, inner.start).slice(-3))
      : open
          .map(({ start, count }) => reversed(delimitersBefore(text, start).slice(-count)))
          .join('')
  // `*italic*` cut after its closer: the kept delimiters after the last character closed it.
  const kept = text.slice(last.at + 1, end)
  return closers.startsWith(kept) ? closers.slice(kept.length) : closers
}

/** Per UTF-16 unit of a block's lines: its text and its style (`0`, `b`, `i`, `3`). */
function styledLines(blocks: readonly ContentBlock[]): { text: string; styles: string }[][] {
  return blocks.map((block) =>
    block.lines.map((line) => {
      let styles = ''
      for (const run of line.runs) {
        const code = run.bold ? (run.italic ? '3' : 'b') : run.italic ? 'i' : '0'
        styles += code.repeat(run.end - run.start)
      }
      return { text: line.text, styles }
    })
  )
}

/**
 * Whether a composed text reads as the prefix of the original it was made from: the same
 * blocks (kind, marker), the same lines, the same characters in the same styles, then the
 * ellipsis (in whatever style: inside a span the cut closed, or after one that closed itself).
 */
function readsAsPrefix(
  composed: readonly ContentBlock[],
  prefix: readonly ContentBlock[],
  ellipsis: string
): boolean {
  if (composed.length !== prefix.length) return false
  for (let index = 0; index < prefix.length; index++) {
    const a = composed[index] as ContentBlock
    const b = prefix[index] as ContentBlock
    if (a.kind !== b.kind || a.marker !== b.marker) return false
  }
  const actual = styledLines(composed)
  const last = actual.at(-1)?.at(-1)
  if (last && ellipsis !== '') {
    if (!last.text.endsWith(ellipsis)) return false
    last.text = last.text.slice(0, -ellipsis.length)
    last.styles = last.styles.slice(0, -ellipsis.length)
  }
  return JSON.stringify(actual) === JSON.stringify(styledLines(prefix))
}

/** Where the block a cut at `end` falls in starts (its marker for a list item). */
function blockStart(blocks: readonly ContentBlock[], end: number): number {
  let start = 0
  for (const block of blocks) {
    if (block.source >= end) break
    start = block.source
  }
  return start
}

/** Whether `end` is the end of a list item's text (trailing delimiters included). */
function endsItem(blocks: readonly ContentBlock[], end: number): boolean {
  let last: ContentBlock | undefined
  for (const block of blocks) {
    if (block.source >= end) break
    last = block
  }
  return last !== undefined && last.list >= 0 && blockEnd(last) <= end
}

/**
 * The cut points and the longest fitting one, on a reading of a text. A reading whose emphasis
 * was not resolved (a text with more bold and italic markers than the parser's bound) measured
 * its markers as characters: the part of the text around the cut is read again, and is short
 * enough to resolve.
 */
function search(
  source: string,
  reading: MarkdownReading,
  area: MarkdownElement,
  fonts: FontRegistry,
  options: LayoutOptions
): {
  readonly blocks: readonly ContentBlock[]
  readonly cuts: readonly number[]
  readonly index: number
} {
  const cuts = cutPoints(source, reading.blocks)
  const index = longestFittingPrefix(reading.blocks, cuts, area, fonts, options)
  if (reading.syntax.emphasisResolved) return { blocks: reading.blocks, cuts, index }
  const around = cuts[Math.max(0, index)] ?? 0
  for (let margin = 1000; ; margin *= 2) {
    let end = Math.min(source.length, around + margin)
    while (end < source.length && !isSpace(source.charCodeAt(end))) end++
    const window = readMarkdown(source.slice(0, end))
    if (!window.syntax.emphasisResolved) break
    const windowCuts = cutPoints(source.slice(0, end), window.blocks)
    const windowIndex = longestFittingPrefix(window.blocks, windowCuts, area, fonts, options)
    // The window must hold a cut that does not fit, else the longest fitting one may lie beyond.
    if (windowIndex < windowCuts.length - 1 || end === source.length) {
      return { blocks: window.blocks, cuts: windowCuts, index: windowIndex }
    }
  }
  return { blocks: reading.blocks, cuts, index }
}

/**
 * Shortens a text to the longest prefix that fits its area, cut after a word. A prefix that
 * ends inside bold or italic gets its closing delimiters; a list item is kept whole or dropped;
 * the ellipsis (when given) replaces trailing commas, colons and dashes and is left out after a
 * sentence's end. The composed text is read and measured again (as the service will); when it
 * does not fit or reads otherwise than the prefix it was made of, the next shorter cut is tried.
 *
 * @param text The `content` value (one over 8000 characters is shortened from its first 8000).
 * @param reading Its reading when the caller has it (`readMarkdown(text)`), else read here.
 * @param area Its Markdown area.
 * @param fonts The fonts.
 * @param options The renderer profile and the ellipsis (`''` for none).
 * @returns The text as it is when it fits, the repaired text (without the ellipsis when only
 *   that makes it fit), or `{ ok: false }` when not even the first word fits.
 */
export function shortenToFit(
  text: string,
  reading: MarkdownReading | undefined,
  area: MarkdownElement,
  fonts: FontRegistry,
  options: LayoutOptions & { readonly ellipsis: string }
): ShortenedText | UnshortenableText {
  const source = clipText(text, SPEC_LIMITS.contentValueLength)
  const layout: LayoutOptions = { profile: options.profile }
  const read = source === text && reading ? reading : readMarkdown(source)
  if (source === text && fitsBlocks(read.blocks, area, fonts, layout)) {
    return { ok: true, text, end: text.length }
  }
  const { blocks, cuts, index: longest } = search(source, read, area, fonts, layout)
  for (let index = longest, tries = 0; index >= 0 && tries < MAX_COMPOSE_TRIES; index--, tries++) {
    let end = trimEnd(source, cuts[index] as number)
    let ellipsis = ''
    // A cut after a whole list item needs no ellipsis: the list just has fewer items.
    if (options.ellipsis !== '' && end < source.length && !endsItem(blocks, end)) {
      const start = blockStart(blocks, end)
      let weak = end
      while (
        weak > start &&
        (WEAK_END.has(source.charAt(weak - 1)) || isSpace(source.charCodeAt(weak - 1)))
      ) {
        weak--
      }
      // A block of nothing but a dash keeps it, and gets no ellipsis.
      if (weak > start) {
        end = weak
        if (!SENTENCE_END.test(source.charAt(end - 1))) ellipsis = options.ellipsis
      }
    }
    if (end <= 0) break
    const prefix = truncateBlocks(blocks, end)
    const composed = `${source.slice(0, end)}${ellipsis}${openClosers(source, prefix, end)}`
    const again = readMarkdown(composed)
    if (!fitsBlocks(again.blocks, area, fonts, layout)) continue
    if (!readsAsPrefix(again.blocks, prefix, ellipsis)) continue
    return { ok: true, text: composed, end }
  }
  // Not even the first word fits with the ellipsis: the longest prefix without one.
  if (options.ellipsis !== '')
    return shortenToFit(text, reading, area, fonts, { ...options, ellipsis: '' })
  return { ok: false }
}
