/**
 * The exact fast path of the Markdown reader: the mdast of the Markdown that personalised texts
 * are written in (paragraphs, `\n` line breaks, bold, italic, simple lists), built in one linear
 * pass, identical to what `parseMarkdown` (remark-parse, the reference) builds for those texts.
 *
 * Anything else returns `undefined`, and the caller asks remark-parse. The subset is chosen so
 * that the CommonMark reading of a text inside it is easy to state and to check (CommonMark 0.31,
 * sections 4.8 paragraphs, 5.2 list items, 5.3 lists, 6.2 emphasis, 6.7 hard line breaks, 6.8
 * soft line breaks); the differential tests in `test/markdown/parse-simple-markdown.test.ts`
 * compare the two paths on every example of the CommonMark spec and on generated texts aimed at
 * the edges of the subset.
 *
 * The subset, line by line (a line ends at `\n`, `\r\n` or `\r`):
 *
 * - No character that starts an inline construct other than emphasis: no `\`, `` ` ``, `<`, `[`,
 *   `]`, and `&` only when no character reference can follow (not before a letter, digit or
 *   `#`). No NUL and no byte order mark first: micromark rewrites those.
 * - A line that is not blank is indented with spaces only (a tab is fine anywhere else).
 * - No line opens a block other than a paragraph or a list item: none is an ATX heading, a
 *   block quote, a code fence `~~~`, a thematic break, a setext underline (or starts with `=`),
 *   nor indented code (4 or more columns where a block would start).
 * - A list item is a bullet (`-`, `+`, `*`) or a number of at most 9 digits with `.` or `)`,
 *   indented at most 3 spaces, followed by 1 to 4 spaces and text (not empty, not a nested block).
 *   Its content is paragraphs only; a list marker that would start a nested list, or an ordered
 *   list other than 1 interrupting a paragraph, leaves the subset.
 *
 * Inside paragraphs it resolves emphasis with micromark's own algorithm (the delimiter-run rules
 * of CommonMark 6.2 over UTF-16 code units, micromark's "multiple of 3" test on the remaining
 * run lengths), turns two or more trailing spaces into hard breaks, and splits text at line
 * endings into `break` nodes exactly as `newlineToBreak` does after remark-parse.
 *
 * @module
 */
import type {
  Emphasis,
  List,
  ListItem,
  Paragraph,
  PhrasingContent,
  Root,
  RootContent,
  Strong,
  Text,
} from 'mdast'

import { lineIndex } from './line-index.ts'

type Position = NonNullable<Text['position']>
type Point = Position['start']

// Character codes.
const TAB = 0x09
const LF = 0x0a
const CR = 0x0d
const SPACE = 0x20
const NUMBER_SIGN = 0x23
const AMPERSAND = 0x26
const RIGHT_PARENTHESIS = 0x29
const ASTERISK = 0x2a
const PLUS = 0x2b
const DASH = 0x2d
const DOT = 0x2e
const LESS_THAN = 0x3c
const EQUALS = 0x3d
const GREATER_THAN = 0x3e
const LEFT_BRACKET = 0x5b
const BACKSLASH = 0x5c
const RIGHT_BRACKET = 0x5d
const UNDERSCORE = 0x5f
const GRAVE = 0x60
const TILDE = 0x7e
const BYTE_ORDER_MARK = 0xfeff

// micromark-util-character, over one UTF-16 code unit (micromark reads code units).
const UNICODE_PUNCTUATION = /\p{P}|\p{S}/u
const UNICODE_WHITESPACE = /\s/

/** micromark's `classifyCharacter`: 1 whitespace (or none), 2 punctuation, 0 anything else. */
function classify(code: number): number {
  if (code < 0) return 1 // the start or end of the text
  if (code < 0x80) {
    if (code === SPACE || (code >= TAB && code <= CR)) return 1
    if (
      (code >= 0x21 && code <= 0x2f) ||
      (code >= 0x3a && code <= 0x40) ||
      (code >= 0x5b && code <= 0x60) ||
      (code >= 0x7b && code <= 0x7e)
    ) {
      return 2
    }
    return 0
  }
  // Latin letters (Latin-1 Supplement and Latin Extended-A and -B but × and ÷): no regex.
  if (code >= 0xc0 && code <= 0x24f && code !== 0xd7 && code !== 0xf7) return 0
  const character = String.fromCharCode(code)
  if (UNICODE_WHITESPACE.test(character)) return 1
  return UNICODE_PUNCTUATION.test(character) ? 2 : 0
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39
}

