/**
 * Glyph positioning (GPOS) for the features that change advances of Latin text: `kern` and
 * `dist`. Single and pair adjustments (formats 1 and 2), context and chained context
 * positioning, and Extension lookups (type 9), all read from the raw table.
 *
 * @module
 */
import type { ItemVariationStore } from './item-variation-store.ts'
import {
  EMPTY_COVERAGE,
  GLYPH_CLASS,
  GlyphFilter,
  GlyphSet,
  applyEach,
  applyLookups,
  compileOnce,
  lookupBits,
  matchContext,
  readClassDef,
  readContextSubtable,
  readCoverage,
  readLookups,
  selectLookups,
  subtablesByGlyph,
  type ClassDef,
  type CompiledSubtableBase,
  type ContextSubtable,
  type GlyphBuffer,
  type GlyphDefinitions,
  type Lookup,
  type TableView,
} from './open-type-layout.ts'

/**
 * GPOS features that move glyphs horizontally in Latin text. HarfBuzz also enables `mark`,
 * `mkmk` and `curs`; those only place combining marks and cursive joins, never change a line's
 * width, and are not applied (see docs/layout.md).
 */
export const DEFAULT_POSITIONING_FEATURES: ReadonlySet<string> = new Set(['kern', 'dist'])

const MAX_NESTING = 8

/**
 * Glyph pairs a pair lookup keeps what it does to (cleared when full): kerning of new words is
 * found by one look-up per pair instead of a search per subtable (a word's pairs repeat: digits,
 * capitals). At most 65,536 pairs of five numbers each per lookup.
 */
const PAIR_LIMIT = 0x10000

/**
 * What a pair adjustment does to two glyphs: placement and advance added to the first, then to
 * the second, then 1 when the second glyph has a value record (it is then passed over), else 0.
 */
type PairValue = readonly number[]

/** Applies a font's default positioning to a glyph buffer. */
export interface Positioning {
  /** Whether the font has a `kern` (or `dist`) feature for Latin: then the `kern` table is ignored. */
  readonly hasKerning: boolean
  /**
   * Adjusts `buffer.advances` and `buffer.offsets` in place.
   *
   * @param buffer Glyphs after substitution, advances from hmtx.
   */
  apply(buffer: GlyphBuffer): void
}

/** Byte size of a ValueRecord of a format (2 bytes per set bit). */
function valueSize(format: number): number {
  let size = 0
  for (let bits = format; bits !== 0; bits >>= 1) size += (bits & 1) * 2
  return size
}

/** VariationIndex device tables (`deltaFormat` 0x8000) point into GDEF's ItemVariationStore. */
const VARIATION_INDEX = 0x8000

/**
 * Prepares the positioning of a font: the lookups of `kern`/`dist` for Latin text.
 *
 * @param table The GPOS table.
 * @param gdef Glyph classes for lookup flags.
 * @param variations GDEF's ItemVariationStore at the face's instance, for a variable font: the
 *   deltas of VariationIndex device tables are added to placements and advances unrounded, as
 *   HarfBuzz (and so Chromium) does.
 * @returns The positioning, applied per shaped word.
 */
