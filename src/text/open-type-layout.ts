/**
 * OpenType Layout common tables read from the raw bytes: coverage, class definitions, the
 * script/feature/lookup lists, GDEF glyph classes, lookup flags, and the context matching that
 * GSUB (types 5, 6) and GPOS (types 7, 8) share. opentype.js 2.0 cannot read GPOS Extension
 * lookups at all and throws on GSUB chain contexts of format 2 (opentype.js issue 874), so the
 * shaper reads these tables itself, the way HarfBuzz and fontkit do.
 *
 * @module
 */
import { readTag } from './sfnt.ts'

/** A table being read: the font bytes and the offset of the table (GSUB, GPOS or GDEF). */
export interface TableView {
  readonly view: DataView
  readonly offset: number
  /**
   * GSUB/GPOS of a variable font's instance: its normalised coordinates (F2Dot14 integers, as
   * HarfBuzz computes them), which choose the feature variations that apply.
   */
  readonly coordinates?: readonly number[] | undefined
}

/** Glyph → coverage index (or `-1`). */
export interface Coverage {
  index(glyph: number): number
  /**
   * Calls `visit` for every glyph covered, in table order, until it returns `false` (to build a
   * lookup's {@link GlyphSet}).
   */
  forEach(visit: (glyph: number) => boolean): void
}

/** Glyph → class (`0` for glyphs not listed). */
export interface ClassDef {
  classOf(glyph: number): number
}

/** A coverage that lists no glyph. */
export const EMPTY_COVERAGE: Coverage = { index: () => -1, forEach: () => undefined }
const EMPTY_CLASS_DEF: ClassDef = { classOf: () => 0 }

function readUint16Array(view: DataView, offset: number, count: number): Uint16Array {
  const out = new Uint16Array(count)
  for (let index = 0; index < count; index++) out[index] = view.getUint16(offset + index * 2)
  return out
}

/** Largest `i` with `values[i] <= key`, or `-1`. */
function floorSearch(values: Uint16Array, key: number): number {
  let low = 0
  let high = values.length - 1
  let found = -1
  while (low <= high) {
    const middle = (low + high) >> 1
    if ((values[middle] as number) <= key) {
      found = middle
      low = middle + 1
    } else {
      high = middle - 1
    }
  }
  return found
}

/**
 * The subtables of one font file read so far, by offset: kept with the font's bytes (on the
 * `DataView` `parseFont` reads), so they live as long as the face and never outgrow the font
 * (at most one entry per subtable in its GSUB, GPOS and GDEF).
 */
interface TablesRead {
  readonly coverages: Map<number, Coverage>
  readonly classDefs: Map<number, ClassDef>
}

/** The property of a font's `DataView` that holds its {@link TablesRead}. */
const TABLES_READ: unique symbol = Symbol('postcard-preflight.tablesRead')

/**
 * Gives the bytes of a font a store of the subtables read from them; `parseFont` calls it once
 * per face, before any table is read. Bytes without one are read again on every use.
 *
 * @param view The font's bytes.
 */
export function attachTablesRead(view: DataView): void {
  const tables: TablesRead = { coverages: new Map(), classDefs: new Map() }
  Object.defineProperty(view, TABLES_READ, { value: tables })
}

function tablesRead(view: DataView): TablesRead | undefined {
  return (view as { readonly [TABLES_READ]?: TablesRead })[TABLES_READ]
}

function cached<T>(
  kind: 'coverages' | 'classDefs',
  view: DataView,
  offset: number,
  read: () => T
): T {
  const byOffset = tablesRead(view)?.[kind] as Map<number, T> | undefined
  let value = byOffset?.get(offset)
  if (value === undefined) {
    value = read()
    byOffset?.set(offset, value)
  }
  return value
}

/**
 * Reads a Coverage table (formats 1 and 2), cached per offset.
 *
 * @param view The font bytes.
 * @param offset Absolute offset of the coverage table.
 * @returns The coverage lookup.
 */
