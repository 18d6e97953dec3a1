import { describe, expect, test } from 'vitest'
import QRCode from 'qrcode'
import { qrPathData } from '../../src/preview/qr-path.ts'

/** Reads the path back into a set of dark cells `x,y`. */
function cellsOf(data: string): Set<string> {
  const cells = new Set<string>()
  for (const [, x, y, run, back] of data.matchAll(/M(\d+) (\d+)h(\d+)v1h-(\d+)z/g)) {
    expect(back).toBe(run)
    for (let index = 0; index < Number(run); index++) cells.add(`${Number(x) + index},${y}`)
  }
  return cells
}

describe('qrPathData', () => {
  test('should write one run per horizontal stretch of dark modules, shifted by the quiet zone', () => {
    const symbol = { size: 3, modules: Uint8Array.from([1, 1, 0, 0, 0, 0, 1, 0, 1]) }
    expect(qrPathData(symbol, 4)).toBe('M4 4h2v1h-2zM4 6h1v1h-1zM6 6h1v1h-1z')
    expect(qrPathData(symbol, 0)).toBe('M0 0h2v1h-2zM0 2h1v1h-1zM2 2h1v1h-1z')
  })

  test('should draw exactly the dark modules of a real symbol (node-qrcode as oracle)', () => {
    const qr = QRCode.create('https://example.com/p/8f3k2?utm_source=postcard', {
      errorCorrectionLevel: 'M',
    })
    const { size, data } = qr.modules
    const data8 = Uint8Array.from(data, (bit) => (bit ? 1 : 0))
    const cells = cellsOf(qrPathData({ size, modules: data8 }, 4))
    let dark = 0
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const isDark = data8[y * size + x] === 1
        if (isDark) dark++
        expect(cells.has(`${x + 4},${y + 4}`)).toBe(isDark)
      }
    }
    expect(cells.size).toBe(dark)
  })

  test('should write nothing for an all-light symbol', () => {
    expect(qrPathData({ size: 2, modules: new Uint8Array(4) }, 4)).toBe('')
  })
})
