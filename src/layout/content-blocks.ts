/**
 * Markdown (mdast) to the blocks the layout engine sets: paragraphs and list items made of
 * styled text, forced line breaks and source offsets, with white space collapsed the way CSS
 * `white-space: normal` does. Any mdast is accepted: nodes spec 2.5 does not allow are reported
 * elsewhere, here they contribute their text plainly.
 *
 * @module
 */
import type { Nodes, Parents, Root } from 'mdast'
import {
  isParagraph,
  readPhrasing,
  type PhrasingSink,
  type SimpleDocument,
  type SimpleItem,
  type SimpleParagraph,
} from '../markdown/parse-simple-markdown.ts'
import type { LayoutBlockKind } from './types.ts'

/** A stretch of one style inside an {@link InlineLine}: UTF-16 offsets `[start, end)`. */
export interface StyleRun {
  readonly start: number
  readonly end: number
  readonly bold: boolean
  readonly italic: boolean
}

/** Text between two forced breaks, white space collapsed, never starting or ending in a space. */
export interface InlineLine {
  readonly text: string
  /** Style runs covering the whole text, in order. */
  readonly runs: readonly StyleRun[]
  /**
   * Offset in the Markdown source of each UTF-16 unit of `text` (to cut prefixes), computed
   * on first use: only a text that does not fit needs it.
   */
  readonly sources: readonly number[]
  /** The line this one is a prefix of (set by {@link truncateBlocks}), for reuse of its work. */
  readonly prefixOf?: InlineLine
}

/** A paragraph or list item ready for line breaking. */
export interface ContentBlock {
  readonly kind: LayoutBlockKind
  /** Marker text of a list item's first block, without the space (`•`, `3.`). */
  readonly marker?: string
  /** Index of the list the block belongs to (shares its gutter), `-1` outside lists. */
  readonly list: number
  /** Whether the block starts a list item (no blank line before it after the same list). */
  readonly itemStart: boolean
  /** Forced-break-delimited lines; at least one (possibly empty). */
  readonly lines: readonly InlineLine[]
  /** Source offset where the block starts (its marker for list items). */
  readonly source: number
}

interface Style {
  readonly bold: boolean
  readonly italic: boolean
}

const PLAIN: Style = { bold: false, italic: false }
const ITALIC: Style = { bold: false, italic: true }
const BOLD: Style = { bold: true, italic: false }
const BOLD_ITALIC: Style = { bold: true, italic: true }

/** The one style object of each combination, instead of a new object per `strong` or `em`. */
function styleOf(bold: boolean, italic: boolean): Style {
  if (bold) return italic ? BOLD_ITALIC : BOLD
  return italic ? ITALIC : PLAIN
}

/** The mapping of a line whose text is its raw text (shared, never written). */
const IDENTITY: readonly number[] = Object.freeze([0, 0])

/** A value appended to a line, with where it came from in the source. */
interface Segment {
  /** Where the value starts in the line's raw text. */
  readonly rawStart: number
  readonly value: string
  readonly style: Style
  /** Source range the value was read from. */
  readonly from: number
  readonly to: number
}

/**
 * Writes the source offsets of a segment's units into `out` (from `segment.rawStart` on):
 * verbatim, or aligned greedily (escapes, entities).
 */
function segmentSources(source: string, segment: Segment, out: number[]): void {
  const { value, from, to, rawStart } = segment
  if (source.startsWith(value, from)) {
    for (let index = 0; index < value.length; index++) out[rawStart + index] = from + index
    return
  }
  let cursor = from
  for (let index = 0; index < value.length; index++) {
    const unit = value.charCodeAt(index)
    const limit = Math.min(to, cursor + 64)
    let found = -1
    for (let at = cursor; at < limit; at++) {
      if (source.charCodeAt(at) === unit) {
        found = at
        break
      }
    }
    if (found >= 0) {
      out[rawStart + index] = found
      cursor = found + 1
    } else {
      out[rawStart + index] = Math.min(cursor, Math.max(from, to - 1))
    }
  }
}