export function readCoverage(view: DataView, offset: number): Coverage {
  return cached('coverages', view, offset, () => {
    const format = view.getUint16(offset)
    const count = view.getUint16(offset + 2)
    if (format === 1) {
      const glyphs = readUint16Array(view, offset + 4, count)
      return {
        index(glyph: number): number {
          const found = floorSearch(glyphs, glyph)
          return found >= 0 && glyphs[found] === glyph ? found : -1
        },
        forEach(visit: (glyph: number) => boolean): void {
          for (const glyph of glyphs) if (!visit(glyph)) return
        },
      }
    }
    if (format === 2) {
      const starts = new Uint16Array(count)
      const ends = new Uint16Array(count)
      const firstIndex = new Uint16Array(count)
      for (let range = 0; range < count; range++) {
        const record = offset + 4 + range * 6
        starts[range] = view.getUint16(record)
        ends[range] = view.getUint16(record + 2)
        firstIndex[range] = view.getUint16(record + 4)
      }
      return {
        index(glyph: number): number {
          const found = floorSearch(starts, glyph)
          if (found < 0 || glyph > (ends[found] as number)) return -1
          return (firstIndex[found] as number) + glyph - (starts[found] as number)
        },
        forEach(visit: (glyph: number) => boolean): void {
          for (let range = 0; range < count; range++) {
            for (let glyph = starts[range] as number; glyph <= (ends[range] as number); glyph++) {
              if (!visit(glyph)) return
            }
          }
        },
      }
    }
    return EMPTY_COVERAGE
  })
}

/**
 * Reads a ClassDef table (formats 1 and 2), cached per offset. Offset `0` means "no table":
 * every glyph is class 0.
 *
 * @param view The font bytes.
 * @param offset Absolute offset of the class definition, or `0`.
 * @returns The class lookup.
 */
export function readClassDef(view: DataView, offset: number): ClassDef {
  if (offset === 0) return EMPTY_CLASS_DEF
  return cached('classDefs', view, offset, () => {
    const format = view.getUint16(offset)
    if (format === 1) {
      const start = view.getUint16(offset + 2)
      const classes = readUint16Array(view, offset + 6, view.getUint16(offset + 4))
      return { classOf: (glyph: number) => classes[glyph - start] ?? 0 }
    }
    if (format === 2) {
      const count = view.getUint16(offset + 2)
      const starts = new Uint16Array(count)
      const ends = new Uint16Array(count)
      const values = new Uint16Array(count)
      for (let range = 0; range < count; range++) {
        const record = offset + 4 + range * 6
        starts[range] = view.getUint16(record)
        ends[range] = view.getUint16(record + 2)
        values[range] = view.getUint16(record + 4)
      }
      return {
        classOf(glyph: number): number {
          const found = floorSearch(starts, glyph)
          return found >= 0 && glyph <= (ends[found] as number) ? (values[found] as number) : 0
        },
      }
    }
    return EMPTY_CLASS_DEF
  })
}

/** What GSUB and GPOS keep of a subtable, compiled once per face. */
export interface CompiledSubtableBase {
  /** Absolute offset of the subtable. */
  readonly offset: number
  /** The coverage of the glyph a subtable starts at. */
  readonly coverage: Coverage
  /** The rules of a context subtable. */
  readonly context: ContextSubtable | undefined
  /**
   * What reading the subtable threw (a broken font): thrown again where the subtable is used,
   * so that shaping falls back exactly where it did when subtables were read on use.
   */
  readonly broken?: unknown
}

/**
 * Compiles lookups on first use, once each (per face): parsing a face stays cheap, and nested
 * lookups of context rules are compiled when a rule first applies them.
 *
 * @param compile Compiles one lookup.
 * @returns The lookup's compiled form, by lookup.
 */
export function compileOnce<T>(compile: (lookup: Lookup) => T): (lookup: Lookup) => T {
  const compiled = new Map<number, T>()
  return (lookup) => {
    let ready = compiled.get(lookup.index)
    if (ready === undefined) {
      ready = compile(lookup)
      compiled.set(lookup.index, ready)
    }
    return ready
  }
}

/** Most glyphs a {@link GlyphSet} visits while it is built: beyond, it holds every glyph. */
const GLYPH_SET_WORK = 1 << 18

/**
 * A set of glyph ids as a bit set: the glyphs at which some subtable of a lookup may apply (the
 * union of its first coverages), so the shaper skips a lookup at every other glyph with one test
 * instead of a binary search per subtable (HarfBuzz keeps a digest per lookup for the same
 * reason). It only ever says "maybe" for a glyph a subtable then checks exactly. A set built from
 * coverages too large to list (only a broken font has them) holds every glyph.
 */
export class GlyphSet {
  private readonly words: Uint32Array | undefined

  /**
   * @param coverages The coverages whose glyphs make up the set, or `undefined` for all glyphs.
   */
  constructor(coverages: readonly Coverage[] | undefined) {
    this.words = coverages && listGlyphs(coverages)
  }

  /**
   * The glyphs a lookup's subtables may start at: all glyphs when one of them is broken (it
   * must throw where it is used, as it did when subtables were read on use).
   *
   * @param subtables The lookup's compiled subtables.
   * @returns The set.
   */
  static of(subtables: readonly CompiledSubtableBase[]): GlyphSet {
    const broken = subtables.some((subtable) => 'broken' in subtable)
    return new GlyphSet(broken ? undefined : subtables.map((subtable) => subtable.coverage))
  }

