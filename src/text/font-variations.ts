/**
 * The design-space position of a variable font's instance: the axes of `fvar`, the values a
 * face asks for, normalised and mapped through `avar` into the F2Dot14 coordinates every
 * variation table (`gvar`, `HVAR`, `MVAR`, GDEF's ItemVariationStore, CFF2 `blend`) is
 * evaluated at (OpenType "Font Variations Overview", "Algorithm for normalizing coordinates").
 * Values are rounded to F2Dot14 as HarfBuzz and FreeType do, so deltas are the ones Chromium
 * computes.
 *
 * @module
 */
import { FontError } from './font-error.ts'
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

/**
 * Maps a normalised F2Dot14 coordinate through one `avar` segment map: piecewise linear
 * between its points, rounded back to F2Dot14.
 */
function mapSegments(view: DataView, at: number, count: number, value: number): number {
  if (count === 0) return value
  const from = (index: number): number => view.getInt16(at + index * 4)
  const to = (index: number): number => view.getInt16(at + index * 4 + 2)
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
): number[] | undefined {
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
  const coordinates = axes.map((axis) => {
    const value = Math.min(axis.max, Math.max(axis.min, values?.[axis.tag] ?? axis.default))
    let normalized = 0
    if (value < axis.default) normalized = (value - axis.default) / (axis.default - axis.min)
    else if (value > axis.default) normalized = (value - axis.default) / (axis.max - axis.default)
    return roundHalfAway(normalized * 16384)
  })
  const avar = sfnt.tables.get('avar')
  if (avar && avar.length >= 8) {
    const { view } = sfnt
    const count = view.getUint16(avar.offset + 6)
    let at = avar.offset + 8
    const end = avar.offset + avar.length
    for (let index = 0; index < count && index < coordinates.length; index++) {
      if (at + 2 > end) break
      const pairs = view.getUint16(at)
      if (at + 2 + pairs * 4 > end) break
      coordinates[index] = mapSegments(view, at + 2, pairs, coordinates[index] as number)
      at += 2 + pairs * 4
    }
  }
  return coordinates
}
