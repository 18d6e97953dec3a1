/**
 * SVG geometry for PDF: path data (every command of SVG 1.1, arcs as cubic Béziers), the basic
 * shapes as paths, transforms as matrices, and paths written as PDF path operators.
 *
 * @module
 */
import { pdfNumber } from './pdf-syntax.ts'

/** One segment of an absolute path: move, line, cubic Bézier or close. */
export type Segment =
  | { readonly kind: 'M' | 'L'; readonly x: number; readonly y: number }
  | {
      readonly kind: 'C'
      readonly x1: number
      readonly y1: number
      readonly x2: number
      readonly y2: number
      readonly x: number
      readonly y: number
    }
  | { readonly kind: 'Z' }

/** An affine transform `[a b c d e f]`: x' = a·x + c·y + e, y' = b·x + d·y + f. */
export type Matrix = readonly [number, number, number, number, number, number]

/** The identity transform. */
export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0]

/**
 * The transform that applies `inner` first, then `outer` (SVG's `outer inner` list order).
 *
 * @param outer The later transform.
 * @param inner The earlier transform.
 * @returns Their product.
 */
export function multiply(outer: Matrix, inner: Matrix): Matrix {
  const [a, b, c, d, e, f] = outer
  const [A, B, C, D, E, F] = inner
  return [
    a * A + c * B,
    b * A + d * B,
    a * C + c * D,
    b * C + d * D,
    a * E + c * F + e,
    b * E + d * F + f,
  ]
}

