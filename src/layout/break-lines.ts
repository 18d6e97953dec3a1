/**
 * Greedy first-fit line breaking of one forced-break-delimited line of styled text, the way
 * Chromium's LayoutNG line breaker does it for `white-space: normal; overflow-wrap: anywhere`:
 * take break opportunities while the content fits (hanging spaces excluded, widths compared as
 * the renderer profile says), break a piece wider than the line between grapheme clusters, and
 * measure a word cut by a break as its own shaped text (as Chromium reshapes line ends). Under
 * the `chromium` profile each inline item (the part of a style run on the line) is rounded up
 * to a layout unit and no kerning crosses items, as in Chromium's line breaker.
 *
 * @module
 */
import { emojiStartUnits } from '../emoji/emoji-set.ts'
import { isEmoji } from '../emoji/is-emoji.ts'
import { graphemeBoundaries } from '../text/graphemes.ts'
import { breakPositions, isHyphenBreak } from '../text/line-break.ts'
import { faceStore, type MemoSlot } from '../text/face-memo.ts'
import { shapeText, type ShapedText } from '../text/shape.ts'
import type { Face } from '../text/types.ts'
import type { InlineLine, StyleRun } from './content-blocks.ts'
import type { ProfileRules } from './renderer-profile.ts'

/** What a unit of a line is. */
const WORD = 0
const SPACE = 1
const EMOJI = 2
type UnitKind = typeof WORD | typeof SPACE | typeof EMOJI

/** A word, a run of spaces or an emoji grapheme, in one face. */
interface Unit {
  readonly start: number
  readonly end: number
  readonly kind: UnitKind
  /** Face of the unit (the style run's; emoji keep theirs for the em size). */
  readonly face: Face
  /** Style of the unit's run. */
  readonly run: StyleRun
  /** Shape of the whole unit (emoji have none). */
  shaped?: ShapedText
  /** Advance of the whole unit in em (an emoji is 1). */
  width: number
  /** Kerning in em between the previous unit and this one (same face, both text), else 0. */
  kern: number
  /** Advance in em of the unit's glyphs before each glyph (and all of them), made on demand. */
  cumulative?: Float64Array
}

/** Units, opportunities and graphemes of one inline line in one family (size-independent). */
interface Prepared {
  readonly units: readonly Unit[]
  /** Where the line may break (`breakPositions`). */
  readonly opportunities: readonly number[]
  boundaries?: readonly number[]
  /**
   * The line broken at the widths it was set in (a text kept in the family's memo only): the
   * next text that repeats the line in the same area reuses its lines. At most
   * {@link KEPT_BREAKS} widths.
   */
  readonly breaks?: KeptBreaks[]
}

/** A prepared line broken at one width, size and profile. */
interface KeptBreaks {
  readonly rules: ProfileRules
  readonly fontSizePx: number
  readonly availablePx: number
  readonly result: BrokenInline
}

/** Widths one kept line keeps its breaks for (the areas a line of a template is set in). */
const KEPT_BREAKS = 4

/** A measured piece of a line: part of one unit. */
export interface LinePiece {
  readonly kind: 'text' | 'emoji'
  /** UTF-16 range in the inline line's text. */
  readonly start: number
  readonly end: number
  readonly face: Face
  readonly run: StyleRun
  /** The piece's glyphs (text pieces; the hyphen of a soft-hyphen break is a piece too). */
  readonly shaped?: ShapedText
  /** Pen position of the piece from the line start, in em. */
  readonly x: number
  /** Advance of the piece in em, kerning with the next piece of the same face included. */
  readonly width: number
  /** Kerning added to the piece's last glyph by the next piece, in em. */
  readonly kern: number
  /** Whether the piece is the hyphen drawn at a soft-hyphen break. */
  readonly hyphen?: boolean
}

/** One line produced by the breaker. */
export interface BrokenLine {
  /** UTF-16 range of the line in the inline line's text, hanging spaces included. */
  readonly start: number
  readonly end: number
  /** Width of the content in em (hanging spaces excluded, a soft-hyphen hyphen included). */
  readonly width: number
  /** Whether the line ends at a soft hyphen, drawn as a hyphen. */
  readonly hyphen: boolean
}

/**
 * The lines of one inline line, and the units they were measured from: the fit needs the lines
 * alone, a drawing places their pieces afterwards ({@link BrokenInline.pieces}) without breaking
 * or shaping again.
 */
