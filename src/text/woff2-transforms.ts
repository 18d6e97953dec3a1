/**
 * The WOFF2 table transforms (W3C "WOFF File Format 2.0" §5.1-5.4): the `glyf` table split into
 * streams of contour counts, point counts, flags, triplet-encoded coordinates, composites,
 * bounding boxes and instructions, with `loca` left out; and the `hmtx` table without the left
 * side bearings that equal each glyph's `xMin`. Both are rebuilt into their plain sfnt form so
 * that the rest of the font layer reads one format.
 *
 * @module
 */

/** A cursor over one stream; reading past its end throws a `RangeError` naming the stream. */
class Stream {
  at = 0
  constructor(
    readonly bytes: Uint8Array,
    readonly name: string
  ) {}

  private need(count: number): number {
    const start = this.at
    if (start + count > this.bytes.byteLength) {
      throw new RangeError(`the ${this.name} stream ends early`)
    }
    this.at += count
    return start
  }

  u8(): number {
    return this.bytes[this.need(1)] as number
  }

  u16(): number {
    const at = this.need(2)
    return ((this.bytes[at] as number) << 8) | (this.bytes[at + 1] as number)
  }

  i16(): number {
    const value = this.u16()
    return value >= 0x8000 ? value - 0x10000 : value
  }

  u32(): number {
    return this.u16() * 0x10000 + this.u16()
  }

  /** `255UInt16` of WOFF2 §4.1: one byte, or a code byte and one or two more. */
  u255(): number {
    const code = this.u8()
    if (code === 253) return this.u16()
    if (code === 255) return this.u8() + 253
    if (code === 254) return this.u8() + 506
    return code
  }

  take(count: number): Uint8Array {
    const at = this.need(count)
    return this.bytes.subarray(at, at + count)
  }
}

/** A growing output buffer of big-endian values. */
class Writer {
  bytes: Uint8Array
  length = 0

  constructor(capacity: number) {
    this.bytes = new Uint8Array(Math.max(capacity, 1024))
  }

  private room(count: number): void {
    if (this.length + count <= this.bytes.byteLength) return
    const grown = new Uint8Array(Math.max(this.bytes.byteLength * 2, this.length + count))
    grown.set(this.bytes.subarray(0, this.length))
    this.bytes = grown
  }

  u8(value: number): void {
    this.room(1)
    this.bytes[this.length++] = value & 0xff
  }

  u16(value: number): void {
    this.room(2)
    this.bytes[this.length++] = (value >> 8) & 0xff
    this.bytes[this.length++] = value & 0xff
  }

  bytesOf(data: Uint8Array): void {
    this.room(data.byteLength)
    this.bytes.set(data, this.length)
    this.length += data.byteLength
  }

  /** Zero bytes up to a multiple of 4 (glyphs are 4-byte aligned, as fonttools writes them). */
  align(): void {
    while (this.length & 3) this.u8(0)
  }

  result(): Uint8Array {
    return this.bytes.subarray(0, this.length)
  }
}

// Simple glyph flags (OpenType `glyf`).
const ON_CURVE = 0x01
const X_SHORT = 0x02
const Y_SHORT = 0x04
const X_SAME_OR_POSITIVE = 0x10
const Y_SAME_OR_POSITIVE = 0x20
const OVERLAP_SIMPLE = 0x40
// Composite glyph flags.
const ARGS_ARE_WORDS = 0x0001
const HAS_SCALE = 0x0008
const MORE_COMPONENTS = 0x0020
const HAS_X_AND_Y_SCALE = 0x0040
const HAS_TWO_BY_TWO = 0x0080
const HAS_INSTRUCTIONS = 0x0100

/** The rebuilt `glyf` and `loca`, and each glyph's `xMin` for the `hmtx` transform. */
export interface RebuiltGlyphs {
  readonly glyf: Uint8Array
  readonly loca: Uint8Array
  readonly xMins: Int16Array
  /** `indexFormat` of the transform: `head.indexToLocFormat` of the rebuilt font. */
  readonly indexFormat: number
}

/**
 * Decodes one point of the triplet encoding (WOFF2 §5.2): the flag selects how many bytes
 * follow and how they split into x and y; bit 7 of the flag clear means on-curve.
 */
