/**
 * Shaping of one piece of text in one face: code points → glyphs (cmap, composition), default
 * substitutions (GSUB), advances (hmtx), kerning (GPOS or `kern`), the way HarfBuzz does it in
 * Chromium, so widths agree with the browser to a fraction of its 1/64 px layout unit.
 * Results are kept per face and text on the face's memo (the layout shapes word by word).
 *
 * @module
 */
import { codePointUnits } from './code-points.ts'
import { faceStore, type MemoSlot } from './face-memo.ts'
import { isMarkGlyph, shapingOf, type FaceShaping } from './font.ts'
import { GLYPH_PROPS, GlyphBuffer } from './open-type-layout.ts'
import type { Face } from './types.ts'

/** A shaped piece of text: glyphs with advances in design units. */
export interface ShapedText {
  /** The text that was shaped. */
  readonly text: string
  /** Glyph ids, in visual order; invisible characters (ZWSP, soft hyphen …) have none. */
  readonly glyphs: readonly number[]
  /** Advance of each glyph in design units, kerning included. */
  readonly advances: readonly number[]
  /** Horizontal placement offset of each glyph in design units (GPOS XPlacement). */
  readonly offsets: readonly number[]
  /** UTF-16 offset in `text` of the character each glyph starts at (its cluster). */
  readonly clusters: readonly number[]
  /** Sum of the advances in design units. */
  readonly width: number
}

/** Kept shapes per face; cleared when it grows past this many entries. */
const CACHE_LIMIT = 20_000
/**
 * New shapes per face waiting for a second use before they are kept; cleared when it grows past
 * this many entries. A personalised text brings words seen once (order numbers, coupons): keeping
 * each would make the collector move it out of the young generation before the shapes cache drops
 * it, which costs more than shaping it (measured: 2.5 µs a word in Inter).
 */
const FRESH_LIMIT = 256
/**
 * Longer texts are shaped but not kept: words repeat, a long unbreakable token rarely does, and
 * keeping 8000-character tokens would let a stream of distinct ones hold gigabytes (issue 8).
 * With {@link CACHE_LIMIT} and {@link FRESH_LIMIT}, a face keeps at most 20,256 shapes of at most
 * 128 units each.
 */
const MAX_CACHED_LENGTH = 128
/** Shapes of a face by text, on the face's memo: the kept ones, then the fresh ones. */
const SHAPES: MemoSlot<readonly [Map<string, ShapedText>, Map<string, ShapedText>]> = Object.freeze(
  {
    name: 'shapes',
    create: () => [new Map<string, ShapedText>(), new Map<string, ShapedText>()] as const,
  }
)

const SPACE = 0x20
const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/u
const COMBINING_MARK = /\p{M}/u

/**
 * Whether a code point is drawn as nothing: a default-ignorable code point (Unicode
 * DerivedCoreProperties, minus the Hangul fillers as in HarfBuzz) or a control character,
 * which Chromium treats as a zero-width space.
 *
 * @param codePoint A Unicode code point.
 * @returns `true` when the character has no glyph and no advance.
 */
export function isInvisible(codePoint: number): boolean {
  if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint < 0xa0)) return true
  if (codePoint < 0xad) return false
  if (
    codePoint === 0x115f ||
    codePoint === 0x1160 ||
    codePoint === 0x3164 ||
    codePoint === 0xffa0
  ) {
    return false
  }
  return DEFAULT_IGNORABLE.test(String.fromCodePoint(codePoint))
}

/**
 * Width of a Unicode space the face has no glyph for, as HarfBuzz's fallback computes it from
 * the face (hb-ot-shape-fallback): an em fraction, the width of a digit or full stop, or half a
 * space for U+202F. `undefined` when the code point is not such a space.
 */
