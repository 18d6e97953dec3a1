/**
 * Test helper: the control box of SVG path data in font units (every point of every command,
 * control points included), the box fontkit reports as `path.cbox`.
 */

/**
 * @param data Path data of `Face.glyphPath` (M, L, Q, C, Z with x y pairs).
 * @returns `[minX, minY, maxX, maxY]`, or `[]` for an empty path.
 */
export function pathBox(data: string): number[] {
  const numbers = (data.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number)
  if (numbers.length === 0) return []
  const box = [Infinity, Infinity, -Infinity, -Infinity]
  for (let index = 0; index + 1 < numbers.length; index += 2) {
    const x = numbers[index] as number
    const y = numbers[index + 1] as number
    box[0] = Math.min(box[0] as number, x)
    box[1] = Math.min(box[1] as number, y)
    box[2] = Math.max(box[2] as number, x)
    box[3] = Math.max(box[3] as number, y)
  }
  return box
}
