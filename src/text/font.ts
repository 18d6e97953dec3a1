/**
 * Parses font bytes into a {@link Face}. Everything is read from the raw sfnt bytes by our own
 * code, cached per glyph: the container (WOFF, WOFF2: `unpack-font.ts`), cmap
 * (`character-map.ts`), advances, TrueType outlines (`glyf-outlines.ts`), CFF and CFF2 outlines
 * (`cff-outlines.ts`), GSUB, GPOS, GDEF and `kern` (opentype.js 2.0 throws on common fonts' GSUB),
 * and for a variable font the instance the face asks for (`fvar`/`avar`, `gvar`, `HVAR`, `MVAR`,
 * GDEF deltas of GPOS, CFF2 `blend`). No font library is bundled (issue 7).
 *
 * @module
 */
import { readCffFont } from './cff-font.ts'
import { createCffOutlines } from './cff-outlines.ts'
import { readCharacterMap } from './character-map.ts'
import { FontError } from './font-error.ts'
import { attachFaceMemo } from './face-memo.ts'
import { normalizeAxes, type AxisValues, type Coordinates } from './font-variations.ts'
import {
  createGlyfOutlines,
  variationPointCount,
  type GlyfTables,
  type GlyphOutlines,
} from './glyf-outlines.ts'
import { serializePath } from './glyph-path.ts'
import { createGlyphVariations } from './glyph-variations.ts'
import { createPositioning, type Positioning } from './gpos.ts'
import { createSubstitution, type Substitution } from './gsub.ts'
import {
  createItemVariationStore,
  readDeltaSetIndexMap,
  type ItemVariationStore,
} from './item-variation-store.ts'
import { readKernTable, type KernTable } from './kern-table.ts'
import {
  attachTablesRead,
  GLYPH_CLASS,
  GlyphBuffer,
  readGlyphDefinitions,
  type GlyphDefinitions,
  type TableView,
} from './open-type-layout.ts'
import { readSfnt, readTag, type Sfnt } from './sfnt.ts'
import type { Face, FaceStyle, FontBytes } from './types.ts'
import { unpackFont, type Woff2Decoder } from './unpack-font.ts'

/** What the shaper needs from a face beyond the public {@link Face} contract. */
export interface FaceShaping {
  /** Default GSUB features, if the face has GSUB. */
  readonly substitution: Substitution | undefined
  /** Default GPOS kerning, if the face has a GPOS `kern`/`dist` feature. */
  readonly positioning: Positioning | undefined
  /** The `kern` table, used only when GPOS has no kerning feature. */
  readonly kernTable: KernTable | undefined
  /** GDEF classes (marks get zero advance after positioning). */
  readonly gdef: GlyphDefinitions
}

/** The property a face made by {@link parseFont} keeps its shaping tables under. */
const SHAPING: unique symbol = Symbol('postcard-preflight.faceShaping')

/**
 * The shaping tables of a face made by {@link parseFont}; `undefined` for a host-made face,
 * which the shaper then measures with cmap, advances and pair kerning only.
 *
 * @param face A face.
 * @returns Its GSUB/GPOS/kern data.
 */
export function shapingOf(face: Face): FaceShaping | undefined {
  return (face as { readonly [SHAPING]?: FaceShaping })[SHAPING]
}

function tableView(
  sfnt: Sfnt,
  tag: string,
  coordinates?: Coordinates | undefined
): TableView | undefined {
  const table = sfnt.tables.get(tag)
  return table && table.length > 0
    ? { view: sfnt.view, offset: table.offset, coordinates: coordinates?.f2dot14 }
    : undefined
}

function styleName(style: FaceStyle): string {
  if (style.bold && style.italic) return 'bold italic'
  if (style.bold) return 'bold'
  if (style.italic) return 'italic'
  return 'regular'
}

/** Options of {@link parseFont}. */
export interface ParseFontOptions {
  /**
   * The instance of a variable font, in user units by axis tag (`{ wght: 700 }`); axes left out
   * keep their default, values outside an axis's range are clamped to it (as CSS does).
   */
  readonly axes?: AxisValues | undefined
  /** The decoder of WOFF2 bytes (`woff2-decoder.ts`, loaded by `loadFontRegistry`). */
  readonly woff2?: Woff2Decoder | undefined
}