/**
 * Collects the values of one block's lines with their style and source range. Lines and
 * segments gather in lists of the builder and leave it as lists of their exact length (a block
 * has a few lines of a few segments: lists grown one item at a time would be mostly empty).
 */
class BlockBuilder {
  private lines: InlineLine[] = []
  private lineCount = 0
  private raw = ''
  private readonly segments: Segment[] = []
  private segmentCount = 0

  constructor(private readonly source: string) {}

  /** Appends a value whose characters come from `source[from, to)`. */
  append(value: string, style: Style, from: number, to: number): void {
    if (value === '') return
    this.segments[this.segmentCount++] = { rawStart: this.raw.length, value, style, from, to }
    this.raw += value
  }

  /** Ends the current line (a `break` node, a line of code, the end of the block). */
  breakLine(): void {
    const segments = this.segments.slice(0, this.segmentCount)
    this.lines[this.lineCount++] = collapse(this.raw, segments, this.source)
    this.raw = ''
    this.segmentCount = 0
  }

  /** Ends the block: its lines. The builder is then ready for the next block. */
  finish(): InlineLine[] {
    this.breakLine()
    const lines = this.lines.slice(0, this.lineCount)
    this.lineCount = 0
    return lines
  }
}

/** Space, tab, line feed, form feed, carriage return: what CSS collapses. */
function isCollapsible(unit: number): boolean {
  return unit === 0x20 || unit === 0x09 || unit === 0x0a || unit === 0x0c || unit === 0x0d
}

/**
 * CSS `white-space: normal`: runs of spaces, tabs and line feeds become one space; spaces at
 * the start and end of a line go (CSS Text 3 §4.1.1-4.1.2). NBSP and other spaces stay. One
 * pass over the characters; source offsets are worked out only when asked for.
 */
function collapse(raw: string, segments: readonly Segment[], source: string): InlineLine {
  if (isCollapsed(raw))
    return new CollapsedLine(
      raw,
      stylesOf(segments, raw.length),
      IDENTITY,
      raw.length,
      segments,
      source
    )
  let text = ''
  const runs: StyleRun[] = []
  // Pairs [text index, raw index]: from each text index on, text and raw advance together.
  const mapping: number[] = []
  let runStart = -1
  let pendingSpace = -1
  let segmentIndex = 0
  let styleStart = 0
  let style: Style | undefined
  const styleAt = (rawIndex: number): Style => {
    while ((segments[segmentIndex + 1]?.rawStart ?? Infinity) <= rawIndex) segmentIndex++
    return (segments[segmentIndex] as Segment).style
  }
  const keep = (rawIndex: number): void => {
    const next = styleAt(rawIndex)
    if (style && (next.bold !== style.bold || next.italic !== style.italic)) {
      runs.push({ start: styleStart, end: text.length, bold: style.bold, italic: style.italic })
      styleStart = text.length
    }
    style = next
  }
  let boundary = 1
  for (let index = 0; index < raw.length; index++) {
    const segmentStart = index === (segments[boundary]?.rawStart ?? -1)
    if (segmentStart) boundary++
    if (isCollapsible(raw.charCodeAt(index))) {
      if (runStart >= 0) text += raw.slice(runStart, index)
      runStart = -1
      if (pendingSpace < 0) pendingSpace = index
      continue
    }
    if (runStart < 0) {
      if (pendingSpace >= 0 && text.length > 0) {
        keep(pendingSpace)
        mapping.push(text.length, pendingSpace)
        text += ' '
      }
      keep(index)
      mapping.push(text.length, index)
      runStart = index
    } else if (segmentStart) {
      // A new value inside a word (`**b**c`): its style may differ.
      text += raw.slice(runStart, index)
      runStart = index
      keep(index)
    }
    pendingSpace = -1
  }
  if (runStart >= 0) text += raw.slice(runStart)
  if (style)
    runs.push({ start: styleStart, end: text.length, bold: style.bold, italic: style.italic })
  return new CollapsedLine(text, runs, mapping, raw.length, segments, source)
}

