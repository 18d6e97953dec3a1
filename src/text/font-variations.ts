/**
 * The design-space position of a variable font's instance: the axes of `fvar`, the values a
 * face asks for, normalised and mapped through `avar` (OpenType "Font Variations Overview",
 * "Algorithm for normalizing coordinates") into the coordinates every variation table is
 * evaluated at. Chromium does this twice, so we do too: HarfBuzz (shaping: GPOS deltas)
 * normalises in floating point and rounds to F2Dot14; Fontations (Skia's font backend for web
 * fonts: advances, metrics, outlines) normalises in 16.16 fixed point and then rounds to F2Dot14.
 * The two differ in the last bit, which moves some advances by a unit; each Chromium advance of
 * Inter and Source Sans 3 at 80 weights matched the Fontations model (and no other), measured.
 *
 * @module
 */
import { FontError } from './font-error.ts'
import { divFix, FIXED_ONE, mulDiv } from './fixed-point.ts'
import { readTag, type Sfnt } from './sfnt.ts'

/** One axis of a variable font (`fvar`), in user units (e.g. `wght` 100 to 900). */
export interface VariationAxis {
  readonly tag: string
  readonly min: number
  readonly default: number
  readonly max: number
}

/** Axis values of an instance in user units, by tag: `{ wght: 700 }`. */
export type AxisValues = Readonly<Record<string, number>>

/** Normalised coordinates of an instance, one per `fvar` axis, as both engines compute them. */
export interface Coordinates {
  /** F2Dot14 integers (16384 = 1), as HarfBuzz computes them (GPOS). */
  readonly f2dot14: readonly number[]
  /** F2Dot14 integers, as Fontations computes them (advances, metrics, outlines). */
  readonly fontations: readonly number[]
}

/**
 * Reads the axes of `fvar`.
 *
 * @param sfnt The font.
 * @returns Its axes in `fvar` order; empty for a font without variations.
 */
export function readVariationAxes(sfnt: Sfnt): VariationAxis[] {
  const fvar = sfnt.tables.get('fvar')
  if (!fvar || fvar.length < 16) return []
  const { view } = sfnt
  const axesAt = fvar.offset + view.getUint16(fvar.offset + 4)
  const count = view.getUint16(fvar.offset + 8)
  const size = view.getUint16(fvar.offset + 10)
  if (axesAt + count * size > fvar.offset + fvar.length) return []
  const axes: VariationAxis[] = []
  for (let index = 0; index < count; index++) {
    const record = axesAt + index * size
    const fixed = (at: number): number => view.getInt32(record + at) / 65536
    const [min, value, max] = [fixed(4), fixed(8), fixed(12)]
    // A malformed range is read as the default only, as HarfBuzz does.
    const ordered = min <= value && value <= max
    axes.push({
      tag: readTag(view, record),
      min: ordered ? min : value,
      default: value,
      max: ordered ? max : value,
    })
  }
  return axes
}

/** `roundf`: halves away from zero (HarfBuzz rounds F2Dot14 coordinates so). */
function roundHalfAway(value: number): number {
  return value < 0 ? -Math.round(-value) : Math.round(value)
}

/** Reads the `avar` segment maps: per axis, its (from, to) pairs in F2Dot14. */
function readSegmentMaps(sfnt: Sfnt): number[][][] {
  const avar = sfnt.tables.get('avar')
  if (!avar || avar.length < 8) return []
  const { view } = sfnt
  const count = view.getUint16(avar.offset + 6)
  const maps: number[][][] = []
  let at = avar.offset + 8
  const end = avar.offset + avar.length
  for (let index = 0; index < count; index++) {
    if (at + 2 > end) break
    const pairs = view.getUint16(at)
    if (at + 2 + pairs * 4 > end) break
    const map: number[][] = []
    for (let pair = 0; pair < pairs; pair++) {
      map.push([view.getInt16(at + 2 + pair * 4), view.getInt16(at + 4 + pair * 4)])
    }
    maps.push(map)
    at += 2 + pairs * 4
  }
  return maps
}

