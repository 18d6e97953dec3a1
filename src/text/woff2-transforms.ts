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

/**
 * The triplet encodings of WOFF2 §5.2 as data, nine numbers per flag & 0x7f. The 1-4 bytes
 * after a flag, read as one big-endian word `w`, give each coordinate's magnitude as
 * `base + ((w >> shift) & mask)`; its sign is a bit of the flag (`-1` for negative). One code
 * path for every flag: V8 optimises the point loop early in the first decode of a process, and
 * a branch per encoding deoptimised it at the first rare encoding it had not yet seen (the
 * 3-byte triplets of Source Sans 3 Bold). Fields: x base, shift, mask, sign; y base, shift,
 * mask, sign; the byte count.
 */
const TRIPLETS = Int32Array.from({ length: 128 * 9 }, (_, index) => {
  const code = (index / 9) | 0
  const negative = (bit: number): number => (code & bit ? 0 : -1)
  let fields: number[]
  if (code < 10) fields = [0, 0, 0, 0, (code & 14) << 7, 24, 0xff, negative(1), 1]
  else if (code < 20) fields = [((code - 10) & 14) << 7, 24, 0xff, negative(1), 0, 0, 0, 0, 1]
  else {
    const signs = [negative(1), negative(2)] as const
    if (code < 84) {
      const base = code - 20
      fields = [1 + (base & 0x30), 28, 0x0f, signs[0], 1 + ((base & 0x0c) << 2), 24, 0x0f]
      fields.push(signs[1], 1)
    } else if (code < 120) {
      const base = code - 84
      fields = [1 + (Math.floor(base / 12) << 8), 24, 0xff, signs[0]]
      fields.push(1 + (((base % 12) >> 2) << 8), 16, 0xff, signs[1], 2)
    } else if (code < 124) fields = [0, 20, 0xfff, signs[0], 0, 8, 0xfff, signs[1], 3]
    else fields = [0, 16, 0xffff, signs[0], 0, 0, 0xffff, signs[1], 4]
  }
  return fields[index % 9] as number
})

/** Copies a glyph's 8-byte bounding box. */
function copyBox(from: Uint8Array, at: number, to: Uint8Array, start: number): void {
  for (let index = 0; index < 8; index++) to[start + index] = from[at + index] as number
}

function endsEarly(name: string): never {
  throw new RangeError(`the ${name} stream ends early`)
}

// Slots of the cursor state `decodePoints` shares with its caller.
const GLYPH_AT = 0
const X_END = 1
const Y_END = 2

/**
 * Decodes the points of one simple glyph (WOFF2 §5.2 triplets) into plain `glyf` flags, x and y
 * bytes (each in its scratch space of `out`) and writes the glyph's bounding box.
 *
 * Its own small function for the first decode of a process, which starts before V8 has
 * optimised anything: TurboFan compiles this loop, in the background, while the decode goes on,
 * and the glyphs after it run optimised. The whole of `rebuildGlyf` took longer to compile than
 * a 100 kB face to decode (its optimised code came after the decode had ended) and so burnt a
 * second core for nothing.
 *
 * @param state `GLYPH_AT` in and out (past the glyph stream's end this reads the next stream or
 *   `undefined`: the caller checks the cursor afterwards); `X_END` and `Y_END` out.
 */