  /** One more than the highest glyph id the set may hold (65,536 when it holds every glyph). */
  get bound(): number {
    return this.words ? this.words.length * 32 : 0x10000
  }

  /**
   * Whether the glyph is in the set.
   *
   * @param glyph A glyph id.
   * @returns `true` when some coverage lists it.
   */
  has(glyph: number): boolean {
    const words = this.words
    if (!words) return true
    const word = glyph >>> 5
    return word < words.length && ((words[word] as number) & (1 << (glyph & 31))) !== 0
  }
}

/**
 * The selected lookups a glyph may bring into play, as a mask per glyph id (bit `k` for the
 * `k`-th lookup, the last bit shared by lookups from the 32nd on), for {@link applyLookups}. At
 * most one 32-bit mask per glyph id the sets reach.
 *
 * @param sets The glyphs each selected lookup may start at, in lookup order.
 * @returns The masks by glyph id; glyphs past its end bring none.
 */
export function lookupBits(sets: readonly GlyphSet[]): Int32Array {
  const bits = new Int32Array(Math.max(0, ...sets.map((set) => set.bound)))
  sets.forEach((set, index) => {
    for (let glyph = 0; glyph < set.bound; glyph++) {
      if (set.has(glyph)) bits[glyph] = (bits[glyph] as number) | (1 << Math.min(index, 31))
    }
  })
  return bits
}

/**
 * Runs the selected lookups over a buffer in lookup order, passing over each lookup none of
 * whose start glyphs is in the buffer: one read per glyph (again after each lookup run, which
 * may have put new glyphs in) instead of a test per glyph and lookup (HarfBuzz tests a digest
 * per lookup and buffer for the same reason).
 *
 * @param lookups The selected lookups.
 * @param bits Their masks by glyph id, from {@link lookupBits}.
 * @param buffer The glyphs.
 * @param run Runs one lookup over the buffer.
 */
export function applyLookups<T>(
  lookups: readonly T[],
  bits: Int32Array,
  buffer: GlyphBuffer,
  run: (lookup: T) => void
): void {
  let mask = 0
  const update = (): void => {
    mask = 0
    for (const id of buffer.ids) mask |= bits[id] ?? 0
  }
  update()
  lookups.forEach((lookup, index) => {
    if (mask & (1 << Math.min(index, 31))) {
      run(lookup)
      update()
    }
  })
}

/**
 * Applies a lookup at every glyph of the buffer it may start at and does not skip, from the
 * first to the last (a glyph outside its set is passed over whether it skips it or not).
 *
 * @param glyphs The glyphs the lookup may start at.
 * @param filter The lookup's skips.
 * @param buffer The glyphs.
 * @param applyAt Applies the lookup at a position; returns the next one, or -1 when it did not
 *   apply.
 */
export function applyEach(
  glyphs: GlyphSet,
  filter: GlyphFilter,
  buffer: GlyphBuffer,
  applyAt: (at: number) => number
): void {
  let at = 0
  while (at < buffer.length) {
    if (!glyphs.has(buffer.ids[at] as number) || filter.skips(buffer, at)) {
      at++
      continue
    }
    const next = applyAt(at)
    at = next > at ? next : at + 1
  }
}

/**
 * The subtables of a lookup that may apply at a glyph (those whose first coverage lists it), in
 * lookup order, found once per glyph id: Inter's `calt` has a lookup of 69 chained-context
 * subtables, of which a glyph is listed by a few. One list per glyph id seen, below the bound of
 * the lookup's {@link GlyphSet}; all subtables when one is broken (it throws where it is used).
 *
 * @param subtables The lookup's compiled subtables.
 * @param glyphs The lookup's glyph set.
 * @returns The subtables to try at a glyph.
 */
export function subtablesByGlyph<T extends CompiledSubtableBase>(
  subtables: readonly T[],
  glyphs: GlyphSet
): (glyph: number) => readonly T[] {
  if (subtables.length < 2 || subtables.some((subtable) => 'broken' in subtable)) {
    return () => subtables
  }
  const byGlyph = new Array<readonly T[] | undefined>(glyphs.bound)
  return (glyph) =>
    (byGlyph[glyph] ??= subtables.filter((subtable) => subtable.coverage.index(glyph) >= 0))
}

