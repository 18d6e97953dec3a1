/**
 * The size budget of the core in the browser (issue 7): the public entry `src/index.ts`, bundled
 * for the browser with Vite (rolldown) in library mode, minified, at most 120 kB gzipped, without
 * fonts and emoji artwork (they are data the host loads, never bundled). What a page loads at
 * once is the entry chunk and the chunks it imports statically; the WOFF2 decoder (Brotli and its
 * dictionary) is a chunk `loadFontRegistry` imports only when a face is WOFF2 (issue 17), with a
 * budget of its own.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build, type Rolldown } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/** The budget: 120 kB (120 000 bytes) of gzip at zlib's default level, as servers send it. */
const BUDGET_BYTES = 120_000
/** The lazily loaded WOFF2 decoder: Brotli's 120 kB dictionary is most of it. */
const WOFF2_BUDGET_BYTES = 70_000

/** Functions a browser host needs: the public entry must keep exporting them. */
const HOST_FUNCTIONS = ['parseDesign', 'createFontRegistry', 'validatePostcard', 'renderPreview']

const src = fileURLToPath(new URL('../../src/', import.meta.url))
let folder: string
let files: { name: string; code: string; gzip: number }[]
/** Chunk file names a page loads with the entry (the entry and its static imports). */
let eager: Set<string>
/** Module ids (package or src folder) per chunk file name. */
let chunkModules: Map<string, Set<string>>
let modules: Map<string, number>
let exported: string[]
let externals: string[]

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'preflight-bundle-'))
  const entry = `${src}index.ts`
  // As `vite build` in a clean shell: vitest sets NODE_ENV=test, which would make Vite resolve
  // the `development` builds of dependencies (micromark's with `debug` and assertions).
  const nodeEnv = process.env['NODE_ENV']
  process.env['NODE_ENV'] = 'production'
  const output = (await build({
    configFile: false,
    root: folder,
    logLevel: 'silent',
    mode: 'production',
    build: {
      lib: { entry, formats: ['es'], fileName: () => 'core.js' },
      // Library mode keeps whitespace for tree-shaking annotations; an app bundling the core
      // minifies it completely, so that is what is measured.
      rolldownOptions: { output: { minify: true } },
      outDir: join(folder, 'out'),
      emptyOutDir: true,
      minify: true,
      copyPublicDir: false,
      reportCompressedSize: false,
    },
  }).finally(() => {
    process.env['NODE_ENV'] = nodeEnv
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[]
  modules = new Map()
  exported = []
  externals = []
  eager = new Set()
  chunkModules = new Map()
  const staticImports = new Map<string, readonly string[]>()
  for (const result of Array.isArray(output) ? output : [output]) {
    for (const chunk of result.output) {
      if (chunk.type !== 'chunk') continue
      staticImports.set(chunk.fileName, chunk.imports)
      if (chunk.isEntry) {
        exported.push(...chunk.exports)
        eager.add(chunk.fileName)
      }
      // Bundled files import each other by file name; anything else would be a module the
      // browser has to find (a Node built-in, a package left out).
      const own = new Set(result.output.map((item) => item.fileName))
      externals.push(...[...chunk.imports, ...chunk.dynamicImports].filter((id) => !own.has(id)))
      const names = new Set<string>()
      for (const [id, module] of Object.entries(chunk.modules)) {
        const name =
          /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id)?.[1] ??
          id.replace(src, 'src/').replace(/\/[^/]+$/, '/')
        names.add(name)
        modules.set(name, (modules.get(name) ?? 0) + module.renderedLength)
      }
      chunkModules.set(chunk.fileName, names)
    }
  }
  for (const name of eager)
    for (const imported of staticImports.get(name) ?? []) eager.add(imported)
  const out = join(folder, 'out')
  files = await Promise.all(
    (await readdir(out))
      .filter((name) => /\.m?js$/.test(name))
      .map(async (name) => {
        const code = await readFile(join(out, name), 'utf8')
        return { name, code, gzip: gzipSync(code).byteLength }
      })
  )
}, 60_000)

afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true })
})

describe('the browser bundle of the core', () => {
  it('should stay within 120 kB gzipped, counting what a page loads at once', () => {
    expect(files.map((file) => file.name)).toContain('core.js')
    const total = files
      .filter((file) => eager.has(file.name))
      .reduce((sum, file) => sum + file.gzip, 0)
    const largest = [...modules]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([name, bytes]) => `${name} ${(bytes / 1000).toFixed(0)} kB`)
      .join(', ')
    expect(
      total,
      `${(total / 1000).toFixed(1)} kB gzipped; largest inputs before minifying: ${largest}`
    ).toBeLessThanOrEqual(BUDGET_BYTES)
  })

  it('should load the WOFF2 decoder only when asked, within its own budget', () => {
    const lazy = files.filter((file) => !eager.has(file.name))
    const decoder = lazy.filter((file) => chunkModules.get(file.name)?.has('brotli'))
    expect(decoder.map((file) => file.name)).toHaveLength(1)
    for (const name of eager) expect(chunkModules.get(name)?.has('brotli')).toBe(false)
    const size = decoder.reduce((sum, file) => sum + file.gzip, 0)
    expect(size, `${(size / 1000).toFixed(1)} kB gzipped`).toBeLessThanOrEqual(WOFF2_BUDGET_BYTES)
  })

  it('should need nothing but the browser: no external import, no process.env', () => {
    expect(externals).toEqual([])
    for (const file of files) {
      // `process.env` (not `….process.env`): a Node global the browser lacks (satori's check).
      expect(file.code.match(/(?<![\w.$])process\.env\b/g) ?? []).toEqual([])
    }
  })

  it('should export what a browser host calls', () => {
    // Checked on the build output: the browser bundle itself cannot run in Node (dependencies
    // pick their DOM variants, e.g. decode-named-character-reference reads `document`).
    for (const name of HOST_FUNCTIONS) expect(exported).toContain(name)
  })
})
