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

/** Bytes that follow a triplet flag (WOFF2 §5.2, table of triplet encodings), by flag & 0x7f. */
const TRIPLET_SIZES = Uint8Array.from({ length: 128 }, (_, code) =>
  code < 84 ? 1 : code < 120 ? 2 : code < 124 ? 3 : 4
)

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

  // One allocation: an upper bound of the rebuilt table. A contour has at least one byte in the
  // point count stream and a point one flag byte; a point takes at most 5 bytes in `glyf`.
  const bound =
    glyphCount * 16 +
    2 * pointCounts.bytes.byteLength +
    instructionSize +
    5 * flagStream.bytes.byteLength +
    composites.bytes.byteLength
  const out = new Uint8Array(bound)
  let length = 0
  const u16 = (value: number): void => {
    out[length++] = (value >> 8) & 0xff
    out[length++] = value & 0xff
  }
  const align = (): void => {
    while (length & 3) out[length++] = 0
  }

  // Scratch space for one simple glyph's points (at most 65535 by `endPtsOfContours`).
  let flags = new Uint8Array(256)
  let xs = new Int32Array(256)
  let ys = new Int32Array(256)
  const flagBytes = flagStream.bytes
  const glyphBytes = glyphStream.bytes
  const offsets = new Uint32Array(glyphCount + 1)
  const xMins = new Int16Array(glyphCount)
  for (let id = 0; id < glyphCount; id++) {
    offsets[id] = length
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
      let componentFlags: number
      let instructed = false
      do {
        componentFlags = composites.u16()
        composites.u16() // glyph index
        let size = componentFlags & ARGS_ARE_WORDS ? 4 : 2
        if (componentFlags & HAS_SCALE) size += 2
        else if (componentFlags & HAS_X_AND_Y_SCALE) size += 4
        else if (componentFlags & HAS_TWO_BY_TWO) size += 8
        composites.take(size)
        instructed ||= (componentFlags & HAS_INSTRUCTIONS) !== 0
      } while (componentFlags & MORE_COMPONENTS)
      u16(0xffff)
      for (const value of box) u16(value & 0xffff)
      out.set(composites.bytes.subarray(start, composites.at), length)
      length += composites.at - start
      if (instructed) {
        const size = glyphStream.u255()
        u16(size)
        out.set(instructions.take(size), length)
        length += size
      }
      align()
      continue
    }
    if (contours < 0) throw new RangeError(`glyph ${id} has ${contours} contours`)
    const ends: number[] = []
    let points = 0
    for (let contour = 0; contour < contours; contour++) {
      points += pointCounts.u255()
      ends.push(points - 1)
    }
    if (points > 0xffff) throw new RangeError(`glyph ${id} has ${points} points`)
    if (points > flags.length) {
      flags = new Uint8Array(points)
      xs = new Int32Array(points)
      ys = new Int32Array(points)
    }
    if (flagStream.at + points > flagBytes.byteLength) {
      throw new RangeError('the flag stream ends early')
    }
    let glyphAt = glyphStream.at
    let x = 0
    let y = 0
    let xMin = 0x7fff
    let yMin = 0x7fff
    let xMax = -0x8000
    let yMax = -0x8000
    for (let point = 0; point < points; point++) {
      const flag = flagBytes[flagStream.at++] as number
      const code = flag & 0x7f
      const size = TRIPLET_SIZES[code] as number
      if (glyphAt + size > glyphBytes.byteLength)
        throw new RangeError('the glyph stream ends early')
      const first = glyphBytes[glyphAt] as number
      let dx: number
      let dy: number
      // WOFF2 §5.2: bit 0 of the flag is the sign of x (or of the only coordinate), bit 1 of y.
      if (code < 10) {
        dx = 0
        dy = ((code & 14) << 7) + first
        if (!(code & 1)) dy = -dy
      } else if (code < 20) {
        dx = (((code - 10) & 14) << 7) + first
        dy = 0
        if (!(code & 1)) dx = -dx
      } else {
        if (code < 84) {
          const base = code - 20
          dx = 1 + (base & 0x30) + (first >> 4)
          dy = 1 + ((base & 0x0c) << 2) + (first & 0x0f)
        } else if (code < 120) {
          const base = code - 84
          dx = 1 + (Math.floor(base / 12) << 8) + first
          dy = 1 + (((base % 12) >> 2) << 8) + (glyphBytes[glyphAt + 1] as number)
        } else if (code < 124) {
          const second = glyphBytes[glyphAt + 1] as number
          dx = (first << 4) + (second >> 4)
          dy = ((second & 0x0f) << 8) + (glyphBytes[glyphAt + 2] as number)
        } else {
          dx = (first << 8) + (glyphBytes[glyphAt + 1] as number)
          dy = ((glyphBytes[glyphAt + 2] as number) << 8) + (glyphBytes[glyphAt + 3] as number)
        }
        if (!(code & 1)) dx = -dx
        if (!(code & 2)) dy = -dy
      }
      glyphAt += size
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
        (dx === 0
          ? X_SAME_OR_POSITIVE
          : dx >= -255 && dx <= 255
            ? X_SHORT | (dx > 0 ? X_SAME_OR_POSITIVE : 0)
            : 0) |
        (dy === 0
          ? Y_SAME_OR_POSITIVE
          : dy >= -255 && dy <= 255
            ? Y_SHORT | (dy > 0 ? Y_SAME_OR_POSITIVE : 0)
            : 0)
    }
    glyphStream.at = glyphAt
    if (points === 0) xMin = yMin = xMax = yMax = 0
    const instructionLength = glyphStream.u255()
    const box = hasBox(id) ? [boxes.i16(), boxes.i16(), boxes.i16(), boxes.i16()] : undefined
    if (overlaps && points > 0 && ((overlaps[id >> 3] as number) << (id & 7)) & 0x80) {
      flags[0] = (flags[0] as number) | OVERLAP_SIMPLE
    }
    xMins[id] = box ? (box[0] as number) : xMin
    u16(contours)
    for (const value of box ?? [xMin, yMin, xMax, yMax]) u16(value & 0xffff)
    for (const end of ends) u16(end)
    u16(instructionLength)
    out.set(instructions.take(instructionLength), length)
    length += instructionLength
    out.set(flags.subarray(0, points), length)
    length += points
    for (let point = 0; point < points; point++) {
      const delta = xs[point] as number
      const flag = flags[point] as number
      if (flag & X_SHORT) out[length++] = delta < 0 ? -delta : delta
      else if (delta !== 0) u16(delta & 0xffff)
    }
    for (let point = 0; point < points; point++) {
      const delta = ys[point] as number
      const flag = flags[point] as number
      if (flag & Y_SHORT) out[length++] = delta < 0 ? -delta : delta
      else if (delta !== 0) u16(delta & 0xffff)
    }
    align()
  }
  offsets[glyphCount] = length
  const loca = new Uint8Array((glyphCount + 1) * (indexFormat ? 4 : 2))
  const locaView = new DataView(loca.buffer)
  for (let id = 0; id <= glyphCount; id++) {
    const offset = offsets[id] as number
    if (indexFormat) locaView.setUint32(id * 4, offset)
    else if (offset / 2 > 0xffff) throw new RangeError('glyphs too large for short loca offsets')
    else locaView.setUint16(id * 2, offset / 2)
  }
  return { glyf: out.subarray(0, length), loca, xMins, indexFormat }
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