function fallbackSpaceAdvance(face: Face, codePoint: number): number | undefined {
  const em = face.unitsPerEm
  const space = (): number => face.advance(face.glyphId(SPACE))
  switch (codePoint) {
    case 0x00a0:
      return space()
    case 0x2000:
    case 0x2002:
      return em / 2
    case 0x2001:
    case 0x2003:
    case 0x3000:
      return em
    case 0x2004:
      return em / 3
    case 0x2005:
      return em / 4
    case 0x2006:
      return em / 6
    case 0x2007: {
      const digit = face.glyphId(0x30)
      return digit !== 0 ? face.advance(digit) : undefined
    }
    case 0x2008: {
      const stop = face.glyphId(0x2e) || face.glyphId(0x2c)
      return stop !== 0 ? face.advance(stop) : undefined
    }
    case 0x2009:
      return em / 5
    case 0x200a:
      return em / 16
    case 0x202f:
      return space() / 2
    case 0x205f:
      return (em * 4) / 18
    default:
      return undefined
  }
}

/** Code points with the cluster (UTF-16 offset) they start at; NFC-composed where the face can. */
function codePointsOf(face: Face, text: string): { codePoints: number[]; clusters: number[] } {
  const codePoints: number[] = []
  const clusters: number[] = []
  const push = (piece: string, cluster: number): void => {
    for (const character of piece) {
      codePoints.push(character.codePointAt(0) as number)
      clusters.push(cluster)
    }
  }
  if (!COMBINING_MARK.test(text)) {
    for (let index = 0; index < text.length;) {
      const codePoint = text.codePointAt(index) as number
      codePoints.push(codePoint)
      clusters.push(index)
      index += codePointUnits(codePoint)
    }
    return { codePoints, clusters }
  }
  // HarfBuzz composes a base and its marks when the face has the composed character, so
  // `a` + U+0308 draws and measures like `ä` (hb-ot-shape-normalize).
  let index = 0
  const pattern = /\P{M}\p{M}+|./gsu
  for (const match of text.matchAll(pattern)) {
    index = match.index
    const piece = match[0]
    const composed = piece.length > 1 ? piece.normalize('NFC') : piece
    if (
      composed !== piece &&
      [...composed].every((c) => face.hasCodePoint(c.codePointAt(0) as number))
    ) {
      push(composed, index)
    } else {
      let offset = index
      for (const character of piece) {
        codePoints.push(character.codePointAt(0) as number)
        clusters.push(offset)
        offset += character.length
      }
    }
  }
  return { codePoints, clusters }
}

function shapeUncached(face: Face, text: string): ShapedText {
  try {
    return shapeWith(face, text, shapingOf(face))
  } catch {
    // Layout tables that lead outside the font (a broken file) must not break a check of user
    // text: measure with cmap, advances and pair kerning only.
    return shapeWith(face, text, undefined)
  }
}

