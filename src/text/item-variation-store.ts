/**
 * The ItemVariationStore (OpenType "OpenType Font Variations Common Table Formats"): deltas of
 * metrics and positions per region of the design space, shared by `HVAR`, `MVAR`, GDEF (GPOS
 * device deltas) and CFF2's `blend`. Evaluated at one instance: each region's scalar is the
 * product of its per-axis tents, a delta the scalar-weighted sum of its region deltas. Two
 * precisions, as in Chromium: HarfBuzz's (float arithmetic) for GPOS, and Fontations' (16.16
 * scalars, one rounding of the sum) for advances, metrics and CFF2 outlines.
 * Scalars are cached per ItemVariationData on the store object the face owns.
 *
 * @module
 */
import type { Coordinates } from './font-variations.ts'
import { FIXED_ONE, mulDiv } from './fixed-point.ts'

/** Whose arithmetic evaluates a store: HarfBuzz's (shaping) or Fontations' (metrics, outlines). */
export type VariationPrecision = 'harfbuzz' | 'fontations'

/** An ItemVariationStore evaluated at one instance. */
export interface ItemVariationStore {
  /** Delta of an item (`outer` = ItemVariationData index, `inner` = row); `0` if absent. */
  delta(outer: number, inner: number): number
  /**
   * The scalars of the regions an ItemVariationData refers to, in its order (CFF2 `blend`
   * weighs its operands' deltas with them); `undefined` for an index outside the store.
   */
  scalars(outer: number): Float64Array | undefined
}

/**
 * The scalar of one axis of a region (start, peak, end in F2Dot14) at a coordinate, with
 * HarfBuzz's handling of malformed ranges (they count as 1).
 */
export function tentScalar(start: number, peak: number, end: number, coordinate: number): number {
  if (peak === 0 || coordinate === peak) return 1
  if (start > peak || peak > end) return 1
  if (start < 0 && end > 0) return 1
  if (coordinate <= start || end <= coordinate) return 0
  return coordinate < peak
    ? (coordinate - start) / (peak - start)
    : (end - coordinate) / (end - peak)
}

/**
 * The 16.16 scalar of one axis of a region (start, peak, end in 16.16) at a 16.16 coordinate,
 * multiplied into the running 16.16 `scalar`, as Fontations (`compute_scalar`) and FreeType do.
 */
export function fixedTentScalar(
  scalar: number,
  start: number,
  peak: number,
  end: number,
  coordinate: number
): number {
  if (start > peak || peak > end || (start < 0 && end > 0 && peak !== 0)) return scalar
  if (peak === 0 || coordinate === peak) return scalar
  if (coordinate <= start || coordinate >= end) return 0
  return coordinate < peak
    ? mulDiv(scalar, coordinate - start, peak - start)
    : mulDiv(scalar, end - coordinate, end - peak)
}

/**
 * Reads an ItemVariationStore for one instance.
 *
 * @param view The font bytes.
 * @param offset Absolute offset of the store.
 * @param coordinates The instance.
 * @param precision Whose arithmetic to follow.
 * @returns The store at the instance; in Fontations precision deltas are exact in 16.16.
 */
