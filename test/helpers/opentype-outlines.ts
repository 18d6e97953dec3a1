/**
 * The only importer of opentype.js: a CFF outline reader for the `cffOutlines` option of `createFontRegistry`. The core
 * never imports this module, so opentype.js (67 kB gzipped) stays out of the browser bundle
 * unless a host that previews OTF fonts imports it (issue 7).
 *
 * @module
 */
import opentype from 'opentype.js'
import type { PathCommand } from './glyph-path.ts'
import type { GlyphOutlines } from './glyf-outlines.ts'

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
