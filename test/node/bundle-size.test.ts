/**
 * The size budget of the core in the browser (issue 7): the public entry `src/index.ts`, bundled
 * for the browser with Vite (rolldown) in library mode, minified, at most 120 kB gzipped, without
 * fonts and emoji artwork (they are data the host loads, never bundled). What a page loads at
 * once is the entry chunk and the chunks it imports statically; the WOFF2 decoder (Brotli and its
 * dictionary) is a chunk `loadFontRegistry` imports only when a face is WOFF2 (issue 17), with a
 * budget of its own, and so is the PDF proof (`postcard-preflight/proof`, issue 14), which a page
 * imports only when a person asks for a proof (test/fixtures/bundle/proof-page.ts, as the demo).
 */
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { bundleForBrowser, largestInputs, type BrowserBundle } from '../helpers/browser-bundle.ts'

/** The budget: 120 kB (120 000 bytes) of gzip at zlib's default level, as servers send it. */
const BUDGET_BYTES = 120_000
/** The budget of the lazily loaded WOFF2 decoder chunk. */
const WOFF2_BUDGET_BYTES = 70_000
/** The budget of the lazily loaded proof chunk (issue 14). */
const PROOF_BUDGET_BYTES = 60_000

/** Functions a browser host needs: the public entry must keep exporting them. */
const HOST_FUNCTIONS = ['parseDesign', 'createFontRegistry', 'validatePostcard', 'renderPreview']

let bundle: BrowserBundle
let proofPage: BrowserBundle

beforeAll(async () => {
  bundle = await bundleForBrowser('index.ts')
  proofPage = await bundleForBrowser(
    fileURLToPath(new URL('../fixtures/bundle/proof-page.ts', import.meta.url))
  )
}, 120_000)

describe('the browser bundle of the core', () => {
  it('should stay within 120 kB gzipped, counting what a page loads at once', () => {
    expect(bundle.files.map((file) => file.name)).toContain('bundle.js')
    expect(
      bundle.eagerGzip,
      `${(bundle.eagerGzip / 1000).toFixed(1)} kB gzipped; largest inputs before minifying: ${largestInputs(bundle)}`
    ).toBeLessThanOrEqual(BUDGET_BYTES)
  })

  it('should load the WOFF2 decoder only when asked, within its own budget', () => {
    const lazy = bundle.files.filter((file) => !bundle.eager.has(file.name))
    const decoder = lazy.filter((file) => bundle.chunkModules.get(file.name)?.has('brotli'))
    expect(decoder.map((file) => file.name)).toHaveLength(1)
    for (const name of bundle.eager)
      expect(bundle.chunkModules.get(name)?.has('brotli')).toBe(false)
    const size = decoder.reduce((sum, file) => sum + file.gzip, 0)
    expect(size, `${(size / 1000).toFixed(1)} kB gzipped`).toBeLessThanOrEqual(WOFF2_BUDGET_BYTES)
  })

  it('should load the PDF proof only when asked, within its own budget', () => {
    const lazy = proofPage.files.filter((file) => !proofPage.eager.has(file.name))
    const proof = lazy.filter((file) => proofPage.chunkModules.get(file.name)?.has('src/proof/'))
    expect(proof.map((file) => file.name)).toHaveLength(1)
    for (const name of proofPage.eager) {
      expect(proofPage.chunkModules.get(name)?.has('src/proof/')).toBe(false)
    }
    const size = proof.reduce((sum, file) => sum + file.gzip, 0)
    expect(size, `${(size / 1000).toFixed(1)} kB gzipped`).toBeLessThanOrEqual(PROOF_BUDGET_BYTES)
    // What the page loads at once stays within the core's budget.
    expect(proofPage.eagerGzip).toBeLessThanOrEqual(BUDGET_BYTES)
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