function isAsciiAlphanumeric(code: number): boolean {
  return isDigit(code) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)
}

/** A list marker at the start of a line's content. */
interface Marker {
  /** `-`, `+`, `*`, or `.`/`)` for ordered lists: items with the same kind share a list. */
  readonly kind: number
  readonly ordered: boolean
  /** The number of an ordered item. */
  readonly value: number
  /**
   * Whether the marker may start a list that interrupts a paragraph: a bullet, or the number
   * `1` written with one digit (CommonMark 5.3; micromark's `tokenizeListStart`).
   */
  readonly interrupts: boolean
  /** Offset just past the marker. */
  readonly end: number
}

/** What a line starts, from its first non-space character (CommonMark 4 and 5). */
const enum Start {
  /** Paragraph text: nothing else. */
  Text,
  /** A list item marker followed by text ({@link Marker}). */
  Item,
  /** Anything outside the subset. */
  Other,
}

/** Reading a list marker: the marker, or why the line is not text. */
type MarkerResult = Marker | Start.Text | Start.Other

/** One paragraph being collected: [content start, line end, next line start] per line. */
type ParagraphLines = number[]

/** A list item being collected. */
interface ItemDraft {
  readonly start: number
  /** Column (from the line start) where the item's content starts (CommonMark 5.2). */
  readonly contentColumn: number
  readonly paragraphs: ParagraphLines[]
  /** A blank line separates two of its paragraphs (mdast `spread`). */
  spread: boolean
}

/** A list being collected. */
interface ListDraft {
  readonly kind: number
  readonly ordered: boolean
  readonly start: number
  readonly items: ItemDraft[]
  /** A blank line separates two of its items (mdast `spread`). */
  spread: boolean
}

/**
 * The delimiter runs (`*` or `_`) of a paragraph, as micromark's attention resolver sees them:
 * one record of {@link RUN} numbers per run, in source order, in one flat list (a paragraph
 * makes no object per run or per pair).
 */
const enum Run {
  Marker,
  /** Offset of its first unused character (moves right as it closes). */
  Start,
  /** Offset past its last unused character (moves left as it opens). */
  End,
  /** Where it starts in the source (`Start` before any pair). */
  Origin,
  /** Where it ends in the source (`End` before any pair). */
  OriginEnd,
  /** {@link CAN_OPEN}, {@link CAN_CLOSE}, {@link DEAD}. */
  Flags,
  /** The first pair it closed (innermost, made first), or -1. */
  FirstClose,
  /** The last pair it closed, or -1. */
  LastClose,
  /** The last pair it opened (outermost, made last), or -1. */
  LastOpen,
}

/** Numbers per run record. */
const RUN = 9

const CAN_OPEN = 1
const CAN_CLOSE = 2
/** Inside a matched pair: plain text from then on. */
const DEAD = 4

/** Emphasis or strong emphasis: one record of five numbers per pair, in one flat list. */
const enum Pair {
  /** 1 for strong emphasis. */
  Strong,
  /** Offset of its opening delimiter. */
  OpenStart,
  /** Offset past its closing delimiter. */
  CloseEnd,
  /** The next pair its closer closed, or -1. */
  NextClose,
  /** The pair its opener opened before it, or -1. */
  NextOpen,
}

/**
 * Parses a text in the Markdown subset personalised texts use, exactly as `parseMarkdown` does
 * (remark-parse, then line endings to `break` nodes); `undefined` when the text leaves the subset
 * (see the module comment), for the caller to parse it with remark-parse.
 *
 * @param text The Markdown text.
 * @returns The mdast tree, positions included, or `undefined` outside the subset.
 */
