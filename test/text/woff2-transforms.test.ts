/**
 * The WOFF2 `glyf` transform's point decoding against the specification's triplet table read
 * the plain way (WOFF2 §5.2, one branch per row, as the reference decoder writes it), and the
 * rebuilt glyph read back as any TrueType reader does (flags with repeats, short and long
 * coordinates): every one of the 128 encodings, on- and off-curve, random bytes, random lengths.
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { rebuildGlyf } from '../../src/text/woff2-transforms.ts'

interface Point {
  readonly flag: number
  readonly bytes: readonly number[]
}

/** The specification's triplet table: each coordinate's delta, and the bytes it takes. */
function tripletOf(flag: number, [b0 = 0, b1 = 0, b2 = 0, b3 = 0]: readonly number[]) {
  const code = flag & 0x7f
  const sign = (bit: number, value: number) => (code & bit ? value : -value)
  if (code < 10) return { dx: 0, dy: sign(1, ((code & 14) << 7) + b0), size: 1 }
  if (code < 20) return { dx: sign(1, (((code - 10) & 14) << 7) + b0), dy: 0, size: 1 }
  if (code < 84) {
    const index = code - 20
    const dx = 1 + (index & 0x30) + (b0 >> 4)
    return { dx: sign(1, dx), dy: sign(2, 1 + ((index & 0x0c) << 2) + (b0 & 0x0f)), size: 1 }
  }
  if (code < 120) {
    const index = code - 84
    const dx = 1 + (Math.floor(index / 12) << 8) + b0
    return { dx: sign(1, dx), dy: sign(2, 1 + (((index % 12) >> 2) << 8) + b1), size: 2 }
  }
  if (code < 124) {
    return { dx: sign(1, (b0 << 4) + (b1 >> 4)), dy: sign(2, ((b1 & 15) << 8) + b2), size: 3 }
  }
  return { dx: sign(1, (b0 << 8) + b1), dy: sign(2, (b2 << 8) + b3), size: 4 }
}

/** A transformed `glyf` table of one simple glyph with one contour (no explicit box). */
function transformedGlyph(points: readonly Point[]): Uint8Array {
  const glyphStream: number[] = []
  for (const { flag, bytes } of points) {
    glyphStream.push(...bytes.slice(0, tripletOf(flag, bytes).size))
  }
  glyphStream.push(0) // no instructions
  const count = points.length
  const pointCount = count < 253 ? [count] : [253, count >> 8, count & 0xff]
  const streams = [
    [0, 1],
    pointCount,
    points.map(({ flag }) => flag),
    glyphStream,
    [],
    [0, 0, 0, 0],
  ]
  const header = [0, 0, 0, 0, 0, 1, 0, 0]
  for (const size of [...streams.map((stream) => stream.length), 0]) {
    header.push(size >>> 24, (size >> 16) & 0xff, (size >> 8) & 0xff, size & 0xff)
  }
  return Uint8Array.from([...header, ...streams.flat()])
}

/** Reads a plain simple glyph (OpenType `glyf`): its box and its points. */
function readGlyph(glyf: Uint8Array) {
  const view = new DataView(glyf.buffer, glyf.byteOffset, glyf.byteLength)
  const contours = view.getInt16(0)
  const box = [2, 4, 6, 8].map((at) => view.getInt16(at))
  const count = view.getUint16(10 + 2 * (contours - 1)) + 1
  let at = 10 + 2 * contours
  at += 2 + view.getUint16(at)
  const flags: number[] = []
  while (flags.length < count) {
    const flag = view.getUint8(at++)
    flags.push(flag)
    if (flag & 8) for (let repeat = view.getUint8(at++); repeat > 0; repeat--) flags.push(flag)
  }
  const axis = (short: number, same: number): number[] => {
    let value = 0
    return flags.map((flag) => {
      if (flag & short) value += flag & same ? view.getUint8(at++) : -view.getUint8(at++)
      else if (!(flag & same)) value += view.getInt16((at += 2) - 2)
      return value
    })
  }
  const xs = axis(2, 16)
  const ys = axis(4, 32)
  return { box, points: flags.map((flag, index) => [xs[index], ys[index], flag & 1]) }
}

describe('WOFF2 glyf transform', () => {
  test('should rebuild every triplet encoding to the points the specification gives', () => {
    // Real glyphs stay within int16 (the 3- and 4-byte triplets' high bytes are kept small, and
    // walks that leave the range are dropped).
    const point = fc
      .record({
        flag: fc.integer({ min: 0, max: 255 }),
        bytes: fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 4, maxLength: 4 }),
      })
      .map(({ flag, bytes }) => {
        if ((flag & 0x7f) < 120) return { flag, bytes }
        const [b0 = 0, b1 = 0, b2 = 0, b3 = 0] = bytes
        return {
          flag,
          bytes: (flag & 0x7f) < 124 ? [b0 >> 6, b1, b2, b3] : [b0 & 3, b1, b2 & 3, b3],
        }
      })
    fc.assert(
      fc.property(fc.array(point, { minLength: 1, maxLength: 300 }), (points) => {
        let x = 0
        let y = 0
        const expected = points.map(({ flag, bytes }) => {
          const { dx, dy } = tripletOf(flag, bytes)
          x += dx
          y += dy
          return [x, y, flag & 0x80 ? 0 : 1] as const
        })
        const xs = expected.map(([px]) => px)
        const ys = expected.map(([, py]) => py)
        const box = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]
        fc.pre(box.every((value) => value >= -0x8000 && value <= 0x7fff))
        const glyph = readGlyph(rebuildGlyf(transformedGlyph(points)).glyf)
        expect(glyph.points).toEqual(expected)
        expect(glyph.box).toEqual(box)
      }),
      { numRuns: 400, seed: 17 }
    )
  })
})
