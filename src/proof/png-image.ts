/**
 * PNG (ISO/IEC 15948) for PDF image XObjects: the chunks read, and, when PDF cannot take the
 * image data as it is, the pixels decoded (inflate, scanline filters, Adam7 interlacing, bit
 * depths, palettes and transparency) into 8-bit colour and alpha planes.
 *
 * @module
 */
import { inflate } from './flate.ts'

/** The chunks of a PNG that matter for drawing it. */
export interface PngFile {
  readonly width: number
  readonly height: number
  /** 1, 2, 4, 8 or 16 bits per sample. */
  readonly depth: number
  /** 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA. */
  readonly colourType: number
  readonly interlaced: boolean
  /** `PLTE`: RGB triples. */
  readonly palette: Uint8Array | undefined
  /** `tRNS`: palette alphas, or the transparent grey or RGB sample values. */
  readonly transparency: Uint8Array | undefined
  /** The zlib stream of all `IDAT` chunks together. */
  readonly data: Uint8Array
}

/** Decoded pixels: 8-bit samples, row by row. */
export interface PngPixels {
  /** 1 (grey) or 3 (RGB) samples per pixel. */
  readonly channels: 1 | 3
  readonly colour: Uint8Array
  /** One alpha sample per pixel, or `undefined` when every pixel is opaque. */
  readonly alpha: Uint8Array | undefined
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }
const DEPTHS: Readonly<Record<number, readonly number[]>> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
}
/** Adam7 passes: first column, first row, column step, row step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const

/**
 * Reads the chunks of a PNG.
 *
 * @param bytes The file.
 * @returns Its header, palette, transparency and image data, or `undefined` when it is not a
 *   PNG we can draw.
 */
export function readPng(bytes: Uint8Array): PngFile | undefined {
  if (!SIGNATURE.every((byte, index) => bytes[index] === byte)) return undefined
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let at = 8
  let header:
    | { width: number; height: number; depth: number; colourType: number; interlaced: boolean }
    | undefined
  let palette: Uint8Array | undefined
  let transparency: Uint8Array | undefined
  const data: Uint8Array[] = []
  let size = 0
  while (at + 8 <= bytes.length) {
    const length = view.getUint32(at)
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8))
    const start = at + 8
    if (start + length > bytes.length) return undefined
    const chunk = bytes.subarray(start, start + length)
    if (type === 'IHDR' && length >= 13) {
      header = {
        width: view.getUint32(start),
        height: view.getUint32(start + 4),
        depth: chunk[8] ?? 0,
        colourType: chunk[9] ?? 0,
        interlaced: chunk[12] === 1,
      }
    } else if (type === 'PLTE') palette = chunk
    else if (type === 'tRNS') transparency = chunk
    else if (type === 'IDAT') {
      data.push(chunk)
      size += length
    } else if (type === 'IEND') break
    at = start + length + 4
  }
  if (!header || !(header.width > 0 && header.height > 0)) return undefined
  if (!DEPTHS[header.colourType]?.includes(header.depth)) return undefined
  if (header.colourType === 3 && palette === undefined) return undefined
  const joined = new Uint8Array(size)
  let offset = 0
  for (const part of data) {
    joined.set(part, offset)
    offset += part.length
  }
  return { ...header, palette, transparency, data: joined }
}

/**
 * Whether PDF can take the image data as it is (`FlateDecode` with the PNG predictors): not
 * interlaced, no alpha channel, no palette transparency.
 *
 * @param png The PNG.
 * @returns `true` when the `IDAT` stream can be embedded unchanged.
 */
export function isPassThrough(png: PngFile): boolean {
  if (png.interlaced) return false
  if (png.colourType === 4 || png.colourType === 6) return false
  return !(png.colourType === 3 && png.transparency !== undefined)
}

/**
 * Decodes a PNG's pixels to 8-bit colour (grey or RGB) and alpha planes.
 *
 * @param png The PNG.
 * @returns The planes, or `undefined` when the image data is corrupt.
 */