export function parseSimpleMarkdown(text: string): Root | undefined {
  const document = parseSimpleDocument(text)
  return document && simpleTree(document)
}

/** A paragraph of a {@link SimpleDocument}: `[content start, line end, next line start]` per line. */
export type SimpleParagraph = readonly number[]

/** A list item of a {@link SimpleDocument}. */
export interface SimpleItem {
  /** Offset of its marker. */
  readonly start: number
  readonly paragraphs: readonly SimpleParagraph[]
  /** A blank line separates two of its paragraphs (mdast `spread`). */
  readonly spread: boolean
}

/** A list of a {@link SimpleDocument}. */
export interface SimpleList {
  readonly ordered: boolean
  /** The number of its first item (ordered lists). */
  readonly start: number
  readonly items: readonly SimpleItem[]
  /** A blank line separates two of its items (mdast `spread`). */
  readonly spread: boolean
}

/**
 * A text of the subset read to its blocks (paragraphs as line ranges, lists), inline content not
 * yet resolved: what {@link simpleTree} makes the mdast of, and the layout its blocks of
 * (`simpleContentBlocks`) without the tree in between.
 */
export interface SimpleDocument {
  readonly text: string
  /** Top-level blocks in source order: a paragraph (an array) or a list. */
  readonly blocks: readonly (SimpleParagraph | SimpleList)[]
  /** Maximal `*`/`_` runs of the text (`emphasisWork(text).runs`). */
  readonly emphasisRuns: number
}

/**
 * The block reading of {@link parseSimpleMarkdown}: `undefined` when the text leaves the subset,
 * or when resolving its emphasis would be more work than `maxEmphasisWork` (measured as
 * `emphasisWork` measures it, in the same pass that checks the subset).
 *
 * @param text The Markdown text.
 * @param maxEmphasisWork The bound (default: none).
 * @returns The document, or `undefined` outside the subset or over the bound.
 */
export function parseSimpleDocument(
  text: string,
  maxEmphasisWork = Number.POSITIVE_INFINITY
): SimpleDocument | undefined {
  if (text.charCodeAt(0) === BYTE_ORDER_MARK) return undefined
  return new SimpleParser(text, maxEmphasisWork).parse()
}

/**
 * The inline content of one paragraph as it is read, in source order: what the mdast tree holds
 * and the layout's blocks are made of.
 */
export interface PhrasingSink {
  /** Text `value`, read from `[start, end)`; `start` is -1 for a piece cut at a line ending. */
  text(value: string, start: number, end: number): void
  /** A hard break read from `[start, end)`, or (`start` -1) a line ending in text. */
  lineBreak(start: number, end: number): void
  /** Emphasis (or strong emphasis) from `start` to `end`, delimiters included, opens. */
  open(strong: boolean, start: number, end: number): void
  /** The innermost open emphasis, from `start` to `end`, closes. */
  close(start: number, end: number): void
}

class SimpleParser {
  private readonly text: string
  private readonly blocks: (ParagraphLines | ListDraft)[] = []
  private paragraph: ParagraphLines | undefined
  private list: ListDraft | undefined
  // The line being read: its start, its first non-space character, its end (before the line
  // ending) and the start of the next line.
  private start = 0
  private first = 0
  private end = 0
  private next = 0

  // The emphasis work (what `emphasisWork` of `parse-for-layout.ts` measures: the sum over
  // blocks of (delimiter runs)², blocks split at blank lines, a line being what ends at `\n`)
  // and its bound, the text's delimiter runs, the current block's, and whether the current line
  // (to `\n`) has text.
  private work = 0
  private readonly maxWork: number
  private runs = 0
  private blockRuns = 0
  private lineHasText = false

  constructor(text: string, maxWork: number) {
    this.text = text
    this.maxWork = maxWork
  }

