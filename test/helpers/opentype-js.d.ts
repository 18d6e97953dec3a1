/**
 * The small part of opentype.js 2.0 the tests use as an oracle (the package ships no types).
 * Only the parser and per-glyph data: never the whole-string APIs, which throw on Inter and
 * Roboto.
 */
declare module 'opentype.js' {
  /** One outline command of a glyph. */
  export interface OpenTypePathCommand {
    readonly type: string
    readonly x?: number
    readonly y?: number
    readonly x1?: number
    readonly y1?: number
    readonly x2?: number
    readonly y2?: number
  }

  /** A glyph, loaded lazily in low-memory mode. */
  export interface OpenTypeGlyph {
    readonly path: { readonly commands: readonly OpenTypePathCommand[] }
  }

  /** A parsed font. */
  export interface OpenTypeFont {
    readonly unitsPerEm: number
    readonly numGlyphs: number
    readonly glyphs: { get(index: number): OpenTypeGlyph | undefined }
    charToGlyphIndex(character: string): number
  }

  /** The module object (the package is UMD: only its default export exists in Node ESM). */
  const opentype: {
    /** Parses TTF/OTF/WOFF bytes. */
    parse(buffer: ArrayBuffer, options?: { lowMemory?: boolean }): OpenTypeFont
  }
  export default opentype
}
