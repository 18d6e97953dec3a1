/**
 * The cap height of a face, measured from its `H`: what the posts' reading machines measure.
 *
 * @module
 */
import { faceStore, type MemoSlot } from '../text/face-memo.ts'
import type { Face } from '../text/types.ts'

// Numbers of SVG path data (glyphPath writes no exponents).
const NUMBER = /-?\d+(?:\.\d+)?/g

/** The cap height, measured once per face and kept on its memo. */
const CAP_HEIGHT: MemoSlot<{ value?: number }> = Object.freeze({
  name: 'cap height',
  create: () => ({}),
})

/**
 * The height of the face's capital `H` above the baseline, in design units: the top of its
 * outline (every command of the path data has x, y pairs, so every second number is a y).
 * Falls back to 70 % of the em (a common cap height) for a face without an `H`. Measured once
 * per face.
 *
 * @param face A parsed face.
 * @returns The cap height in design units.
 */
export function capHeight(face: Face): number {
  const memo = faceStore(face, CAP_HEIGHT)
  if (memo?.value !== undefined) return memo.value
  const glyph = face.glyphId(0x48)
  const numbers = glyph === 0 ? null : face.glyphPath(glyph).match(NUMBER)
  let top = -Infinity
  if (numbers) for (let i = 1; i < numbers.length; i += 2) top = Math.max(top, Number(numbers[i]))
  const value = Number.isFinite(top) && top > 0 ? top : face.unitsPerEm * 0.7
  if (memo) memo.value = value
  return value
}
