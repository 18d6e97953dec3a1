/**
 * Glyph substitution (GSUB) with the features browsers apply by default to horizontal Latin
 * text, read from the raw table: single, multiple, alternate, ligature, context, chained
 * context, extension and reverse chained lookups.
 *
 * @module
 */
import {
  GlyphFilter,
  matchContext,
  readCoverage,
  readLookups,
  selectLookups,
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
  const selected = selectLookups(table, DEFAULT_SUBSTITUTION_FEATURES)
    .map((index) => lookups[index])
    .filter((lookup): lookup is Lookup => lookup !== undefined)

  const inputFilter = (lookup: Lookup): GlyphFilter =>
    new GlyphFilter(gdef, lookup.flag, lookup.markFilteringSet, false)
  const contextFilter = (lookup: Lookup): GlyphFilter =>
    new GlyphFilter(gdef, lookup.flag, lookup.markFilteringSet, true)

  /** Applies one subtable at `at`; returns the next position, or -1 when it did not apply. */
  function applySubtable(
    lookup: Lookup,
    subtable: number,
    buffer: GlyphBuffer,
    at: number,
    depth: number
  ): number {
    const glyph = buffer.ids[at] as number
    const format = view.getUint16(subtable)
    switch (lookup.type) {
      case 1: {
        const index = readCoverage(view, subtable + view.getUint16(subtable + 2)).index(glyph)
        if (index < 0) return -1
        buffer.ids[at] =
          format === 1
            ? (glyph + view.getInt16(subtable + 4)) & 0xffff
            : view.getUint16(subtable + 6 + index * 2)
        return at + 1
      }
      case 2: {
        const index = readCoverage(view, subtable + view.getUint16(subtable + 2)).index(glyph)
        if (index < 0) return -1
        const sequence = subtable + view.getUint16(subtable + 6 + index * 2)
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
        const index = readCoverage(view, subtable + view.getUint16(subtable + 2)).index(glyph)
        if (index < 0) return -1
        const set = subtable + view.getUint16(subtable + 6 + index * 2)
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
          view,
          subtable,
          lookup.type === 6,
          buffer,
          at,
          inputFilter(lookup),
          contextFilter(lookup)
        )
        if (!match) return -1
        const positions = match.positions
        for (const record of match.records) {
          const position = positions[record.sequenceIndex]
          const nested = lookups[record.lookupIndex]
          if (position === undefined || !nested || depth >= MAX_NESTING) continue
          const before = buffer.length
          applyLookupAt(nested, buffer, position, depth + 1)
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
    lookup: Lookup,
    subtable: number,
    buffer: GlyphBuffer,
    at: number
  ): number {
    const index = readCoverage(view, subtable + view.getUint16(subtable + 2)).index(
      buffer.ids[at] as number
    )
    if (index < 0) return -1
    const set = subtable + view.getUint16(subtable + 6 + index * 2)
    const count = view.getUint16(set)
    const filter = inputFilter(lookup)
    for (let item = 0; item < count; item++) {
      const ligature = set + view.getUint16(set + 2 + item * 2)
      const components = view.getUint16(ligature + 2)
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

  function applyLookupAt(lookup: Lookup, buffer: GlyphBuffer, at: number, depth: number): number {
    for (const subtable of lookup.subtables) {
      const next = applySubtable(lookup, subtable, buffer, at, depth)
      if (next >= 0) return next
    }
    return -1
  }

  function applyReverse(lookup: Lookup, buffer: GlyphBuffer): void {
    const filter = contextFilter(lookup)
    for (let at = buffer.length - 1; at >= 0; at--) {
      if (filter.skips(buffer, at)) continue
      for (const subtable of lookup.subtables) {
        const index = readCoverage(view, subtable + view.getUint16(subtable + 2)).index(
          buffer.ids[at] as number
        )
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

  return {
    apply(buffer: GlyphBuffer): void {
      for (const lookup of selected) {
        if (lookup.type === 8) {
          applyReverse(lookup, buffer)
          continue
        }
        const filter = inputFilter(lookup)
        let at = 0
        while (at < buffer.length) {
          if (filter.skips(buffer, at)) {
            at++
            continue
          }
          const next = applyLookupAt(lookup, buffer, at, 0)
          at = next > at ? next : at + 1
        }
      }
    },
  }
}
