/**
 * Glyph substitution (GSUB) with the features browsers apply by default to horizontal Latin
 * text, read from the raw table: single, multiple, alternate, ligature, context, chained
 * context, extension and reverse chained lookups.
 *
 * @module
 */
import {
  EMPTY_COVERAGE,
  GlyphFilter,
  GlyphSet,
  applyEach,
  applyLookups,
  compileOnce,
  lookupBits,
  matchContext,
  readContextSubtable,
  readCoverage,
  readLookups,
  selectLookups,
  subtablesByGlyph,
  type CompiledSubtableBase,
  type ContextSubtable,
  type GlyphBuffer,
  type GlyphDefinitions,
  type Lookup,
  type TableView,
} from './open-type-layout.ts'

/**
 * GSUB features on by default in HarfBuzz (and so in Chromium) and in fontkit for horizontal
 * text in a simple script: `rvrn`, `ltra`, `ltrm`, `ccmp`, `locl`, `rlig`, `calt`, `clig`,
 * `liga`, `rclt`. Inter has no `liga` but contextual forms under `calt`; Roboto has `liga` only
 * under `latn`; Lora has both (see docs/layout.md).
 */
export const DEFAULT_SUBSTITUTION_FEATURES: ReadonlySet<string> = new Set([
  'rvrn',
  'ltra',
  'ltrm',
  'ccmp',
  'locl',
  'rlig',
  'calt',
  'clig',
  'liga',
  'rclt',
])

/** Nested context lookups deeper than this stop applying (HarfBuzz uses 64, fonts use 1-2). */
const MAX_NESTING = 8

/** Applies a font's default substitutions to a glyph buffer. */
export interface Substitution {
  /**
   * Runs every selected lookup over the buffer, in lookup order.
   *
   * @param buffer Glyphs from the cmap; changed in place.
   */
  apply(buffer: GlyphBuffer): void
}

/**
 * Prepares the substitution of a font: the lookups of the default features for Latin text.
 *
 * @param table The GSUB table.
 * @param gdef Glyph classes for lookup flags.
 * @returns The substitution, applied per shaped word.
 */
