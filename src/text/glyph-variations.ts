/**
 * `gvar`: per-glyph point deltas of a variable TrueType font (OpenType "gvar — Glyph Variations
 * Table" and "Tuple Variation Store"), evaluated at one instance. Each tuple's deltas are scaled
 * by its scalar; points a tuple leaves out get deltas inferred from their neighbours on the
 * contour (IUP), never the four phantom points. Scalars are Fontations' (16.16, see
 * `fixed-point.ts`); deltas are summed as floats and not rounded, as Chromium's font backends
 * do, so outlines and phantom-point advances are the instance Chromium draws and measures.
 *
 * @module
 */
import { FIXED_ONE } from './fixed-point.ts'
import type { Coordinates } from './font-variations.ts'
import { fixedTentScalar } from './item-variation-store.ts'

/** Deltas of a glyph's points plus its four phantom points (left, right, top, bottom). */
export interface PointDeltas {
  readonly x: Float64Array
  readonly y: Float64Array
}

/** The `gvar` of one instance. */
export interface GlyphVariations {
  /**
   * Deltas of a glyph.
   *
   * @param glyphId The glyph.
   * @param xs Default x of its points (not the phantom points), for inferring deltas.
   * @param ys Default y of its points.
   * @param ends Last point of each contour; `undefined` for a composite (its "points" are its
   *   components' offsets, which get no inferred deltas).
   * @returns Deltas of `xs.length + 4` points, or `undefined` when the glyph does not vary here.
   */
  deltas(
    glyphId: number,
    xs: ArrayLike<number>,
    ys: ArrayLike<number>,
    ends: readonly number[] | undefined
  ): PointDeltas | undefined
}

const SHARED_POINT_NUMBERS = 0x8000
const COUNT_MASK = 0x0fff
const EMBEDDED_PEAK = 0x8000
const INTERMEDIATE = 0x4000
const PRIVATE_POINTS = 0x2000
const INDEX_MASK = 0x0fff

/** A cursor over the serialized data of a glyph; throws a `RangeError` past its end. */
class Reader {
  constructor(
    readonly view: DataView,
    public at: number,
    readonly end: number
  ) {}

  u8(): number {
    if (this.at >= this.end) throw new RangeError('gvar data ends early')
    return this.view.getUint8(this.at++)
  }

  i8(): number {
    const value = this.u8()
    return value >= 128 ? value - 256 : value
  }

  u16(): number {
    return (this.u8() << 8) | this.u8()
  }

  i16(): number {
    const value = this.u16()
    return value >= 0x8000 ? value - 0x10000 : value
  }

  i32(): number {
    return (this.u16() << 16) | this.u16()
  }

  /** Packed point numbers; `undefined` means every point. */
  points(): number[] | undefined {
    let count = this.u8()
    if (count === 0) return undefined
    if (count & 0x80) count = ((count & 0x7f) << 8) | this.u8()
    const points: number[] = []
    let point = 0
    while (points.length < count) {
      const control = this.u8()
      const words = (control & 0x80) !== 0
      for (let run = (control & 0x7f) + 1; run > 0 && points.length < count; run--) {
        point += words ? this.u16() : this.u8()
        points.push(point)
      }
    }
    return points
  }

  /** Packed deltas (zero, byte, word or long runs). */
  deltas(count: number): Int32Array {
    const deltas = new Int32Array(count)
    let index = 0
    while (index < count) {
      const control = this.u8()
      const run = (control & 0x3f) + 1
      const kind = control & 0xc0
      for (let left = run; left > 0 && index < count; left--) {
        deltas[index++] =
          kind === 0x80 ? 0 : kind === 0x40 ? this.i16() : kind === 0xc0 ? this.i32() : this.i8()
      }
    }
    return deltas
  }
}

/**
 * Infers the deltas of the points of one contour a tuple left out (OpenType "Inferred deltas
 * for un-referenced point numbers"), per axis: between two referenced neighbours, interpolated
 * by position, or the nearer neighbour's delta outside their span.
 */
function inferContour(
  first: number,
  last: number,
  coordinates: ArrayLike<number>,
  deltas: Float64Array,
  referenced: Uint8Array
): void {
  let start = -1
  for (let point = first; point <= last; point++) {
    if (referenced[point]) {
      start = point
      break
    }
  }
  if (start < 0) return
  let previous = start
  let point = start
  let count = 0
  do {
    point = point === last ? first : point + 1
    if (!referenced[point]) continue
    count++
    interpolate(previous, point, first, last, coordinates, deltas)
    previous = point
  } while (point !== start)
  if (count === 1) {
    // One referenced point on the contour: every point moves by its delta.
    for (let other = first; other <= last; other++) deltas[other] = deltas[start] as number
  }
}

function interpolate(
  from: number,
  to: number,
  first: number,
  last: number,
  coordinates: ArrayLike<number>,
  deltas: Float64Array
): void {
  const c1 = coordinates[from] as number
  const c2 = coordinates[to] as number
  const d1 = deltas[from] as number
  const d2 = deltas[to] as number
  const low = Math.min(c1, c2)
  const high = Math.max(c1, c2)
  const lowDelta = c1 <= c2 ? d1 : d2
  const highDelta = c1 <= c2 ? d2 : d1
  for (
    let point = from === last ? first : from + 1;
    point !== to;
    point = point === last ? first : point + 1
  ) {
    const c = coordinates[point] as number
    if (c1 === c2) deltas[point] = d1 === d2 ? d1 : 0
    else if (c <= low) deltas[point] = lowDelta
    else if (c >= high) deltas[point] = highDelta
    else deltas[point] = lowDelta + ((c - low) * (highDelta - lowDelta)) / (high - low)
  }
}