export function decodePng(png: PngFile): PngPixels | undefined {
  const raw = inflate(png.data)
  if (!raw) return undefined
  const { width, height, depth, colourType } = png
  const samples = CHANNELS[colourType] ?? 1
  const bitsPerPixel = samples * depth
  const bpp = Math.max(1, bitsPerPixel >> 3)
  // Every pixel as its samples at full depth (16-bit samples as numbers up to 65535).
  const pixels = new Uint16Array(width * height * samples)
  let position = 0
  const passes = png.interlaced ? ADAM7 : ([[0, 0, 1, 1]] as const)
  for (const [x0, y0, dx, dy] of passes) {
    const columns = Math.ceil((width - x0) / dx)
    const rows = Math.ceil((height - y0) / dy)
    if (columns <= 0 || rows <= 0) continue
    const stride = Math.ceil((columns * bitsPerPixel) / 8)
    let previous: Uint8Array = new Uint8Array(stride)
    for (let row = 0; row < rows; row++) {
      if (position + 1 + stride > raw.length) return undefined
      const filter = raw[position] as number
      const line = raw.subarray(position + 1, position + 1 + stride)
      position += 1 + stride
      const current = unfilter(filter, line, previous, bpp)
      if (!current) return undefined
      const y = y0 + row * dy
      for (let column = 0; column < columns; column++) {
        const x = x0 + column * dx
        const target = (y * width + x) * samples
        for (let sample = 0; sample < samples; sample++) {
          pixels[target + sample] = readSample(current, column * samples + sample, depth)
        }
      }
      previous = current
    }
  }
  return toPlanes(png, pixels)
}

function unfilter(
  filter: number,
  line: Uint8Array,
  previous: Uint8Array,
  bpp: number
): Uint8Array | undefined {
  const out = new Uint8Array(line.length)
  for (let index = 0; index < line.length; index++) {
    const a = index >= bpp ? (out[index - bpp] as number) : 0
    const b = previous[index] as number
    const c = index >= bpp ? (previous[index - bpp] as number) : 0
    let predictor: number
    switch (filter) {
      case 0:
        predictor = 0
        break
      case 1:
        predictor = a
        break
      case 2:
        predictor = b
        break
      case 3:
        predictor = (a + b) >> 1
        break
      case 4: {
        const pa = Math.abs(b - c)
        const pb = Math.abs(a - c)
        const pc = Math.abs(a + b - 2 * c)
        predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
        break
      }
      default:
        return undefined
    }
    out[index] = ((line[index] as number) + predictor) & 0xff
  }
  return out
}

function readSample(line: Uint8Array, index: number, depth: number): number {
  if (depth === 8) return line[index] as number
  if (depth === 16) return ((line[2 * index] as number) << 8) | (line[2 * index + 1] as number)
  const perByte = 8 / depth
  const byte = line[Math.floor(index / perByte)] as number
  const shift = 8 - depth * ((index % perByte) + 1)
  return (byte >> shift) & ((1 << depth) - 1)
}

function toPlanes(png: PngFile, pixels: Uint16Array): PngPixels {
  const { width, height, depth, colourType, palette, transparency } = png
  const count = width * height
  const max = (1 << depth) - 1
  const to8 = (value: number): number =>
    depth === 16 ? value >> 8 : depth === 8 ? value : Math.round((value * 255) / max)
  const channels = colourType === 0 || colourType === 4 ? 1 : 3
  const colour = new Uint8Array(count * channels)
  const alpha = new Uint8Array(count).fill(255)
  let translucent = false
  const samples = CHANNELS[colourType] ?? 1
  const key =
    transparency && (colourType === 0 || colourType === 2)
      ? Array.from({ length: colourType === 0 ? 1 : 3 }, (_, k) => {
          return (
            (((transparency[2 * k] as number) << 8) | (transparency[2 * k + 1] as number)) &
            (depth === 16 ? 0xffff : max)
          )
        })
      : undefined
  for (let pixel = 0; pixel < count; pixel++) {
    const base = pixel * samples
    let a = 255
    if (colourType === 3) {
      const index = pixels[base] as number
      colour[pixel * 3] = palette?.[index * 3] ?? 0
      colour[pixel * 3 + 1] = palette?.[index * 3 + 1] ?? 0
      colour[pixel * 3 + 2] = palette?.[index * 3 + 2] ?? 0
      a = transparency?.[index] ?? 255
    } else {
      for (let k = 0; k < channels; k++)
        colour[pixel * channels + k] = to8(pixels[base + k] as number)
      if (colourType === 4 || colourType === 6) a = to8(pixels[base + channels] as number)
      else if (key && key.every((value, k) => pixels[base + k] === value)) a = 0
    }
    alpha[pixel] = a
    if (a !== 255) translucent = true
  }
  return { channels: channels as 1 | 3, colour, alpha: translucent ? alpha : undefined }
}