export function createPositioning(
  table: TableView,
  gdef: GlyphDefinitions,
  variations?: ItemVariationStore
): Positioning {
  const { view } = table
  const lookups = readLookups(table, 9)
  const compiled = compileOnce((lookup) => compileLookup(view, lookup, gdef))
  const selected = selectLookups(table, DEFAULT_POSITIONING_FEATURES)
    .map((index) => lookups[index])
    .filter((lookup): lookup is Lookup => lookup !== undefined)

  /** The delta of a device table (relative to `base`) at the instance; hinting ones give 0. */
  function deviceDelta(base: number, field: number): number {
    const relative = view.getUint16(field)
    if (!variations || relative === 0) return 0
    const device = base + relative
    if (view.getUint16(device + 4) !== VARIATION_INDEX) return 0
    return variations.delta(view.getUint16(device), view.getUint16(device + 2))
  }

  /**
   * Adds a ValueRecord's X placement and X advance (with their device deltas) to `out[slot]` and
   * `out[slot + 1]`; `base` is the subtable its device offsets are relative to.
   */
  function addValue(
    out: number[],
    slot: number,
    format: number,
    offset: number,
    base: number
  ): void {
    let field = offset
    let placement = 0
    let advance = 0
    if (format & 1) {
      placement += view.getInt16(field)
      field += 2
    }
    if (format & 2) field += 2
    if (format & 4) {
      advance += view.getInt16(field)
      field += 2
    }
    if (format & 8) field += 2
    if (format & 0x10) {
      placement += deviceDelta(base, field)
      field += 2
    }
    if (format & 0x20) field += 2
    if (format & 0x40) advance += deviceDelta(base, field)
    out[slot] = (out[slot] as number) + placement
    out[slot + 1] = (out[slot + 1] as number) + advance
  }

  /** What a pair subtable does to a glyph pair, or `undefined` when it does not list the pair. */
  function pairValue(
    compiledSubtable: CompiledSubtable,
    first: number,
    secondGlyph: number
  ): PairValue | undefined {
    const coverageIndex = compiledSubtable.coverage.index(first)
    if (coverageIndex < 0) return undefined
    const subtable = compiledSubtable.offset
    const format1 = view.getUint16(subtable + 4)
    const format2 = view.getUint16(subtable + 6)
    const size1 = valueSize(format1)
    const size2 = valueSize(format2)
    let record: number
    if (view.getUint16(subtable) === 1) {
      const set = subtable + view.getUint16(subtable + 10 + coverageIndex * 2)
      const stride = 2 + size1 + size2
      let low = 0
      let high = view.getUint16(set) - 1
      record = -1
      while (low <= high) {
        const middle = (low + high) >> 1
        const glyph = view.getUint16(set + 2 + middle * stride)
        if (glyph === secondGlyph) {
          record = set + 2 + middle * stride + 2
          break
        }
        if (glyph < secondGlyph) low = middle + 1
        else high = middle - 1
      }
      if (record < 0) return undefined
    } else {
      const [classes1, classes2] = compiledSubtable.classes()
      const class1 = classes1.classOf(first)
      const class2 = classes2.classOf(secondGlyph)
      const class1Count = view.getUint16(subtable + 12)
      const class2Count = view.getUint16(subtable + 14)
      if (class1 >= class1Count || class2 >= class2Count) return undefined
      record = subtable + 16 + (class1 * class2Count + class2) * (size1 + size2)
    }
    // A matched pair counts as applied even when its value is zero: later subtables (class
    // kerning) must not override an exception listed earlier (HarfBuzz, fontkit).
    const value = [0, 0, 0, 0, format2 !== 0 ? 1 : 0]
    addValue(value, 0, format1, record, subtable)
    addValue(value, 2, format2, record + size1, subtable)
    return value
  }

  /** Adds a pair's value to the glyphs at `at` and `second`; returns the next position. */
  function applyPair(buffer: GlyphBuffer, at: number, second: number, value: PairValue): number {
    buffer.offsets[at] = (buffer.offsets[at] as number) + (value[0] as number)
    buffer.advances[at] = (buffer.advances[at] as number) + (value[1] as number)
    buffer.offsets[second] = (buffer.offsets[second] as number) + (value[2] as number)
    buffer.advances[second] = (buffer.advances[second] as number) + (value[3] as number)
    return value[4] ? second + 1 : second
  }

  function applySubtable(
    lookup: CompiledLookup,
    subtable: CompiledSubtable,
    buffer: GlyphBuffer,
    at: number,
    depth: number
  ): number {
    if ('broken' in subtable) throw subtable.broken
    switch (lookup.type) {
      case 1: {
        const index = subtable.coverage.index(buffer.ids[at] as number)
        if (index < 0) return -1
        const offset = subtable.offset
        const format = view.getUint16(offset + 4)
        const value = [0, 0, 0, 0, 1]
        const record =
          view.getUint16(offset) === 1 ? offset + 6 : offset + 8 + index * valueSize(format)
        addValue(value, 0, format, record, offset)
        return applyPair(buffer, at, at, value)
      }
      case 2: {
        const second = lookup.filter.next(buffer, at)
        if (second < 0) return -1
        const value = pairValue(subtable, buffer.ids[at] as number, buffer.ids[second] as number)
        return value ? applyPair(buffer, at, second, value) : -1
      }
      case 7:
      case 8: {
        const filter = lookup.filter
        const match = matchContext(subtable.context as ContextSubtable, buffer, at, filter, filter)
        if (!match) return -1
        for (const record of match.records) {
          const position = match.positions[record.sequenceIndex]
          const nested = lookups[record.lookupIndex]
          if (position === undefined || !nested || depth >= MAX_NESTING) continue
          applyLookupAt(compiled(nested), buffer, position, depth + 1)
        }
        return (match.positions[match.positions.length - 1] as number) + 1
      }
      default:
        return -1
    }
  }

  /** What a pair lookup does to two glyphs, found once per pair (it depends on them alone). */
  function pairOf(
    lookup: CompiledLookup,
    pairs: Map<number, PairValue | null>,
    glyph: number,
    secondGlyph: number
  ): PairValue | null {
    const key = glyph * 0x10000 + secondGlyph
    let value = pairs.get(key)
    if (value === undefined) {
      value = null
      for (const subtable of lookup.subtablesAt(glyph)) {
        value = pairValue(subtable, glyph, secondGlyph) ?? null
        if (value) break
      }
      if (pairs.size >= PAIR_LIMIT) pairs.clear()
      pairs.set(key, value)
    }
    return value
  }

  /**
   * Kerning of a word whose glyphs no lookup skips, when every lookup adjusts pairs and gives the
   * second glyph no value (all shipped faces): each lookup then adds to the first glyph of each
   * neighbouring pair on its own, so what they add, in lookup order, is found once per pair.
   */
  function applyAdjacent(
    list: readonly CompiledLookup[],
    adjacent: Map<number, readonly number[]>,
    buffer: GlyphBuffer
  ): void {
    const { ids, offsets, advances } = buffer
    for (let at = 0; at + 1 < ids.length; at++) {
      const glyph = ids[at] as number
      const secondGlyph = ids[at + 1] as number
      const key = glyph * 0x10000 + secondGlyph
      let values = adjacent.get(key)
      if (values === undefined) {
        const found: number[] = []
        for (const lookup of list) {
          const value =
            lookup.pairs && lookup.glyphs.has(glyph)
              ? pairOf(lookup, lookup.pairs, glyph, secondGlyph)
              : null
          if (value) found.push(value[0] as number, value[1] as number)
        }
        if (adjacent.size >= PAIR_LIMIT) adjacent.clear()
        adjacent.set(key, (values = found))
      }
      for (let index = 0; index < values.length; index += 2) {
        offsets[at] = (offsets[at] as number) + (values[index] as number)
        advances[at] = (advances[at] as number) + (values[index + 1] as number)
      }
    }
  }

  function applyLookupAt(
    lookup: CompiledLookup,
    buffer: GlyphBuffer,
    at: number,
    depth: number
  ): number {
    // No subtable starts at a glyph outside the lookup's glyph set.
    const glyph = buffer.ids[at] as number
    if (!lookup.glyphs.has(glyph)) return -1
    if (lookup.pairs) {
      const second = lookup.filter.next(buffer, at)
      if (second < 0) return -1
      const value = pairOf(lookup, lookup.pairs, glyph, buffer.ids[second] as number)
      return value ? applyPair(buffer, at, second, value) : -1
    }
    for (const subtable of lookup.subtablesAt(glyph)) {
      const next = applySubtable(lookup, subtable, buffer, at, depth)
      if (next >= 0) return next
    }
    return -1
  }

  let ready:
    | readonly [readonly CompiledLookup[], Int32Array, Map<number, readonly number[]> | undefined]
    | undefined
  return {
    hasKerning: selected.length > 0,
    apply(buffer: GlyphBuffer): void {
      if (!ready) {
        const list = selected.map(compiled)
        const pairsOnly = list.every(
          (lookup, index) =>
            lookup.pairs &&
            ((selected[index] as Lookup).flag & 6) === 0 &&
            lookup.subtables.every((subtable) => view.getUint16(subtable.offset + 6) === 0)
        )
        ready = [
          list,
          lookupBits(list.map((lookup) => lookup.glyphs)),
          pairsOnly ? new Map() : undefined,
        ]
      }
      const [list, bits, adjacent] = ready
      // Lookups that ignore marks or base glyphs skip none of a word without marks and invisibles.
      if (
        adjacent &&
        buffer.ids.every(
          (glyph, at) => buffer.props[at] === 0 && gdef.glyphClass(glyph) !== GLYPH_CLASS.mark
        )
      ) {
        applyAdjacent(list, adjacent, buffer)
        return
      }
      applyLookups(list, bits, buffer, (lookup) =>
        applyEach(lookup.glyphs, lookup.filter, buffer, (at) =>
          applyLookupAt(lookup, buffer, at, 0)
        )
      )
    },
  }
}