/** HarfBuzz's `avar` mapping of an F2Dot14 value: piecewise linear, rounded back to F2Dot14. */
function mapF2Dot14(map: readonly number[][], value: number): number {
  const count = map.length
  if (count === 0) return value
  const from = (index: number): number => (map[index] as number[])[0] as number
  const to = (index: number): number => (map[index] as number[])[1] as number
  if (count === 1 || value <= from(0)) return value - from(0) + to(0)
  let index = 1
  while (index < count - 1 && value > from(index)) index++
  if (value >= from(index)) return value - from(index) + to(index)
  if (from(index - 1) === from(index)) return to(index - 1)
  const span = from(index) - from(index - 1)
  return roundHalfAway(
    to(index - 1) + ((to(index) - to(index - 1)) * (value - from(index - 1))) / span
  )
}

/** The 16.16 `avar` mapping of Fontations and FreeType (segment points scaled to 16.16). */
function mapFixed(map: readonly number[][], value: number): number {
  for (let index = 1; index < map.length; index++) {
    const [from, to] = (map[index] as number[]).map((part) => part * 4) as [number, number]
    if (value < from) {
      const [lastFrom, lastTo] = (map[index - 1] as number[]).map((part) => part * 4) as [
        number,
        number,
      ]
      return mulDiv(value - lastFrom, to - lastTo, from - lastFrom) + lastTo
    }
  }
  return value
}

/**
 * The normalised coordinates of an instance, one per `fvar` axis, as integers in F2Dot14 units
 * (16384 = 1). Axes not given stay at their default; values outside an axis's range are clamped
 * to it, as CSS does with `font-weight` and `font-variation-settings`.
 *
 * @param sfnt The font.
 * @param name Family and style for messages, e.g. `Inter bold`.
 * @param values The requested axis values, if any.
 * @returns The coordinates, or `undefined` for a font without `fvar`.
 * @throws {FontError} `invalid-variation` for an axis the font lacks, a value that is not a
 *   finite number, or axes given for a font that has no variations.
 */
export function normalizeAxes(
  sfnt: Sfnt,
  name: string,
  values: AxisValues | undefined
): Coordinates | undefined {
  const axes = readVariationAxes(sfnt)
  const requested = Object.entries(values ?? {})
  const known = axes.map((axis) => `\`${axis.tag}\``).join(', ')
  for (const [tag, value] of requested) {
    if (axes.length === 0) {
      throw new FontError(
        'invalid-variation',
        `Unexpected axis \`${tag}\` for font \`${name}\`, expected a variable font (it has no \`fvar\` table): remove \`axes\``
      )
    }
    if (!axes.some((axis) => axis.tag === tag)) {
      throw new FontError(
        'invalid-variation',
        `Unexpected axis \`${tag}\` for font \`${name}\`, expected one of ${known}`
      )
    }
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw new FontError(
        'invalid-variation',
        `Unexpected value \`${String(value)}\` of axis \`${tag}\` for font \`${name}\`, expected a number`
      )
    }
  }
  if (axes.length === 0) return undefined
  const maps = readSegmentMaps(sfnt)
  const f2dot14: number[] = []
  const fontations: number[] = []
  axes.forEach((axis, index) => {
    const value = Math.min(axis.max, Math.max(axis.min, values?.[axis.tag] ?? axis.default))
    let normalized = 0
    if (value < axis.default) normalized = (value - axis.default) / (axis.default - axis.min)
    else if (value > axis.default) normalized = (value - axis.default) / (axis.max - axis.default)
    f2dot14.push(mapF2Dot14(maps[index] ?? [], roundHalfAway(normalized * 16384)))
    // Fontations: the value in 16.16 (Fixed::from_f64), Fixed division, avar, then F2Dot14.
    const toFixed = (user: number): number => Math.floor(user * FIXED_ONE + 0.5)
    const [min, def, max, at] = [axis.min, axis.default, axis.max, value].map(toFixed) as [
      number,
      number,
      number,
      number,
    ]
    let scaled = 0
    if (at < def) scaled = divFix(at - def, def - min)
    else if (at > def && max !== def) scaled = divFix(at - def, max - def)
    fontations.push(Math.floor((mapFixed(maps[index] ?? [], scaled) + 2) / 4))
  })
  return { f2dot14, fontations }
}
