import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { ErrorCorrectionLevel } from '../../src/design/types.ts'
import { QrArgumentError } from '../../src/qr/qr-argument-error.ts'
import {
  byteCapacity,
  maxVersionForArea,
  minimalVersion,
  minimumAreaMm,
} from '../../src/qr/qr-capacity.ts'
import capacity from '../fixtures/qr/capacity-iso18004.json' with { type: 'json' }

const LEVELS: readonly ErrorCorrectionLevel[] = ['L', 'M', 'Q', 'H']

/** Every (row, level) pair of the standard's table. */
const cells = capacity.rows.flatMap((row) => LEVELS.map((level) => ({ ...row, level })))

describe('byteCapacity', () => {
  test('should have all 40 rows of the standard table', () => {
    expect(capacity.rows.map((row) => row.version)).toEqual(
      Array.from({ length: 40 }, (_, index) => index + 1)
    )
    for (const row of capacity.rows) expect(row.modules).toBe(4 * row.version + 17)
  })

  test.each(cells)(
    'should hold the standard byte capacity at version $version $level',
    ({ version, level, byte }) => {
      expect(byteCapacity(version, level)).toBe(byte[level])
    }
  )

  test.each([
    [0, 'M', 'Unexpected value `0` for `version`, expected a whole number from 1 to 40'],
    [41, 'M', 'Unexpected value `41` for `version`, expected a whole number from 1 to 40'],
    [2.5, 'M', 'Unexpected value `2.5` for `version`, expected a whole number from 1 to 40'],
    [Number.NaN, 'M', 'Unexpected value `NaN` for `version`, expected a whole number from 1 to 40'],
    [1, 'X', 'Unexpected value `X` for `level`, expected one of `L`, `M`, `Q`, `H`'],
    [1, 'm', 'Unexpected value `m` for `level`, expected one of `L`, `M`, `Q`, `H`'],
  ])('should throw QrArgumentError for version %s level %s', (version, level, message) => {
    const call = (): number => byteCapacity(version, level as ErrorCorrectionLevel)
    expect(call).toThrow(QrArgumentError)
    expect(call).toThrow(message)
  })
})

describe('minimalVersion', () => {
  test.each(cells)(
    'should need version $version $level for exactly its byte and alphanumeric capacity',
    ({ version, level, byte, alphanumeric }) => {
      // Lower-case letters only go in byte mode, upper-case letters in alphanumeric mode.
      expect(minimalVersion('x'.repeat(byte[level]), level)).toBe(version)
      expect(minimalVersion('X'.repeat(alphanumeric[level]), level)).toBe(version)
      const next = version === 40 ? null : version + 1
      expect(minimalVersion('x'.repeat(byte[level] + 1), level)).toBe(next)
      expect(minimalVersion('X'.repeat(alphanumeric[level] + 1), level)).toBe(next)
    }
  )

  test('should need version 1 for the empty text', () => {
    expect(minimalVersion('', 'H')).toBe(1)
  })

  test('should count a lone surrogate as the three bytes of U+FFFD', () => {
    // Version 1-L holds 17 bytes: 14 ASCII + U+FFFD fit, 15 ASCII + U+FFFD do not.
    expect(minimalVersion(`${'x'.repeat(14)}\uD800`, 'L')).toBe(1)
    expect(minimalVersion(`${'x'.repeat(15)}\uDC00`, 'L')).toBe(2)
    expect(minimalVersion(`${'x'.repeat(14)}\uFFFD`, 'L')).toBe(1)
  })

  test('should save bits on upper-case and digit runs like QRCode.create', () => {
    // Versions of QRCode.create at level M.
    expect(minimalVersion('https://ex.co/a1', 'M')).toBe(2)
    expect(minimalVersion('https://example.com/p/8f3k2', 'M')).toBe(3)
    expect(minimalVersion('https://example.com/p/8f3k2', 'L')).toBe(2)
    expect(minimalVersion('HTTPS://EXAMPLE.COM/P/8F3K2', 'M')).toBe(2)
    expect(minimalVersion('https://example.com/P/8F3K2', 'M')).toBe(2)
  })

  test('should throw QrArgumentError for an unknown level', () => {
    expect(() => minimalVersion('x', 'medium' as ErrorCorrectionLevel)).toThrow(
      'Unexpected value `medium` for `level`, expected one of `L`, `M`, `Q`, `H`'
    )
  })
})

