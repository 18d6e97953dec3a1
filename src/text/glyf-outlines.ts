/**
 * TrueType outlines (`loca` + `glyf`) read from raw sfnt bytes into path commands, so that the
 * core bundle needs no font library (issue 7: opentype.js alone was 67 kB of the 120 kB budget).
 * The commands are the ones opentype.js 2.0's `glyph.path` gave for the same glyph, point by
 * point and in the same order (validated glyph by glyph on every shipped face), so the preview
 * path data stays byte-identical.
 *
 * @module
 */
import type { GlyphVariations } from './glyph-variations.ts'
import type { PathCommand } from './glyph-path.ts'

/** Outline commands of one glyph by id. Throws a `RangeError` on a glyph it cannot decode. */
export type GlyphOutlines = (glyphId: number) => PathCommand[]

/** Where the TrueType outline tables are. */
export interface GlyfTables {
  readonly view: DataView
  /** Offset of the `loca` table. */
  readonly loca: number
  /** Offset of the `glyf` table. */
  readonly glyf: number
  /** `head.indexToLocFormat`: 0 for 16-bit offsets (÷ 2), 1 for 32-bit ones. */
  readonly longOffsets: boolean
  /** `maxp.numGlyphs`. */
  readonly glyphCount: number
  /** `gvar` at the face's instance, for a variable font. */
  readonly variations?: GlyphVariations | undefined
}

interface Point {
  x: number
  y: number
  onCurve: boolean
  lastPointOfContour: boolean
}

interface Component {
  glyph: number
  xScale: number
  scale01: number
  scale10: number
  yScale: number
  dx: number
  dy: number
  matchedPoints?: [number, number]
}

// Simple glyph flags (OpenType `glyf`).
const ON_CURVE = 0x01
const X_SHORT = 0x02
const Y_SHORT = 0x04
const REPEAT = 0x08
const X_SAME_OR_POSITIVE = 0x10
const Y_SAME_OR_POSITIVE = 0x20
// Composite glyph flags.
const ARGS_ARE_WORDS = 0x0001
const ARGS_ARE_XY = 0x0002
const HAS_SCALE = 0x0008
const MORE_COMPONENTS = 0x0020
const HAS_X_AND_Y_SCALE = 0x0040
const HAS_TWO_BY_TWO = 0x0080

function invalid(what: string): never {
  throw new RangeError(`Invalid glyf data: ${what}`)
}

/**
 * The points of one glyph, components resolved; `undefined` for an empty glyph. `resolving`
 * holds the composites being resolved, whose reference cycles are skipped as opentype.js did.
 */
