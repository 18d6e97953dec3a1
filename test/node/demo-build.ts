/**
 * Node-only helpers of the demo tests: the built demo page (built with Vite's API when missing
 * or older than its sources) and the Chromium the tests drive.
 */
import { readdir, stat } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'

/** The repository root. */
export const repository = fileURLToPath(new URL('../../', import.meta.url))

/** Where `vite build` writes the demo, and where the Node server serves it from. */
export const distDemo = fileURLToPath(new URL('../../dist-demo/', import.meta.url))

/** The inputs of the demo build: a newer file makes `dist-demo/` stale. */
const SOURCES = ['demo', 'src', 'fonts', 'designs', 'config', 'vite.config.ts', 'package.json']

async function newestMtime(path: string): Promise<number> {
  const info = await stat(path).catch(() => undefined)
  if (!info) return 0
  if (!info.isDirectory()) return info.mtimeMs
  let newest = info.mtimeMs
  for (const entry of await readdir(path)) {
    newest = Math.max(newest, await newestMtime(`${path}/${entry}`))
  }
  return newest
}

/**
 * Builds the demo page into `dist-demo/` unless it is newer than all of its sources.
 *
 * @returns Whether a build ran.
 */
export async function ensureDemoBuilt(): Promise<boolean> {
  const built = await stat(`${distDemo}index.html`).then(
    (info) => info.mtimeMs,
    () => 0
  )
  const sources = Math.max(
    ...(await Promise.all(SOURCES.map((name) => newestMtime(repository + name))))
  )
  if (built > sources) return false
  // As `vite build` in a clean shell: vitest sets NODE_ENV=test, which would make Vite resolve
  // the `development` builds of dependencies (micromark's with `debug` and assertions).
  const nodeEnv = process.env['NODE_ENV']
  process.env['NODE_ENV'] = 'production'
  try {
    await build({
      configFile: `${repository}vite.config.ts`,
      // vite.config.ts roots Vite at demo/ except under vitest, which is where this runs.
      root: `${repository}demo`,
      mode: 'production',
      logLevel: 'warn',
    })
  } finally {
    process.env['NODE_ENV'] = nodeEnv
  }
  return true
}

/** Chromium of the machine (Debian package), with the flags that work in this sandbox. */
export const chromiumOptions = {
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
}