const numberPattern = /[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?/iy
const separatorPattern = /[\s,]*/y

/** A reader of numbers and flags in path data and point lists, with SVG's separators. */
class NumberReader {
  position = 0
  constructor(readonly text: string) {}

  skip(): void {
    separatorPattern.lastIndex = this.position
    separatorPattern.exec(this.text)
    this.position = separatorPattern.lastIndex
  }

  number(): number | undefined {
    this.skip()
    numberPattern.lastIndex = this.position
    const match = numberPattern.exec(this.text)
    if (!match) return undefined
    this.position = numberPattern.lastIndex
    const value = Number(match[0])
    return Number.isFinite(value) ? value : undefined
  }

  /** An arc flag: a single `0` or `1`, which may touch the next number (`a1 1 0 00.5.5`). */
  flag(): number | undefined {
    this.skip()
    const character = this.text[this.position]
    if (character !== '0' && character !== '1') return undefined
    this.position++
    return character === '1' ? 1 : 0
  }

  /** Whether a number follows (after separators), i.e. the command repeats. */
  more(): boolean {
    this.skip()
    numberPattern.lastIndex = this.position
    return numberPattern.test(this.text)
  }
}

const commandArity: Readonly<Record<string, number>> = {
  M: 2,
  L: 2,
  H: 1,
  V: 1,
  C: 6,
  S: 4,
  Q: 4,
  T: 2,
  A: 7,
  Z: 0,
}

/**
 * Parses SVG path data into absolute moves, lines, cubic Béziers and closes. Quadratic curves
 * become cubics exactly (degree elevation), arcs become cubics of at most 90° each. As SVG says
 * (section 8.3.9), data is drawn up to the first error.
 *
 * @param d The path data.
 * @returns The segments.
 */
export function parsePathData(d: string): Segment[] {
  const reader = new NumberReader(d)
  const segments: Segment[] = []
  let x = 0
  let y = 0
  let startX = 0
  let startY = 0
  // The last control point, for the smooth commands S and T.
  let lastCubic: readonly [number, number] | undefined
  let lastQuadratic: readonly [number, number] | undefined
  let command = ''
  const quadratic = (qx: number, qy: number, ex: number, ey: number): void => {
    segments.push({
      kind: 'C',
      x1: x + (2 / 3) * (qx - x),
      y1: y + (2 / 3) * (qy - y),
      x2: ex + (2 / 3) * (qx - ex),
      y2: ey + (2 / 3) * (qy - ey),
      x: ex,
      y: ey,
    })
  }
  for (;;) {
    reader.skip()
    if (reader.position >= d.length) break
    const character = d[reader.position] ?? ''
    if (/[a-z]/i.test(character)) {
      command = character
      reader.position++
      if (!(command.toUpperCase() in commandArity)) break
    } else if (command === '' || !reader.more()) {
      break
    }
    const upper = command.toUpperCase()
    const relative = command !== upper
    if (upper === 'Z') {
      segments.push({ kind: 'Z' })
      x = startX
      y = startY
      lastCubic = lastQuadratic = undefined
      continue
    }
    const values: number[] = []
    let ok = true
    for (let index = 0; index < (commandArity[upper] ?? 0); index++) {
      const value = upper === 'A' && (index === 3 || index === 4) ? reader.flag() : reader.number()
      if (value === undefined) {
        ok = false
        break
      }
      values.push(value)
    }
    if (!ok) break
    const dx = relative ? x : 0
    const dy = relative ? y : 0
    const v = (index: number): number => values[index] ?? 0
    let cubic: readonly [number, number] | undefined
    let quad: readonly [number, number] | undefined
    switch (upper) {
      case 'M':
        x = startX = v(0) + dx
        y = startY = v(1) + dy
        segments.push({ kind: 'M', x, y })
        // Further pairs after a move are lines.
        command = relative ? 'l' : 'L'
        break
      case 'L':
        x = v(0) + dx
        y = v(1) + dy
        segments.push({ kind: 'L', x, y })
        break
      case 'H':
        x = v(0) + dx
        segments.push({ kind: 'L', x, y })
        break
      case 'V':
        y = v(0) + dy
        segments.push({ kind: 'L', x, y })
        break
      case 'C':
      case 'S': {
        const [x1, y1] =
          upper === 'C'
            ? [v(0) + dx, v(1) + dy]
            : lastCubic
              ? [2 * x - lastCubic[0], 2 * y - lastCubic[1]]
              : [x, y]
        const rest = upper === 'C' ? 2 : 0
        const x2 = v(rest) + dx
        const y2 = v(rest + 1) + dy
        const ex = v(rest + 2) + dx
        const ey = v(rest + 3) + dy
        segments.push({ kind: 'C', x1, y1, x2, y2, x: ex, y: ey })
        cubic = [x2, y2]
        x = ex
        y = ey
        break
      }
      case 'Q':
      case 'T': {
        const [qx, qy] =
          upper === 'Q'
            ? [v(0) + dx, v(1) + dy]
            : lastQuadratic
              ? [2 * x - lastQuadratic[0], 2 * y - lastQuadratic[1]]
              : [x, y]
        const rest = upper === 'Q' ? 2 : 0
        const ex = v(rest) + dx
        const ey = v(rest + 1) + dy
        quadratic(qx, qy, ex, ey)
        quad = [qx, qy]
        x = ex
        y = ey
        break
      }
      case 'A': {
        const ex = v(5) + dx
        const ey = v(6) + dy
        arcSegments(x, y, v(0), v(1), v(2), v(3) === 1, v(4) === 1, ex, ey, segments)
        x = ex
        y = ey
        break
      }
    }
    lastCubic = cubic
    lastQuadratic = quad
  }
  return segments
}

/**
 * An elliptical arc as cubic Béziers (SVG 1.1 appendix F.6: endpoint to centre
 * parameterisation, radii scaled up when too small), at most 90° per curve.
 */
function arcSegments(
  x0: number,
  y0: number,
  rxIn: number,
  ryIn: number,
  angle: number,
  largeArc: boolean,
  sweep: boolean,
  x: number,
  y: number,
  out: Segment[]
): void {
  if (x0 === x && y0 === y) return
  let rx = Math.abs(rxIn)
  let ry = Math.abs(ryIn)
  if (rx === 0 || ry === 0) {
    out.push({ kind: 'L', x, y })
    return
  }
  const phi = (angle * Math.PI) / 180
  const cos = Math.cos(phi)
  const sin = Math.sin(phi)
  const mx = (x0 - x) / 2
  const my = (y0 - y) / 2
  const x1 = cos * mx + sin * my
  const y1 = -sin * mx + cos * my
  const lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
  if (lambda > 1) {
    rx *= Math.sqrt(lambda)
    ry *= Math.sqrt(lambda)
  }
  const numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
  const denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
  let factor = Math.sqrt(Math.max(0, numerator / denominator))
  if (largeArc === sweep) factor = -factor
  const cx1 = (factor * rx * y1) / ry
  const cy1 = (-factor * ry * x1) / rx
  const cx = cos * cx1 - sin * cy1 + (x0 + x) / 2
  const cy = sin * cx1 + cos * cy1 + (y0 + y) / 2
  const angleOf = (ux: number, uy: number, vx: number, vy: number): number => {
    const sign = ux * vy - uy * vx < 0 ? -1 : 1
    const dot = (ux * vx + uy * vy) / (Math.hypot(ux, uy) * Math.hypot(vx, vy))
    return sign * Math.acos(Math.min(1, Math.max(-1, dot)))
  }
  const theta = angleOf(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry)
  let delta = angleOf((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry)
  if (!sweep && delta > 0) delta -= 2 * Math.PI
  if (sweep && delta < 0) delta += 2 * Math.PI
  const count = Math.max(1, Math.ceil(Math.abs(delta) / (Math.PI / 2) - 1e-9))
  const step = delta / count
  const t = (4 / 3) * Math.tan(step / 4)
  const point = (a: number): readonly [number, number] => [
    cx + rx * Math.cos(a) * cos - ry * Math.sin(a) * sin,
    cy + rx * Math.cos(a) * sin + ry * Math.sin(a) * cos,
  ]
  const derivative = (a: number): readonly [number, number] => [
    -rx * Math.sin(a) * cos - ry * Math.cos(a) * sin,
    -rx * Math.sin(a) * sin + ry * Math.cos(a) * cos,
  ]
  for (let index = 0; index < count; index++) {
    const a0 = theta + index * step
    const a1 = a0 + step
    const [px0, py0] = point(a0)
    const [dx0, dy0] = derivative(a0)
    const [px1, py1] = index === count - 1 ? [x, y] : point(a1)
    const [dx1, dy1] = derivative(a1)
    out.push({
      kind: 'C',
      x1: px0 + t * dx0,
      y1: py0 + t * dy0,
      x2: px1 - t * dx1,
      y2: py1 - t * dy1,
      x: px1,
      y: py1,
    })
  }
}

/** 4/3·(√2 − 1): the control distance of a quarter circle of radius 1 as a cubic. */
const KAPPA = 0.5522847498307936

/**
 * An ellipse as four cubic Béziers, clockwise on screen from the rightmost point.
 *
 * @param cx Centre x.
 * @param cy Centre y.
 * @param rx Radius along x.
 * @param ry Radius along y.
 * @returns The closed path, or nothing for a radius that is not positive.
 */
export function ellipsePath(cx: number, cy: number, rx: number, ry: number): Segment[] {
  if (!(rx > 0 && ry > 0)) return []
  const kx = rx * KAPPA
  const ky = ry * KAPPA
  return [
    { kind: 'M', x: cx + rx, y: cy },
    { kind: 'C', x1: cx + rx, y1: cy + ky, x2: cx + kx, y2: cy + ry, x: cx, y: cy + ry },
    { kind: 'C', x1: cx - kx, y1: cy + ry, x2: cx - rx, y2: cy + ky, x: cx - rx, y: cy },
    { kind: 'C', x1: cx - rx, y1: cy - ky, x2: cx - kx, y2: cy - ry, x: cx, y: cy - ry },
    { kind: 'C', x1: cx + kx, y1: cy - ry, x2: cx + rx, y2: cy - ky, x: cx + rx, y: cy },
    { kind: 'Z' },
  ]
}

/**
 * A rectangle, with rounded corners when `rx`/`ry` are positive (SVG 1.1 section 9.2: each is
 * clamped to half the side).
 *
 * @param x Left.
 * @param y Top.
 * @param width Width.
 * @param height Height.
 * @param rx Corner radius along x.
 * @param ry Corner radius along y.
 * @returns The closed path, or nothing for a rectangle without area.
 */
export function rectPath(
  x: number,
  y: number,
  width: number,
  height: number,
  rx = 0,
  ry = 0
): Segment[] {
  if (!(width > 0 && height > 0)) return []
  const rX = Math.min(Math.max(0, rx), width / 2)
  const rY = Math.min(Math.max(0, ry), height / 2)
  if (rX === 0 || rY === 0) {
    return [
      { kind: 'M', x, y },
      { kind: 'L', x: x + width, y },
      { kind: 'L', x: x + width, y: y + height },
      { kind: 'L', x, y: y + height },
      { kind: 'Z' },
    ]
  }
  const kx = rX * KAPPA
  const ky = rY * KAPPA
  const right = x + width
  const bottom = y + height
  return [
    { kind: 'M', x: x + rX, y },
    { kind: 'L', x: right - rX, y },
    { kind: 'C', x1: right - rX + kx, y1: y, x2: right, y2: y + rY - ky, x: right, y: y + rY },
    { kind: 'L', x: right, y: bottom - rY },
    {
      kind: 'C',
      x1: right,
      y1: bottom - rY + ky,
      x2: right - rX + kx,
      y2: bottom,
      x: right - rX,
      y: bottom,
    },
    { kind: 'L', x: x + rX, y: bottom },
    { kind: 'C', x1: x + rX - kx, y1: bottom, x2: x, y2: bottom - rY + ky, x, y: bottom - rY },
    { kind: 'L', x, y: y + rY },
    { kind: 'C', x1: x, y1: y + rY - ky, x2: x + rX - kx, y2: y, x: x + rX, y },
    { kind: 'Z' },
  ]
}

/**
 * The points of a `polyline`/`polygon` as a path (an odd coordinate is dropped, SVG 1.1 9.7).
 *
 * @param points The `points` attribute.
 * @param closed Whether it is a polygon.
 * @returns The path.
 */
export function polyPath(points: string, closed: boolean): Segment[] {
  const reader = new NumberReader(points)
  const segments: Segment[] = []
  for (;;) {
    const x = reader.number()
    const y = x === undefined ? undefined : reader.number()
    if (x === undefined || y === undefined) break
    segments.push({ kind: segments.length === 0 ? 'M' : 'L', x, y })
  }
  if (closed && segments.length > 0) segments.push({ kind: 'Z' })
  return segments
}

/**
 * Reads an SVG `transform` list (`matrix`, `translate`, `scale`, `rotate`, `skewX`, `skewY`).
 *
 * @param text The attribute.
 * @returns The combined matrix; the identity for a list SVG would reject.
 */
export function parseTransform(text: string): Matrix {
  let matrix: Matrix = IDENTITY
  const pattern = /(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^()]*)\)/gy
  let rest = text.trim()
  pattern.lastIndex = 0
  while (rest !== '') {
    pattern.lastIndex = 0
    const match = pattern.exec(rest)
    if (!match) return IDENTITY
    const reader = new NumberReader(match[2] ?? '')
    const args: number[] = []
    for (let value = reader.number(); value !== undefined; value = reader.number()) args.push(value)
    const a = (index: number, fallback = 0): number => args[index] ?? fallback
    let step: Matrix
    switch (match[1]) {
      case 'matrix':
        if (args.length !== 6) return IDENTITY
        step = [a(0), a(1), a(2), a(3), a(4), a(5)]
        break
      case 'translate':
        step = [1, 0, 0, 1, a(0), a(1)]
        break
      case 'scale':
        step = [a(0, 1), 0, 0, a(1, a(0, 1)), 0, 0]
        break
      case 'rotate': {
        const angle = (a(0) * Math.PI) / 180
        const cos = Math.cos(angle)
        const sin = Math.sin(angle)
        const cx = a(1)
        const cy = a(2)
        step = [cos, sin, -sin, cos, cx - cos * cx + sin * cy, cy - sin * cx - cos * cy]
        break
      }
      case 'skewX':
        step = [1, 0, Math.tan((a(0) * Math.PI) / 180), 1, 0, 0]
        break
      default:
        step = [1, Math.tan((a(0) * Math.PI) / 180), 0, 1, 0, 0]
        break
    }
    matrix = multiply(matrix, step)
    rest = rest.slice(match[0].length).replace(/^[\s,]+/, '')
  }
  return matrix
}