function glyphPoints(tables: GlyfTables, id: number, resolving: Set<number>): Point[] | undefined {
  const { view } = tables
  if (!Number.isInteger(id) || id < 0 || id >= tables.glyphCount) return undefined
  const start = glyphStart(tables, id)
  if (start === glyphStart(tables, id + 1)) return undefined
  let at = tables.glyf + start
  const contours = view.getInt16(at)
  at += 10 // numberOfContours and the bounding box
  if (contours >= 0) {
    const ends: number[] = []
    for (let index = 0; index < contours; index++, at += 2) ends.push(view.getUint16(at))
    if (contours === 0) return []
    at += 2 + view.getUint16(at) // instructions
    const pointCount = (ends[ends.length - 1] as number) + 1
    const flags: number[] = []
    while (flags.length < pointCount) {
      const flag = view.getUint8(at++)
      flags.push(flag)
      if (flag & REPEAT) {
        for (let repeat = view.getUint8(at++); repeat > 0; repeat--) flags.push(flag)
      }
    }
    if (flags.length !== pointCount) invalid('bad flags')
    const lastPoints = new Set(ends)
    const points: Point[] = flags.map((flag, index) => ({
      x: 0,
      y: 0,
      onCurve: (flag & ON_CURVE) !== 0,
      lastPointOfContour: lastPoints.has(index),
    }))
    let value = 0
    for (let index = 0; index < pointCount; index++) {
      const flag = flags[index] as number
      if (flag & X_SHORT) {
        const delta = view.getUint8(at++)
        value += flag & X_SAME_OR_POSITIVE ? delta : -delta
      } else if (!(flag & X_SAME_OR_POSITIVE)) {
        value += view.getInt16(at)
        at += 2
      }
      ;(points[index] as Point).x = value
    }
    value = 0
    for (let index = 0; index < pointCount; index++) {
      const flag = flags[index] as number
      if (flag & Y_SHORT) {
        const delta = view.getUint8(at++)
        value += flag & Y_SAME_OR_POSITIVE ? delta : -delta
      } else if (!(flag & Y_SAME_OR_POSITIVE)) {
        value += view.getInt16(at)
        at += 2
      }
      ;(points[index] as Point).y = value
    }
    const deltas = tables.variations?.deltas(
      id,
      points.map((point) => point.x),
      points.map((point) => point.y),
      ends
    )
    if (deltas) {
      points.forEach((point, index) => {
        point.x += deltas.x[index] as number
        point.y += deltas.y[index] as number
      })
    }
    return points
  }

  const components: Component[] = []
  let flags: number
  do {
    flags = view.getUint16(at)
    const component: Component = {
      glyph: view.getUint16(at + 2),
      xScale: 1,
      scale01: 0,
      scale10: 0,
      yScale: 1,
      dx: 0,
      dy: 0,
    }
    at += 4
    let first: number
    let second: number
    if (flags & ARGS_ARE_WORDS) {
      first = flags & ARGS_ARE_XY ? view.getInt16(at) : view.getUint16(at)
      second = flags & ARGS_ARE_XY ? view.getInt16(at + 2) : view.getUint16(at + 2)
      at += 4
    } else {
      first = flags & ARGS_ARE_XY ? view.getInt8(at) : view.getUint8(at)
      second = flags & ARGS_ARE_XY ? view.getInt8(at + 1) : view.getUint8(at + 1)
      at += 2
    }
    if (flags & ARGS_ARE_XY) {
      component.dx = first
      component.dy = second
    } else {
      component.matchedPoints = [first, second]
    }
    if (flags & HAS_SCALE) {
      component.xScale = component.yScale = view.getInt16(at) / 16384
      at += 2
    } else if (flags & HAS_X_AND_Y_SCALE) {
      component.xScale = view.getInt16(at) / 16384
      component.yScale = view.getInt16(at + 2) / 16384
      at += 4
    } else if (flags & HAS_TWO_BY_TWO) {
      component.xScale = view.getInt16(at) / 16384
      component.scale01 = view.getInt16(at + 2) / 16384
      component.scale10 = view.getInt16(at + 4) / 16384
      component.yScale = view.getInt16(at + 6) / 16384
      at += 8
    }
    components.push(component)
  } while (flags & MORE_COMPONENTS)

  // A variable font moves each component by the delta of its "point" (gvar, composite glyphs).
  const zeros = components.map(() => 0)
  const deltas = tables.variations?.deltas(id, zeros, zeros, undefined)
  if (deltas) {
    components.forEach((component, index) => {
      if (component.matchedPoints) return
      component.dx += deltas.x[index] as number
      component.dy += deltas.y[index] as number
    })
  }
  // Component offsets are never scaled (SCALED_COMPONENT_OFFSET is ignored), as in opentype.js.
  let points: Point[] = []
  resolving.add(id)
  try {
    for (const component of components) {
      if (resolving.has(component.glyph)) continue
      const parts = glyphPoints(tables, component.glyph, resolving)
      if (!parts) continue
      let transform: Component = component
      if (component.matchedPoints) {
        const [mine, theirs] = component.matchedPoints
        const anchor = points[mine]
        const matched = parts[theirs]
        if (!anchor || !matched) invalid('matched points out of range')
        const moved = transformPoint(matched, { ...component, dx: 0, dy: 0 })
        transform = { ...component, dx: anchor.x - moved.x, dy: anchor.y - moved.y }
      }
      points = points.concat(parts.map((point) => transformPoint(point, transform)))
    }
  } finally {
    resolving.delete(id)
  }
  return points
}

