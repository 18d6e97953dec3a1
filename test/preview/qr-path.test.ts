import { describe, expect, test } from 'vitest'
import QRCode from 'qrcode'
import { qrPathData } from '../../src/preview/qr-path.ts'
import { qrCodePath } from '../../src/preview/qr-code-path.ts'

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

describe('qrCodePath', () => {
  test('should draw the modules node-qrcode makes, and reuse them for the same code', () => {
    const url = 'https://example.com/c/SPRING-15?r=4711'
    const path = qrCodePath(url, 'Q', 4)
    const qr = QRCode.create(url, { errorCorrectionLevel: 'Q' })
    const modules = Uint8Array.from(qr.modules.data, (bit) => (bit ? 1 : 0))
    expect(path).toEqual({
      size: qr.modules.size,
      d: qrPathData({ size: qr.modules.size, modules }, 4),
    })
    expect(qrCodePath(url, 'Q', 4)).toBe(path)
    expect(qrCodePath(url, 'Q', 2)).not.toBe(path)
    expect(qrCodePath(url, 'L', 4)?.size).toBe(
      QRCode.create(url, { errorCorrectionLevel: 'L' }).modules.size
    )
  })

  test('should give null for a text no QR code can hold, and stay right past its cache size', () => {
    expect(qrCodePath(`https://example.com/${'x'.repeat(3000)}`, 'M', 4)).toBeNull()
    for (let index = 0; index < 70; index++) {
      const url = `https://example.com/${index}`
      expect(qrCodePath(url, 'M', 4)?.size).toBe(
        QRCode.create(url, { errorCorrectionLevel: 'M' }).modules.size
      )
    }
  })
})