  /**
   * Scans a line from `start` to its end (`\n`, `\r` or the end of the text), counting its
   * delimiter runs: the end, or -1 at a character that starts a construct outside the subset.
   */
  private scan(start: number): number {
    const text = this.text
    const length = text.length
    let index = start
    for (; index < length; index++) {
      const code = text.charCodeAt(index)
      if (code > GRAVE) {
        this.lineHasText = true
        continue
      }
      switch (code) {
        case LF:
        case CR:
          return index
        case 0:
        case BACKSLASH:
        case GRAVE:
        case LESS_THAN:
        case LEFT_BRACKET:
        case RIGHT_BRACKET:
          return -1
        case AMPERSAND: {
          const next = text.charCodeAt(index + 1)
          if (next === NUMBER_SIGN || isAsciiAlphanumeric(next)) return -1
          this.lineHasText = true
          break
        }
        case SPACE:
        case TAB:
          break
        case ASTERISK:
        case UNDERSCORE:
          // a run starts where the unit before is another
          if (text.charCodeAt(index - 1) !== code) {
            this.blockRuns++
            this.runs++
          }
          this.lineHasText = true
          break
        default:
          this.lineHasText = true
      }
    }
    return index
  }

  parse(): SimpleDocument | undefined {
    const text = this.text
    const length = text.length
    let start = 0
    // A blank line since the last block line.
    let blank = false
    while (start <= length) {
      const end = this.scan(start)
      if (end < 0) return undefined
      const code = text.charCodeAt(end)
      const next = code === CR && text.charCodeAt(end + 1) === LF ? end + 2 : end + 1
      if (next > end + 1 || code === LF) {
        // `\n` ends the line for the emphasis work (a lone `\r` does not): a blank one, the block.
        if (!this.lineHasText) {
          this.work += this.blockRuns * this.blockRuns
          this.blockRuns = 0
        }
        this.lineHasText = false
      }
      let first = start
      while (first < end && text.charCodeAt(first) === SPACE) first++
      let blankLine = first === end
      if (text.charCodeAt(first) === TAB) {
        // Tabs in indentation: only blank lines may have them.
        let rest = first
        while (rest < end && (text.charCodeAt(rest) === TAB || text.charCodeAt(rest) === SPACE)) {
          rest++
        }
        if (rest < end) return undefined
        blankLine = true
      }
      this.start = start
      this.first = first
      this.end = end
      this.next = next
      if (blankLine) {
        this.paragraph = undefined
        blank = true
      } else {
        if (!this.line(blank)) return undefined
        blank = false
      }
      if (end >= length) break
      start = this.next
    }
    if (this.work + this.blockRuns * this.blockRuns > this.maxWork) return undefined
    this.closeList()
    return { text, blocks: this.blocks, emphasisRuns: this.runs }
  }

  /** Takes the current line, which is not blank; `false` when it leaves the subset. */
  private line(blank: boolean): boolean {
    const indent = this.first - this.start
    const list = this.list
    const item = list?.items[list.items.length - 1]
    if (list && item) {
      if (indent >= item.contentColumn) {
        // Inside the item: paragraph continuation, or after a blank line a new paragraph.
        const relative = indent - item.contentColumn
        if (this.paragraph && !blank) return this.continueParagraph(relative)
        if (relative >= 4 || this.startOf(this.first) !== Start.Text) return false
        item.spread = true
        this.paragraph = [this.first, this.end, this.next]
        item.paragraphs.push(this.paragraph)
        return true
      }
      const marker = indent < 4 ? this.marker(this.first) : Start.Text
      if (marker === Start.Other) return false
      if (marker !== Start.Text) {
        if (marker.kind === list.kind) {
          if (blank) list.spread = true
          return this.openItem(list, marker)
        }
        // Another kind of list: a new list, if it may interrupt the paragraph.
        if (this.paragraph && !blank && !marker.interrupts) return false
        this.closeList()
        return this.openList(marker)
      }
      if (this.paragraph && !blank) return this.continueParagraph(indent)
      this.closeList()
    }
    if (this.paragraph && !blank) return this.continueParagraph(indent)
    if (indent >= 4) return false
    const marker = this.marker(this.first)
    if (marker === Start.Other) return false
    if (marker === Start.Text) {
      this.paragraph = [this.first, this.end, this.next]
      this.blocks.push(this.paragraph)
      return true
    }
    return this.openList(marker)
  }

