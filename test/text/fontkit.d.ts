/** The part of fontkit 2 (a devDependency, our shaping oracle) the tests use; it ships no types. */
declare module 'fontkit' {
  /** A glyph of a laid-out run. */
  export interface FontkitGlyph {
    readonly id: number
    readonly codePoints: readonly number[]
  }
  /** Position of a glyph in a run, in design units. */
  export interface FontkitPosition {
    readonly xAdvance: number
    readonly xOffset: number
  }
  /** The result of `layout`. */
  export interface FontkitRun {
    readonly glyphs: readonly FontkitGlyph[]
    readonly positions: readonly FontkitPosition[]
    readonly advanceWidth: number
  }
  /** One command of a glyph path (`moveTo`, `lineTo`, `quadraticCurveTo`, `bezierCurveTo`, `closePath`). */
  export interface FontkitPathCommand {
    readonly command: string
    readonly args: readonly number[]
  }
  /** A font. */
  export interface FontkitFont {
    readonly numGlyphs: number
    /** Code points the cmap maps. */
    readonly characterSet: readonly number[]
    /** Axes of a variable font by tag. */
    readonly variationAxes: Readonly<
      Record<string, { readonly min: number; readonly default: number; readonly max: number }>
    >
    /** The instance at axis values (user units); clamps like CSS. */
    getVariation(settings: Readonly<Record<string, number>>): FontkitFont
    readonly unitsPerEm: number
    readonly ascent: number
    readonly descent: number
    readonly hhea: { readonly ascent: number; readonly descent: number }
    layout(
      text: string,
      features?: readonly string[] | Record<string, boolean>,
      script?: string
    ): FontkitRun
    glyphForCodePoint(codePoint: number): { readonly id: number; readonly advanceWidth: number }
    getGlyph(id: number): {
      readonly advanceWidth: number
      readonly path: {
        toSVG(): string
        readonly commands: readonly FontkitPathCommand[]
        readonly cbox: { minX: number; minY: number; maxX: number; maxY: number }
      }
    }
  }
  /** Parses font bytes. */
  export function create(bytes: Uint8Array): FontkitFont
}