function decodePoints(
  table: Uint8Array,
  out: Uint8Array,
  flagAt: number,
  points: number,
  boxAt: number,
  flagsAt: number,
  xAt: number,
  yAt: number,
  state: Int32Array
): void {
  let glyphAt = state[GLYPH_AT] as number
  let x = 0
  let y = 0
  let xMin = 0x7fff
  let yMin = 0x7fff
  let xMax = -0x8000
  let yMax = -0x8000
  let xEnd = xAt
  let yEnd = yAt
  for (let point = 0; point < points; point++) {
    const flag = table[flagAt + point] as number
    const at = (flag & 0x7f) * 9
    // Four bytes whatever the encoding (a byte past the table is `undefined`, 0 here); past the
    // glyph stream's end these are the next stream's: the caller checks the cursor.
    const word =
      ((table[glyphAt] as number) << 24) |
      ((table[glyphAt + 1] as number) << 16) |
      ((table[glyphAt + 2] as number) << 8) |
      (table[glyphAt + 3] as number)
    glyphAt += TRIPLETS[at + 8] as number
    const xSize =
      (TRIPLETS[at] as number) +
      ((word >> (TRIPLETS[at + 1] as number)) & (TRIPLETS[at + 2] as number))
    const xSign = TRIPLETS[at + 3] as number
    const ySize =
      (TRIPLETS[at + 4] as number) +
      ((word >> (TRIPLETS[at + 5] as number)) & (TRIPLETS[at + 6] as number))
    const ySign = TRIPLETS[at + 7] as number
    // Negated without a branch (and without -0): (size ^ -1) + 1.
    const dx = (xSize ^ xSign) - xSign
    const dy = (ySize ^ ySign) - ySign
    x += dx
    y += dy
    if (x < xMin) xMin = x
    if (x > xMax) xMax = x
    if (y < yMin) yMin = y
    if (y > yMax) yMax = y
    // The plain flag, and the coordinate bytes it announces: none for 0, one for ±1..255
    // (the sign in the flag), else a big-endian int16.
    let plain = (flag >> 7) ^ ON_CURVE
    if (xSize === 0) plain |= X_SAME_OR_POSITIVE
    else if (xSize <= 255) {
      plain |= X_SHORT | (X_SAME_OR_POSITIVE & ~xSign)
      out[xEnd++] = xSize
    } else {
      out[xEnd++] = dx >> 8
      out[xEnd++] = dx & 0xff
    }
    if (ySize === 0) plain |= Y_SAME_OR_POSITIVE
    else if (ySize <= 255) {
      plain |= Y_SHORT | (Y_SAME_OR_POSITIVE & ~ySign)
      out[yEnd++] = ySize
    } else {
      out[yEnd++] = dy >> 8
      out[yEnd++] = dy & 0xff
    }
    out[flagsAt + point] = plain
  }
  if (points === 0) xMin = yMin = xMax = yMax = 0
  out[boxAt] = (xMin >> 8) & 0xff
  out[boxAt + 1] = xMin & 0xff
  out[boxAt + 2] = (yMin >> 8) & 0xff
  out[boxAt + 3] = yMin & 0xff
  out[boxAt + 4] = (xMax >> 8) & 0xff
  out[boxAt + 5] = xMax & 0xff
  out[boxAt + 6] = (yMax >> 8) & 0xff
  out[boxAt + 7] = yMax & 0xff
  state[GLYPH_AT] = glyphAt
  state[X_END] = xEnd
  state[Y_END] = yEnd
}