  /**
   * A non-blank line after a paragraph line: its continuation, unless it starts a block that
   * interrupts a paragraph (then outside the subset, or a new list).
   *
   * @param indent Columns of indentation, counted from the paragraph's container.
   */
  private continueParagraph(indent: number): boolean {
    const paragraph = this.paragraph as ParagraphLines
    if (indent < 4) {
      const marker = this.marker(this.first)
      if (marker === Start.Other) return false
      if (marker !== Start.Text) {
        if (this.list) return false // a list inside an item, or a lazy line of another list
        // A list interrupts a paragraph, an ordered one only from 1 (CommonMark 5.3).
        if (!marker.interrupts) return false
        this.paragraph = undefined
        return this.openList(marker)
      }
    }
    paragraph.push(this.first, this.end, this.next)
    return true
  }

  private openList(marker: Marker): boolean {
    this.list = {
      kind: marker.kind,
      ordered: marker.ordered,
      start: marker.value,
      items: [],
      spread: false,
    }
    return this.openItem(this.list, marker)
  }

  /** A list item's first line: marker, 1 to 4 spaces, text that starts nothing else. */
  private openItem(list: ListDraft, marker: Marker): boolean {
    const text = this.text
    const end = this.end
    let content = marker.end
    while (content < end && text.charCodeAt(content) === SPACE) content++
    const spaces = content - marker.end
    // No text, a tab, or 5 spaces or more (indented code inside the item): outside the subset.
    if (content === end || spaces > 4 || text.charCodeAt(content) === TAB) return false
    if (this.startOf(content) !== Start.Text) return false
    this.paragraph = [content, end, this.next]
    list.items.push({
      start: this.first,
      contentColumn: content - this.start,
      paragraphs: [this.paragraph],
      spread: false,
    })
    return true
  }

  private closeList(): void {
    const list = this.list
    if (!list) return
    this.list = undefined
    this.blocks.push(list)
  }

  /** What a line's content starts: text, a list item (as a marker) or anything else. */
  private startOf(first: number): Start {
    const marker = this.marker(first)
    return marker === Start.Text ? Start.Text : Start.Other
  }

  /**
   * Reads the start of the current line's content from `first` (indented less than 4 columns):
   * a list marker, plain text, or {@link Start.Other} for any other block (or an item outside
   * the subset).
   */
  private marker(first: number): MarkerResult {
    const text = this.text
    const end = this.end
    const code = text.charCodeAt(first)
    switch (code) {
      case GREATER_THAN:
      case EQUALS:
        return Start.Other
      case NUMBER_SIGN: {
        let after = first
        while (after < end && text.charCodeAt(after) === NUMBER_SIGN) after++
        const next = text.charCodeAt(after)
        const heading = after - first <= 6 && (after === end || next === SPACE || next === TAB)
        return heading ? Start.Other : Start.Text
      }
      case TILDE:
        return text.startsWith('~~~', first) ? Start.Other : Start.Text
      case ASTERISK:
      case DASH:
      case UNDERSCORE:
      case PLUS: {
        if (code !== PLUS && this.thematicBreakOrUnderline(code, first)) return Start.Other
        if (code === UNDERSCORE) return Start.Text
        const next = text.charCodeAt(first + 1)
        if (first + 1 === end || next === TAB) return Start.Other
        if (next !== SPACE) return Start.Text
        return { kind: code, ordered: false, value: 0, interrupts: true, end: first + 1 }
      }
      default: {
        if (!isDigit(code)) return Start.Text
        let after = first
        while (after < end && isDigit(text.charCodeAt(after))) after++
        const delimiter = text.charCodeAt(after)
        if (after - first > 9 || (delimiter !== DOT && delimiter !== RIGHT_PARENTHESIS)) {
          return Start.Text
        }
        const next = text.charCodeAt(after + 1)
        if (after + 1 === end || next === TAB) return Start.Other
        if (next !== SPACE) return Start.Text
        const value = Number.parseInt(text.slice(first, after), 10)
        const interrupts = after - first === 1 && code === 0x31
        return { kind: delimiter, ordered: true, value, interrupts, end: after + 1 }
      }
    }
  }