export interface BrokenInline {
  /** The lines, top to bottom. */
  readonly lines: readonly BrokenLine[]
  /**
   * The pieces of one of the lines, left to right, with pen positions in em.
   *
   * @param line One of {@link BrokenInline.lines}.
   * @returns Its pieces.
   */
  pieces(line: BrokenLine): LinePiece[]
  /**
   * The lines `breakLines` gives the same text at another size or width, from this line's
   * units (nothing is prepared again): the fit suggestion tries smaller font sizes with it.
   *
   * @param fontSizePx Font size glyphs are scaled with, in CSS px.
   * @param availablePx Width of the line box in CSS px.
   * @param rules The renderer profile's rules.
   * @param maxLines Stop after this many lines.
   * @returns The lines, as `breakLines(line, …, maxLines).lines` gives them.
   */
  rebreak(
    fontSizePx: number,
    availablePx: number,
    rules: ProfileRules,
    maxLines: number
  ): readonly BrokenLine[]
  /**
   * The lines `breakLines` gives a prefix of this line (`truncateBlocks`, `prefixOf` this
   * line), at the size, width and profile this line was broken at. The greedy breaker sets a
   * prefix's first lines as it set this line's as long as every end it tried for them lies
   * before the unit the prefix cuts: those lines are taken as they are, and breaking resumes
   * after them.
   *
   * @param line The prefix.
   * @param maxLines Stop after this many lines.
   * @returns The lines, as `breakLines(line, …, maxLines).lines` gives them; `undefined` when
   *   the prefix cannot be derived from this line's units (a cut emoji): break it anew.
   */
  prefixLines(line: InlineLine, maxLines: number): readonly BrokenLine[] | undefined
}

/** How a line was broken: what a prefix's lines must share with it to reuse its first lines. */
interface BreakSetting {
  readonly fontSizePx: number
  readonly availablePx: number
  readonly rules: ProfileRules
}

/** {@link BrokenInline} over the units of the text. */
class InlineBreaks implements BrokenInline {
  readonly lines: readonly BrokenLine[]
  readonly #text: string
  readonly #prepared: Prepared
  readonly #snap: SnapItem | undefined
  readonly #setting: BreakSetting
  /**
   * For each line, the furthest end the breaker measured to set it (the first end that did not
   * fit, or the end of the text): a prefix that keeps every unit up to there breaks the line
   * alike.
   */
  readonly #probes: readonly number[]

  constructor(
    lines: readonly BrokenLine[],
    probes: readonly number[],
    text: string,
    prepared: Prepared,
    snap: SnapItem | undefined,
    setting: BreakSetting
  ) {
    this.lines = lines
    this.#probes = probes
    this.#text = text
    this.#prepared = prepared
    this.#snap = snap
    this.#setting = setting
  }

  pieces(line: BrokenLine): LinePiece[] {
    return placePieces(
      this.#text,
      this.#prepared.units,
      line.start,
      line.end,
      line.hyphen,
      this.#snap
    )
  }