/**
 * Writes segments as PDF path construction operators (`m`, `l`, `c`, `h`), transformed by a
 * matrix (a clip path is built in its own transform, where `cm` may not appear).
 *
 * @param segments The path.
 * @param matrix Transform of the points (default: none).
 * @param decimals Decimals of the coordinates (default: 4).
 * @returns The operators, space separated.
 */
export function pathOperators(
  segments: readonly Segment[],
  matrix: Matrix = IDENTITY,
  decimals = 4
): string {
  const [a, b, c, d, e, f] = matrix
  const plain = matrix === IDENTITY
  const point = (x: number, y: number): string =>
    plain
      ? `${pdfNumber(x, decimals)} ${pdfNumber(y, decimals)}`
      : `${pdfNumber(a * x + c * y + e, decimals)} ${pdfNumber(b * x + d * y + f, decimals)}`
  const parts: string[] = []
  for (const segment of segments) {
    switch (segment.kind) {
      case 'M':
        parts.push(`${point(segment.x, segment.y)} m`)
        break
      case 'L':
        parts.push(`${point(segment.x, segment.y)} l`)
        break
      case 'C':
        parts.push(
          `${point(segment.x1, segment.y1)} ${point(segment.x2, segment.y2)} ${point(segment.x, segment.y)} c`
        )
        break
      case 'Z':
        parts.push('h')
        break
    }
  }
  return parts.join(' ')
}