/**
 * Parses one face from TTF, OTF, WOFF or WOFF2 bytes (WOFF2 only with `options.woff2`). The
 * bytes are copied, never kept or changed. Collections are rejected with a `FontError`
 * (`unsupported-format`), bytes that are not a font or a broken container with `invalid-font`,
 * axes the font lacks with `invalid-variation`: all are mistakes of the host, not of user text.
 *
 * @param bytes The font file.
 * @param family Family name to register it under, e.g. `Inter`.
 * @param style Which face of the family it is.
 * @param options The instance of a variable font, and the WOFF2 decoder.
 * @returns The face; glyph data is read and cached on first use.
 * @example
 * ```ts
 * const face = parseFont(bytes, 'Inter', { bold: false, italic: false })
 * face.advance(face.glyphId(0x41)) // 1413 (design units of 2048)
 * ```
 */
export function parseFont(
  bytes: FontBytes,
  family: string,
  style: FaceStyle,
  options: ParseFontOptions = {}
): Face {
  const name = `${family} ${styleName(style)}`
  const sfnt = readSfnt(unpackFont(bytes, name, options.woff2), name)
  attachTablesRead(sfnt.view)
  const head = sfnt.tables.get('head')
  const hhea = sfnt.tables.get('hhea')
  const hmtx = sfnt.tables.get('hmtx')
  const maxp = sfnt.tables.get('maxp')
  for (const [tag, table] of [
    ['head', head],
    ['hhea', hhea],
    ['hmtx', hmtx],
    ['maxp', maxp],
    ['cmap', sfnt.tables.get('cmap')],
  ] as const) {
    if (!table) {
      throw new FontError(
        'invalid-font',
        `Unexpected font \`${name}\` without a \`${tag}\` table, expected a complete font file`
      )
    }
  }
  const view = sfnt.view
  const unitsPerEm = view.getUint16((head as { offset: number }).offset + 18)
  const hheaOffset = (hhea as { offset: number }).offset
  const coordinates = normalizeAxes(sfnt, name, options.axes)
  const instance =
    coordinates && [...coordinates.fontations, ...coordinates.f2dot14].some((value) => value !== 0)
      ? coordinates
      : undefined
  const metric = metricVariations(sfnt, instance)
  const ascender = view.getInt16(hheaOffset + 4) + metric('hasc')
  const descender = view.getInt16(hheaOffset + 6) + metric('hdsc')
  const metricCount = view.getUint16(hheaOffset + 34)
  const glyphCount = view.getUint16((maxp as { offset: number }).offset + 4)
  const hmtxOffset = (hmtx as { offset: number }).offset
  if (metricCount === 0 || metricCount * 4 > (hmtx as { length: number }).length) {
    throw new FontError(
      'invalid-font',
      `Unexpected \`hmtx\` table of font \`${name}\`, expected ${metricCount} metrics`
    )
  }

  const gdef = readGlyphDefinitions(tableView(sfnt, 'GDEF'))
  // Feature variations apply at the default instance too (a condition may include 0).
  const gsub = tableView(sfnt, 'GSUB', coordinates)
  const gpos = tableView(sfnt, 'GPOS', coordinates)
  const kern = tableView(sfnt, 'kern')
  let shaping: FaceShaping
  try {
    const gdefStore = instance && gdefVariationStore(sfnt, instance)
    const positioning = gpos ? createPositioning(gpos, gdef, gdefStore) : undefined
    shaping = {
      substitution: gsub ? createSubstitution(gsub, gdef) : undefined,
      positioning,
      kernTable: kern && !positioning?.hasKerning ? readKernTable(kern) : undefined,
      gdef,
    }
  } catch (cause) {
    throw new FontError(
      'invalid-font',
      `Unexpected broken layout tables in font \`${name}\`, expected valid GSUB/GPOS`,
      { cause }
    )
  }

  const characterMap = readCharacterMap(
    view,
    (sfnt.tables.get('cmap') as { offset: number }).offset
  )
  if (typeof characterMap === 'string') {
    throw new FontError(
      'invalid-font',
      `Unexpected \`cmap\` table of font \`${name}\`, expected ${characterMap}`
    )
  }
  const glyfTables = readGlyfTables(sfnt, name, glyphCount, instance)
  const outlines = glyfTables ? createGlyfOutlines(glyfTables) : readCffOutlines(sfnt, coordinates)
  const advanceDelta = advanceVariations(sfnt, glyfTables, instance)

  const asciiGlyphs = new Int32Array(128).fill(-1)
  const glyphIds = new Map<number, number>()
  const advances = new Int32Array(glyphCount).fill(-1)
  const kerningPairs = new Map<number, number>()
  const paths = new Map<number, string>()

  const glyphId = (codePoint: number): number => {
    if (codePoint < 128) {
      const known = asciiGlyphs[codePoint] as number
      if (known >= 0) return known
    } else {
      const known = glyphIds.get(codePoint)
      if (known !== undefined) return known
    }
    let id = 0
    if (codePoint >= 0 && codePoint <= 0x10ffff) {
      id = characterMap(codePoint)
      if (id < 0 || id >= glyphCount) id = 0
    }
    if (codePoint < 128) asciiGlyphs[codePoint] = id
    else glyphIds.set(codePoint, id)
    return id
  }

  const advance = (id: number): number => {
    if (id < 0 || id >= glyphCount) return 0
    const known = advances[id] as number
    if (known >= 0) return known
    // Glyphs past numberOfHMetrics repeat the last advance (OpenType hmtx). An instance's
    // advance is rounded to whole units, as Chromium's font backend gives it (measured).
    let value = view.getUint16(hmtxOffset + Math.min(id, metricCount - 1) * 4)
    if (advanceDelta) value = Math.max(0, value + Math.round(advanceDelta(id)))
    advances[id] = value
    return value
  }

  const kerning = (left: number, right: number): number => {
    const key = left * 0x10000 + right
    const known = kerningPairs.get(key)
    if (known !== undefined) return known
    let value = 0
    try {
      if (shaping.positioning?.hasKerning) {
        const buffer = new GlyphBuffer()
        buffer.ids = [left, right]
        buffer.clusters = [0, 1]
        buffer.props = [0, 0]
        buffer.advances = [0, 0]
        buffer.offsets = [0, 0]
        shaping.positioning.apply(buffer)
        value = buffer.advances[0] as number
      } else if (shaping.kernTable) {
        value = shaping.kernTable.pair(left, right)
      }
    } catch {
      // A GPOS that points outside the font: no kerning rather than a failed check.
      value = 0
    }
    kerningPairs.set(key, value)
    return value
  }

  const face: Face = {
    family,
    style: { bold: style.bold, italic: style.italic },
    unitsPerEm,
    ascender,
    descender,
    hasCodePoint: (codePoint) => glyphId(codePoint) !== 0,
    glyphId,
    advance,
    kerning,
    glyphPath(id: number): string {
      const known = paths.get(id)
      if (known !== undefined) return known
      let data = ''
      if (id >= 0 && id < glyphCount) {
        try {
          data = outlines ? serializePath(outlines(id)) : ''
        } catch {
          // A glyph we cannot decode draws as nothing rather than failing a preview.
          data = ''
        }
      }
      paths.set(id, data)
      return data
    },
  }
  // Not enumerable: a face still prints as its public members.
  Object.defineProperty(face, SHAPING, { value: shaping })
  attachFaceMemo(face)
  return face
}

