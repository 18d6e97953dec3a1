/**
 * Test helper (Node only): rasters from renderers we did not write, as RGB pixels, and how far
 * two rasters agree. PNG (what `rsvg-convert` and Chromium's canvas write) is decoded here with
 * `node:zlib`; PPM is what `pdftoppm` writes.
 */
import { inflateSync } from 'node:zlib'

/** An opaque raster: `width × height` pixels, 3 bytes (R, G, B) each, row by row. */
export interface Raster {
  readonly width: number
  readonly height: number
  readonly rgb: Uint8Array
}

/**
 * Decodes a PNG of 8-bit grey, RGB, grey+alpha or RGBA, not interlaced, composited on white.
 *
 * @param bytes The file.
 * @returns Its pixels.
 */
export function decodePng(bytes: Uint8Array): Raster {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let at = 8
  let width = 0
  let height = 0
  let channels = 0
  const data: Uint8Array[] = []
  while (at + 8 <= bytes.length) {
    const length = view.getUint32(at)
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8))
    const chunk = bytes.subarray(at + 8, at + 8 + length)
    if (type === 'IHDR') {
      width = view.getUint32(at + 8)
      height = view.getUint32(at + 12)
      const depth = chunk[8]
      channels = { 0: 1, 2: 3, 4: 2, 6: 4 }[chunk[9] ?? -1] ?? 0
      if (depth !== 8 || channels === 0 || chunk[12] !== 0) {
        throw new Error(
          `Unsupported PNG: depth ${depth}, colour type ${chunk[9]}, interlace ${chunk[12]}`
        )
      }
    }
    if (type === 'IDAT') data.push(chunk)
    at += 12 + length
  }
  const raw = inflateSync(Buffer.concat(data))
  const stride = width * channels
  const rgb = new Uint8Array(width * height * 3)
  let previous = new Uint8Array(stride)
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1))
    const current = new Uint8Array(stride)
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? (current[i - channels] as number) : 0
      const b = previous[i] as number
      const c = i >= channels ? (previous[i - channels] as number) : 0
      let value = line[i] as number
      if (filter === 1) value += a
      else if (filter === 2) value += b
      else if (filter === 3) value += (a + b) >> 1
      else if (filter === 4) {
        const pa = Math.abs(b - c)
        const pb = Math.abs(a - c)
        const pc = Math.abs(a + b - 2 * c)
        value += pa <= pb && pa <= pc ? a : pb <= pc ? b : c
      }
      current[i] = value & 255
    }
    for (let x = 0; x < width; x++) {
      const o = x * channels
      const grey = channels < 3
      const alpha =
        channels === 4
          ? (current[o + 3] as number)
          : channels === 2
            ? (current[o + 1] as number)
            : 255
      for (let k = 0; k < 3; k++) {
        const value = current[o + (grey ? 0 : k)] as number
        rgb[(y * width + x) * 3 + k] = Math.round((value * alpha + 255 * (255 - alpha)) / 255)
      }
    }
    previous = current
  }
  return { width, height, rgb }
}

/**
 * Decodes a binary PPM (`P6`, maxval 255), as `pdftoppm` writes it.
 *
 * @param bytes The file.
 * @returns Its pixels.
 */
export function decodePpm(bytes: Uint8Array): Raster {
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(
    new TextDecoder('latin1').decode(bytes.subarray(0, 64))
  )
  if (!header) throw new Error('Not a binary PPM of maxval 255')
  const width = Number(header[1])
  const height = Number(header[2])
  const start = header[0].length
  return { width, height, rgb: bytes.slice(start, start + width * height * 3) }
}

/**
 * A part of a raster.
 *
 * @param raster The raster.
 * @param x Left, px.
 * @param y Top, px.
 * @param width Width, px.
 * @param height Height, px.
 * @returns The crop (clipped to the raster).
 */