/**
 * The bounding box of a path: its points and the extremes of its curves (the box SVG calls
 * the object bounding box, which gradients and clip paths in `objectBoundingBox` units use).
 *
 * @param segments The path.
 * @returns `[x0, y0, x1, y1]`, or `undefined` for an empty path.
 */
export function pathBounds(
  segments: readonly Segment[]
): readonly [number, number, number, number] | undefined {
  let x0 = Infinity
  let y0 = Infinity
  let x1 = -Infinity
  let y1 = -Infinity
  const add = (x: number, y: number): void => {
    x0 = Math.min(x0, x)
    y0 = Math.min(y0, y)
    x1 = Math.max(x1, x)
    y1 = Math.max(y1, y)
  }
  let px = 0
  let py = 0
  for (const segment of segments) {
    if (segment.kind === 'Z') continue
    if (segment.kind === 'C') {
      for (const t of [
        ...extremes(px, segment.x1, segment.x2, segment.x),
        ...extremes(py, segment.y1, segment.y2, segment.y),
      ]) {
        const u = 1 - t
        add(
          u * u * u * px +
            3 * u * u * t * segment.x1 +
            3 * u * t * t * segment.x2 +
            t * t * t * segment.x,
          u * u * u * py +
            3 * u * u * t * segment.y1 +
            3 * u * t * t * segment.y2 +
            t * t * t * segment.y
        )
      }
    }
    add(segment.x, segment.y)
    px = segment.x
    py = segment.y
  }
  return x0 <= x1 ? [x0, y0, x1, y1] : undefined
}

/** Parameters in (0, 1) where a cubic's coordinate has a zero derivative. */
function extremes(p0: number, p1: number, p2: number, p3: number): number[] {
  // d/dt of the cubic: 3(a t² + b t + c).
  const a = -p0 + 3 * p1 - 3 * p2 + p3
  const b = 2 * (p0 - 2 * p1 + p2)
  const c = p1 - p0
  const roots: number[] = []
  if (Math.abs(a) < 1e-12) {
    if (Math.abs(b) > 1e-12) roots.push(-c / b)
  } else {
    const discriminant = b * b - 4 * a * c
    if (discriminant >= 0) {
      const root = Math.sqrt(discriminant)
      roots.push((-b + root) / (2 * a), (-b - root) / (2 * a))
    }
  }
  return roots.filter((t) => t > 0 && t < 1)
}
