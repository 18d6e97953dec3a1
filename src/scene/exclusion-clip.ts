/**
 * Clip regions that keep annotations off other elements: "the canvas except these boxes", with
 * the boxes made disjoint first so that one even-odd path describes the region exactly (two
 * overlapping holes would otherwise cancel out where they overlap).
 *
 * @module
 */
import type { Box, ExclusionClip } from './scene-types.ts'

/**
 * Whether two boxes overlap with some area.
 *
 * @param a A box.
 * @param b Another box.
 * @returns `true` when their interiors meet.
 */
export function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

/**
 * The region of `bounds` outside every box: the boxes clipped to the bounds and merged into
 * disjoint boxes (horizontal bands between the boxes' top and bottom edges, and in each band
 * the union of the boxes' spans). Boxes without area are dropped.
 *
 * @param bounds The canvas.
 * @param boxes Boxes to keep clear, overlapping or not.
 * @returns The clip, or `undefined` when no box lies in the bounds.
 */
export function exclusionClip(bounds: Box, boxes: readonly Box[]): ExclusionClip | undefined {
  const right = bounds.x + bounds.width
  const bottom = bounds.y + bounds.height
  const clipped: Box[] = []
  for (const box of boxes) {
    const x0 = Math.max(bounds.x, box.x)
    const y0 = Math.max(bounds.y, box.y)
    const x1 = Math.min(right, box.x + box.width)
    const y1 = Math.min(bottom, box.y + box.height)
    if (x1 > x0 && y1 > y0) clipped.push({ x: x0, y: y0, width: x1 - x0, height: y1 - y0 })
  }
  if (clipped.length === 0) return undefined
  const edges = [...new Set(clipped.flatMap((box) => [box.y, box.y + box.height]))].sort(
    (a, b) => a - b
  )
  const holes: Box[] = []
  // Spans of the band above, to merge a band into the one above when they are the same.
  let open: { x0: number; x1: number; index: number }[] = []
  for (let band = 0; band + 1 < edges.length; band++) {
    const y0 = edges[band] as number
    const y1 = edges[band + 1] as number
    const spans = clipped
      .filter((box) => box.y <= y0 && box.y + box.height >= y1)
      .map((box) => [box.x, box.x + box.width] as const)
      .sort((a, b) => a[0] - b[0])
    const merged: [number, number][] = []
    for (const [x0, x1] of spans) {
      const last = merged.at(-1)
      if (last && x0 <= last[1]) last[1] = Math.max(last[1], x1)
      else merged.push([x0, x1])
    }
    const next: { x0: number; x1: number; index: number }[] = []
    for (const [x0, x1] of merged) {
      const above = open.find((span) => span.x0 === x0 && span.x1 === x1)
      if (above) {
        const hole = holes[above.index] as Box
        holes[above.index] = { ...hole, height: y1 - hole.y }
        next.push(above)
      } else {
        holes.push({ x: x0, y: y0, width: x1 - x0, height: y1 - y0 })
        next.push({ x0, x1, index: holes.length - 1 })
      }
    }
    open = next
  }
  return { bounds, holes }
}
