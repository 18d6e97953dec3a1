import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import fc from 'fast-check'
import jsQR from 'jsqr'
import QRCode from 'qrcode/lib/core/qrcode.js'
import { describe, expect, test } from 'vitest'
import type { ErrorCorrectionLevel } from '../../src/design/types.ts'
import { QrArgumentError } from '../../src/qr/qr-argument-error.ts'
import { minimalVersion } from '../../src/qr/qr-capacity.ts'
import { qrMatrix } from '../../src/qr/qr-matrix.ts'
import type { QrMatrix } from '../../src/qr/qr-matrix.ts'
import fixture from '../fixtures/qr/matrices.json' with { type: 'json' }

const rows = fixture.rows.map((row) => ({ ...row, level: row.level as ErrorCorrectionLevel }))

/** Pixels per module and quiet-zone modules of the raster handed to the decoder. */
const SCALE = 4
const QUIET_ZONE = 4

/** Paints the matrix black on white with its quiet zone into an RGBA buffer for jsQR. */
function rasterise(matrix: QrMatrix): { data: Uint8ClampedArray; side: number } {
  const side = (matrix.size + 2 * QUIET_ZONE) * SCALE
  const data = new Uint8ClampedArray(side * side * 4).fill(255)
  for (let row = 0; row < matrix.size; row++) {
    for (let column = 0; column < matrix.size; column++) {
      if (matrix.modules[row * matrix.size + column] !== 1) continue
      for (let y = 0; y < SCALE; y++) {
        for (let x = 0; x < SCALE; x++) {
          const pixelY = (row + QUIET_ZONE) * SCALE + y
          const pixelX = (column + QUIET_ZONE) * SCALE + x
          data.fill(0, (pixelY * side + pixelX) * 4, (pixelY * side + pixelX) * 4 + 3)
        }
      }
    }
  }
  return { data, side }
}

describe('qrMatrix', () => {
  test.each(rows)(
    'should give the stored modules for version $version $level',
    ({ text, level, version, size, sha256: expected }) => {
      const matrix = qrMatrix(text, level)
      expect(matrix).not.toBeNull()
      if (!matrix) return
      expect({ version: matrix.version, size: matrix.size }).toEqual({ version, size })
      expect(matrix.size).toBe(4 * (minimalVersion(text, level) ?? 0) + 17)
      expect(matrix.modules).toHaveLength(size * size)
      expect(matrix.modules.every((module) => module === 0 || module === 1)).toBe(true)
      expect(bytesToHex(sha256(matrix.modules))).toBe(expected)
    }
  )

  test.each(rows)(
    'should decode back to the exact text with jsQR at version $version $level',
    ({ text, level, version }) => {
      const matrix = qrMatrix(text, level)
      if (!matrix) throw new Error('no matrix')
      const { data, side } = rasterise(matrix)
      // jsqr is CommonJS: its `module.exports` is the function, which also carries `default`.
      const decoded = jsQR.default(data, side, side, { inversionAttempts: 'dontInvert' })
      expect(decoded?.version).toBe(version)
      expect(decoded?.data).toBe(text)
    }
  )

  test('should draw a dark finder pattern in three corners', () => {
    const matrix = qrMatrix('https://example.com/', 'M')
    if (!matrix) throw new Error('no matrix')
    const at = (row: number, column: number): number | undefined =>
      matrix.modules[row * matrix.size + column]
    const far = matrix.size - 1
    for (const [row, column] of [
      [0, 0],
      [0, far],
      [far, 0],
      [6, 6],
      [3, 3],
    ] as const) {
      expect(at(row, column)).toBe(1)
    }
    // The separator around the top-left finder is light.
    expect(at(7, 7)).toBe(0)
    expect(at(0, 7)).toBe(0)
  })

  test('should encode a lone surrogate as U+FFFD', () => {
    expect(qrMatrix('https://example.com/\uD800', 'M')?.modules).toEqual(
      qrMatrix('https://example.com/\uFFFD', 'M')?.modules
    )
  })

  test('should return null when even version 40 cannot hold the text', () => {
    expect(qrMatrix('x'.repeat(2954), 'L')).toBeNull()
    expect(qrMatrix('x'.repeat(2953), 'L')?.version).toBe(40)
  })

  test('should throw QrArgumentError for an unknown level', () => {
    const call = (): unknown => qrMatrix('x', 'low' as ErrorCorrectionLevel)
    expect(call).toThrow(QrArgumentError)
    expect(call).toThrow('Unexpected value `low` for `level`, expected one of `L`, `M`, `Q`, `H`')
  })

  test('should give exactly the modules of QRCode.create, mask choice included', () => {
    // qrMatrix builds with mask 0 and chooses the mask itself (best-mask.ts): the oracle is
    // qrcode's own search. Texts of every mode mix, at every level, up to version 40.
    const alphabet = fc.constantFrom(
      '0123456789',
      'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 $%*+-./:',
      'abcdefghijklmnopqrstuvwxyz/:?=&.-_0123456789',
      'äöü€日本語😀'
    )
    const text = fc
      .array(fc.tuple(alphabet, fc.nat(), fc.integer({ min: 1, max: 80 })), { maxLength: 12 })
      .map((runs) =>
        runs
          .map(([characters, seed, length]) =>
            Array.from(
              { length },
              (_, index) => [...characters][(seed + index * 7) % [...characters].length]
            ).join('')
          )
          .join('')
      )
    const level = fc.constantFrom<ErrorCorrectionLevel>('L', 'M', 'Q', 'H')
    let compared = 0
    fc.assert(
      fc.property(text, level, (value, errorCorrection) => {
        const ours = qrMatrix(value, errorCorrection)
        if (!ours || value === '') return
        const theirs = QRCode.create(value, { errorCorrectionLevel: errorCorrection })
        compared++
        expect(ours.version).toBe(theirs.version)
        expect(Array.from(ours.modules)).toEqual(
          Array.from(theirs.modules.data, (bit) => (bit ? 1 : 0))
        )
      }),
      { seed: 20_261_121, numRuns: 400 }
    )
    expect(compared).toBeGreaterThan(300)
  })
})