/** The bits of a {@link GlyphSet}, or `undefined` when listing them takes too long. */
function listGlyphs(coverages: readonly Coverage[]): Uint32Array | undefined {
  const glyphs: number[] = []
  let highest = -1
  for (const coverage of coverages) {
    coverage.forEach((glyph) => {
      glyphs.push(glyph)
      if (glyph > highest) highest = glyph
      return glyphs.length <= GLYPH_SET_WORK
    })
    if (glyphs.length > GLYPH_SET_WORK) return undefined
  }
  const words = new Uint32Array((highest >>> 5) + 1)
  for (const glyph of glyphs) {
    words[glyph >>> 5] = (words[glyph >>> 5] as number) | (1 << (glyph & 31))
  }
  return words
}

/** GDEF glyph classes (1 base, 2 ligature, 3 mark, 4 component). */
export const GLYPH_CLASS = { base: 1, ligature: 2, mark: 3 } as const

/** What lookup flags need from GDEF. */
export interface GlyphDefinitions {
  glyphClass(glyph: number): number
  markAttachClass(glyph: number): number
  inMarkSet(set: number, glyph: number): boolean
}

/**
 * Reads GDEF (glyph classes, mark attachment classes, mark glyph sets), or a table that knows
 * nothing when the font has none.
 *
 * @param table The GDEF table, or `undefined`.
 * @returns Glyph definitions for lookup flags.
 */
export function readGlyphDefinitions(table: TableView | undefined): GlyphDefinitions {
  if (!table) {
    return { glyphClass: () => 0, markAttachClass: () => 0, inMarkSet: () => false }
  }
  const { view, offset } = table
  const minor = view.getUint16(offset + 2)
  // Asked for every glyph a lookup with an ignore flag passes: a table, not a search.
  const glyphClasses = denseClasses(view, offsetOrZero(view, offset, offset + 4))
  const attachClasses = readClassDef(view, offsetOrZero(view, offset, offset + 10))
  const sets: Coverage[] = []
  if (minor >= 2) {
    const setsOffset = view.getUint16(offset + 12)
    if (setsOffset !== 0) {
      const base = offset + setsOffset
      const count = view.getUint16(base + 2)
      for (let index = 0; index < count; index++) {
        sets.push(readCoverage(view, base + view.getUint32(base + 4 + index * 4)))
      }
    }
  }
  return {
    glyphClass: (glyph) => glyphClasses.classOf(glyph),
    markAttachClass: (glyph) => attachClasses.classOf(glyph),
    inMarkSet: (set, glyph) => (sets[set]?.index(glyph) ?? -1) >= 0,
  }
}

/**
 * A class definition with small class values (GDEF glyph classes) as one byte per glyph from its
 * first to its last glyph: the same classes as {@link readClassDef}, found by indexing.
 */
function denseClasses(view: DataView, offset: number): ClassDef {
  const classDef = readClassDef(view, offset)
  if (offset === 0) return classDef
  let table: { first: number; classes: Uint8Array } | undefined
  let search = false
  return {
    classOf(glyph: number): number {
      if (!table && !search) {
        // Built on first use, so that parsing a face stays cheap.
        table = tabulate(view, offset, classDef)
        search = table === undefined
      }
      if (table) {
        const at = glyph - table.first
        if (at >= 0 && at < table.classes.length) return table.classes[at] as number
      }
      return classDef.classOf(glyph)
    },
  }
}

/** The classes of a class definition from its first to its last glyph, one byte each. */
function tabulate(
  view: DataView,
  offset: number,
  classDef: ClassDef
): { first: number; classes: Uint8Array } | undefined {
  const format = view.getUint16(offset)
  let first = 0
  let last = -1
  if (format === 1) {
    first = view.getUint16(offset + 2)
    last = first + view.getUint16(offset + 4) - 1
  } else if (format === 2) {
    const count = view.getUint16(offset + 2)
    if (count > 0) {
      first = view.getUint16(offset + 4)
      last = view.getUint16(offset + 4 + (count - 1) * 6 + 2)
    }
  }
  if (last < first) return undefined
  const classes = new Uint8Array(last - first + 1)
  for (let glyph = first; glyph <= last; glyph++) {
    const value = classDef.classOf(glyph)
    // Classes beyond a byte (never in GDEF, which has 4) keep the search.
    if (value > 0xff) return undefined
    classes[glyph - first] = value
  }
  return { first, classes }
}

/** Absolute offset of a 16-bit offset field relative to `base`, or 0 when the field is null. */
function offsetOrZero(view: DataView, base: number, field: number): number {
  const relative = view.getUint16(field)
  return relative === 0 ? 0 : base + relative
}

/** One lookup of GSUB or GPOS, with Extension subtables already unwrapped. */
export interface Lookup {
  readonly index: number
  /** Lookup type after unwrapping Extension (GSUB 7, GPOS 9). */
  readonly type: number
  readonly flag: number
  /** Absolute offsets of the subtables. */
  readonly subtables: readonly number[]
  readonly markFilteringSet: number
}