/** Where the TrueType outlines are, with `gvar` at the instance; `undefined` for CFF. */
function readGlyfTables(
  sfnt: Sfnt,
  name: string,
  glyphCount: number,
  instance: Coordinates | undefined
): GlyfTables | undefined {
  const loca = sfnt.tables.get('loca')
  const glyf = sfnt.tables.get('glyf')
  const head = sfnt.tables.get('head') as { offset: number }
  if (!loca || !glyf) return undefined
  const longOffsets = sfnt.view.getInt16(head.offset + 50) !== 0
  if (loca.length < (glyphCount + 1) * (longOffsets ? 4 : 2)) {
    throw new FontError(
      'invalid-font',
      `Unexpected \`loca\` table of font \`${name}\`, expected ${glyphCount + 1} offsets`
    )
  }
  const gvar = sfnt.tables.get('gvar')
  return {
    view: sfnt.view,
    loca: loca.offset,
    glyf: glyf.offset,
    longOffsets,
    glyphCount,
    variations:
      instance && gvar && gvar.length >= 20
        ? createGlyphVariations(sfnt.view, gvar.offset, gvar.length, instance)
        : undefined,
  }
}

/**
 * The outline reader of a CFF or CFF2 face (CFF2 blended at the instance), or none for a font
 * without outlines or with a table we cannot read (it measures but draws nothing).
 */