describe('maxVersionForArea', () => {
  /**
   * Module sizes (0.33 mm: 4 dots at 300 dpi; 0.396 mm: GS1's minimum) and quiet zones the
   * corners are checked with.
   */
  const grids = [
    { module: 0.4, quiet: 4 },
    { module: 0.33, quiet: 4 },
    { module: 0.396, quiet: 4 },
    { module: 0.25, quiet: 2 },
    { module: 0.5, quiet: 0 },
    { module: 0.17, quiet: 4 },
    { module: 0.35, quiet: 1 },
    { module: 0.42, quiet: 3 },
  ]
  const corners = grids.flatMap(({ module, quiet }) =>
    Array.from({ length: 40 }, (_, index) => {
      const version = index + 1
      return { version, module, quiet, modules: 4 * version + 17 + 2 * quiet }
    })
  )

  test.each(corners)(
    'should print version $version on exactly $modules modules of $module mm (quiet $quiet)',
    ({ version, module, quiet, modules }) => {
      // The size that lands exactly on the boundary, as a designer would type it.
      const size = Number((modules * module).toFixed(6))
      expect(maxVersionForArea(size, module, quiet)).toBe(version)
      // One module less, and a hair less, drop to the previous version.
      expect(maxVersionForArea(size - module, module, quiet)).toBe(version - 1)
      expect(maxVersionForArea(size * (1 - 1e-6), module, quiet)).toBe(version - 1)
      // Three more modules still do not make the next version (it needs four).
      expect(maxVersionForArea(size + 3 * module, module, quiet)).toBe(version)
    }
  )

  test('should not lose a module to binary decimals', () => {
    expect(6.93 / 0.33).toBeLessThan(21) // 20.999999999999996
    expect(maxVersionForArea(6.93, 0.33, 0)).toBe(1) // 21 modules: 17 + 4
    expect(11.6 / 0.4).toBeLessThan(29)
    expect(maxVersionForArea(11.6, 0.4, 4)).toBe(1) // 29 modules: 21 + 2 × 4
  })

  test.each([
    // V = ⌊(⌊N / X⌋ − 25) / 4⌋, quiet zone inside the area, for X = 0.25 / 0.33 / 0.396 / 0.5 mm
    [12, [5, 2, 1, 0]],
    [15, [8, 5, 3, 1]],
    [18, [11, 7, 5, 2]],
    [20, [13, 8, 6, 3]],
    [25, [18, 12, 9, 6]],
    [30, [23, 16, 12, 8]],
    [35, [28, 20, 15, 11]],
    [40, [33, 24, 19, 13]],
  ])('should match the fit formula for a %s mm area', (size, versions) => {
    expect([0.25, 0.33, 0.396, 0.5].map((module) => maxVersionForArea(size, module, 4))).toEqual(
      versions
    )
  })

  test.each([
    // V = ⌊(⌊N / X⌋ − 17) / 4⌋, quiet zone outside the area
    [12, [7, 4, 3, 1]],
    [15, [10, 7, 5, 3]],
    [20, [15, 10, 8, 5]],
    [25, [20, 14, 11, 8]],
    [30, [25, 18, 14, 10]],
  ])('should match the fit formula for a %s mm area without quiet zone', (size, versions) => {
    expect([0.25, 0.33, 0.396, 0.5].map((module) => maxVersionForArea(size, module, 0))).toEqual(
      versions
    )
  })

  test.each([
    // The byte capacity of that version (ISO/IEC 18004's capacity table), M / L
    [20, 0.4, 'M', 106],
    [20, 0.4, 'L', 134],
    [25, 0.33, 'M', 287],
    [30, 0.25, 'L', 1091],
    [40, 0.5, 'M', 331],
  ] as const)('should take %s mm / %s mm at %s up to %s characters', (size, module, level, max) => {
    expect(byteCapacity(maxVersionForArea(size, module, 4), level)).toBe(max)
  })

  test('should clamp to 0 for an area without room and to 40 for a huge one', () => {
    expect(maxVersionForArea(0, 0.4, 4)).toBe(0)
    expect(maxVersionForArea(5, 0.4, 4)).toBe(0)
    expect(maxVersionForArea(74, 0.4, 4)).toBe(40)
    expect(maxVersionForArea(1000, 0.4, 4)).toBe(40)
    expect(maxVersionForArea(Number.MAX_VALUE, Number.MIN_VALUE, 4)).toBe(40)
  })

  test.each([
    [
      -1,
      0.4,
      4,
      'Unexpected value `-1` for `sizeMm`, expected a non-negative number of millimetres',
    ],
    [
      Number.POSITIVE_INFINITY,
      0.4,
      4,
      'Unexpected value `Infinity` for `sizeMm`, expected a non-negative number of millimetres',
    ],
    [20, 0, 4, 'Unexpected value `0` for `minModuleMm`, expected a positive number of millimetres'],
    [
      20,
      Number.NaN,
      4,
      'Unexpected value `NaN` for `minModuleMm`, expected a positive number of millimetres',
    ],
    [
      20,
      0.4,
      -1,
      'Unexpected value `-1` for `quietZoneModules`, expected a non-negative whole number of modules',
    ],
    [
      20,
      0.4,
      1.5,
      'Unexpected value `1.5` for `quietZoneModules`, expected a non-negative whole number of modules',
    ],
  ])('should throw QrArgumentError for (%s, %s, %s)', (size, module, quiet, message) => {
    const call = (): number => maxVersionForArea(size, module, quiet)
    expect(call).toThrow(QrArgumentError)
    expect(call).toThrow(message)
  })
})

describe('minimumAreaMm', () => {
  test.each([
    [1, 0.4, 4, 12], // 29 modules × 0.4 = 11.6 mm
    [5, 0.4, 4, 18], // 45 × 0.4 = 18 mm exactly
    [7, 0.4, 4, 22], // 53 × 0.4 = 21.2 mm
    [40, 0.4, 4, 74], // 185 × 0.4 = 74 mm exactly
    [2, 0.33, 4, 11], // 33 × 0.33 = 10.89 mm
    [10, 0.5, 0, 29], // 57 × 0.5 = 28.5 mm
  ])(
    'should enlarge version %s with %s mm modules (quiet %s) to %s mm',
    (version, module, quiet, size) => {
      expect(minimumAreaMm(version, module, quiet)).toBe(size)
    }
  )

  test('should give the smallest whole millimetre that prints the version', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 17, max: 100 }).map((hundredths) => hundredths / 100),
        fc.integer({ min: 0, max: 8 }),
        (version, module, quiet) => {
          const size = minimumAreaMm(version, module, quiet)
          expect(maxVersionForArea(size, module, quiet)).toBeGreaterThanOrEqual(version)
          if (size > 1) expect(maxVersionForArea(size - 1, module, quiet)).toBeLessThan(version)
        }
      ),
      { seed: 20241105, numRuns: 2000 }
    )
  })

  test('should throw QrArgumentError for a version outside 1-40', () => {
    expect(() => minimumAreaMm(41, 0.4, 4)).toThrow(
      'Unexpected value `41` for `version`, expected a whole number from 1 to 40'
    )
  })
})