  /**
   * A thematic break (3 or more of one of `*`, `-`, `_`, blanks between) or a line of `-` only
   * (a setext underline after a paragraph, CommonMark 4.1 and 4.3).
   */
  private thematicBreakOrUnderline(code: number, first: number): boolean {
    const text = this.text
    const end = this.end
    let count = 0
    let gap = false
    let underline = true
    for (let index = first; index < end; index++) {
      const unit = text.charCodeAt(index)
      if (unit === code) {
        count++
        if (gap) underline = false
      } else if (unit === SPACE || unit === TAB) {
        gap = true
      } else {
        return false
      }
    }
    return count >= 3 || (code === DASH && underline)
  }
}

/**
 * The mdast tree of a document of {@link parseSimpleDocument}: remark-parse's, positions and all.
 *
 * @param document The document.
 * @returns The tree.
 */
function simpleTree(document: SimpleDocument): Root {
  const { text } = document
  const lines = lineIndex(text)
  /** The 1-based line and column of an offset (unist). */
  const point = (offset: number): Point => ({ ...lines.point(offset), offset })
  const position = (start: number, end: number): Position => ({
    start: point(start),
    end: point(end),
  })
  const paragraph = (lines: SimpleParagraph): Paragraph => {
    const node: Paragraph = { type: 'paragraph', children: [] }
    const stack: { children: PhrasingContent[] }[] = [node]
    let parent: { children: PhrasingContent[] } = node
    readPhrasing(text, lines, {
      text(value, start, end) {
        parent.children.push(
          start < 0
            ? { type: 'text', value }
            : { type: 'text', value, position: position(start, end) }
        )
      },
      lineBreak(start, end) {
        parent.children.push(
          start < 0 ? { type: 'break' } : { type: 'break', position: position(start, end) }
        )
      },
      open(strong) {
        const opened: Strong | Emphasis = { type: strong ? 'strong' : 'emphasis', children: [] }
        parent.children.push(opened)
        stack.push(opened)
        parent = opened
      },
      close(start, end) {
        const closed = stack.pop() as Strong | Emphasis
        closed.position = position(start, end)
        parent = stack[stack.length - 1] as { children: PhrasingContent[] }
      },
    })
    node.position = position(lines[0] as number, lines[lines.length - 2] as number)
    return node
  }
  const list = (draft: SimpleList): List => {
    const items: ListItem[] = draft.items.map((item) => {
      const last = item.paragraphs[item.paragraphs.length - 1] as SimpleParagraph
      return {
        type: 'listItem',
        spread: item.spread,
        checked: null,
        children: item.paragraphs.map(paragraph),
        position: position(item.start, last[last.length - 2] as number),
      }
    })
    const firstItem = items[0] as ListItem
    const lastItem = items[items.length - 1] as ListItem
    return {
      type: 'list',
      ordered: draft.ordered,
      start: draft.ordered ? draft.start : null,
      spread: draft.spread,
      children: items,
      position: {
        start: (firstItem.position as Position).start,
        end: (lastItem.position as Position).end,
      },
    }
  }
  const children: RootContent[] = document.blocks.map((block) =>
    isParagraph(block) ? paragraph(block) : list(block)
  )
  return {
    type: 'root',
    children,
    position: { start: { line: 1, column: 1, offset: 0 }, end: point(text.length) },
  }
}

/**
 * Whether a block of a {@link SimpleDocument} is a paragraph (else a list).
 *
 * @param block The block.
 * @returns `true` for a paragraph.
 */
export function isParagraph(block: SimpleParagraph | SimpleList): block is SimpleParagraph {
  return Array.isArray(block)
}

/** The end of a paragraph line's content: trailing spaces and tabs dropped (CommonMark 6.7). */
function trimEnd(text: string, first: number, end: number): number {
  let trimmed = end
  while (trimmed > first) {
    const unit = text.charCodeAt(trimmed - 1)
    if (unit !== SPACE && unit !== TAB) break
    trimmed--
  }
  return trimmed
}