/**
 * Reads every lookup of a GSUB or GPOS table. Extension lookups (GSUB 7, GPOS 9) are unwrapped
 * to the type and subtables they point at: Inter stores its class kerning that way, which is
 * why opentype.js, which parses GPOS lookup types 1 and 2 only, sees no kerning for it.
 *
 * @param table GSUB or GPOS.
 * @param extensionType `7` for GSUB, `9` for GPOS.
 * @returns The lookups by index.
 */
export function readLookups(table: TableView, extensionType: number): Lookup[] {
  const { view, offset } = table
  const listOffset = offset + view.getUint16(offset + 8)
  const count = view.getUint16(listOffset)
  const lookups: Lookup[] = []
  for (let index = 0; index < count; index++) {
    const lookupOffset = listOffset + view.getUint16(listOffset + 2 + index * 2)
    const declaredType = view.getUint16(lookupOffset)
    let type = declaredType
    const flag = view.getUint16(lookupOffset + 2)
    const subtableCount = view.getUint16(lookupOffset + 4)
    const subtables: number[] = []
    for (let sub = 0; sub < subtableCount; sub++) {
      let subtable = lookupOffset + view.getUint16(lookupOffset + 6 + sub * 2)
      if (declaredType === extensionType) {
        // Every Extension subtable of a lookup points at the same real type (OpenType spec).
        type = view.getUint16(subtable + 2)
        subtable += view.getUint32(subtable + 4)
      }
      subtables.push(subtable)
    }
    const markFilteringSet =
      flag & 0x10 ? view.getUint16(lookupOffset + 6 + subtableCount * 2) : 0xffff
    lookups.push({ index, type, flag, subtables, markFilteringSet })
  }
  return lookups
}

/**
 * The feature table substitutions of a GSUB/GPOS 1.1 `FeatureVariations` table that apply at
 * an instance: those of the first record whose conditions (axis ranges) all hold, as HarfBuzz
 * chooses them. Feature index → absolute offset of the alternate feature table.
 */
function featureSubstitutions(table: TableView): Map<number, number> {
  const substitutions = new Map<number, number>()
  const { view, offset, coordinates } = table
  if (!coordinates || view.getUint16(offset + 2) < 1) return substitutions
  const variationsAt = view.getUint32(offset + 10)
  if (variationsAt === 0) return substitutions
  const variations = offset + variationsAt
  const records = view.getUint32(variations + 4)
  for (let index = 0; index < records; index++) {
    const record = variations + 8 + index * 8
    const conditionSet = variations + view.getUint32(record)
    const holds = (): boolean => {
      if (conditionSet === variations) return true
      const count = view.getUint16(conditionSet)
      for (let condition = 0; condition < count; condition++) {
        const at = conditionSet + view.getUint32(conditionSet + 2 + condition * 4)
        // Format 1, an axis range; conditions of other formats are not met (HarfBuzz).
        if (view.getUint16(at) !== 1) return false
        const value = coordinates[view.getUint16(at + 2)] ?? 0
        if (value < view.getInt16(at + 4) || value > view.getInt16(at + 6)) return false
      }
      return true
    }
    if (!holds()) continue
    const substitution = variations + view.getUint32(record + 4)
    const count = view.getUint16(substitution + 4)
    for (let entry = 0; entry < count; entry++) {
      const at = substitution + 6 + entry * 6
      substitutions.set(view.getUint16(at), substitution + view.getUint32(at + 2))
    }
    break
  }
  return substitutions
}

/**
 * The lookups a shaper applies for a set of features: script `latn`, else `DFLT`, else `dflt`,
 * else the first script (what HarfBuzz does for Latin text); its default language system (no
 * `lang` is known for postcard text) and its required feature. In a variable font's instance a
 * feature may be replaced by its feature variation (`rvrn` and the like, GSUB/GPOS 1.1). Indices
 * come sorted, because features of one stage are applied in lookup-list order (HarfBuzz,
 * fontkit).
 *
 * @param table GSUB or GPOS.
 * @param features Feature tags to enable, e.g. `['ccmp', 'liga']`.
 * @returns Sorted, unique lookup indices.
 */
