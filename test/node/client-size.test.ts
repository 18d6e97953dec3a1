/**
 * The size budget of the client (issue 12): `src/client/index.ts` bundled for the browser as
 * the core's budget test bundles the core (Vite library mode, minified), at most 5 kB gzipped,
 * with no dependency and nothing of the core but types.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { bundleForBrowser, largestInputs, type BrowserBundle } from '../helpers/browser-bundle.ts'

/** The budget: 5 kB (5 000 bytes) of gzip at zlib's default level. */
const BUDGET_BYTES = 5_000

let bundle: BrowserBundle

beforeAll(async () => {
  bundle = await bundleForBrowser('client/index.ts')
}, 60_000)

describe('the browser bundle of the client', () => {
  it('should stay within 5 kB gzipped', () => {
    expect(
      bundle.gzip,
      `${bundle.gzip} bytes gzipped; inputs before minifying: ${largestInputs(bundle)}`
    ).toBeLessThanOrEqual(BUDGET_BYTES)
  })

  it('should bundle no package and, of the core, only the UUID helper', () => {
    expect(bundle.externals).toEqual([])
    expect([...bundle.modules.keys()].sort()).toEqual(['src/client/', 'src/server/'])
    for (const file of bundle.files) {
      expect(file.code.match(/(?<![\w.$])process\.env\b/g) ?? []).toEqual([])
    }
  })

  it('should export the client', () => {
    expect(bundle.exported).toContain('createClient')
  })
})