  rebreak(
    fontSizePx: number,
    availablePx: number,
    rules: ProfileRules,
    maxLines: number
  ): readonly BrokenLine[] {
    const setting = { fontSizePx, availablePx, rules }
    return breakPrepared(this.#prepared, this.#text, setting, maxLines).lines
  }

  prefixLines(line: InlineLine, maxLines: number): readonly BrokenLine[] | undefined {
    const whole = this.#prepared
    const prepared = preparePrefix(whole, line)
    if (!prepared) return undefined
    const length = line.text.length
    // Where the prefix's units start to differ from this line's: the unit it cuts (or drops).
    let changed = length
    for (const unit of whole.units) {
      if (unit.end > length) {
        changed = Math.min(unit.start, length)
        break
      }
    }
    // Each end measured for these lines lies before `changed`: the prefix's units and break
    // opportunities up to there are this line's, so the breaker sets these lines alike.
    let kept = 0
    const limit = Math.min(maxLines, this.lines.length)
    while (kept < limit && (this.#probes[kept] as number) < changed) kept++
    const head = { lines: this.lines.slice(0, kept), probes: this.#probes.slice(0, kept) }
    return breakPrepared(prepared, line.text, this.#setting, maxLines, head).lines
  }
}

const SPACE_UNIT = 0x20
const SOFT_HYPHEN_HYPHEN = '\u2010'
/** A prepared line with the styles it was prepared for. */
interface PreparedEntry {
  readonly runs: readonly StyleRun[]
  readonly prepared: Prepared
}

/** Prepared lines of a family (kept on its regular face's memo) by text, and their size. */
interface PreparedLines {
  readonly byText: Map<string, PreparedEntry[]>
  /**
   * Fingerprints ({@link fingerprint}) of the texts prepared once and not kept: a line is kept
   * when it comes a second time, so that the unique lines of personalised texts (a name, an
   * order number) never fill the memo. Numbers, not the texts: a set of small integers keeps
   * no string alive for the collector to move, and is looked up without reading one.
   */
  readonly seen: Set<number>
  /** Characters of the texts kept. */
  characters: number
}

/** Texts one family keeps prepared before it starts over. */
const PREPARED_LIMIT = 4000
/**
 * Fingerprints of lines seen once one family remembers before it forgets them (and only them):
 * a stream of unique lines starts the set over, never the lines kept.
 */
const SEEN_LIMIT = 4000
/**
 * Characters of line texts one family may keep before it starts over: entries are capped by
 * count above, and by size here, so distinct 8000-character texts cannot pile up (issue 8).
 */
const PREPARED_CHARS_LIMIT = 1_000_000
/** Prepared lines per family, on the memo of its regular face. */
const PREPARED_LINES: MemoSlot<PreparedLines> = Object.freeze({
  name: 'prepared lines',
  create: (): PreparedLines => ({ byText: new Map(), seen: new Set(), characters: 0 }),
})

/** Resolves the face of a style run. */
export type FaceOf = (run: StyleRun) => Face

/** Rounds the width of an inline item in em up as the profile does (`chromium`). */
type SnapItem = (widthEm: number) => number

/** Whether a text may hold an emoji: a unit that starts one, VS16 or the keycap mark. */
function mayHoldEmoji(text: string): boolean {
  const starts = emojiStartUnits()
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index)
    if (unit >= 0xa9 && (starts.has(unit) || unit === 0xfe0f || unit === 0x20e3)) return true
  }
  return false
}

/**
 * The units and opportunities of a prefix, from those of the whole line: the fit check lays out
 * a dozen prefixes of a text that does not fit. Units before the cut stay, the cut unit is
 * shaped anew, opportunities before the cut stay (they depend on the characters before them).
 */
function preparePrefix(whole: Prepared, line: InlineLine): Prepared | undefined {
  const length = line.text.length
  const units: Unit[] = []
  for (const unit of whole.units) {
    if (unit.end <= length) {
      units.push(unit)
      continue
    }
    if (unit.start < length) {
      if (unit.kind === EMOJI) return undefined
      const shaped = shapeText(unit.face, line.text.slice(unit.start, length))
      const previous = units[units.length - 1]
      // Listed field by field: the whole unit's `cumulative` widths belong to its own glyphs.
      units.push({
        start: unit.start,
        end: length,
        kind: unit.kind,
        face: unit.face,
        run: unit.run,
        shaped,
        width: shaped.width / unit.face.unitsPerEm,
        kern:
          previous?.shaped && previous.face === unit.face
            ? kernBetween(unit.face, previous.shaped, shaped)
            : 0,
      })
    }
    break
  }
  return {
    units,
    opportunities: whole.opportunities.filter((position) => position < length),
  }
}

function prepare(line: InlineLine, family: Face, faceOf: FaceOf): Prepared {
  if (line.prefixOf && line.prefixOf.text.startsWith(line.text)) {
    const prefix = preparePrefix(prepare(line.prefixOf, family, faceOf), line)
    if (prefix) return prefix
  }
  const kept = faceStore(family, PREPARED_LINES)
  const byText = kept?.byText
  // Keyed by content, not by object: the same paragraph in the next text (a campaign's
  // template, the next keystroke in a form) reuses its units and break opportunities.
  const text = line.text
  const entries = byText?.get(text)
  if (entries) {
    for (const entry of entries) if (sameRuns(entry.runs, line.runs)) return entry.prepared
  }
  const units: Unit[] = []
  // Where an emoji grapheme starts, and its end (none in most texts: no map then).
  let emojiAt: Map<number, number> | undefined
  if (mayHoldEmoji(text)) {
    emojiAt = new Map()
    const boundaries = graphemeBoundaries(text)
    for (let index = 1; index < boundaries.length; index++) {
      const start = boundaries[index - 1] as number
      const end = boundaries[index] as number
      if (text.charCodeAt(start) >= 0xa9 || end - start > 1) {
        if (isEmoji(text.slice(start, end))) emojiAt.set(start, end)
      }
    }
  }
  for (const run of line.runs) {
    const face = faceOf(run)
    let position = run.start
    while (position < run.end) {
      const emojiEnd = emojiAt?.get(position)
      if (emojiEnd !== undefined) {
        units.push({ start: position, end: emojiEnd, kind: EMOJI, face, run, width: 1, kern: 0 })
        position = emojiEnd
        continue
      }
      const isSpace = text.charCodeAt(position) === SPACE_UNIT
      let end = position + 1
      while (
        end < run.end &&
        (text.charCodeAt(end) === SPACE_UNIT) === isSpace &&
        !emojiAt?.has(end)
      ) {
        end++
      }
      const shaped = shapeText(face, text.slice(position, end))
      units.push({
        start: position,
        end,
        kind: isSpace ? SPACE : WORD,
        face,
        run,
        shaped,
        width: shaped.width / face.unitsPerEm,
        kern: 0,
      })
      position = end
    }
  }
  // Kerning between neighbouring units is size-independent: work it out once per text.
  for (let index = 1; index < units.length; index++) {
    const previous = units[index - 1] as Unit
    const unit = units[index] as Unit
    if (previous.shaped && unit.shaped && previous.face === unit.face) {
      unit.kern = kernBetween(unit.face, previous.shaped, unit.shaped)
    }
  }
  const opportunities = breakPositions(text)
  if (!kept || !byText) return { units, opportunities }
  const print = fingerprint(text)
  if (!kept.seen.delete(print) && !entries) {
    if (kept.seen.size >= SEEN_LIMIT) kept.seen.clear()
    kept.seen.add(print)
    return { units, opportunities }
  }
  // Kept: the entries of the text looked up above stay, unless the memo starts over now.
  let others = entries
  const chars = kept.characters + text.length
  if (byText.size >= PREPARED_LIMIT || chars > PREPARED_CHARS_LIMIT) {
    byText.clear()
    kept.characters = text.length
    others = undefined
  } else {
    kept.characters = chars
  }
  const result: Prepared = { units, opportunities, breaks: [] }
  byText.set(text, [...(others ?? []), { runs: line.runs, prepared: result }])
  return result
}

/**
 * A 30-bit FNV-1a hash of a text's UTF-16 units (a small integer, never a heap number). Two texts
 * that share one only make the second kept on its first coming: the memo stays right.
 */
function fingerprint(text: string): number {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193)
  }
  return hash & 0x3fffffff
}

function sameRuns(a: readonly StyleRun[], b: readonly StyleRun[]): boolean {
  if (a.length !== b.length) return false
  for (let index = 0; index < a.length; index++) {
    const left = a[index] as StyleRun
    const right = b[index] as StyleRun
    if (left.end !== right.end || left.bold !== right.bold || left.italic !== right.italic)
      return false
  }
  return true
}

/** Shape of part of a unit (the whole unit's shape is kept on the unit). */
function shapeOf(text: string, unit: Unit, start: number, end: number): ShapedText {
  if (start === unit.start && end === unit.end) {
    unit.shaped ??= shapeText(unit.face, text.slice(start, end))
    return unit.shaped
  }
  return shapeText(unit.face, text.slice(start, end))
}

/**
 * An estimate in em of the part `[from, to)` of a unit, from the whole unit's glyphs: exact but
 * for the kerning, ligatures and contextual forms at the two cuts, which change a width by far
 * less than {@link ESTIMATE_MARGIN}. Used to skip shaping long pieces that cannot fit anyway.
 */
function estimateOf(unit: Unit, from: number, to: number): number {
  const shaped = unit.shaped
  if (!shaped) return (to - from) * 2
  const first = glyphAt(shaped.clusters, from - unit.start)
  const last = glyphAt(shaped.clusters, to - unit.start)
  const advances = shaped.advances
  if (!unit.cumulative && advances.length > CUMULATIVE_FROM) {
    unit.cumulative = advanceSums(advances, unit.face.unitsPerEm)
  }
  return advanceBetween(advances, unit.face.unitsPerEm, first, last, unit.cumulative)
}

/**
 * Running sums in em of a shape's advances: entry `i` is the advance of the glyphs before glyph
 * `i`, added one glyph at a time.
 *
 * @param advances Advances in design units.
 * @param unitsPerEm Design units per em of the face.
 * @returns `advances.length + 1` sums, the first 0.
 */
export function advanceSums(advances: readonly number[], unitsPerEm: number): Float64Array {
  const sums = new Float64Array(advances.length + 1)
  for (let index = 0; index < advances.length; index++) {
    sums[index + 1] = (sums[index] as number) + (advances[index] as number) / unitsPerEm
  }
  return sums
}

/**
 * Advance in em of glyphs `[first, last)`, exactly `sums[last] - sums[first]` of
 * {@link advanceSums}: read from `sums` when given, else added up in the same order (so to the
 * same bits) without making the table, which costs more than summing a short word's glyphs.
 *
 * @param advances Advances in design units.
 * @param unitsPerEm Design units per em of the face.
 * @param first Index of the first glyph.
 * @param last Index after the last glyph (`first <= last`).
 * @param sums `advanceSums(advances, unitsPerEm)`, when kept.
 * @returns The advance in em.
 */
export function advanceBetween(
  advances: readonly number[],
  unitsPerEm: number,
  first: number,
  last: number,
  sums?: Float64Array
): number {
  if (sums) return (sums[last] as number) - (sums[first] as number)
  let sum = 0
  let before = 0
  for (let index = 0; index < last; index++) {
    if (index === first) before = sum
    sum += (advances[index] as number) / unitsPerEm
  }
  return first < last ? sum - before : 0
}

/**
 * Glyphs from which {@link estimateOf} keeps a unit's running sums of advances: a long word
 * broken over many lines is estimated many times, a short one sums its few advances each time.
 */
const CUMULATIVE_FROM = 32

/** Index of the first glyph whose cluster starts at or after `position` (bisection). */
function glyphAt(clusters: readonly number[], position: number): number {
  let low = 0
  let high = clusters.length
  while (low < high) {
    const middle = (low + high) >> 1
    if ((clusters[middle] as number) < position) low = middle + 1
    else high = middle
  }
  return low
}

/** How far (in em) an estimate must exceed the line before a piece is taken as too wide. */
const ESTIMATE_MARGIN = 4

/**
 * Kerning in em between the last glyph of one shape and the first of the next (same face): the
 * one measure of kerning across units, shared with the address rules' unwrapped lines so that
 * their widths agree with the line breaker's to the last bit.
 */
export function kernBetween(face: Face, left: ShapedText, right: ShapedText): number {
  const last = left.glyphs[left.glyphs.length - 1]
  const first = right.glyphs[0]
  if (last === undefined || first === undefined) return 0
  return face.kerning(last, first) / face.unitsPerEm
}

/**
 * Measures content from a fixed line start to increasing ends, adding whole units once.
 * Kerning between units of one face is added to the left unit (HarfBuzz keeps it on the first
 * glyph of a pair), so a word keeps its kerning with a following hanging space.
 *
 * With `snap` (the `chromium` profile) the line is a row of inline items, one per style run:
 * each item's width is rounded up on its own, and kerning stops at item boundaries.
 */
class LineCursor {
  private index: number
  private sum = 0
  private content = 0
  /** The last text piece on the line so far (a whole unit, or the cut first one). */
  private previousFace: Face | undefined
  private previousShape: ShapedText | undefined
  private previousWhole = false
  /** The style run of the open item (`snap` only). */
  private itemRun: StyleRun | undefined
  /** Where the open item starts in `sum` (em). */
  private itemStart = 0
  /** Rounded width of the items before the open one (em). */
  private closed = 0
  /**
   * After {@link widthTo} under `snap` with an end inside a word: the content width in em with
   * the cut word measured as part of the whole word (unrounded), which Chromium's line breaker
   * looks at before it reshapes the line end; `undefined` otherwise.
   */
  context: number | undefined