export function selectLookups(table: TableView, features: ReadonlySet<string>): number[] {
  const { view, offset } = table
  const scriptList = offset + view.getUint16(offset + 4)
  const featureList = offset + view.getUint16(offset + 6)
  const scriptCount = view.getUint16(scriptList)
  const scripts = new Map<string, number>()
  for (let index = 0; index < scriptCount; index++) {
    const record = scriptList + 2 + index * 6
    scripts.set(readTag(view, record), scriptList + view.getUint16(record + 4))
  }
  const script =
    scripts.get('latn') ??
    scripts.get('DFLT') ??
    scripts.get('dflt') ??
    scripts.values().next().value
  if (script === undefined) return []
  const langSysOffset = view.getUint16(script)
  if (langSysOffset === 0) return []
  const langSys = script + langSysOffset
  const required = view.getUint16(langSys + 2)
  const featureCount = view.getUint16(langSys + 4)
  const indices = new Set<number>()
  const substitutions = featureSubstitutions(table)
  const addFeature = (featureIndex: number, force: boolean): void => {
    const record = featureList + 2 + featureIndex * 6
    if (!force && !features.has(readTag(view, record))) return
    const feature = substitutions.get(featureIndex) ?? featureList + view.getUint16(record + 4)
    const lookupCount = view.getUint16(feature + 2)
    for (let index = 0; index < lookupCount; index++) {
      indices.add(view.getUint16(feature + 4 + index * 2))
    }
  }
  if (required !== 0xffff) addFeature(required, true)
  for (let index = 0; index < featureCount; index++) {
    addFeature(view.getUint16(langSys + 6 + index * 2), false)
  }
  return [...indices].sort((a, b) => a - b)
}

/** Unicode properties of a buffer glyph that matter for matching. */
export const GLYPH_PROPS = {
  /** A default-ignorable code point (ZWSP, soft hyphen, variation selectors …). */
  ignorable: 1,
  zwnj: 2,
  zwj: 4,
} as const

/**
 * The glyph sequence being shaped: ids, the code-unit offset of the character each glyph
 * came from (its cluster), Unicode properties, and the positions GPOS fills in.
 */
export class GlyphBuffer {
  ids: number[] = []
  clusters: number[] = []
  props: number[] = []
  /** Horizontal advances in design units (filled before GPOS). */
  advances: number[] = []
  /** Horizontal placement offsets in design units (GPOS XPlacement). */
  offsets: number[] = []

  /** Number of glyphs. */
  get length(): number {
    return this.ids.length
  }
}

/** Decides which glyphs a lookup skips, from its flag and GDEF (OpenType LookupFlag). */
export class GlyphFilter {
  constructor(
    private readonly gdef: GlyphDefinitions,
    private readonly flag: number,
    private readonly markFilteringSet: number,
    /** Whether ZWNJ is skipped too (GSUB backtrack and lookahead, as in HarfBuzz). */
    private readonly skipZwnj: boolean
  ) {}

  /**
   * Whether the glyph at `index` is invisible to the lookup.
   *
   * @param buffer The glyphs.
   * @param index Position in the buffer.
   * @returns `true` when the lookup must step over the glyph.
   */
  skips(buffer: GlyphBuffer, index: number): boolean {
    const props = buffer.props[index] as number
    if (props & GLYPH_PROPS.ignorable && (this.skipZwnj || !(props & GLYPH_PROPS.zwnj))) {
      return true
    }
    const flag = this.flag
    if ((flag & 0xff0e) === 0 && !(flag & 0x10)) return false
    const glyph = buffer.ids[index] as number
    const glyphClass = this.gdef.glyphClass(glyph)
    if (glyphClass === GLYPH_CLASS.base) return (flag & 2) !== 0
    if (glyphClass === GLYPH_CLASS.ligature) return (flag & 4) !== 0
    if (glyphClass === GLYPH_CLASS.mark) {
      if (flag & 8) return true
      if (flag & 0x10) return !this.gdef.inMarkSet(this.markFilteringSet, glyph)
      const attachType = flag >> 8
      return attachType !== 0 && this.gdef.markAttachClass(glyph) !== attachType
    }
    return false
  }

  /**
   * The next position after `index` the lookup sees, or `-1`.
   *
   * @param buffer The glyphs.
   * @param index Current position.
   * @returns The next unskipped position.
   */
  next(buffer: GlyphBuffer, index: number): number {
    for (let at = index + 1; at < buffer.length; at++) if (!this.skips(buffer, at)) return at
    return -1
  }

  /**
   * The previous position before `index` the lookup sees, or `-1`.
   *
   * @param buffer The glyphs.
   * @param index Current position.
   * @returns The previous unskipped position.
   */
  previous(buffer: GlyphBuffer, index: number): number {
    for (let at = index - 1; at >= 0; at--) if (!this.skips(buffer, at)) return at
    return -1
  }
}

/** A (sequence index, lookup index) pair of a context rule. */
export interface SequenceLookup {
  readonly sequenceIndex: number
  readonly lookupIndex: number
}

