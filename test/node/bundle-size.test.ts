/**
 * The size budget of the core in the browser (issue 7): the public entry `src/index.ts`, bundled
 * for the browser with Vite (rolldown) in library mode, minified, at most 120 kB gzipped, without
 * fonts and emoji artwork (they are data the host loads, never bundled).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { bundleForBrowser, largestInputs, type BrowserBundle } from '../helpers/browser-bundle.ts'

/** The budget: 120 kB (120 000 bytes) of gzip at zlib's default level, as servers send it. */
const BUDGET_BYTES = 120_000

/** Functions a browser host needs: the public entry must keep exporting them. */
const HOST_FUNCTIONS = ['parseDesign', 'createFontRegistry', 'validatePostcard', 'renderPreview']

let bundle: BrowserBundle

beforeAll(async () => {
  bundle = await bundleForBrowser('index.ts')
}, 60_000)

describe('the browser bundle of the core', () => {
  it('should stay within 120 kB gzipped', () => {
    expect(bundle.files.map((file) => file.name)).toContain('bundle.js')
    expect(
      bundle.gzip,
      `${(bundle.gzip / 1000).toFixed(1)} kB gzipped; largest inputs before minifying: ${largestInputs(bundle)}`
    ).toBeLessThanOrEqual(BUDGET_BYTES)
  })

  it('should need nothing but the browser: no external import, no process.env', () => {
    expect(bundle.externals).toEqual([])
    for (const file of bundle.files) {
      // `process.env` (not `….process.env`): a Node global the browser lacks (satori's check).
      expect(file.code.match(/(?<![\w.$])process\.env\b/g) ?? []).toEqual([])
    }
  })

  it('should export what a browser host calls', () => {
    // Checked on the build output: the browser bundle itself cannot run in Node (dependencies
    // pick their DOM variants, e.g. decode-named-character-reference reads `document`).
    for (const name of HOST_FUNCTIONS) expect(bundle.exported).toContain(name)
  })
})