function readTriplet(flag: number, glyphs: Stream): { dx: number; dy: number } {
  const code = flag & 0x7f
  const signX = (value: number): number => (code & 1 ? value : -value)
  const signY = (value: number): number => ((code >> 1) & 1 ? value : -value)
  if (code < 10) return { dx: 0, dy: (code & 1 ? 1 : -1) * (((code & 14) << 7) + glyphs.u8()) }
  if (code < 20) {
    return { dx: (code & 1 ? 1 : -1) * ((((code - 10) & 14) << 7) + glyphs.u8()), dy: 0 }
  }
  if (code < 84) {
    const base = code - 20
    const byte = glyphs.u8()
    return {
      dx: signX(1 + (base & 0x30) + (byte >> 4)),
      dy: signY(1 + ((base & 0x0c) << 2) + (byte & 0x0f)),
    }
  }
  if (code < 120) {
    const base = code - 84
    const x = glyphs.u8()
    const y = glyphs.u8()
    return {
      dx: signX(1 + (Math.floor(base / 12) << 8) + x),
      dy: signY(1 + (((base % 12) >> 2) << 8) + y),
    }
  }
  if (code < 124) {
    const first = glyphs.u8()
    const second = glyphs.u8()
    const third = glyphs.u8()
    return { dx: signX((first << 4) + (second >> 4)), dy: signY(((second & 0x0f) << 8) + third) }
  }
  const x = glyphs.u16()
  const y = glyphs.u16()
  return { dx: signX(x), dy: signY(y) }
}

/** Writes one coordinate delta the way `glyf` stores it, returning the flag bits it needs. */
function deltaFlags(delta: number, short: number, same: number): number {
  if (delta === 0) return same
  if (delta >= -255 && delta <= 255) return short | (delta > 0 ? same : 0)
  return 0
}

function writeDeltas(out: Writer, deltas: Int32Array, flags: Uint8Array, short: number): void {
  for (let index = 0; index < deltas.length; index++) {
    const delta = deltas[index] as number
    const flag = flags[index] as number
    if (flag & short) out.u8(Math.abs(delta))
    else if (delta !== 0) out.u16(delta & 0xffff)
  }
}

/**
 * Rebuilds `glyf` and `loca` from the transformed `glyf` table (transform version 0).
 *
 * @param table The transformed table as decompressed.
 * @returns The plain tables and each glyph's `xMin`.
 * @throws {RangeError} When a stream ends early or a count is inconsistent (the caller turns it
 *   into a `FontError` naming the font).
 */