export function createSubstitution(table: TableView, gdef: GlyphDefinitions): Substitution {
  const { view } = table
  const lookups = readLookups(table, 7)
  const compiled = compileOnce((lookup) => compileLookup(view, lookup, gdef))
  const selected = selectLookups(table, DEFAULT_SUBSTITUTION_FEATURES)
    .map((index) => lookups[index])
    .filter((lookup): lookup is Lookup => lookup !== undefined)

  /** Applies one subtable at `at`; returns the next position, or -1 when it did not apply. */
  function applySubtable(
    lookup: CompiledLookup,
    subtable: CompiledSubtable,
    buffer: GlyphBuffer,
    at: number,
    depth: number
  ): number {
    if ('broken' in subtable) throw subtable.broken
    const glyph = buffer.ids[at] as number
    const offset = subtable.offset
    switch (lookup.type) {
      case 1: {
        const index = subtable.coverage.index(glyph)
        if (index < 0) return -1
        buffer.ids[at] =
          subtable.format === 1
            ? (glyph + view.getInt16(offset + 4)) & 0xffff
            : view.getUint16(offset + 6 + index * 2)
        return at + 1
      }
      case 2: {
        const index = subtable.coverage.index(glyph)
        if (index < 0) return -1
        const sequence = offset + view.getUint16(offset + 6 + index * 2)
        const count = view.getUint16(sequence)
        const glyphs: number[] = []
        for (let item = 0; item < count; item++)
          glyphs.push(view.getUint16(sequence + 2 + item * 2))
        const cluster = buffer.clusters[at] as number
        const props = buffer.props[at] as number
        buffer.ids.splice(at, 1, ...glyphs)
        buffer.clusters.splice(at, 1, ...glyphs.map(() => cluster))
        buffer.props.splice(at, 1, ...glyphs.map(() => props))
        return at + count
      }
      case 3: {
        const index = subtable.coverage.index(glyph)
        if (index < 0) return -1
        const set = offset + view.getUint16(offset + 6 + index * 2)
        // A default feature pointing at alternates takes the first one (HarfBuzz value 1).
        if (view.getUint16(set) === 0) return -1
        buffer.ids[at] = view.getUint16(set + 2)
        return at + 1
      }
      case 4:
        return applyLigature(lookup, subtable, buffer, at)
      case 5:
      case 6: {
        const match = matchContext(
          subtable.context as ContextSubtable,
          buffer,
          at,
          lookup.input,
          lookup.context
        )
        if (!match) return -1
        const positions = match.positions
        for (const record of match.records) {
          const position = positions[record.sequenceIndex]
          const nested = lookups[record.lookupIndex]
          if (position === undefined || !nested || depth >= MAX_NESTING) continue
          const before = buffer.length
          applyLookupAt(compiled(nested), buffer, position, depth + 1)
          const delta = buffer.length - before
          if (delta !== 0) {
            for (let index = record.sequenceIndex + 1; index < positions.length; index++) {
              positions[index] = (positions[index] as number) + delta
            }
          }
        }
        return Math.min(buffer.length, (positions[positions.length - 1] as number) + 1)
      }
      default:
        return -1
    }
  }

  function applyLigature(
    lookup: CompiledLookup,
    subtable: CompiledSubtable,
    buffer: GlyphBuffer,
    at: number
  ): number {
    const index = subtable.coverage.index(buffer.ids[at] as number)
    if (index < 0) return -1
    const filter = lookup.input
    const next = filter.next(buffer, at)
    const second = next < 0 ? -1 : (buffer.ids[next] as number)
    const set = subtable.offset + view.getUint16(subtable.offset + 6 + index * 2)
    for (let item = 0; item < view.getUint16(set); item++) {
      const ligature = set + view.getUint16(set + 2 + item * 2)
      const components = view.getUint16(ligature + 2)
      // Most ligatures of a set (Inter's arrows after a hyphen) fail on the second component.
      if (components > 1 && (second < 0 || view.getUint16(ligature + 4) !== second)) continue
      const positions: number[] = []
      let position = at
      let matched = true
      for (let component = 1; component < components; component++) {
        position = filter.next(buffer, position)
        if (position < 0 || buffer.ids[position] !== view.getUint16(ligature + 2 + component * 2)) {
          matched = false
          break
        }
        positions.push(position)
      }
      if (!matched) continue
      buffer.ids[at] = view.getUint16(ligature)
      for (let component = positions.length - 1; component >= 0; component--) {
        const remove = positions[component] as number
        buffer.ids.splice(remove, 1)
        buffer.clusters.splice(remove, 1)
        buffer.props.splice(remove, 1)
      }
      return at + 1
    }
    return -1
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
    if (lookup.seconds) {
      // Most glyphs start a ligature of some set, few are followed by a second component.
      const next = lookup.input.next(buffer, at)
      if (next < 0 || !lookup.seconds.has(buffer.ids[next] as number)) return -1
    }
    for (const subtable of lookup.subtablesAt(glyph)) {
      const next = applySubtable(lookup, subtable, buffer, at, depth)
      if (next >= 0) return next
    }
    return -1
  }

  function applyReverse(lookup: CompiledLookup, buffer: GlyphBuffer): void {
    const filter = lookup.context
    for (let at = buffer.length - 1; at >= 0; at--) {
      if (!lookup.glyphs.has(buffer.ids[at] as number) || filter.skips(buffer, at)) continue
      for (const compiledSubtable of lookup.subtables) {
        if ('broken' in compiledSubtable) throw compiledSubtable.broken
        const { offset: subtable, coverage: first } = compiledSubtable
        const index = first.index(buffer.ids[at] as number)
        if (index < 0) continue
        let field = subtable + 4
        const backtrackCount = view.getUint16(field)
        let position = at
        let matched = true
        for (let item = 0; item < backtrackCount && matched; item++) {
          position = filter.previous(buffer, position)
          const coverage = readCoverage(view, subtable + view.getUint16(field + 2 + item * 2))
          matched = position >= 0 && coverage.index(buffer.ids[position] as number) >= 0
        }
        field += 2 + backtrackCount * 2
        const lookaheadCount = view.getUint16(field)
        position = at
        for (let item = 0; item < lookaheadCount && matched; item++) {
          position = filter.next(buffer, position)
          const coverage = readCoverage(view, subtable + view.getUint16(field + 2 + item * 2))
          matched = position >= 0 && coverage.index(buffer.ids[position] as number) >= 0
        }
        field += 2 + lookaheadCount * 2
        if (!matched) continue
        buffer.ids[at] = view.getUint16(field + 2 + index * 2)
        break
      }
    }
  }

  let ready: readonly [readonly CompiledLookup[], Int32Array] | undefined
  return {
    apply(buffer: GlyphBuffer): void {
      if (!ready) {
        const list = selected.map(compiled)
        // No ligature forms in a word without a second component (Inter's arrows, fractions).
        ready = [list, lookupBits(list.map((lookup) => lookup.seconds ?? lookup.glyphs))]
      }
      applyLookups(ready[0], ready[1], buffer, (lookup) => {
        if (lookup.type === 8) applyReverse(lookup, buffer)
        else
          applyEach(lookup.glyphs, lookup.input, buffer, (at) =>
            applyLookupAt(lookup, buffer, at, 0)
          )
      })
    },
  }
}