/** Whether a line is collapsed already: single spaces between words, no tabs or line feeds. */
function isCollapsed(raw: string): boolean {
  if (raw.charCodeAt(0) === 0x20 || raw.charCodeAt(raw.length - 1) === 0x20) return false
  for (let index = 0; index < raw.length; index++) {
    const unit = raw.charCodeAt(index)
    if (unit === 0x20) {
      if (raw.charCodeAt(index + 1) === 0x20) return false
    } else if (unit === 0x09 || unit === 0x0a || unit === 0x0c || unit === 0x0d) {
      return false
    }
  }
  return true
}

/** Style runs of an uncollapsed line: one per change of style between segments. */
function stylesOf(segments: readonly Segment[], length: number): StyleRun[] {
  // Most lines have one style: a list of one run, not one grown for more.
  let runs: StyleRun[] | undefined
  let start = 0
  for (let index = 0; index < segments.length; index++) {
    const { style } = segments[index] as Segment
    const next = segments[index + 1]
    if (next && next.style.bold === style.bold && next.style.italic === style.italic) continue
    const end = next ? next.rawStart : length
    const run = { start, end, bold: style.bold, italic: style.italic }
    if (runs) runs.push(run)
    else runs = [run]
    start = end
  }
  return runs ?? []
}

/** An {@link InlineLine} whose source offsets are worked out on first use. */
class CollapsedLine implements InlineLine {
  private computed: readonly number[] | undefined

  constructor(
    readonly text: string,
    readonly runs: readonly StyleRun[],
    private readonly mapping: readonly number[],
    private readonly rawLength: number,
    private readonly segments: readonly Segment[],
    private readonly source: string
  ) {}

  get sources(): readonly number[] {
    this.computed ??= sourcesOf(
      this.text.length,
      this.mapping,
      this.rawLength,
      this.segments,
      this.source
    )
    return this.computed
  }
}

/** Per-unit source offsets of a collapsed line, from its mapping to the raw text. */
function sourcesOf(
  length: number,
  mapping: readonly number[],
  rawLength: number,
  segments: readonly Segment[],
  source: string
): number[] {
  const rawSources = new Array<number>(rawLength).fill(0)
  for (const segment of segments) segmentSources(source, segment, rawSources)
  // A line collapsed already is its raw text: the offsets are the raw text's.
  if (mapping === IDENTITY) return rawSources
  const sources = new Array<number>(length)
  let pair = 0
  for (let index = 0; index < length; index++) {
    while (pair + 2 < mapping.length && (mapping[pair + 2] as number) <= index) pair += 2
    const raw = (mapping[pair + 1] as number) + index - (mapping[pair] as number)
    sources[index] = rawSources[raw] ?? 0
  }
  return sources
}

function startOf(node: Nodes): number | undefined {
  return node.position?.start.offset
}

function endOf(node: Nodes): number | undefined {
  return node.position?.end.offset
}

/** Walks phrasing content (and, plainly, anything else) into a block builder. */
function appendInline(
  builder: BlockBuilder,
  node: Nodes,
  style: Style,
  range: { from: number; to: number }
): void {
  const from = startOf(node) ?? range.from
  const to = endOf(node) ?? range.to
  switch (node.type) {
    case 'text':
    case 'inlineCode':
    case 'html':
      builder.append(node.value, style, from, to)
      range.from = Math.max(range.from, endOf(node) ?? from)
      return
    case 'break':
      builder.breakLine()
      return
    case 'strong':
      appendChildren(builder, node, styleOf(true, style.italic), { from, to })
      break
    case 'emphasis':
      appendChildren(builder, node, styleOf(style.bold, true), { from, to })
      break
    case 'image':
    case 'imageReference':
      builder.append(node.alt ?? '', style, from, to)
      break
    default:
      if ('children' in node) appendChildren(builder, node, style, { from, to })
      else if ('value' in node && typeof node.value === 'string') {
        builder.append(node.value, style, from, to)
      }
  }
  const end = endOf(node)
  if (end !== undefined) range.from = Math.max(range.from, end)
}

