/**
 * Test helper (Node only): an entry of `src/` bundled for the browser the way an app bundles
 * it, with Vite (rolldown) in library mode, minified, to measure what it costs a page.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build, type Rolldown } from 'vite'

/** The bundle of an entry. */
export interface BrowserBundle {
  /** Output files with their gzip size (zlib's default level, as servers send it). */
  readonly files: readonly { readonly name: string; readonly code: string; readonly gzip: number }[]
  /** The gzip bytes of every file together. */
  readonly gzip: number
  /** The gzip bytes of what a page loads at once: the entry chunk and its static imports. */
  readonly eagerGzip: number
  /** File names of the chunks a page loads at once (the entry and its static imports). */
  readonly eager: ReadonlySet<string>
  /** Packages and `src/` folders per chunk file name. */
  readonly chunkModules: ReadonlyMap<string, ReadonlySet<string>>
  /** Bytes before minifying per package (`node_modules` name) or `src/` folder. */
  readonly modules: ReadonlyMap<string, number>
  /** Names the entry exports. */
  readonly exported: readonly string[]
  /** Imports left outside the bundle (a Node built-in, a package left out). */
  readonly externals: readonly string[]
}

const src = fileURLToPath(new URL('../../src/', import.meta.url))

/**
 * Bundles an entry of `src/` for the browser in a temporary folder, removed afterwards.
 *
 * @param entry The entry's path below `src/`, e.g. `index.ts`, or an absolute path (a page of a
 *   test that imports entries the way an app does).
 * @returns The bundle.
 */
export async function bundleForBrowser(entry: string): Promise<BrowserBundle> {
  const folder = await mkdtemp(join(tmpdir(), 'preflight-bundle-'))
  // As `vite build` in a clean shell: vitest sets NODE_ENV=test, which would make Vite resolve
  // the `development` builds of dependencies (micromark's with `debug` and assertions).
  const nodeEnv = process.env['NODE_ENV']
  process.env['NODE_ENV'] = 'production'
  try {
    const output = (await build({
      configFile: false,
      root: folder,
      logLevel: 'silent',
      mode: 'production',
      build: {
        lib: {
          entry: entry.startsWith('/') ? entry : `${src}${entry}`,
          formats: ['es'],
          fileName: () => 'bundle.js',
        },
        // Library mode keeps whitespace for tree-shaking annotations; an app bundling the entry
        // minifies it completely, so that is what is measured.
        // As a page's application build does (Vite's app mode keeps no entry signature): code the
        // page shares with a lazily loaded chunk (the WOFF2 decoder, the PDF proof) stays in the
        // page's chunk, which the lazy chunk imports, instead of a third chunk split off both.
        rolldownOptions: { preserveEntrySignatures: 'allow-extension', output: { minify: true } },
        outDir: join(folder, 'out'),
        emptyOutDir: true,
        minify: true,
        copyPublicDir: false,
        reportCompressedSize: false,
      },
    }).finally(() => {
      process.env['NODE_ENV'] = nodeEnv
    })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[]
    const modules = new Map<string, number>()
    const exported: string[] = []
    const externals: string[] = []
    const eager = new Set<string>()
    const chunkModules = new Map<string, Set<string>>()
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
        // browser has to find.
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
    // A set grows while it is iterated: the static imports of static imports are loaded too.
    for (const name of eager)
      for (const imported of staticImports.get(name) ?? []) eager.add(imported)
    const out = join(folder, 'out')
    const files = await Promise.all(
      (await readdir(out))
        .filter((name) => /\.m?js$/.test(name))
        .map(async (name) => {
          const code = await readFile(join(out, name), 'utf8')
          return { name, code, gzip: gzipSync(code).byteLength }
        })
    )
    const gzip = files.reduce((sum, file) => sum + file.gzip, 0)
    const eagerGzip = files
      .filter((file) => eager.has(file.name))
      .reduce((sum, file) => sum + file.gzip, 0)
    return { files, gzip, eagerGzip, eager, chunkModules, modules, exported, externals }
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

/**
 * The largest inputs of a bundle, for a failure message.
 *
 * @param bundle The bundle.
 * @returns E.g. `micromark 61 kB, src/text/ 40 kB`.
 */
export function largestInputs(bundle: BrowserBundle): string {
  return [...bundle.modules]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([name, bytes]) => `${name} ${(bytes / 1000).toFixed(1)} kB`)
    .join(', ')
}
