/**
 * Outlines of CFF-flavoured fonts (`.otf` with a `CFF ` table instead of `glyf`). The core
 * reads TrueType outlines itself (`glyf-outlines.ts`); a CFF charstring interpreter would add
 * as much code as the rest of the font layer, so a host that previews OTF fonts plugs one in
 * through the `cffOutlines` option of `createFontRegistry` (for example
 * `readOutlinesWithOpentype` of `postcard-preflight/node`, which keeps opentype.js out of the
 * core bundle unless the host imports it, issue 7).
 *
 * @module
 */
import type { GlyphOutlines } from './glyf-outlines.ts'

/**
 * Makes an outline reader for one font file: given the whole file (a private copy), returns
 * the commands of a glyph by id. It may throw on bytes it cannot read; the face then draws
 * that glyph (or, when it throws at once, every glyph) as nothing.
 */
export type OutlineReader = (font: ArrayBuffer) => GlyphOutlines