/** Appends a node's children; `cursor` (a fresh object of the caller's) advances past each. */
function appendChildren(
  builder: BlockBuilder,
  parent: Parents,
  style: Style,
  cursor: { from: number; to: number }
): void {
  for (const child of parent.children as Nodes[]) appendInline(builder, child, style, cursor)
}

/** Accumulates blocks while walking the tree. */
class BlocksBuilder {
  readonly blocks: ContentBlock[] = []
  private lists = 0

  constructor(private readonly source: string) {}

  /** Adds a block made from a node's inline content (or its plain value). */
  addBlock(
    node: Nodes,
    placement: { kind: LayoutBlockKind; list: number; itemStart: boolean; marker?: string },
    blockSource?: number
  ): void {
    const builder = new BlockBuilder(this.source)
    const from = startOf(node) ?? 0
    const to = endOf(node) ?? this.source.length
    if (node.type === 'code' || node.type === 'html') {
      // Code keeps its line structure (shown plainly); so does raw HTML.
      node.value.split(/\r?\n|\r/).forEach((line, index) => {
        if (index > 0) builder.breakLine()
        builder.append(line, PLAIN, from, to)
      })
    } else if ('children' in node) {
      appendChildren(builder, node, PLAIN, { from, to })
    } else if ('value' in node && typeof node.value === 'string') {
      builder.append(node.value, PLAIN, from, to)
    }
    const lines = builder.finish()
    const source = blockSource ?? from
    const { kind, list, itemStart, marker } = placement
    // Two literals rather than a spread: a block has a `marker` key only in a list item.
    this.blocks.push(
      marker === undefined
        ? { kind, list, itemStart, lines, source }
        : { kind, marker, list, itemStart, lines, source }
    )
  }

  /** Walks block content: paragraphs, lists, and plainly everything else. */
  walk(node: Nodes, list: number, kind: LayoutBlockKind): void {
    switch (node.type) {
      case 'paragraph':
      case 'heading':
      case 'code':
      case 'html':
      case 'tableCell':
        this.addBlock(node, { kind, list, itemStart: false })
        return
      case 'list': {
        // A nested list (not allowed by spec 2.5) joins its parent's list and gutter.
        const index = list >= 0 ? list : this.lists++
        const start = node.start ?? 1
        node.children.forEach((item, position) => {
          const marker = node.ordered ? `${start + position}.` : '•'
          this.walkItem(item, index, node.ordered ? 'ordered-item' : 'bullet-item', marker)
        })
        return
      }
      case 'thematicBreak':
      case 'definition':
      case 'footnoteDefinition':
      case 'yaml':
        return
      default:
        if ('children' in node) {
          const children = node.children as Nodes[]
          if (children.length > 0 && children.every(isPhrasing)) {
            this.addBlock(node, { kind, list, itemStart: false })
          } else {
            for (const child of children) this.walk(child, list, kind)
          }
        } else if ('value' in node && typeof node.value === 'string' && node.value !== '') {
          this.addBlock(node, { kind, list, itemStart: false })
        }
    }
  }

  private walkItem(item: Nodes, list: number, kind: LayoutBlockKind, marker: string): void {
    const children = 'children' in item ? (item.children as Nodes[]) : []
    const first = children[0]
    const itemSource = startOf(item)
    if (!first || first.type === 'list') {
      // An empty item still shows its marker on one (empty) line, as an empty <li> does.
      this.blocks.push({
        kind,
        marker,
        list,
        itemStart: true,
        lines: [{ text: '', runs: [], sources: [] }],
        source: itemSource ?? 0,
      })
      if (first) this.walk(first, list, kind)
      this.walkRest(children, list)
      return
    }
    if (first.type === 'paragraph' || isPhrasing(first) || !('children' in first)) {
      this.addBlock(first, { kind, list, itemStart: true, marker }, itemSource)
    } else {
      // A container (quote …) first: its first block carries the marker.
      const before = this.blocks.length
      this.walk(first, list, kind)
      const opened = this.blocks[before]
      if (opened) this.blocks[before] = { ...opened, kind, marker, itemStart: true }
    }
    this.walkRest(children, list)
  }

