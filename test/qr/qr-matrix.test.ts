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
import { qrEncoding } from '../../src/qr/qr-segments.ts'
import type { QrMatrix } from '../../src/qr/qr-matrix.ts'
import fixture from '../fixtures/qr/matrices.json' with { type: 'json' }
import { chars, digits, lower, upper } from '../helpers/url-characters.ts'

/** Chromium runs a tenth of the generated symbols: the same code, at a tenth of the time. */
const inBrowser = typeof window !== 'undefined'

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

  test.each([
    { kind: 'URLs and texts', runs: inBrowser ? 2_000 : 20_000, long: false },
    { kind: 'URLs with long tracking ids', runs: 40, long: true },
  ])(
    'should give exactly the symbol of QRCode.create for $runs generated $kind',
    ({ runs, long }) => {
      // qrMatrix builds the symbol itself (codewords, placement, mask choice): the oracle is
      // qrcode's own `create`, with its version, segments, mask and every module compared.
      const host = fc.oneof(
        { weight: 4, arbitrary: chars(lower + digits + '-', 1, 16).map((name) => `a${name}.com`) },
        { weight: 1, arbitrary: chars(upper + lower, 1, 12).map((name) => `${name}.DE`) },
        // IDN hosts, which the URL parser writes in punycode.
        {
          weight: 1,
          arbitrary: chars('äöüßéñçåøłżšő中文日本語한국어бук', 1, 8).map((n) => `${n}.рф`),
        }
      )
      const piece = fc.oneof(
        { weight: 4, arbitrary: chars(lower + '-_.~', 1, 16) },
        { weight: 3, arbitrary: chars(upper + digits + '-./:', 1, 24) },
        { weight: 3, arbitrary: chars(digits, 1, 30) },
        { weight: 2, arbitrary: chars(lower + upper + digits, 1, 40) },
        // Non-Latin text and percent-encoding (the parser encodes the former).
        { weight: 1, arbitrary: chars('äöüéœ€日本語한국어бук😀', 1, 8) },
        { weight: 1, arbitrary: fc.constantFrom('%20', '%F0%9F%98%80', '%C3%A4', ' ', '"', '|') }
      )
      const path = fc.array(piece, { maxLength: 4 }).map((pieces) => pieces.join('/'))
      // Long tracking ids take the symbol up to version 40.
      const tracking = fc
        .tuple(chars(lower + upper + digits, 100, 600), fc.integer({ min: 1, max: 5 }))
        .map(([id, times]) => `&t=${id.repeat(times)}`)
      const url = fc
        .tuple(
          host,
          path,
          fc.option(fc.array(piece, { minLength: 1, maxLength: 4 })),
          long ? tracking : fc.constant(null)
        )
        .map(([name, tail, query, long]) => {
          const search = query === null ? '' : `?q=${query.join('&')}${long ?? ''}`
          return new URL(`https://${name}/${tail}${search}`).href
        })
      const text = fc.oneof(
        { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }) },
        { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 120 }) }
      )
      const level = fc.constantFrom<ErrorCorrectionLevel>('L', 'M', 'Q', 'H')
      const versions = new Set<number>()
      let compared = 0
      fc.assert(
        fc.property(
          long ? url : fc.oneof({ weight: 4, arbitrary: url }, { weight: 1, arbitrary: text }),
          level,
          (value, errorCorrection) => {
            const ours = qrMatrix(value, errorCorrection)
            // The segments are held to qrcode's own choice in qr-segments.test.ts (30,000
            // values); handed over here, they spare `create` its slow segmentation (a queue
            // sorted on every push) but none of the rest: codewords, placement, mask choice.
            const { segments } = qrEncoding(value, errorCorrection)
            const theirs = QRCode.create(segments, { errorCorrectionLevel: errorCorrection })
            compared++
            versions.add(theirs.version)
            expect(ours?.version).toBe(theirs.version)
            const modules = theirs.modules.data
            let differing = 0
            for (let index = 0; index < modules.length; index++) {
              if (ours?.modules[index] !== (modules[index] ? 1 : 0)) differing++
            }
            expect(differing).toBe(0)
            expect(ours?.modules).toHaveLength(modules.length)
          }
        ),
        { seed: 20_261_124, numRuns: runs }
      )
      expect(compared).toBe(runs)
      // Short values reach version 1, long tracking ids the largest versions.
      if (long) expect(Math.max(...versions)).toBeGreaterThanOrEqual(30)
      else expect(Math.min(...versions)).toBe(1)
    },
    // 20,000 symbols with qrcode's eight-mask search take seconds.
    120_000
  )

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