export function rebuildGlyf(table: Uint8Array): RebuiltGlyphs {
  const header = new Stream(table, 'glyf header')
  header.u16() // reserved
  const options = header.u16()
  const glyphCount = header.u16()
  const indexFormat = header.u16()
  const sizes = [header.u32(), header.u32(), header.u32(), header.u32(), header.u32()]
  const bboxSize = header.u32()
  const instructionSize = header.u32()
  let at = header.at
  const next = (size: number, name: string): Stream => {
    if (at + size > table.byteLength) throw new RangeError(`the ${name} stream ends early`)
    const stream = new Stream(table.subarray(at, at + size), name)
    at += size
    return stream
  }
  const contourCounts = next(sizes[0] as number, 'contour count')
  const pointCounts = next(sizes[1] as number, 'point count')
  const flagStream = next(sizes[2] as number, 'flag')
  const glyphStream = next(sizes[3] as number, 'glyph')
  const composites = next(sizes[4] as number, 'composite')
  const boxes = next(bboxSize, 'bounding box')
  const instructions = next(instructionSize, 'instruction')
  const overlaps = options & 1 ? next((glyphCount + 7) >> 3, 'overlap bitmap').bytes : undefined
  const boxBitmap = boxes.take(((glyphCount + 31) >> 5) * 4)
  const hasBox = (id: number): boolean =>
    (((boxBitmap[id >> 3] as number) << (id & 7)) & 0x80) !== 0

  const glyf = new Writer(table.byteLength * 2)
  const offsets = new Uint32Array(glyphCount + 1)
  const xMins = new Int16Array(glyphCount)
  for (let id = 0; id < glyphCount; id++) {
    offsets[id] = glyf.length
    const contours = contourCounts.i16()
    if (contours === 0) {
      if (hasBox(id)) throw new RangeError(`empty glyph ${id} has a bounding box`)
      continue
    }
    if (contours === -1) {
      // Composite: components copied as they are, the bounding box is always explicit.
      if (!hasBox(id)) throw new RangeError(`composite glyph ${id} has no bounding box`)
      const box = [boxes.i16(), boxes.i16(), boxes.i16(), boxes.i16()] as const
      xMins[id] = box[0]
      const start = composites.at
      let flags: number
      let instructed = false
      do {
        flags = composites.u16()
        composites.u16() // glyph index
        let size = flags & ARGS_ARE_WORDS ? 4 : 2
        if (flags & HAS_SCALE) size += 2
        else if (flags & HAS_X_AND_Y_SCALE) size += 4
        else if (flags & HAS_TWO_BY_TWO) size += 8
        composites.take(size)
        instructed ||= (flags & HAS_INSTRUCTIONS) !== 0
      } while (flags & MORE_COMPONENTS)
      glyf.u16(0xffff)
      for (const value of box) glyf.u16(value & 0xffff)
      glyf.bytesOf(composites.bytes.subarray(start, composites.at))
      if (instructed) {
        const length = glyphStream.u255()
        glyf.u16(length)
        glyf.bytesOf(instructions.take(length))
      }
      glyf.align()
      continue
    }
    if (contours < 0) throw new RangeError(`glyph ${id} has ${contours} contours`)
    const ends: number[] = []
    let points = 0
    for (let contour = 0; contour < contours; contour++) {
      points += pointCounts.u255()
      ends.push(points - 1)
    }
    const flags = new Uint8Array(points)
    const xs = new Int32Array(points)
    const ys = new Int32Array(points)
    let x = 0
    let y = 0
    let xMin = 0x7fff
    let yMin = 0x7fff
    let xMax = -0x8000
    let yMax = -0x8000
    for (let point = 0; point < points; point++) {
      const flag = flagStream.u8()
      const { dx, dy } = readTriplet(flag, glyphStream)
      xs[point] = dx
      ys[point] = dy
      x += dx
      y += dy
      if (x < xMin) xMin = x
      if (x > xMax) xMax = x
      if (y < yMin) yMin = y
      if (y > yMax) yMax = y
      flags[point] =
        (flag & 0x80 ? 0 : ON_CURVE) |
        deltaFlags(dx, X_SHORT, X_SAME_OR_POSITIVE) |
        deltaFlags(dy, Y_SHORT, Y_SAME_OR_POSITIVE)
    }
    if (points === 0) xMin = yMin = xMax = yMax = 0
    const instructionLength = glyphStream.u255()
    const box = hasBox(id) ? [boxes.i16(), boxes.i16(), boxes.i16(), boxes.i16()] : undefined
    if (overlaps && points > 0 && ((overlaps[id >> 3] as number) << (id & 7)) & 0x80) {
      flags[0] = (flags[0] as number) | OVERLAP_SIMPLE
    }
    xMins[id] = box ? (box[0] as number) : xMin
    glyf.u16(contours)
    for (const value of box ?? [xMin, yMin, xMax, yMax]) glyf.u16(value & 0xffff)
    for (const end of ends) glyf.u16(end)
    glyf.u16(instructionLength)
    glyf.bytesOf(instructions.take(instructionLength))
    glyf.bytesOf(flags)
    writeDeltas(glyf, xs, flags, X_SHORT)
    writeDeltas(glyf, ys, flags, Y_SHORT)
    glyf.align()
  }
  offsets[glyphCount] = glyf.length
  const loca = new Uint8Array((glyphCount + 1) * (indexFormat ? 4 : 2))
  const locaView = new DataView(loca.buffer)
  for (let id = 0; id <= glyphCount; id++) {
    const offset = offsets[id] as number
    if (indexFormat) locaView.setUint32(id * 4, offset)
    else if (offset / 2 > 0xffff) throw new RangeError('glyphs too large for short loca offsets')
    else locaView.setUint16(id * 2, offset / 2)
  }
  return { glyf: glyf.result(), loca, xMins, indexFormat }
}

/**
 * Rebuilds `hmtx` from its transformed form (transform version 1): advances, then the left side
 * bearings that were kept; the others are the glyphs' `xMin`.
 *
 * @param table The transformed table.
 * @param metricCount `hhea.numberOfHMetrics`.
 * @param xMins Each glyph's `xMin`, from the rebuilt `glyf`.
 * @returns The plain `hmtx` table.
 */
export function rebuildHmtx(table: Uint8Array, metricCount: number, xMins: Int16Array): Uint8Array {
  const stream = new Stream(table, 'hmtx')
  const flags = stream.u8()
  const glyphCount = xMins.length
  if (metricCount < 1 || metricCount > glyphCount) {
    throw new RangeError(`${metricCount} horizontal metrics for ${glyphCount} glyphs`)
  }
  const advances: number[] = []
  for (let id = 0; id < metricCount; id++) advances.push(stream.u16())
  const out = new DataView(new ArrayBuffer(metricCount * 4 + (glyphCount - metricCount) * 2))
  for (let id = 0; id < metricCount; id++) {
    out.setUint16(id * 4, advances[id] as number)
    out.setInt16(id * 4 + 2, flags & 1 ? (xMins[id] as number) : stream.i16())
  }
  for (let id = metricCount; id < glyphCount; id++) {
    out.setInt16(
      metricCount * 4 + (id - metricCount) * 2,
      flags & 2 ? (xMins[id] as number) : stream.i16()
    )
  }
  return new Uint8Array(out.buffer)
}