  /** The blocks of a list item after its first: plain paragraphs of the item's list. */
  private walkRest(children: readonly Nodes[], list: number): void {
    for (let index = 1; index < children.length; index++) {
      this.walk(children[index] as Nodes, list, 'paragraph')
    }
  }
}

const PHRASING = new Set([
  'text',
  'emphasis',
  'strong',
  'delete',
  'inlineCode',
  'break',
  'link',
  'linkReference',
  'image',
  'imageReference',
  'footnoteReference',
])

function isPhrasing(node: Nodes): boolean {
  return PHRASING.has(node.type)
}

/**
 * Turns an mdast tree into blocks: each paragraph is a block, each list item is a block with
 * its marker (`•`, or the number and `.` counted from the list's start), nested lists join
 * their parent list, and other nodes are set as plain paragraphs of their text.
 *
 * @param root The tree from `parseMarkdown`.
 * @param source The Markdown text it was parsed from (for source offsets).
 * @returns The blocks in reading order.
 */
export function contentBlocks(root: Root, source: string): ContentBlock[] {
  const builder = new BlocksBuilder(source)
  for (const child of root.children) builder.walk(child, -1, 'paragraph')
  return builder.blocks
}

/**
 * The blocks {@link contentBlocks} makes of the tree of a document of `parseSimpleDocument`, made
 * straight from the document: no tree in between (the differential tests hold them equal).
 *
 * @param document A text of the Markdown subset personalised texts use, read to its blocks.
 * @returns The blocks in reading order.
 */
export function simpleContentBlocks(document: SimpleDocument): ContentBlock[] {
  const { text } = document
  const blocks: ContentBlock[] = []
  const sink = new LineSink(text)
  let lists = 0
  for (const top of document.blocks) {
    if (isParagraph(top)) {
      const source = top[0] as number
      blocks.push({ kind: 'paragraph', list: -1, itemStart: false, lines: sink.read(top), source })
      continue
    }
    const list = lists++
    const kind = top.ordered ? 'ordered-item' : 'bullet-item'
    for (let position = 0; position < top.items.length; position++) {
      const { paragraphs, start } = top.items[position] as SimpleItem
      const marker = top.ordered ? `${top.start + position}.` : '•'
      const lines = sink.read(paragraphs[0] as SimpleParagraph)
      blocks.push({ kind, marker, list, itemStart: true, lines, source: start })
      for (let index = 1; index < paragraphs.length; index++) {
        const paragraph = paragraphs[index] as SimpleParagraph
        const source = paragraph[0] as number
        blocks.push({
          kind: 'paragraph',
          list,
          itemStart: false,
          lines: sink.read(paragraph),
          source,
        })
      }
    }
  }
  return blocks
}

/**
 * The lines {@link BlockBuilder} makes of what {@link appendInline} does with each node of a
 * paragraph, made as the content is read: the same values, styles and source ranges, but the
 * style runs are made as the values come and a value is four numbers in a list shared by the
 * text's lines, not an object (a {@link Segment} is only made when a line needs collapsing or
 * its source offsets).
 */
