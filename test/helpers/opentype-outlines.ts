/**
 * Test oracle: glyph outlines read by opentype.js 2.0 (a parser we did not write, the one the
 * core used before it read fonts itself), for TrueType and CFF faces.
 */
import opentype from 'opentype.js'
import type { GlyphOutlines } from '../../src/text/glyf-outlines.ts'
import type { PathCommand } from '../../src/text/glyph-path.ts'

/**
 * Reads glyph outlines with opentype.js (low-memory mode: glyphs are decoded on first use).
 * Meant for CFF-flavoured OTF fonts; it reads TrueType ones too.
 *
 * @param font The whole font file.
 * @returns The commands of a glyph by id (`[]` for an id out of range).
 * @throws {Error} Whatever opentype.js throws for bytes it cannot parse.
 */
export function readOutlinesWithOpentype(font: ArrayBuffer): GlyphOutlines {
  const parsed = opentype.parse(font, { lowMemory: true })
  return (glyphId: number): PathCommand[] =>
    glyphId >= 0 && glyphId < parsed.numGlyphs
      ? [...(parsed.glyphs.get(glyphId)?.path.commands ?? [])]
      : []
}