  constructor(
    private readonly text: string,
    private readonly units: readonly Unit[],
    private readonly start: number,
    /** Widths beyond this (em) need not be exact: the content cannot fit. */
    private readonly limit = Infinity,
    private readonly snap?: SnapItem
  ) {
    let index = 0
    while (index < units.length && (units[index] as Unit).end <= start) index++
    this.index = index
  }

  /** Content width in em of `[start, end)`, hanging spaces excluded. */
  widthTo(end: number, hyphen: boolean): number {
    const units = this.units
    while (this.index < units.length && (units[this.index] as Unit).end <= end) {
      this.add(units[this.index] as Unit)
      this.index++
    }
    this.context = undefined
    const partial = units[this.index]
    let width = this.content
    let face: Face | undefined
    // Under `snap`, a cut unit of another run than the open item starts an item of its own.
    let opensItem = false
    // Width in em up to the cut as the whole unit was shaped (kerning across the cut included).
    let inContext: number | undefined
    if (partial && partial.start < end && partial.kind !== SPACE) {
      const from = Math.max(partial.start, this.start)
      opensItem = this.snap !== undefined && partial.run !== this.itemRun
      if (partial.kind === EMOJI) width = this.sum + 1
      else {
        const estimate = estimateOf(partial, from, end)
        if (this.sum + estimate > this.limit + ESTIMATE_MARGIN) return this.sum + estimate
        const shaped = shapeOf(this.text, partial, from, end)
        const kern = opensItem ? 0 : this.kernTo(partial.face, shaped)
        width = this.sum + kern + shaped.width / partial.face.unitsPerEm
        inContext = this.sum + kern + estimate
        face = partial.face
      }
    } else if (hyphen) {
      face = this.previousFace
    }
    const hyphenWidth = hyphen && face ? hyphenOf(face).width / face.unitsPerEm : 0
    const snap = this.snap
    if (!snap) return width + hyphenWidth
    // Chromium adds the hyphen of a soft-hyphen break as an inline size of its own.
    const hyphenItem = hyphenWidth > 0 ? snap(hyphenWidth) : 0
    if (opensItem) {
      const before = this.closed + snap(this.sum - this.itemStart)
      if (inContext !== undefined) this.context = before + (inContext - this.sum)
      return before + snap(width - this.sum) + hyphenItem
    }
    if (inContext !== undefined) this.context = this.closed + (inContext - this.itemStart)
    const item = width - this.itemStart
    return this.closed + (item > 0 ? snap(item) : 0) + hyphenItem
  }