class LineSink implements PhrasingSink {
  // Per open node, outermost (the paragraph) first: where its next child's range starts (it
  // advances past each child), where it ends, its style.
  private readonly froms: number[] = [0]
  private readonly tos: number[] = [0]
  private readonly styles: Style[] = [PLAIN]
  private depth = 0
  /** The lines of the block so far. */
  private readonly lines: InlineLine[] = []
  private lineCount = 0
  // The line so far: its values (the first, the others), its raw length, its style runs but the
  // last, the last run's start and style, and its values' spans (see {@link segmentsOf}). The raw
  // text is joined at the end of the line: a string grown by `+` is a rope, and reading a rope
  // character by character (as every line is read) is several times slower than a flat string.
  private value: string | undefined
  private values: string[] | undefined
  private rawLength = 0
  private runs: StyleRun[] | undefined
  private runStart = 0
  private style: Style | undefined
  // The spans of the text's values, shared by its lines; where the line's spans start.
  private readonly spans: number[] = []
  private spanCount = 0
  private lineSpans = 0

  constructor(private readonly source: string) {}

  /** The lines of a paragraph. */
  read(paragraph: SimpleParagraph): InlineLine[] {
    this.froms[0] = paragraph[0] as number
    this.tos[0] = paragraph[paragraph.length - 2] as number
    this.depth = 0
    readPhrasing(this.source, paragraph, this)
    this.lineBreak()
    const lines = this.lines.slice(0, this.lineCount)
    this.lineCount = 0
    return lines
  }

  text(value: string, start: number, end: number): void {
    if (value === '') return
    const depth = this.depth
    const froms = this.froms
    const style = this.styles[depth] as Style
    const rawLength = this.rawLength
    const spans = this.spans
    let at = this.spanCount
    spans[at++] = rawLength
    if (start < 0) {
      spans[at++] = froms[depth] as number
      spans[at++] = this.tos[depth] as number
    } else {
      spans[at++] = start
      spans[at++] = end
      froms[depth] = Math.max(froms[depth] as number, end)
    }
    spans[at++] = (style.bold ? 2 : 0) + (style.italic ? 1 : 0)
    this.spanCount = at
    if (style !== this.style) {
      const last = this.style
      if (last) {
        const run = { start: this.runStart, end: rawLength, bold: last.bold, italic: last.italic }
        if (this.runs) this.runs.push(run)
        else this.runs = [run]
      }
      this.runStart = rawLength
      this.style = style
    }
    if (this.value === undefined) this.value = value
    else if (this.values) this.values.push(value)
    else this.values = [this.value, value]
    this.rawLength = rawLength + value.length
  }

  lineBreak(): void {
    const { source, values } = this
    const raw = values ? values.join('') : (this.value ?? '')
    const { spans, lineSpans, spanCount } = this
    const last = this.style
    let runs = this.runs ?? []
    if (last) {
      const run = { start: this.runStart, end: raw.length, bold: last.bold, italic: last.italic }
      if (this.runs) runs.push(run)
      else runs = [run]
    }
    this.lines[this.lineCount++] = isCollapsed(raw)
      ? new PhrasingLine(source, spans, lineSpans, spanCount, raw, runs)
      : collapse(raw, segmentsOf(raw, spans, lineSpans, spanCount), source)
    this.value = undefined
    this.values = undefined
    this.rawLength = 0
    this.runs = undefined
    this.style = undefined
    this.lineSpans = spanCount
  }

  open(strong: boolean, start: number, end: number): void {
    const style = this.styles[this.depth] as Style
    const depth = ++this.depth
    this.styles[depth] = strong ? styleOf(true, style.italic) : styleOf(style.bold, true)
    this.froms[depth] = start
    this.tos[depth] = end
  }

  close(_start: number, end: number): void {
    const depth = --this.depth
    this.froms[depth] = Math.max(this.froms[depth] as number, end)
  }
}

/** The four styles, by index: bold 2, italic 1. */
const STYLES: readonly Style[] = [PLAIN, ITALIC, BOLD, BOLD_ITALIC]

/**
 * The segments of a line's values, from its spans (`spans[from, to)`): `[raw start, from, to,
 * style index]` per value (each value runs to the next one's raw start, the last to the end of
 * the raw text).
 */
