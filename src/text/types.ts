/**
 * Contracts of the font layer: fonts come in as bytes (never paths) and are parsed once into
 * faces that the layout engine, glyph coverage and the preview share.
 *
 * @module
 */

/**
 * Bytes of a font file: TTF or OTF (TrueType, CFF or CFF2 outlines), WOFF, or WOFF2 (WOFF2 through
 * `loadFontRegistry`, which loads its decoder). Collections (TTC) are not read.
 */
export type FontBytes = Uint8Array | ArrayBuffer

/**
 * An instance of a variable font: the file and its axis values in user units by tag, as
 * `font-variation-settings` (or `font-weight` for `wght`) sets them in CSS. Axes left out keep
 * the font's default; a value outside an axis's range is clamped to it, as CSS does; an axis the
 * font lacks is a `FontError`.
 */
export interface FaceInstance {
  readonly bytes: FontBytes
  /** e.g. `{ wght: 700 }`. */
  readonly axes?: Readonly<Record<string, number>> | undefined
}

/** One face: a font file, or an instance of a variable font file. */
export type FaceSource = FontBytes | FaceInstance

/** The faces of one family, as in `fonts/fonts.json`; `regular` is required. */
export interface FamilySources {
  readonly regular: FaceSource
  readonly bold?: FaceSource
  readonly italic?: FaceSource
  readonly bold_italic?: FaceSource
}

/** Which face of a family a run of text is set in. */
export interface FaceStyle {
  readonly bold: boolean
  readonly italic: boolean
}

/**
 * One parsed face. Implemented by `src/text/font.ts`; everything is cached per glyph so that
 * measuring stays far below opentype.js's whole-string calls (about 25 µs per word against
 * 0.3 µs with per-glyph caches, measured on Node 20).
 */
export interface Face {
  /** Family name as registered, e.g. `Inter`. */
  readonly family: string
  readonly style: FaceStyle
  /** Design units per em (`head.unitsPerEm`). */
  readonly unitsPerEm: number
  /** hhea ascender in design units (positive, above the baseline). */
  readonly ascender: number
  /** hhea descender in design units (negative, below the baseline). */
  readonly descender: number
  /** Whether the face has a glyph (other than .notdef) for a Unicode code point. */
  hasCodePoint(codePoint: number): boolean
  /** Glyph id for a code point; `0` (.notdef) when the face cannot draw it. */
  glyphId(codePoint: number): number
  /** Horizontal advance of a glyph in design units. */
  advance(glyphId: number): number
  /** Kerning between two glyphs in design units (GPOS pair adjustment, else `kern`). */
  kerning(left: number, right: number): number
  /** SVG path data of a glyph in design units, y axis pointing up (font space). */
  glyphPath(glyphId: number): string
}

/** Parsed families, looked up by name and style. */
export interface FontRegistry {
  /** Registered family names, in registration order. */
  readonly families: readonly string[]
  /** Whether a family is registered. */
  has(family: string): boolean
  /**
   * The face of a family for a style; falls back to the closest registered face
   * (bold italic → bold → italic → regular). Throws a `FontError` for an unknown family.
   */
  face(family: string, style?: FaceStyle): Face
}
