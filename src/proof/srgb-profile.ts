/**
 * A compact ICC profile of sRGB (IEC 61966-2-1), built here rather than shipped: an ICC v4
 * display profile with the sRGB primaries adapted to D50 (Bradford) and the exact sRGB tone
 * curve as a parametric curve (function type 3), 548 bytes. It tells a reader of the proof what
 * its RGB numbers mean: the output intent of an RGB proof, and the colour space of RGB images in
 * a CMYK proof. Our own bytes, under the package's licence.
 *
 * @module
 */

/** Builder of big-endian bytes. */
class Bytes {
  readonly data: number[] = []
  u8(value: number): this {
    this.data.push(value & 0xff)
    return this
  }
  u16(value: number): this {
    return this.u8(value >>> 8).u8(value)
  }
  u32(value: number): this {
    return this.u16(value >>> 16).u16(value & 0xffff)
  }
  ascii(text: string): this {
    for (const character of text) this.u8(character.charCodeAt(0))
    return this
  }
  fixed(value: number): this {
    return this.u32(Math.round(value * 65536) >>> 0)
  }
  pad(): this {
    while (this.data.length % 4 !== 0) this.u8(0)
    return this
  }
}

/** The PCS illuminant D50, as ICC writes it. */
const D50 = [0.9642, 1, 0.8249] as const

function xyz(values: readonly number[]): number[] {
  const bytes = new Bytes().ascii('XYZ ').u32(0)
  for (const value of values) bytes.fixed(value)
  return bytes.data
}

function text(value: string): number[] {
  const bytes = new Bytes().ascii('mluc').u32(0).u32(1).u32(12)
  bytes
    .ascii('enUS')
    .u32(value.length * 2)
    .u32(28)
  for (const character of value) bytes.u16(character.charCodeAt(0))
  return bytes.pad().data
}

/**
 * The profile's bytes (the same every time: fixed date, no profile id).
 *
 * @returns An ICC.1:2010 (v4.3) profile of class `mntr`, colour space `RGB `, PCS `XYZ `.
 */
export function srgbProfile(): Uint8Array {
  const trc = new Bytes()
    .ascii('para')
    .u32(0)
    .u16(3)
    .u16(0)
    // Y = (aX + b)^g for X >= d, else cX: the sRGB curve.
    .fixed(2.4)
    .fixed(1 / 1.055)
    .fixed(0.055 / 1.055)
    .fixed(1 / 12.92)
    .fixed(0.04045).data
  // Bradford adaptation D65 → D50.
  const chad = new Bytes().ascii('sf32').u32(0)
  for (const value of [
    1.0478112, 0.0228866, -0.050127, 0.0295424, 0.9904844, -0.0170491, -0.0092345, 0.0150436,
    0.7521316,
  ]) {
    chad.fixed(value)
  }
  const tags: [string, number[]][] = [
    ['desc', text('sRGB IEC61966-2.1')],
    ['cprt', text('No copyright, use freely')],
    ['wtpt', xyz(D50)],
    ['chad', chad.data],
    ['rXYZ', xyz([0.4360747, 0.2225045, 0.0139322])],
    ['gXYZ', xyz([0.3850649, 0.7168786, 0.0971045])],
    ['bXYZ', xyz([0.1430804, 0.0606169, 0.7141733])],
    ['rTRC', trc],
  ]
  const tableSize = 4 + (tags.length + 2) * 12
  let offset = 128 + tableSize
  const table = new Bytes().u32(tags.length + 2)
  const body = new Bytes()
  let trcOffset = 0
  for (const [signature, data] of tags) {
    table.ascii(signature).u32(offset).u32(data.length)
    if (signature === 'rTRC') trcOffset = offset
    for (const byte of data) body.u8(byte)
    offset += data.length
  }
  // Green and blue share the red curve's data, as ICC allows.
  table.ascii('gTRC').u32(trcOffset).u32(trc.length)
  table.ascii('bTRC').u32(trcOffset).u32(trc.length)
  const size = offset
  const header = new Bytes()
    .u32(size)
    .u32(0)
    .u32(0x04300000)
    .ascii('mntrRGB XYZ ')
    // 2024-01-01 00:00:00
    .u16(2024)
    .u16(1)
    .u16(1)
    .u16(0)
    .u16(0)
    .u16(0)
    .ascii('acsp')
    .u32(0)
    .u32(0)
    .u32(0)
    .u32(0)
    .u32(0)
    .u32(0)
    .u32(0)
  header.fixed(D50[0]).fixed(D50[1]).fixed(D50[2])
  while (header.data.length < 128) header.u8(0)
  return Uint8Array.from([...header.data, ...table.data, ...body.data])
}