/**
 * Reads `gvar` for one instance.
 *
 * @param view The font bytes.
 * @param offset Absolute offset of `gvar`.
 * @param length Its length.
 * @param coordinates The instance.
 * @returns The glyph deltas; a glyph whose data is broken gets none.
 */
export function createGlyphVariations(
  view: DataView,
  offset: number,
  length: number,
  coordinates: Coordinates
): GlyphVariations {
  const at = coordinates.fontations.map((value) => value * 4)
  const axisCount = view.getUint16(offset + 4)
  const sharedCount = view.getUint16(offset + 6)
  const shared = offset + view.getUint32(offset + 8)
  const glyphCount = view.getUint16(offset + 12)
  const longOffsets = (view.getUint16(offset + 14) & 1) !== 0
  const dataStart = offset + view.getUint32(offset + 16)
  const tableEnd = offset + length
  const glyphData = (id: number): number =>
    longOffsets ? view.getUint32(offset + 20 + id * 4) : view.getUint16(offset + 20 + id * 2) * 2
  const atDefault = at.every((value) => value === 0)

  /** The scalar of a tuple (peak, optional intermediate start/end) at the instance. */
  const scalarOf = (
    peakAt: number,
    startAt: number,
    endAt: number,
    intermediate: boolean
  ): number => {
    let scalar = FIXED_ONE
    for (let axis = 0; axis < axisCount && scalar !== 0; axis++) {
      const peak = view.getInt16(peakAt + axis * 2) * 4
      const value = at[axis] ?? 0
      if (intermediate) {
        const start = view.getInt16(startAt + axis * 2) * 4
        const end = view.getInt16(endAt + axis * 2) * 4
        scalar = fixedTentScalar(scalar, start, peak, end, value)
      } else {
        scalar = fixedTentScalar(scalar, Math.min(0, peak), peak, Math.max(0, peak), value)
      }
    }
    return scalar / FIXED_ONE
  }

  return {
    deltas(glyphId, xs, ys, ends) {
      if (atDefault || glyphId < 0 || glyphId >= glyphCount) return undefined
      const count = xs.length + 4
      const total = { x: new Float64Array(count), y: new Float64Array(count) }
      let varied = false
      try {
        const start = dataStart + glyphData(glyphId)
        const end = dataStart + glyphData(glyphId + 1)
        if (end <= start || end > tableEnd) return undefined
        const header = new Reader(view, start, end)
        const tuples = header.u16()
        const serialized = new Reader(view, start + header.u16(), end)
        const sharedPoints = tuples & SHARED_POINT_NUMBERS ? serialized.points() : undefined
        for (let tuple = 0; tuple < (tuples & COUNT_MASK); tuple++) {
          const size = header.u16()
          const index = header.u16()
          let peakAt: number
          if (index & EMBEDDED_PEAK) {
            peakAt = header.at
            header.at += axisCount * 2
          } else {
            if ((index & INDEX_MASK) >= sharedCount) throw new RangeError('shared tuple index')
            peakAt = shared + (index & INDEX_MASK) * axisCount * 2
          }
          const intermediate = (index & INTERMEDIATE) !== 0
          const startAt = header.at
          if (intermediate) header.at += axisCount * 4
          const dataAt = serialized.at
          const scalar = scalarOf(peakAt, startAt, startAt + axisCount * 2, intermediate)
          if (scalar === 0) {
            serialized.at = dataAt + size
            continue
          }
          const points = index & PRIVATE_POINTS ? serialized.points() : sharedPoints
          const n = points ? points.length : count
          const dx = serialized.deltas(n)
          const dy = serialized.deltas(n)
          serialized.at = dataAt + size
          varied = true
          if (!points) {
            for (let point = 0; point < count; point++) {
              total.x[point] = (total.x[point] as number) + (dx[point] as number) * scalar
              total.y[point] = (total.y[point] as number) + (dy[point] as number) * scalar
            }
            continue
          }
          const tupleX = new Float64Array(count)
          const tupleY = new Float64Array(count)
          const referenced = new Uint8Array(count)
          points.forEach((point, at) => {
            if (point >= count) return
            // A point listed twice adds up, as in HarfBuzz.
            tupleX[point] = (tupleX[point] as number) + (dx[at] as number)
            tupleY[point] = (tupleY[point] as number) + (dy[at] as number)
            referenced[point] = 1
          })
          if (ends) {
            let first = 0
            for (const last of ends) {
              if (last >= xs.length) break
              inferContour(first, last, xs, tupleX, referenced)
              inferContour(first, last, ys, tupleY, referenced)
              first = last + 1
            }
          }
          for (let point = 0; point < count; point++) {
            total.x[point] = (total.x[point] as number) + (tupleX[point] as number) * scalar
            total.y[point] = (total.y[point] as number) + (tupleY[point] as number) * scalar
          }
        }
      } catch {
        // Broken variation data: the glyph keeps its default outline.
        return undefined
      }
      return varied ? total : undefined
    },
  }
}