  private kernTo(face: Face, shaped: ShapedText): number {
    return this.previousShape && this.previousFace === face
      ? kernBetween(face, this.previousShape, shaped)
      : 0
  }

  /** Closes the open item and opens one for a run (`snap` only): no kerning across items. */
  private openItem(run: StyleRun, snap: SnapItem): void {
    // `sum` and `content` stay raw; only the widths of whole items are rounded.
    if (this.itemRun !== undefined) this.closed += snap(this.sum - this.itemStart)
    this.itemRun = run
    this.itemStart = this.sum
    this.previousFace = undefined
    this.previousShape = undefined
  }

  private add(unit: Unit): void {
    if (this.snap && unit.run !== this.itemRun) this.openItem(unit.run, this.snap)
    if (unit.kind === EMOJI) {
      this.sum += 1
      this.content = this.sum
      this.previousFace = undefined
      this.previousShape = undefined
      return
    }
    let width: number
    let kern: number
    let shaped: ShapedText
    if (unit.start >= this.start && unit.shaped) {
      // A whole unit: its advance and its kerning with the unit before are known.
      shaped = unit.shaped
      width = unit.width
      kern = this.previousShape
        ? this.previousWhole
          ? unit.kern
          : this.kernTo(unit.face, shaped)
        : 0
    } else {
      const from = Math.max(unit.start, this.start)
      const estimate = estimateOf(unit, from, unit.end)
      if (this.sum + estimate > this.limit + ESTIMATE_MARGIN) {
        // The rest of a long word after a break: far too wide, so not worth shaping.
        this.sum += estimate
        this.content = this.sum
        this.previousFace = undefined
        this.previousShape = undefined
        return
      }
      shaped = shapeOf(this.text, unit, from, unit.end)
      width = shaped.width / unit.face.unitsPerEm
      kern = this.kernTo(unit.face, shaped)
    }
    if (unit.kind === SPACE) {
      // The kern belongs to the word before the space: it stays when the space hangs.
      if (this.previousShape) this.content = this.sum + kern
      this.sum += kern + width
    } else {
      this.sum += kern + width
      this.content = this.sum
    }
    this.previousFace = unit.face
    this.previousShape = shaped
    this.previousWhole = unit.start >= this.start
  }
}

/** The hyphen shown at a soft-hyphen break: U+2010 when the face has it, else `-` (Blink). */
function hyphenOf(face: Face): ShapedText {
  return shapeText(face, face.hasCodePoint(0x2010) ? SOFT_HYPHEN_HYPHEN : '-')
}

/**
 * Breaks one line of styled text into lines of at most `availablePx`.
 *
 * @param line The text between two forced breaks.
 * @param family The family's regular face: units and opportunities are cached per family and text.
 * @param faceOf Face of a style run.
 * @param fontSizePx Font size glyphs are scaled with, in CSS px (the profile's shaping size).
 * @param availablePx Width of the line box in CSS px.
 * @param rules The renderer profile's rules: how widths round and when content fits.
 * @param maxLines Stop after this many lines (default: all): a fit check that only asks whether
 *   the text fits needs no line past the first one that overflows its area.
 * @returns The lines (the first `maxLines` of them; an empty text gives one empty line), ready
 *   to be placed.
 */
export function breakLines(
  line: InlineLine,
  family: Face,
  faceOf: FaceOf,
  fontSizePx: number,
  availablePx: number,
  rules: ProfileRules,
  maxLines = Number.POSITIVE_INFINITY
): BrokenInline {
  const text = line.text
  const prepared = prepare(line, family, faceOf)
  const kept = maxLines === Number.POSITIVE_INFINITY ? prepared.breaks : undefined
  if (kept) {
    for (const breaks of kept) {
      if (
        breaks.rules === rules &&
        breaks.fontSizePx === fontSizePx &&
        breaks.availablePx === availablePx
      )
        return breaks.result
    }
  }
  const result = breakPrepared(prepared, text, { fontSizePx, availablePx, rules }, maxLines)
  if (kept) {
    if (kept.length >= KEPT_BREAKS) kept.shift()
    kept.push({ rules, fontSizePx, availablePx, result })
  }
  return result
}

/**
 * {@link breakLines} of a prepared line; with `head`, the first lines are those given (set
 * alike, see {@link BrokenInline.prefixLines}) and breaking goes on after them.
 */
function breakPrepared(
  prepared: Prepared,
  text: string,
  setting: BreakSetting,
  maxLines: number,
  head?: { readonly lines: BrokenLine[]; readonly probes: number[] }
): InlineBreaks {
  const { fontSizePx, availablePx, rules } = setting
  const { units, opportunities } = prepared
  const fits = (widthEm: number): boolean => rules.fits(widthEm * fontSizePx, availablePx)
  // A size below 1/64 px rounds to nothing: no glyph has a width to round.
  const snap: SnapItem | undefined =
    rules.snapsItems && fontSizePx > 0
      ? (widthEm) => rules.itemWidthPx(widthEm * fontSizePx) / fontSizePx
      : undefined
  const lines: BrokenLine[] = head?.lines ?? []
  const probes: number[] = head?.probes ?? []
  if (text.length === 0) {
    const empty = [{ start: 0, end: 0, width: 0, hyphen: false }]
    return new InlineBreaks(empty, [0], text, prepared, snap, setting)
  }
  let start = lines.at(-1)?.end ?? 0
  let next = 0
  while (start < text.length && lines.length < maxLines) {
    while (next < opportunities.length && (opportunities[next] as number) <= start) {
      next++
    }
    const cursor = new LineCursor(text, units, start, availablePx / fontSizePx, snap)
    let best = -1
    let bestHyphen = false
    let bestWidth = 0
    let candidate = next
    let probe = start
    for (; candidate <= opportunities.length; candidate++) {
      const opportunity = opportunities[candidate]
      const end = opportunity ?? text.length
      const hyphen = opportunity !== undefined && isHyphenBreak(text, opportunity)
      probe = end
      const width = cursor.widthTo(end, hyphen)
      if (!fits(width)) break
      if (
        cursor.context !== undefined &&
        !rules.fitsInContext(cursor.context * fontSizePx, availablePx)
      )
        break
      best = end
      bestHyphen = hyphen
      bestWidth = width
    }
    if (best < 0) {
      // Nothing fits: break the first piece between grapheme clusters (overflow-wrap: anywhere),
      // at least one cluster per line.
      const pieceEnd = opportunities[next] ?? text.length
      ;({ end: best, width: bestWidth } = emergencyBreak(
        prepared,
        text,
        units,
        start,
        pieceEnd,
        fits,
        snap
      ))
      bestHyphen = false
    }
    lines.push({ start, end: best, width: bestWidth, hyphen: bestHyphen })
    probes.push(probe)
    start = best
  }
  return new InlineBreaks(lines, probes, text, prepared, snap, setting)
}

function emergencyBreak(
  prepared: Prepared,
  text: string,
  units: readonly Unit[],
  start: number,
  pieceEnd: number,
  fits: (width: number) => boolean,
  snap: SnapItem | undefined
): { end: number; width: number } {
  prepared.boundaries ??= graphemeBoundaries(text)
  const boundaries = prepared.boundaries
  let contentEnd = pieceEnd
  while (contentEnd > start && text.charCodeAt(contentEnd - 1) === SPACE_UNIT) contentEnd--
  // Candidate ends: the grapheme boundaries in (start, contentEnd), indices first..last.
  const first = firstAbove(boundaries, start)
  const last = firstAbove(boundaries, contentEnd - 1) - 1
  const widthAt = (end: number): number =>
    new LineCursor(text, units, start, Infinity, snap).widthTo(end, false)
  let bestEnd = Math.min(boundaries[first] ?? pieceEnd, pieceEnd)
  let bestWidth = widthAt(bestEnd)
  if (!fits(bestWidth)) return { end: bestEnd, width: bestWidth }
  // Widths grow with the number of clusters. Gallop first, so that an 8000-character word is
  // never shaped whole, then bisect between the last end that fits and the first that does not.
  let low = first
  let high = last
  for (let step = 1; low + step <= last; step *= 2) {
    const end = boundaries[low + step] as number
    const width = widthAt(end)
    if (!fits(width)) {
      high = low + step - 1
      break
    }
    bestEnd = end
    bestWidth = width
    low += step
  }
  let lo = low + 1
  let hi = high
  while (lo <= hi) {
    const middle = (lo + hi) >> 1
    const end = boundaries[middle] as number
    const width = widthAt(end)
    if (fits(width)) {
      bestEnd = end
      bestWidth = width
      lo = middle + 1
    } else {
      hi = middle - 1
    }
  }
  return { end: bestEnd, width: bestWidth }
}

/** Index of the first value greater than `value` in ascending `values` (bisection). */
function firstAbove(values: readonly number[], value: number): number {
  let low = 0
  let high = values.length
  while (low < high) {
    const middle = (low + high) >> 1
    if ((values[middle] as number) <= value) low = middle + 1
    else high = middle
  }
  return low
}

/**
 * Pieces of the line `[start, end)` with pen positions in em. Under `snap` each item (style run)
 * starts where the rounded widths of the items before it end, as Chromium places them.
 */
function placePieces(
  text: string,
  units: readonly Unit[],
  start: number,
  end: number,
  hyphen: boolean,
  snap: SnapItem | undefined
): LinePiece[] {
  const pieces: LinePiece[] = []
  let x = 0
  let previous: { face: Face; shaped: ShapedText; index: number } | undefined
  let itemRun: StyleRun | undefined
  let itemStart = 0
  for (const unit of units) {
    if (unit.end <= start) continue
    if (unit.start >= end) break
    const from = Math.max(unit.start, start)
    const to = Math.min(unit.end, end)
    if (snap && unit.run !== itemRun) {
      if (itemRun !== undefined) x = itemStart + snap(x - itemStart)
      itemRun = unit.run
      itemStart = x
      previous = undefined
    }
    if (unit.kind === EMOJI) {
      pieces.push({
        kind: 'emoji',
        start: from,
        end: to,
        face: unit.face,
        run: unit.run,
        x,
        width: 1,
        kern: 0,
      })
      x += 1
      previous = undefined
      continue
    }
    const shaped = shapeOf(text, unit, from, to)
    if (previous && previous.face === unit.face) {
      const kern = kernBetween(unit.face, previous.shaped, shaped)
      if (kern !== 0) {
        const left = pieces[previous.index] as LinePiece
        pieces[previous.index] = { ...left, width: left.width + kern, kern }
        x += kern
      }
    }
    const width = shaped.width / unit.face.unitsPerEm
    pieces.push({
      kind: 'text',
      start: from,
      end: to,
      face: unit.face,
      run: unit.run,
      shaped,
      x,
      width,
      kern: 0,
    })
    previous = { face: unit.face, shaped, index: pieces.length - 1 }
    x += width
  }
  if (hyphen) {
    const last = [...pieces].reverse().find((piece) => piece.kind === 'text')
    if (last) {
      const shaped = hyphenOf(last.face)
      // The hyphen follows the content; hanging spaces cannot precede a soft-hyphen break.
      pieces.push({
        kind: 'text',
        start: end,
        end,
        face: last.face,
        run: last.run,
        shaped,
        x,
        width: shaped.width / last.face.unitsPerEm,
        kern: 0,
        hyphen: true,
      })
    }
  }
  return pieces
}