/** A successful context match: the input positions and the nested lookups to run there. */
export interface ContextMatch {
  readonly positions: number[]
  readonly records: readonly SequenceLookup[]
}

/** How one glyph of a context rule is tested. */
type Matcher = (glyph: number, value: number) => boolean

function readRecords(view: DataView, offset: number, count: number): SequenceLookup[] {
  const records: SequenceLookup[] = []
  for (let index = 0; index < count; index++) {
    records.push({
      sequenceIndex: view.getUint16(offset + index * 4),
      lookupIndex: view.getUint16(offset + index * 4 + 2),
    })
  }
  return records
}

/**
 * Matches `values` one by one from the glyph after `start` (`step` 1) or before it (`step` -1);
 * returns the position of the last glyph matched (`start` when there are none), or -1.
 */
function matchRun(
  buffer: GlyphBuffer,
  filter: GlyphFilter,
  start: number,
  values: Uint16Array,
  matches: Matcher,
  step: number
): number {
  let at = start
  for (const value of values) {
    at = step > 0 ? filter.next(buffer, at) : filter.previous(buffer, at)
    if (at < 0 || !matches(buffer.ids[at] as number, value)) return -1
  }
  return at
}

const byGlyph: Matcher = (glyph, value) => glyph === value

/** One rule of a context subtable: glyphs, classes or coverage offsets to match, and lookups. */
interface ContextRule {
  readonly backtrack: Uint16Array
  /** The input after its first glyph: glyphs, classes or coverage offsets. */
  readonly input: Uint16Array
  readonly lookahead: Uint16Array
  readonly records: readonly SequenceLookup[]
}

/** A context subtable read once: shaping a word must not re-read its rules. */
export interface ContextSubtable {
  readonly format: number
  readonly coverage: Coverage
  readonly backtrack: Matcher
  readonly input: Matcher
  readonly lookahead: Matcher
  /** Rule set index of the first glyph, or -1. */
  setOf(glyph: number): number
  /** Rules of a set (formats 1, 2) or the one rule (format 3, set 0), read on first use. */
  rules(set: number): readonly ContextRule[]
}

const EMPTY_VALUES: Uint16Array = new Uint16Array(0)

/**
 * Reads a (chained) sequence-context subtable once, for {@link matchContext}: GSUB 5/6 and GPOS
 * 7/8, formats 1 (glyphs), 2 (classes) and 3 (coverages); its rule sets are read on first use.
 *
 * @param view The font bytes.
 * @param subtable Absolute offset of the subtable.
 * @param chained Whether it is the chained kind (backtrack and lookahead).
 * @returns The subtable; its `coverage` lists the glyphs a rule may start at.
 */