function readCffOutlines(
  sfnt: Sfnt,
  coordinates: Coordinates | undefined
): GlyphOutlines | undefined {
  const cff2 = sfnt.tables.get('CFF2')
  const cff = cff2 ?? sfnt.tables.get('CFF ')
  if (!cff) return undefined
  try {
    const font = readCffFont(sfnt.view, cff.offset, cff.length, cff2 ? 2 : 1)
    const store =
      font.variationStore !== undefined && coordinates
        ? createItemVariationStore(sfnt.view, font.variationStore, coordinates, 'fontations')
        : undefined
    return createCffOutlines(font, store)
  } catch {
    return undefined
  }
}

/**
 * The advance deltas of an instance: `HVAR` when the font has it, else the phantom points of
 * `gvar` (what HarfBuzz, FreeType and Fontations do without `HVAR`); `undefined` at the default.
 */
function advanceVariations(
  sfnt: Sfnt,
  glyf: GlyfTables | undefined,
  instance: Coordinates | undefined
): ((glyphId: number) => number) | undefined {
  if (!instance) return undefined
  const { view } = sfnt
  const hvar = sfnt.tables.get('HVAR')
  if (hvar && hvar.length >= 20) {
    try {
      const store = createItemVariationStore(
        view,
        hvar.offset + view.getUint32(hvar.offset + 4),
        instance,
        'fontations'
      )
      const mapAt = view.getUint32(hvar.offset + 8)
      const map = mapAt ? readDeltaSetIndexMap(view, hvar.offset + mapAt) : undefined
      return (glyphId) => {
        try {
          const [outer, inner] = map ? map(glyphId) : [0, glyphId]
          return store.delta(outer, inner)
        } catch {
          // A broken HVAR entry: the default advance rather than a failed check.
          return 0
        }
      }
    } catch {
      return undefined
    }
  }
  const variations = glyf?.variations
  if (!glyf || !variations) return undefined
  return (glyphId) => {
    try {
      const count = variationPointCount(glyf, glyphId)
      const zeros = new Float64Array(count)
      const deltas = variations.deltas(glyphId, zeros, zeros, undefined)
      return deltas ? (deltas.x[count + 1] as number) - (deltas.x[count] as number) : 0
    } catch {
      return 0
    }
  }
}

/** GDEF's ItemVariationStore (GDEF 1.3) at the instance: the deltas of GPOS device tables. */
function gdefVariationStore(sfnt: Sfnt, instance: Coordinates): ItemVariationStore | undefined {
  const gdef = sfnt.tables.get('GDEF')
  if (!gdef || gdef.length < 18) return undefined
  const { view } = sfnt
  if (view.getUint16(gdef.offset + 2) < 3) return undefined
  const storeAt = view.getUint32(gdef.offset + 14)
  if (!storeAt) return undefined
  try {
    return createItemVariationStore(view, gdef.offset + storeAt, instance, 'harfbuzz')
  } catch {
    // A broken store: positions without variation deltas.
    return undefined
  }
}

/**
 * The `MVAR` delta of a metric by its tag (`hasc`, `hdsc` …) at the instance, rounded to whole
 * units as FreeType applies it; 0 without `MVAR` or at the default.
 */
function metricVariations(sfnt: Sfnt, instance: Coordinates | undefined): (tag: string) => number {
  const mvar = sfnt.tables.get('MVAR')
  if (!instance || !mvar || mvar.length < 12) return () => 0
  const { view } = sfnt
  const size = view.getUint16(mvar.offset + 6)
  const count = view.getUint16(mvar.offset + 8)
  const storeAt = view.getUint16(mvar.offset + 10)
  if (storeAt === 0 || size < 8) return () => 0
  return (tag) => {
    try {
      const store = createItemVariationStore(view, mvar.offset + storeAt, instance, 'fontations')
      for (let index = 0; index < count; index++) {
        const record = mvar.offset + 12 + index * size
        if (readTag(view, record) === tag) {
          return Math.round(store.delta(view.getUint16(record + 4), view.getUint16(record + 6)))
        }
      }
    } catch {
      // A broken MVAR: the default metric.
    }
    return 0
  }
}

/**
 * Whether a glyph is a mark by GDEF (class 3): marks get no advance after positioning, as
 * HarfBuzz does for fonts with GDEF.
 *
 * @param shaping Shaping tables of a face.
 * @param glyph Glyph id.
 * @returns `true` for a mark glyph.
 */
export function isMarkGlyph(shaping: FaceShaping, glyph: number): boolean {
  return shaping.gdef.glyphClass(glyph) === GLYPH_CLASS.mark
}
