/**
 * The dark modules of a QR symbol as horizontal runs: what both writers draw, the SVG preview
 * as one path of rectangles and the PDF proof as `re` operators, so neither walks the modules
 * its own way.
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
 * Calls `visit` for each horizontal run of dark modules, row by row, left to right, in module
 * units shifted by the quiet zone (the coordinate space of the whole code).
 *
 * @param symbol The modules.
 * @param quietZone Light modules on each side (ISO/IEC 18004: 4).
 * @param visit Receives the run's left column, its row and its length.
 */
export function forEachQrRun(
  symbol: QrModules,
  quietZone: number,
  visit: (x: number, y: number, length: number) => void
): void {
  const { size, modules } = symbol
  for (let row = 0; row < size; row++) {
    let column = 0
    while (column < size) {
      if (!modules[row * size + column]) {
        column++
        continue
      }
      const start = column
      while (column < size && modules[row * size + column]) column++
      visit(start + quietZone, row + quietZone, column - start)
    }
  }
}