export function readContextSubtable(
  view: DataView,
  subtable: number,
  chained: boolean
): ContextSubtable {
  const format = view.getUint16(subtable)
  const sets = new Map<number, readonly ContextRule[]>()
  if (format === 3) {
    // Coverages by offset, resolved once per subtable (rules test them glyph by glyph).
    const coverages = new Map<number, Coverage>()
    const coverageMatcher: Matcher = (g, coverageOffset) => {
      let coverage = coverages.get(coverageOffset)
      if (!coverage) {
        coverage = readCoverage(view, subtable + coverageOffset)
        coverages.set(coverageOffset, coverage)
      }
      return coverage.index(g) >= 0
    }
    let at = subtable + 2
    let backtrack: Uint16Array = EMPTY_VALUES
    let lookahead: Uint16Array = EMPTY_VALUES
    let input: Uint16Array
    let recordCount: number
    if (chained) {
      backtrack = readUint16Array(view, at + 2, view.getUint16(at))
      at += 2 + backtrack.length * 2
      input = readUint16Array(view, at + 2, view.getUint16(at))
      at += 2 + input.length * 2
      lookahead = readUint16Array(view, at + 2, view.getUint16(at))
      at += 2 + lookahead.length * 2
      recordCount = view.getUint16(at)
      at += 2
    } else {
      const glyphCount = view.getUint16(at)
      recordCount = view.getUint16(at + 2)
      input = readUint16Array(view, at + 4, glyphCount)
      at += 4 + glyphCount * 2
    }
    const rule: ContextRule = {
      backtrack,
      input: input.subarray(1),
      lookahead,
      records: readRecords(view, at, recordCount),
    }
    const first = input[0]
    const coverage: Coverage =
      first === undefined ? EMPTY_COVERAGE : readCoverage(view, subtable + first)
    return {
      format,
      coverage,
      backtrack: coverageMatcher,
      input: coverageMatcher,
      lookahead: coverageMatcher,
      setOf: (glyph) => (coverage.index(glyph) >= 0 ? 0 : -1),
      rules: () => [rule],
    }
  }
  const coverage = readCoverage(view, subtable + view.getUint16(subtable + 2))
  let backtrack = byGlyph
  let input = byGlyph
  let lookahead = byGlyph
  let setOf: (glyph: number) => number = (glyph) => coverage.index(glyph)
  let setCountField = subtable + 4
  if (format === 2) {
    if (chained) {
      const backtrackClasses = readClassDef(view, subtable + view.getUint16(subtable + 4))
      const inputClasses = readClassDef(view, subtable + view.getUint16(subtable + 6))
      const lookaheadClasses = readClassDef(view, subtable + view.getUint16(subtable + 8))
      backtrack = (g, value) => backtrackClasses.classOf(g) === value
      input = (g, value) => inputClasses.classOf(g) === value
      lookahead = (g, value) => lookaheadClasses.classOf(g) === value
      setOf = (glyph) => (coverage.index(glyph) >= 0 ? inputClasses.classOf(glyph) : -1)
      setCountField = subtable + 10
    } else {
      const classes = readClassDef(view, subtable + view.getUint16(subtable + 4))
      input = (g, value) => classes.classOf(g) === value
      setOf = (glyph) => (coverage.index(glyph) >= 0 ? classes.classOf(glyph) : -1)
      setCountField = subtable + 6
    }
  } else if (format !== 1) {
    setOf = () => -1
  }
  const setCount = format === 1 || format === 2 ? view.getUint16(setCountField) : 0
  return {
    format,
    coverage,
    backtrack,
    input,
    lookahead,
    setOf,
    rules(set: number): readonly ContextRule[] {
      const known = sets.get(set)
      if (known) return known
      const rules: ContextRule[] = []
      const relative = set < setCount ? view.getUint16(setCountField + 2 + set * 2) : 0
      if (relative !== 0) {
        const base = subtable + relative
        const ruleCount = view.getUint16(base)
        for (let index = 0; index < ruleCount; index++) {
          let at = base + view.getUint16(base + 2 + index * 2)
          let ruleBacktrack: Uint16Array = EMPTY_VALUES
          let ruleLookahead: Uint16Array = EMPTY_VALUES
          let ruleInput: Uint16Array
          let recordCount: number
          if (chained) {
            ruleBacktrack = readUint16Array(view, at + 2, view.getUint16(at))
            at += 2 + ruleBacktrack.length * 2
            const inputCount = view.getUint16(at)
            ruleInput = readUint16Array(view, at + 2, Math.max(0, inputCount - 1))
            at += 2 + ruleInput.length * 2
            ruleLookahead = readUint16Array(view, at + 2, view.getUint16(at))
            at += 2 + ruleLookahead.length * 2
            recordCount = view.getUint16(at)
            at += 2
          } else {
            const inputCount = view.getUint16(at)
            recordCount = view.getUint16(at + 2)
            ruleInput = readUint16Array(view, at + 4, Math.max(0, inputCount - 1))
            at += 4 + ruleInput.length * 2
          }
          rules.push({
            backtrack: ruleBacktrack,
            input: ruleInput,
            lookahead: ruleLookahead,
            records: readRecords(view, at, recordCount),
          })
        }
      }
      sets.set(set, rules)
      return rules
    },
  }
}

/**
 * Matches a (chained) sequence-context subtable at `position`: the first rule of the glyph's
 * set whose input, backtrack and lookahead match.
 *
 * @param parsed The subtable, from {@link readContextSubtable}.
 * @param buffer The glyphs.
 * @param position Current position (first input glyph).
 * @param input Filter for the input sequence.
 * @param context Filter for backtrack and lookahead (skips ZWNJ too).
 * @returns The match, or `undefined`.
 */
export function matchContext(
  parsed: ContextSubtable,
  buffer: GlyphBuffer,
  position: number,
  input: GlyphFilter,
  context: GlyphFilter
): ContextMatch | undefined {
  const set = parsed.setOf(buffer.ids[position] as number)
  if (set < 0) return undefined
  for (const rule of parsed.rules(set)) {
    const last = matchRun(buffer, input, position, rule.input, parsed.input, 1)
    if (
      last < 0 ||
      matchRun(buffer, context, position, rule.backtrack, parsed.backtrack, -1) < 0 ||
      matchRun(buffer, context, last, rule.lookahead, parsed.lookahead, 1) < 0
    ) {
      continue
    }
    // The input glyphs again, now that the rule matched (most rules tried do not).
    const positions = [position]
    for (let at = position; positions.length <= rule.input.length;) {
      positions.push((at = input.next(buffer, at)))
    }
    return { positions, records: rule.records }
  }
  return undefined
}