/**
 * Resolves a paragraph's inline content (CommonMark 6) into a sink: text merged as
 * mdast-util-from-markdown merges it, line endings cut as `newlineToBreak` cuts them.
 *
 * Two passes over the paragraph's lines and no object per piece: the first finds the delimiter
 * runs (flat records) and pairs them, the second hands the text between them to the sink. Text
 * between two nodes is one stretch of the source within a line; a stretch that goes on past a
 * line ending is cut there, its pieces without positions (`newlineToBreak`).
 *
 * @param text The Markdown text.
 * @param lines The paragraph.
 * @param sink What receives the content.
 */
export function readPhrasing(text: string, lines: SimpleParagraph, sink: PhrasingSink): void {
  const last = lines.length - 3
  let runs: number[] | undefined
  let count = 0
  for (let line = 0; line <= last; line += 3) {
    const first = lines[line] as number
    const trimmed = trimEnd(text, first, lines[line + 1] as number)
    for (let index = first; index < trimmed; index++) {
      const code = text.charCodeAt(index)
      if (code !== ASTERISK && code !== UNDERSCORE) continue
      let runEnd = index + 1
      while (text.charCodeAt(runEnd) === code) runEnd++
      // micromark's attention tokenizer: the characters around the run decide.
      const before = classify(index > 0 ? text.charCodeAt(index - 1) : -1)
      const after = classify(runEnd < text.length ? text.charCodeAt(runEnd) : -1)
      let open = after === 0 || (after === 2 && before !== 0)
      let close = before === 0 || (before === 2 && after !== 0)
      if (code === UNDERSCORE) {
        const bothWays = open && close
        open &&= before !== 0 || !bothWays
        close &&= after !== 0 || !bothWays
      }
      const flags = (open ? CAN_OPEN : 0) | (close ? CAN_CLOSE : 0)
      runs ??= []
      runs.push(code, index, runEnd, index, runEnd, flags, -1, -1, -1)
      count++
      index = runEnd - 1
    }
  }
  const pairs: number[] = []
  if (runs) matchDelimiters(runs, pairs, 0, count)
  const stretch = new Stretch(text, sink)
  let run = 0
  for (let line = 0; line <= last; line += 3) {
    const first = lines[line] as number
    const end = lines[line + 1] as number
    const trimmed = trimEnd(text, first, end)
    let data = first
    for (; runs && run < count && (runs[run * RUN + Run.Origin] as number) < trimmed; run++) {
      const at = run * RUN
      stretch.add(data, runs[at + Run.Origin] as number)
      // The pairs it closes, its unused characters, the pairs it opens.
      for (let pair = runs[at + Run.FirstClose] as number; pair >= 0;) {
        stretch.flush()
        sink.close(pairs[pair + Pair.OpenStart] as number, pairs[pair + Pair.CloseEnd] as number)
        pair = pairs[pair + Pair.NextClose] as number
      }
      stretch.add(runs[at + Run.Start] as number, runs[at + Run.End] as number)
      for (let pair = runs[at + Run.LastOpen] as number; pair >= 0;) {
        stretch.flush()
        const strong = pairs[pair + Pair.Strong] === 1
        sink.open(
          strong,
          pairs[pair + Pair.OpenStart] as number,
          pairs[pair + Pair.CloseEnd] as number
        )
        pair = pairs[pair + Pair.NextOpen] as number
      }
      data = runs[at + Run.OriginEnd] as number
    }
    stretch.add(data, trimmed)
    if (line === last) break
    if (end - trimmed >= 2 && !hasTab(text, trimmed, end)) {
      stretch.flush()
      sink.lineBreak(trimmed, lines[line + 2] as number)
    } else {
      stretch.cut()
    }
  }
  stretch.flush()
}

/** Whether `text[from, to)` holds a tab. */
function hasTab(text: string, from: number, to: number): boolean {
  for (let index = from; index < to; index++) if (text.charCodeAt(index) === TAB) return true
  return false
}