/**
 * Rebuilds `glyf` and `loca` from the transformed `glyf` table (transform version 0).
 *
 * The first decode of a process runs this before V8 has optimised it, so its cost is the number
 * of bytecodes per point: the streams are read by index into the one table (no cursor objects
 * or closures per value), each point is decoded, bounded and written in one pass by
 * `decodePoints` (flags, x and y bytes into scratch space sized once from the header's flag
 * stream, moved into place per glyph; nothing is allocated per glyph), and reads past a
 * stream's end are caught once per glyph.
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
  // Each stream as [start, end) in `table`.
  let at = header.at
  const next = (size: number, name: string): number => {
    if (at + size > table.byteLength) endsEarly(name)
    at += size
    return at - size
  }
  let contourAt = next(sizes[0] as number, 'contour count')
  const contourEnd = at
  let pointAt = next(sizes[1] as number, 'point count')
  const pointEnd = at
  let flagAt = next(sizes[2] as number, 'flag')
  const flagEnd = at
  let glyphAt = next(sizes[3] as number, 'glyph')
  const glyphEnd = at
  let compositeAt = next(sizes[4] as number, 'composite')
  const compositeEnd = at
  let boxAt = next(bboxSize, 'bounding box')
  const boxEnd = at
  let instructionAt = next(instructionSize, 'instruction')
  const instructionEnd = at
  const overlapAt = options & 1 ? next((glyphCount + 7) >> 3, 'overlap bitmap') : -1
  const bitmapAt = boxAt
  boxAt += ((glyphCount + 31) >> 5) * 4
  if (boxAt > boxEnd) endsEarly('bounding box')
  const u16At = (offset: number): number =>
    ((table[offset] as number) << 8) | (table[offset + 1] as number)
  const i16At = (offset: number): number => (u16At(offset) << 16) >> 16

  // One allocation: an upper bound of the rebuilt table. A contour has at least one byte in the
  // point count stream and a point one flag byte; a point takes at most 5 bytes in `glyf`.
  const flagSize = flagEnd - flagAt
  const bound =
    glyphCount * 16 +
    2 * (pointEnd - pointAt) +
    instructionSize +
    5 * flagSize +
    (compositeEnd - compositeAt)
  // Scratch space for one simple glyph's flags, x and y bytes after the rebuilt table, in the
  // same buffer (moved into place with `copyWithin`: no allocation per glyph). A glyph has never
  // more points than the flag stream holds, nor than 65535 (`endPtsOfContours`).
  const scratch = Math.min(flagSize, 0xffff)
  const out = new Uint8Array(bound + 5 * scratch)
  let length = 0
  const flagsAt = bound
  const xAt = bound + scratch
  const yAt = bound + 3 * scratch

  const offsets = new Uint32Array(glyphCount + 1)
  const xMins = new Int16Array(glyphCount)
  const state = new Int32Array(3)
  for (let id = 0; id < glyphCount; id++) {
    offsets[id] = length
    if (contourAt + 2 > contourEnd) endsEarly('contour count')
    const contours = i16At(contourAt)
    contourAt += 2
    const hasBox = (((table[bitmapAt + (id >> 3)] as number) << (id & 7)) & 0x80) !== 0
    if (contours === 0) {
      if (hasBox) throw new RangeError(`empty glyph ${id} has a bounding box`)
      continue
    }
    if (contours === -1) {
      // Composite: components copied as they are, the bounding box is always explicit.
      if (!hasBox) throw new RangeError(`composite glyph ${id} has no bounding box`)
      if (boxAt + 8 > boxEnd) endsEarly('bounding box')
      xMins[id] = i16At(boxAt)
      out[length] = 0xff
      out[length + 1] = 0xff
      copyBox(table, boxAt, out, length + 2)
      length += 10
      boxAt += 8
      const start = compositeAt
      let componentFlags: number
      let instructed = false
      do {
        if (compositeAt + 4 > compositeEnd) endsEarly('composite')
        componentFlags = u16At(compositeAt)
        let size = 4 + (componentFlags & ARGS_ARE_WORDS ? 4 : 2)
        if (componentFlags & HAS_SCALE) size += 2
        else if (componentFlags & HAS_X_AND_Y_SCALE) size += 4
        else if (componentFlags & HAS_TWO_BY_TWO) size += 8
        if (compositeAt + size > compositeEnd) endsEarly('composite')
        compositeAt += size
        instructed ||= (componentFlags & HAS_INSTRUCTIONS) !== 0
      } while (componentFlags & MORE_COMPONENTS)
      for (let copy = start; copy < compositeAt; copy++) out[length++] = table[copy] as number
      if (instructed) {
        let size = table[glyphAt++] as number
        if (size === 253) size = u16At((glyphAt += 2) - 2)
        else if (size === 255) size = (table[glyphAt++] as number) + 253
        else if (size === 254) size = (table[glyphAt++] as number) + 506
        if (glyphAt > glyphEnd) endsEarly('glyph')
        if (instructionAt + size > instructionEnd) endsEarly('instruction')
        out[length++] = size >> 8
        out[length++] = size & 0xff
        if (size > 0) out.set(table.subarray(instructionAt, instructionAt + size), length)
        instructionAt += size
        length += size
      }
      while (length & 3) out[length++] = 0
      continue
    }
    if (contours < 0) throw new RangeError(`glyph ${id} has ${contours} contours`)
    // numberOfContours, then the box (written below), then endPtsOfContours.
    const glyphStart = length
    out[length] = contours >> 8
    out[length + 1] = contours & 0xff
    length += 10
    let points = 0
    for (let contour = 0; contour < contours; contour++) {
      let count = table[pointAt++] as number
      if (count === 253) count = u16At((pointAt += 2) - 2)
      else if (count === 255) count = (table[pointAt++] as number) + 253
      else if (count === 254) count = (table[pointAt++] as number) + 506
      points += count
      out[length++] = ((points - 1) >> 8) & 0xff
      out[length++] = (points - 1) & 0xff
    }
    if (pointAt > pointEnd) endsEarly('point count')
    if (points > scratch) {
      if (points > 0xffff) throw new RangeError(`glyph ${id} has ${points} points`)
      endsEarly('flag')
    }
    if (flagAt + points > flagEnd) endsEarly('flag')
    state[GLYPH_AT] = glyphAt
    decodePoints(table, out, flagAt, points, glyphStart + 2, flagsAt, xAt, yAt, state)
    glyphAt = state[GLYPH_AT] as number
    const xEnd = state[X_END] as number
    const yEnd = state[Y_END] as number
    flagAt += points
    // The instruction length (a 255UInt16) follows the glyph's points in the glyph stream.
    let instructionLength = table[glyphAt++] as number
    if (instructionLength === 253) instructionLength = u16At((glyphAt += 2) - 2)
    else if (instructionLength === 255) instructionLength = (table[glyphAt++] as number) + 253
    else if (instructionLength === 254) instructionLength = (table[glyphAt++] as number) + 506
    if (glyphAt > glyphEnd) endsEarly('glyph')
    if (hasBox) {
      if (boxAt + 8 > boxEnd) endsEarly('bounding box')
      copyBox(table, boxAt, out, glyphStart + 2)
      boxAt += 8
    }
    xMins[id] =
      (((out[glyphStart + 2] as number) << 24) | ((out[glyphStart + 3] as number) << 16)) >> 16
    if (
      overlapAt >= 0 &&
      points > 0 &&
      ((table[overlapAt + (id >> 3)] as number) << (id & 7)) & 0x80
    ) {
      out[flagsAt] = (out[flagsAt] as number) | OVERLAP_SIMPLE
    }
    if (instructionAt + instructionLength > instructionEnd) endsEarly('instruction')
    out[length++] = instructionLength >> 8
    out[length++] = instructionLength & 0xff
    if (instructionLength > 0) {
      out.set(table.subarray(instructionAt, instructionAt + instructionLength), length)
    }
    instructionAt += instructionLength
    length += instructionLength
    out.copyWithin(length, flagsAt, flagsAt + points)
    length += points
    out.copyWithin(length, xAt, xEnd)
    length += xEnd - xAt
    out.copyWithin(length, yAt, yEnd)
    length += yEnd - yAt
    while (length & 3) out[length++] = 0
  }
  offsets[glyphCount] = length
  const loca = new Uint8Array((glyphCount + 1) * (indexFormat ? 4 : 2))
  for (let id = 0, write = 0; id <= glyphCount; id++) {
    const offset = offsets[id] as number
    if (indexFormat) {
      loca[write++] = offset >>> 24
      loca[write++] = (offset >> 16) & 0xff
      loca[write++] = (offset >> 8) & 0xff
      loca[write++] = offset & 0xff
    } else if (offset / 2 > 0xffff) {
      throw new RangeError('glyphs too large for short loca offsets')
    } else {
      loca[write++] = offset >> 9
      loca[write++] = (offset >> 1) & 0xff
    }
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