export function cropRaster(
  raster: Raster,
  x: number,
  y: number,
  width: number,
  height: number
): Raster {
  const x0 = Math.max(0, x)
  const y0 = Math.max(0, y)
  const w = Math.max(0, Math.min(width, raster.width - x0))
  const h = Math.max(0, Math.min(height, raster.height - y0))
  const rgb = new Uint8Array(w * h * 3)
  for (let row = 0; row < h; row++) {
    const start = ((y0 + row) * raster.width + x0) * 3
    rgb.set(raster.rgb.subarray(start, start + w * 3), row * w * 3)
  }
  return { width: w, height: h, rgb }
}

/** How far two rasters of the same size agree. */
export interface Agreement {
  /** Share of pixels that agree, 0 to 1. */
  readonly within: number
  /** Pixels that do not. */
  readonly beyond: number
  /** Largest channel difference between pixels at the same place. */
  readonly worst: number
}

/**
 * The measure of the raster tests. A pixel agrees when each of R, G and B differs by at most
 * `tolerance` of 255 from the other raster's pixel at the same place; with a `reach` of 1
 * (anti-aliasing aside), when each channel lies within the range of the other raster's 3 × 3
 * neighbourhood widened by the tolerance, both ways. Two renderers cover an edge pixel by
 * different amounts, and poppler snaps the edges of axis-aligned rectangles to whole pixels
 * (its stroke adjustment), so an edge pixel may be anything between its neighbours; a missing,
 * recoloured, moved or blurred shape still differs (its pixels lie outside any neighbourhood).
 *
 * @param a A raster.
 * @param b Another raster of the same size.
 * @param options `tolerance` (default: 32, about 12 %) and `reach` in pixels (default: 0).
 * @returns The agreement.
 */
export function rasterAgreement(
  a: Raster,
  b: Raster,
  options: { readonly tolerance?: number; readonly reach?: number } = {}
): Agreement {
  if (a.width !== b.width || a.height !== b.height) {
    throw new Error(`Raster sizes differ: ${a.width}×${a.height} and ${b.width}×${b.height}`)
  }
  const tolerance = options.tolerance ?? 32
  const reach = options.reach ?? 0
  const { width, height } = a
  // Whether p's pixel at (x, y) lies within q's neighbourhood range, channel by channel.
  const inRange = (p: Raster, q: Raster, x: number, y: number): boolean => {
    const i = (y * width + x) * 3
    for (let k = 0; k < 3; k++) {
      let low = 255
      let high = 0
      for (let dy = -reach; dy <= reach; dy++) {
        const yy = y + dy
        if (yy < 0 || yy >= height) continue
        for (let dx = -reach; dx <= reach; dx++) {
          const xx = x + dx
          if (xx < 0 || xx >= width) continue
          const value = q.rgb[(yy * width + xx) * 3 + k] as number
          if (value < low) low = value
          if (value > high) high = value
        }
      }
      const value = p.rgb[i + k] as number
      if (value < low - tolerance || value > high + tolerance) return false
    }
    return true
  }
  let beyond = 0
  let worst = 0
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3
      let difference = 0
      for (let k = 0; k < 3; k++) {
        difference = Math.max(
          difference,
          Math.abs((a.rgb[i + k] as number) - (b.rgb[i + k] as number))
        )
      }
      if (difference > worst) worst = difference
      if (difference <= tolerance) continue
      if (reach === 0 || !inRange(a, b, x, y) || !inRange(b, a, x, y)) beyond++
    }
  }
  return { within: 1 - beyond / (width * height), beyond, worst }
}

/**
 * Converts a raster to RGBA (opaque), e.g. for jsQR.
 *
 * @param raster The raster.
 * @returns `width × height × 4` bytes.
 */
export function toRgba(raster: Raster): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(raster.width * raster.height * 4)
  for (let index = 0, out = 0; index < raster.rgb.length; index += 3, out += 4) {
    rgba[out] = raster.rgb[index] as number
    rgba[out + 1] = raster.rgb[index + 1] as number
    rgba[out + 2] = raster.rgb[index + 2] as number
    rgba[out + 3] = 255
  }
  return rgba
}
