/**
 * QR modules to SVG path data: one path per code, rows run-length encoded.
 *
 * @module
 */

/** A QR symbol as a square of modules (what `qrMatrix` returns). */
export interface QrModules {
  /** Modules per side (17 + 4·version). */
  readonly size: number
  /** `size × size` modules, row by row; non-zero is dark. */
  readonly modules: Uint8Array
}

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
  const { size, modules } = symbol
  let data = ''
  for (let row = 0; row < size; row++) {
    let column = 0
    while (column < size) {
      if (!modules[row * size + column]) {
        column++
        continue
      }
      const start = column
      while (column < size && modules[row * size + column]) column++
      const run = column - start
      data += `M${start + quietZone} ${row + quietZone}h${run}v1h-${run}z`
    }
  }
  return data
}
