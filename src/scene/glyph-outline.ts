/**
 * The outline of a glyph as every drawing uses it: the face's path data rewritten once per face
 * and glyph as compact relative commands on whole font units ({@link compactPathData}), so the
 * SVG preview and the PDF proof draw exactly the same shape.
 *
 * @module
 */
import { compactPathData } from '../preview/compact-path.ts'
import { faceStore, type MemoSlot } from '../text/face-memo.ts'
import type { Face } from '../text/types.ts'

/**
 * Compacted outlines of a face by glyph id, on the face's memo for the life of the face: a glyph
 * is serialised once per registry, not once per drawing (at most one entry per glyph of the font).
 */
const OUTLINES: MemoSlot<Map<number, string>> = Object.freeze({
  name: 'compacted outlines',
  create: () => new Map<number, string>(),
})

/**
 * The outline of a glyph in font units (y up): relative `m l h v q c z` commands on integers,
 * or `''` for a glyph without outline (a space).
 *
 * @param face The face.
 * @param glyphId The glyph.
 * @returns Its compacted path data.
 */
export function glyphOutline(face: Face, glyphId: number): string {
  const cache = faceStore(face, OUTLINES)
  let d = cache?.get(glyphId)
  if (d === undefined) {
    d = compactPathData(face.glyphPath(glyphId).trim())
    cache?.set(glyphId, d)
  }
  return d
}
