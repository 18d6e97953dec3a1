/**
 * QR modules to SVG path data: one path per code, rows run-length encoded.
 *
 * @module
 */
import { forEachQrRun, type QrModules } from '../scene/qr-runs.ts'

/** The ASCII codes of a path's command letters and separators. */
const M = 0x4d
const SPACE = 0x20
const H = 0x68
const V = 0x76
const ONE = 0x31
const MINUS = 0x2d
const Z = 0x7a

/**
 * Writes the dark modules of a symbol as SVG path data in module units, shifted by the quiet
 * zone, so the path's coordinate space is the whole code (symbol plus quiet zone) and one
 * `transform` scales it to millimetres.
 *
 * Each horizontal run of dark modules becomes one closed rectangle (`M x y h n v 1 h -n z`).
 * All rectangles live in one path with the non-zero fill rule, so abutting modules of one
 * colour leave no anti-aliasing seam between them, unlike one `<rect>` per module.
 *
 * The characters are written as bytes and decoded once: one flat string, where a string
 * concatenated run by run is a tree of hundreds of pieces that the escape and the document's
 * join walk again (a third of the time, measured).
 *
 * @param symbol The modules.
 * @param quietZone Light modules on each side (ISO/IEC 18004: 4).
 * @returns Path data with integer coordinates only, e.g. `M4 4h7v1h-7z…`.
 */
export function qrPathData(symbol: QrModules, quietZone: number): string {
  let bytes = new Uint8Array(symbol.size * symbol.size * 6 + 256)
  let length = 0
  /** Writes a number as a template literal would (`String`). */
  const number = (value: number): void => {
    const text = String(value)
    for (let index = 0; index < text.length; index++) bytes[length++] = text.charCodeAt(index)
  }
  forEachQrRun(symbol, quietZone, (x, y, run) => {
    // A run takes 8 bytes and 4 numbers of at most 25 characters each.
    if (length + 128 > bytes.length) {
      const grown = new Uint8Array(bytes.length * 2)
      grown.set(bytes)
      bytes = grown
    }
    bytes[length++] = M
    number(x)
    bytes[length++] = SPACE
    number(y)
    bytes[length++] = H
    number(run)
    bytes[length++] = V
    bytes[length++] = ONE
    bytes[length++] = H
    bytes[length++] = MINUS
    number(run)
    bytes[length++] = Z
  })
  return new TextDecoder().decode(bytes.subarray(0, length))
}