export function createItemVariationStore(
  view: DataView,
  offset: number,
  coordinates: Coordinates,
  precision: VariationPrecision
): ItemVariationStore {
  const fixed = precision === 'fontations'
  const regionList = offset + view.getUint32(offset + 2)
  const axisCount = view.getUint16(regionList)
  const regionCount = view.getUint16(regionList + 2)
  const dataCount = view.getUint16(offset + 6)
  // Fontations precision: 16.16 integer scalars; HarfBuzz precision: float scalars.
  const regionScalars = new Float64Array(regionCount)
  for (let region = 0; region < regionCount; region++) {
    let scalar = fixed ? FIXED_ONE : 1
    for (let axis = 0; axis < axisCount && scalar !== 0; axis++) {
      const record = regionList + 4 + (region * axisCount + axis) * 6
      const [start, peak, end] = [record, record + 2, record + 4].map((at) =>
        view.getInt16(at)
      ) as [number, number, number]
      scalar = fixed
        ? fixedTentScalar(
            scalar,
            start * 4,
            peak * 4,
            end * 4,
            (coordinates.fontations[axis] ?? 0) * 4
          )
        : scalar * tentScalar(start, peak, end, coordinates.f2dot14[axis] ?? 0)
    }
    regionScalars[region] = scalar
  }
  interface Data {
    readonly rows: number
    readonly scalars: Float64Array
    readonly words: number
    readonly long: boolean
    readonly deltas: number
    readonly rowSize: number
  }
  const data: (Data | undefined)[] = []
  const dataAt = (outer: number): Data | undefined => {
    if (outer >= dataCount) return undefined
    let known = data[outer]
    if (known) return known
    const at = offset + view.getUint32(offset + 8 + outer * 4)
    const rows = view.getUint16(at)
    const wordField = view.getUint16(at + 2)
    const long = (wordField & 0x8000) !== 0
    const words = wordField & 0x7fff
    const count = view.getUint16(at + 4)
    const scalars = new Float64Array(count)
    for (let index = 0; index < count; index++) {
      scalars[index] = regionScalars[view.getUint16(at + 6 + index * 2)] ?? 0
    }
    const rowSize = long ? words * 4 + (count - words) * 2 : words * 2 + (count - words)
    known = { rows, scalars, words, long, deltas: at + 6 + count * 2, rowSize }
    data[outer] = known
    return known
  }
  const delta = (outer: number, inner: number): number => {
    const set = dataAt(outer)
    if (!set || inner >= set.rows) return 0
    let at = set.deltas + inner * set.rowSize
    let sum = 0
    const { scalars, words, long } = set
    for (let index = 0; index < scalars.length; index++) {
      let value: number
      if (index < words) {
        value = long ? view.getInt32(at) : view.getInt16(at)
        at += long ? 4 : 2
      } else {
        value = long ? view.getInt16(at) : view.getInt8(at)
        at += long ? 2 : 1
      }
      // Fontations: an exact integer sum of delta × 16.16 scalar, rounded once by the caller.
      sum += (scalars[index] as number) * value
    }
    return fixed ? sum / FIXED_ONE : sum
  }
  const scaled = new Map<number, Float64Array>()
  const scalars = (outer: number): Float64Array | undefined => {
    const set = dataAt(outer)
    if (!set || !fixed) return set?.scalars
    let known = scaled.get(outer)
    if (!known) {
      known = set.scalars.map((value) => value / FIXED_ONE)
      scaled.set(outer, known)
    }
    return known
  }
  return { delta, scalars }
}

/**
 * Reads a DeltaSetIndexMap (formats 0 and 1): item → (outer, inner). Items past the map use its
 * last entry.
 *
 * @param view The font bytes.
 * @param offset Absolute offset of the map.
 * @returns The mapping as a function of the item (e.g. a glyph id).
 */
export function readDeltaSetIndexMap(
  view: DataView,
  offset: number
): (item: number) => readonly [number, number] {
  const format = view.getUint8(offset)
  const entryFormat = view.getUint8(offset + 1)
  const count = format === 0 ? view.getUint16(offset + 2) : view.getUint32(offset + 2)
  const data = offset + (format === 0 ? 4 : 6)
  const innerBits = (entryFormat & 0x0f) + 1
  const size = ((entryFormat >> 4) & 3) + 1
  return (item) => {
    if (count === 0) return [0, item]
    const index = Math.min(item, count - 1)
    let entry = 0
    for (let byte = 0; byte < size; byte++)
      entry = entry * 256 + view.getUint8(data + index * size + byte)
    return [Math.floor(entry / 2 ** innerBits), entry % 2 ** innerBits]
  }
}
