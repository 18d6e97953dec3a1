/**
 * QR modules to SVG path data: one path per code, rows run-length encoded.
 *
 * @module
 */
import { forEachQrRun, type QrModules } from '../scene/qr-runs.ts'

/**
 * Writes the dark modules of a symbol as SVG path data in module units, shifted by the quiet
 * zone, so the path's coordinate space is the whole code (symbol plus quiet zone) and one
 * `transform` scales it to millimetres.
 *
 * Each horizontal run of dark modules becomes one closed rectangle (`M x y h n v 1 h -n z`).
 * All rectangles live in one path with the non-zero fill rule, so abutting modules of one
 * colour leave no anti-aliasing seam between them, unlike one `<rect>` per module.
 *
 * @param symbol The modules.
 * @param quietZone Light modules on each side (ISO/IEC 18004: 4).
 * @returns Path data with integer coordinates only, e.g. `M4 4h7v1h-7z…`.
 */
export function qrPathData(symbol: QrModules, quietZone: number): string {
  let data = ''
  forEachQrRun(symbol, quietZone, (x, y, run) => {
    data += `M${x} ${y}h${run}v1h-${run}z`
  })
  return data
}