/** Offset of a glyph's data in `glyf` (relative to the table). */
function glyphStart(tables: GlyfTables, id: number): number {
  return tables.longOffsets
    ? tables.view.getUint32(tables.loca + id * 4)
    : tables.view.getUint16(tables.loca + id * 2) * 2
}

/**
 * How many points `gvar` counts for a glyph before its phantom points: the outline points of a
 * simple glyph, one per component of a composite, none for an empty glyph.
 *
 * @param tables Where `loca` and `glyf` are.
 * @param id The glyph.
 * @returns The count.
 */
export function variationPointCount(tables: GlyfTables, id: number): number {
  const { view } = tables
  if (!Number.isInteger(id) || id < 0 || id >= tables.glyphCount) return 0
  const start = glyphStart(tables, id)
  if (start === glyphStart(tables, id + 1)) return 0
  const at = tables.glyf + start
  const contours = view.getInt16(at)
  if (contours > 0) return view.getUint16(at + 10 + (contours - 1) * 2) + 1
  if (contours === 0) return 0
  let count = 0
  let flags: number
  let component = at + 10
  do {
    flags = view.getUint16(component)
    count++
    component += 4 + (flags & ARGS_ARE_WORDS ? 4 : 2)
    if (flags & HAS_SCALE) component += 2
    else if (flags & HAS_X_AND_Y_SCALE) component += 4
    else if (flags & HAS_TWO_BY_TWO) component += 8
  } while (flags & MORE_COMPONENTS)
  return count
}

function transformPoint(point: Point, transform: Component): Point {
  return {
    x: transform.xScale * point.x + transform.scale10 * point.y + transform.dx,
    y: transform.scale01 * point.x + transform.yScale * point.y + transform.dy,
    onCurve: point.onCurve,
    lastPointOfContour: point.lastPointOfContour,
  }
}

/**
 * Quadratic contours to commands: each contour starts at its last on-curve point (or the
 * midpoint of two off-curve ones), implied on-curve points sit halfway between off-curve ones,
 * and every contour ends with `Z`.
 */
function pointsToCommands(points: readonly Point[]): PathCommand[] {
  const commands: PathCommand[] = []
  let contour: Point[] = []
  for (const point of points) {
    contour.push(point)
    if (!point.lastPointOfContour) continue
    let current = contour[contour.length - 1] as Point
    let next = contour[0] as Point
    if (current.onCurve) commands.push({ type: 'M', x: current.x, y: current.y })
    else if (next.onCurve) commands.push({ type: 'M', x: next.x, y: next.y })
    else {
      commands.push({ type: 'M', x: (current.x + next.x) * 0.5, y: (current.y + next.y) * 0.5 })
    }
    for (let index = 0; index < contour.length; index++) {
      current = next
      next = contour[(index + 1) % contour.length] as Point
      if (current.onCurve) {
        commands.push({ type: 'L', x: current.x, y: current.y })
      } else {
        const end = next.onCurve
          ? next
          : { x: (current.x + next.x) * 0.5, y: (current.y + next.y) * 0.5 }
        commands.push({ type: 'Q', x1: current.x, y1: current.y, x: end.x, y: end.y })
      }
    }
    commands.push({ type: 'Z' })
    contour = []
  }
  if (contour.length > 0) invalid('points after the last contour')
  return commands
}

/**
 * Reads TrueType glyph outlines lazily: each call decodes one glyph (composites resolved with
 * their 2×2 transforms, offsets or matched points) into M/L/Q/Z commands in font units.
 *
 * @param tables Where `loca` and `glyf` are, and how `loca` is stored.
 * @returns The outline reader; it returns `[]` for an empty glyph or an id out of range and
 *   throws a `RangeError` on bytes it cannot decode (the caller draws those as nothing).
 */
export function createGlyfOutlines(tables: GlyfTables): GlyphOutlines {
  return (glyphId) => pointsToCommands(glyphPoints(tables, glyphId, new Set()) ?? [])
}