/** One subtable of a {@link CompiledLookup}. */
interface CompiledSubtable extends CompiledSubtableBase {
  /** The two class definitions of a class pair subtable (type 2, format 2), read on first use. */
  classes(): readonly [ClassDef, ClassDef]
}

/** A lookup read once per face, so that positioning a word only tests glyphs. */
interface CompiledLookup {
  readonly type: number
  /**
   * Skips of the lookup. ZWNJ stays visible to positioning: Chromium (HarfBuzz) does not kern
   * across it, while it kerns across ZWJ, ZWSP and the soft hyphen (measured in Chromium 156).
   */
  readonly filter: GlyphFilter
  readonly subtables: readonly CompiledSubtable[]
  /** Every glyph some subtable may start at (all glyphs when a subtable is broken). */
  readonly glyphs: GlyphSet
  /** The subtables that may apply at a glyph, in lookup order. */
  readonly subtablesAt: (glyph: number) => readonly CompiledSubtable[]
  /**
   * What a pair lookup (none of whose subtables is broken) does, by glyph pair (`first * 0x10000
   * + second`), `null` for a pair it does not list; at most {@link PAIR_LIMIT} pairs.
   */
  readonly pairs: Map<number, PairValue | null> | undefined
}

function compileSubtable(view: DataView, type: number, offset: number): CompiledSubtable {
  let classes: readonly [ClassDef, ClassDef] | undefined
  const classesOf = (): readonly [ClassDef, ClassDef] => {
    classes ??= [
      readClassDef(view, offset + view.getUint16(offset + 8)),
      readClassDef(view, offset + view.getUint16(offset + 10)),
    ]
    return classes
  }
  try {
    if (type === 7 || type === 8) {
      const context = readContextSubtable(view, offset, type === 8)
      return { offset, coverage: context.coverage, context, classes: classesOf }
    }
    const coverage =
      type === 1 || type === 2
        ? readCoverage(view, offset + view.getUint16(offset + 2))
        : EMPTY_COVERAGE
    return { offset, coverage, context: undefined, classes: classesOf }
  } catch (broken) {
    return { offset, coverage: EMPTY_COVERAGE, context: undefined, classes: classesOf, broken }
  }
}

function compileLookup(view: DataView, lookup: Lookup, gdef: GlyphDefinitions): CompiledLookup {
  const subtables = lookup.subtables.map((offset) => compileSubtable(view, lookup.type, offset))
  const glyphs = GlyphSet.of(subtables)
  return {
    type: lookup.type,
    filter: new GlyphFilter(gdef, lookup.flag, lookup.markFilteringSet, false),
    subtables,
    glyphs,
    subtablesAt: subtablesByGlyph(subtables, glyphs),
    pairs:
      lookup.type === 2 && !subtables.some((subtable) => 'broken' in subtable)
        ? new Map()
        : undefined,
  }
}