/**
 * The text since the last node of a paragraph: one stretch of the source within a line (within
 * a line, only nodes split text), handed to the sink when the next node comes. Text that goes
 * on past a line ending is cut there, its pieces without positions (`newlineToBreak`).
 */
class Stretch {
  private from = -1
  private to = -1
  /** Whether the text went on past a line ending. */
  private crossed = false

  constructor(
    private readonly text: string,
    private readonly sink: PhrasingSink
  ) {}

  /** Adds `[from, to)`, which follows the stretch in the source (nothing when empty). */
  add(from: number, to: number): void {
    if (to <= from) return
    if (this.from < 0) this.from = from
    this.to = to
  }

  /** Hands the text to the sink, before a node. */
  flush(): void {
    const { from, to } = this
    if (from >= 0) {
      const value = this.text.slice(from, to)
      if (this.crossed) this.sink.text(value, -1, -1)
      else this.sink.text(value, from, to)
    }
    this.from = -1
    this.crossed = false
  }

  /** A line ending inside the text: the piece so far, then a break, all without positions. */
  cut(): void {
    if (this.from >= 0) this.sink.text(this.text.slice(this.from, this.to), -1, -1)
    this.sink.lineBreak(-1, -1)
    this.from = -1
    this.crossed = true
  }
}

/**
 * micromark's attention resolver (`resolveAllAttention`) over the runs `[from, to)`: each run
 * that can close looks back for the nearest run of the same marker that can open, skipping pairs
 * whose lengths break the "multiple of 3" rule (on the lengths still unused, as micromark counts
 * them); a pair uses two markers of each run when both have two, else one. The runs between a
 * pair are resolved again among themselves (their lengths may have changed since they were
 * tried), then become text.
 */
function matchDelimiters(runs: number[], pairs: number[], from: number, to: number): void {
  for (let index = from; index < to; index++) {
    const closer = index * RUN
    const closerFlags = runs[closer + Run.Flags] as number
    if ((closerFlags & (CAN_CLOSE | DEAD)) !== CAN_CLOSE) continue
    const marker = runs[closer + Run.Marker]
    while ((runs[closer + Run.End] as number) > (runs[closer + Run.Start] as number)) {
      const closeLength = (runs[closer + Run.End] as number) - (runs[closer + Run.Start] as number)
      let found = -1
      for (let open = index - 1; open >= from; open--) {
        const opener = open * RUN
        const flags = runs[opener + Run.Flags] as number
        if ((flags & (CAN_OPEN | DEAD)) !== CAN_OPEN || runs[opener + Run.Marker] !== marker) {
          continue
        }
        const openLength = (runs[opener + Run.End] as number) - (runs[opener + Run.Start] as number)
        if (openLength === 0) continue
        if (
          ((flags & CAN_CLOSE) !== 0 || (closerFlags & CAN_OPEN) !== 0) &&
          closeLength % 3 !== 0 &&
          (openLength + closeLength) % 3 === 0
        ) {
          continue
        }
        found = open
        break
      }
      if (found < 0) break
      const opener = found * RUN
      const openEnd = runs[opener + Run.End] as number
      const closeStart = runs[closer + Run.Start] as number
      const use = openEnd - (runs[opener + Run.Start] as number) > 1 && closeLength > 1 ? 2 : 1
      const pair = pairs.length
      pairs.push(
        use - 1,
        openEnd - use,
        closeStart + use,
        -1,
        runs[opener + Run.LastOpen] as number
      )
      runs[opener + Run.End] = openEnd - use
      runs[opener + Run.LastOpen] = pair
      runs[closer + Run.Start] = closeStart + use
      const lastClose = runs[closer + Run.LastClose] as number
      if (lastClose < 0) runs[closer + Run.FirstClose] = pair
      else pairs[lastClose + Pair.NextClose] = pair
      runs[closer + Run.LastClose] = pair
      matchDelimiters(runs, pairs, found + 1, index)
      for (let between = found + 1; between < index; between++) {
        runs[between * RUN + Run.Flags] = (runs[between * RUN + Run.Flags] as number) | DEAD
      }
    }
  }
}