function segmentsOf(raw: string, spans: readonly number[], from: number, to: number): Segment[] {
  const segments: Segment[] = []
  for (let at = from; at < to; at += 4) {
    const rawStart = spans[at] as number
    const rawEnd = at + 4 < to ? (spans[at + 4] as number) : raw.length
    segments.push({
      rawStart,
      value: raw.slice(rawStart, rawEnd),
      style: STYLES[spans[at + 3] as number] as Style,
      from: spans[at + 1] as number,
      to: spans[at + 2] as number,
    })
  }
  return segments
}

/** A line of the fast path that needed no collapsing: its source offsets worked out on first use. */
class PhrasingLine implements InlineLine {
  private computed: readonly number[] | undefined

  constructor(
    private readonly source: string,
    private readonly spans: readonly number[],
    private readonly from: number,
    private readonly to: number,
    readonly text: string,
    readonly runs: readonly StyleRun[]
  ) {}

  get sources(): readonly number[] {
    const { text, source } = this
    this.computed ??= sourcesOf(
      text.length,
      IDENTITY,
      text.length,
      segmentsOf(text, this.spans, this.from, this.to),
      source
    )
    return this.computed
  }
}

/**
 * Blocks of plain text: every `\n` is a forced break, no Markdown, one paragraph (CSS
 * `white-space: normal` inside a box whose `<br>`s come from the line feeds).
 *
 * @param text Plain text.
 * @returns One paragraph block, or none for text that is only white space.
 */
export function plainTextBlocks(text: string): ContentBlock[] {
  const builder = new BlockBuilder(text)
  const lineEnding = /\r\n|\n|\r/g
  let start = 0
  for (let match = lineEnding.exec(text); match; match = lineEnding.exec(text)) {
    builder.append(text.slice(start, match.index), PLAIN, start, match.index)
    builder.breakLine()
    start = match.index + match[0].length
  }
  builder.append(text.slice(start), PLAIN, start, text.length)
  const lines = builder.finish()
  if (lines.every((line) => line.text === '') && text.trim() === '') return []
  return [{ kind: 'paragraph', list: -1, itemStart: false, lines, source: 0 }]
}

/**
 * The blocks of a prefix of the source: characters from `offset` on are dropped, blocks left
 * without any character go (a list item counts from its marker). Used by the fit check to find
 * the longest prefix of a text that fits, keeping the formatting of the whole text.
 *
 * @param blocks Blocks of the whole text.
 * @param offset Source offset where the prefix ends.
 * @returns The blocks of the prefix.
 */
export function truncateBlocks(blocks: readonly ContentBlock[], offset: number): ContentBlock[] {
  const kept: ContentBlock[] = []
  for (const block of blocks) {
    if (block.source >= offset) break
    const lines: InlineLine[] = []
    let cut = false
    for (const line of block.lines) {
      let end = 0
      while (end < line.text.length && (line.sources[end] as number) < offset) end++
      if (end < line.text.length) {
        cut = true
        lines.push(truncateLine(line, end))
        break
      }
      lines.push(line)
    }
    // A prefix that ends right after a forced break has no line after it (Markdown drops a
    // trailing line ending too).
    if (cut && lines.length > 1 && lines[lines.length - 1]?.text === '') lines.pop()
    const hasText = lines.some((line) => line.text !== '')
    const emptyItem = block.marker !== undefined && block.lines.every((line) => line.text === '')
    if (hasText || emptyItem || (!cut && lines.length > 0)) kept.push({ ...block, lines })
    if (cut) break
  }
  return kept
}

function truncateLine(line: InlineLine, end: number): InlineLine {
  let length = end
  while (length > 0 && line.text[length - 1] === ' ') length--
  return {
    text: line.text.slice(0, length),
    runs: line.runs
      .filter((run) => run.start < length)
      .map((run) => ({ ...run, end: Math.min(run.end, length) })),
    sources: line.sources.slice(0, length),
    prefixOf: line.prefixOf ?? line,
  }
}