/** One subtable of a {@link CompiledLookup}. */
interface CompiledSubtable extends CompiledSubtableBase {
  readonly format: number
}

/** A lookup read once per face, so that shaping a word only tests glyphs. */
interface CompiledLookup {
  readonly type: number
  /** Skips for the input sequence (ZWNJ stays visible, as in HarfBuzz). */
  readonly input: GlyphFilter
  /** Skips for backtrack and lookahead (ZWNJ skipped too). */
  readonly context: GlyphFilter
  readonly subtables: readonly CompiledSubtable[]
  /** Every glyph some subtable may start at (all glyphs when a subtable is broken). */
  readonly glyphs: GlyphSet
  /** The subtables that may apply at a glyph, in lookup order. */
  readonly subtablesAt: (glyph: number) => readonly CompiledSubtable[]
  /** Of a ligature lookup whose ligatures all have two components or more: the second ones. */
  readonly seconds: GlyphSet | undefined
}

function compileSubtable(view: DataView, type: number, offset: number): CompiledSubtable {
  try {
    if (type === 5 || type === 6) {
      const context = readContextSubtable(view, offset, type === 6)
      return { offset, format: context.format, coverage: context.coverage, context }
    }
    const format = view.getUint16(offset)
    const known = (type >= 1 && type <= 4) || type === 8
    const coverage = known
      ? readCoverage(view, offset + view.getUint16(offset + 2))
      : EMPTY_COVERAGE
    return { offset, format, coverage, context: undefined }
  } catch (broken) {
    return { offset, format: 0, coverage: EMPTY_COVERAGE, context: undefined, broken }
  }
}

function compileLookup(view: DataView, lookup: Lookup, gdef: GlyphDefinitions): CompiledLookup {
  const subtables = lookup.subtables.map((offset) => compileSubtable(view, lookup.type, offset))
  const glyphs = GlyphSet.of(subtables)
  return {
    type: lookup.type,
    input: new GlyphFilter(gdef, lookup.flag, lookup.markFilteringSet, false),
    context: new GlyphFilter(gdef, lookup.flag, lookup.markFilteringSet, true),
    subtables,
    glyphs,
    subtablesAt: subtablesByGlyph(subtables, glyphs),
    seconds: lookup.type === 4 ? secondComponents(view, subtables) : undefined,
  }
}

/**
 * The glyphs that are the second component of a ligature of a lookup, or `undefined` when a
 * ligature has one component (it needs no next glyph) or a subtable is broken.
 */
function secondComponents(
  view: DataView,
  subtables: readonly CompiledSubtable[]
): GlyphSet | undefined {
  const seconds: number[] = []
  try {
    for (const subtable of subtables) {
      if ('broken' in subtable) return undefined
      const { offset, coverage } = subtable
      // A set per covered glyph, as the coverage index finds them.
      let sets = 0
      coverage.forEach(() => ++sets > 0)
      for (let index = 0; index < sets; index++) {
        const set = offset + view.getUint16(offset + 6 + index * 2)
        for (let item = 0; item < view.getUint16(set); item++) {
          const ligature = set + view.getUint16(set + 2 + item * 2)
          if (view.getUint16(ligature + 2) < 2) return undefined
          seconds.push(view.getUint16(ligature + 4))
        }
      }
    }
  } catch {
    return undefined
  }
  return new GlyphSet([
    {
      index: () => -1,
      forEach: (visit) => {
        for (const glyph of seconds) if (!visit(glyph)) return
      },
    },
  ])
}