function shapeWith(face: Face, text: string, shaping: FaceShaping | undefined): ShapedText {
  const { codePoints, clusters } = codePointsOf(face, text)
  const buffer = new GlyphBuffer()
  buffer.clusters = clusters
  let fallbackAdvances: Map<number, number> | undefined
  // Substitutions copy a glyph's properties, never make one invisible.
  let invisible = false
  for (const codePoint of codePoints) {
    let glyph = face.glyphId(codePoint)
    let props = 0
    if (isInvisible(codePoint)) {
      props |= GLYPH_PROPS.ignorable
      invisible = true
    }
    if (codePoint === 0x200c) props |= GLYPH_PROPS.zwnj
    if (codePoint === 0x200d) props |= GLYPH_PROPS.zwj
    if (glyph === 0 && !(props & GLYPH_PROPS.ignorable)) {
      const spaceAdvance = fallbackSpaceAdvance(face, codePoint)
      if (spaceAdvance !== undefined && face.glyphId(SPACE) !== 0) {
        glyph = face.glyphId(SPACE)
        ;(fallbackAdvances ??= new Map()).set(buffer.length, spaceAdvance)
      } else if (codePoint === 0x2011) {
        // The non-breaking hyphen falls back to U+2010 HYPHEN (hb-ot-shape-normalize).
        glyph = face.glyphId(0x2010)
      }
    }
    buffer.ids.push(glyph)
    buffer.props.push(props)
  }
  if (shaping?.substitution && !fallbackAdvances) shaping.substitution.apply(buffer)
  else if (shaping?.substitution && fallbackAdvances) {
    // Keep the fallback spaces' advances attached to their glyphs across substitutions.
    const marker = buffer.clusters.slice()
    shaping.substitution.apply(buffer)
    const byCluster = new Map<number, number>()
    for (const [position, advance] of fallbackAdvances) {
      byCluster.set(marker[position] as number, advance)
    }
    const moved = new Map<number, number>()
    buffer.clusters.forEach((cluster, position) => {
      const advance = byCluster.get(cluster)
      if (advance !== undefined) moved.set(position, advance)
    })
    fallbackAdvances = moved
  }
  for (let position = 0; position < buffer.length; position++) {
    const glyph = buffer.ids[position] as number
    buffer.advances.push(fallbackAdvances?.get(position) ?? face.advance(glyph))
    buffer.offsets.push(0)
  }
  if (shaping?.positioning?.hasKerning) {
    shaping.positioning.apply(buffer)
  } else {
    applyPairKerning(face, buffer, shaping)
  }
  if (!invisible) {
    // Every glyph is visible: the buffer's arrays are the result (marks get no advance).
    let width = 0
    for (let position = 0; position < buffer.length; position++) {
      const glyph = buffer.ids[position] as number
      if (shaping && isMarkGlyph(shaping, glyph)) buffer.advances[position] = 0
      width += buffer.advances[position] as number
    }
    return {
      text,
      glyphs: buffer.ids,
      advances: buffer.advances,
      offsets: buffer.offsets,
      clusters: buffer.clusters,
      width,
    }
  }
  const glyphs: number[] = []
  const advances: number[] = []
  const offsets: number[] = []
  const glyphClusters: number[] = []
  let width = 0
  for (let position = 0; position < buffer.length; position++) {
    if ((buffer.props[position] as number) & GLYPH_PROPS.ignorable) continue
    const glyph = buffer.ids[position] as number
    const advance =
      shaping && isMarkGlyph(shaping, glyph) ? 0 : (buffer.advances[position] as number)
    glyphs.push(glyph)
    advances.push(advance)
    offsets.push(buffer.offsets[position] as number)
    glyphClusters.push(buffer.clusters[position] as number)
    width += advance
  }
  return { text, glyphs, advances, offsets, clusters: glyphClusters, width }
}

/** Kerning from the `kern` table (or a host face's `kerning`) between visible neighbours. */
function applyPairKerning(face: Face, buffer: GlyphBuffer, shaping: FaceShaping | undefined): void {
  if (shaping && !shaping.kernTable) return
  let previous = -1
  for (let position = 0; position < buffer.length; position++) {
    const props = buffer.props[position] as number
    if (props & GLYPH_PROPS.zwnj) {
      // No kerning across ZWNJ (as in Chromium); across other invisible characters there is.
      previous = -1
      continue
    }
    if (props & GLYPH_PROPS.ignorable) continue
    const glyph = buffer.ids[position] as number
    if (shaping && isMarkGlyph(shaping, glyph)) continue
    if (previous >= 0) {
      const left = buffer.ids[previous] as number
      const value = shaping?.kernTable
        ? shaping.kernTable.pair(left, glyph)
        : face.kerning(left, glyph)
      buffer.advances[previous] = (buffer.advances[previous] as number) + value
    }
    previous = position
  }
}

/**
 * Shapes a piece of text in one face with the features browsers apply by default (GSUB
 * `ccmp`, `locl`, `rlig`, `calt`, `clig`, `liga`, `rclt`; GPOS `kern`, `dist`, else the `kern`
 * table), cached per face and text. Never throws: characters the face lacks become glyph 0
 * (.notdef) with its advance, invisible characters have no glyph.
 *
 * @param face The face to set the text in.
 * @param text A word or segment (no line breaks; emoji are placed by the layout, not here).
 * @returns Glyphs, advances and clusters in design units.
 */
export function shapeText(face: Face, text: string): ShapedText {
  const cache = faceStore(face, SHAPES)
  if (!cache) return shapeUncached(face, text)
  const kept = cache[0]
  const fresh = cache[1]
  let shaped = kept.get(text)
  if (shaped) return shaped
  shaped = fresh.get(text)
  if (shaped) {
    if (kept.size >= CACHE_LIMIT) kept.clear()
    kept.set(text, shaped)
    return shaped
  }
  shaped = shapeUncached(face, text)
  if (text.length <= MAX_CACHED_LENGTH) {
    if (fresh.size >= FRESH_LIMIT) fresh.clear()
    fresh.set(text, shaped)
  }
  return shaped
}
