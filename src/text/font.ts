/**
 * Parses font bytes into a {@link Face}. Everything is read from the raw sfnt bytes by our own
 * code, cached per glyph: cmap (`character-map.ts`), advances, TrueType outlines
 * (`glyf-outlines.ts`), GSUB, GPOS, GDEF and `kern` (research §2, §5a.1-2). No font library is
 * bundled (issue 7); CFF outlines come from a reader the host plugs in (`cff-outlines.ts`).
 *
 * @module
 */
import type { OutlineReader } from './cff-outlines.ts'
import { readCharacterMap } from './character-map.ts'
import { FontError } from './font-error.ts'
import { attachFaceMemo } from './face-memo.ts'
import { createGlyfOutlines, type GlyphOutlines } from './glyf-outlines.ts'
import { serializePath } from './glyph-path.ts'
import { createPositioning, type Positioning } from './gpos.ts'
import { createSubstitution, type Substitution } from './gsub.ts'
import { readKernTable, type KernTable } from './kern-table.ts'
import {
  attachTablesRead,
  GLYPH_CLASS,
  GlyphBuffer,
  readGlyphDefinitions,
  type GlyphDefinitions,
  type TableView,
} from './open-type-layout.ts'
import { readSfnt, type Sfnt } from './sfnt.ts'
import type { Face, FaceStyle, FontBytes } from './types.ts'

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

function tableView(sfnt: Sfnt, tag: string): TableView | undefined {
  const table = sfnt.tables.get(tag)
  return table && table.length > 0 ? { view: sfnt.view, offset: table.offset } : undefined
}

function styleName(style: FaceStyle): string {
  if (style.bold && style.italic) return 'bold italic'
  if (style.bold) return 'bold'
  if (style.italic) return 'italic'
  return 'regular'
}

/** Options of {@link parseFont} and `createFontRegistry`. */
export interface ParseFontOptions {
  /**
   * Reads the outlines of CFF-flavoured (`.otf`) faces, e.g. `readOutlinesWithOpentype` of
   * `postcard-preflight/node` (default: none; such a face measures and checks exactly but draws
   * no glyphs in previews). TrueType outlines are always read by the core itself.
   */
  readonly cffOutlines?: OutlineReader | undefined
}

/**
 * Parses one face from TTF/OTF bytes. The bytes are copied, never kept or changed. WOFF, WOFF2
 * and collections are rejected with a `FontError` (`unsupported-format`), as are bytes that are
 * not a font (`invalid-font`): both are mistakes of the host, not of user text.
 *
 * @param bytes The font file.
 * @param family Family name to register it under, e.g. `Inter`.
 * @param style Which face of the family it is.
 * @param options The CFF outline reader, if any.
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
  const sfnt = readSfnt(bytes, name)
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
        `Unexpected font \`${name}\` without a \`${tag}\` table, expected a complete TTF or OTF file`
      )
    }
  }
  const view = sfnt.view
  const unitsPerEm = view.getUint16((head as { offset: number }).offset + 18)
  const hheaOffset = (hhea as { offset: number }).offset
  const ascender = view.getInt16(hheaOffset + 4)
  const descender = view.getInt16(hheaOffset + 6)
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
  const gsub = tableView(sfnt, 'GSUB')
  const gpos = tableView(sfnt, 'GPOS')
  const kern = tableView(sfnt, 'kern')
  let shaping: FaceShaping
  try {
    const positioning = gpos ? createPositioning(gpos, gdef) : undefined
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
  const outlines = readOutlines(sfnt, name, glyphCount, options.cffOutlines)

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
    // Glyphs past numberOfHMetrics repeat the last advance (OpenType hmtx).
    const value = view.getUint16(hmtxOffset + Math.min(id, metricCount - 1) * 4)
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

/**
 * The outline reader of a face: our own for TrueType (`glyf`), the host's for CFF, none when
 * the host set no CFF reader (the face then measures but draws nothing).
 */
function readOutlines(
  sfnt: Sfnt,
  name: string,
  glyphCount: number,
  cffOutlines: OutlineReader | undefined
): GlyphOutlines | undefined {
  const loca = sfnt.tables.get('loca')
  const glyf = sfnt.tables.get('glyf')
  const head = sfnt.tables.get('head') as { offset: number }
  if (loca && glyf) {
    const longOffsets = sfnt.view.getInt16(head.offset + 50) !== 0
    if (loca.length < (glyphCount + 1) * (longOffsets ? 4 : 2)) {
      throw new FontError(
        'invalid-font',
        `Unexpected \`loca\` table of font \`${name}\`, expected ${glyphCount + 1} offsets`
      )
    }
    return createGlyfOutlines({
      view: sfnt.view,
      loca: loca.offset,
      glyf: glyf.offset,
      longOffsets,
      glyphCount,
    })
  }
  const reader = cffOutlines
  if (!reader) return undefined
  try {
    return reader(sfnt.buffer)
  } catch {
    // Outlines the reader cannot parse draw as nothing; measuring does not need them.
    return undefined
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
