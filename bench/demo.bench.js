// The demo page in headless Chromium (issue 7). Budgets:
// - keystroke to updated preview ≤ 16 ms median for a typical postcard, measured in the page
//   (the `preflight:update` User Timing measure around the update path: check, measure, draw,
//   DOM), one keystroke at a time so the debounce never merges two;
// - first load ≤ 1.5 MB transferred without emoji artwork;
// - the core's browser bundle ≤ 120 kB gzipped (also checked in CI, test/node/bundle-size.test.ts).
// Imports the BUILT server (`npx tsc -p tsconfig.build.json`; `npm run bench` does) and builds the
// demo page with Vite when `dist-demo/` is missing or older than its sources.
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { build } from 'vite'
import { startSandboxServer } from '../dist/node/serve.js'

const repository = fileURLToPath(new URL('../', import.meta.url))
const distDemo = join(repository, 'dist-demo')

const BUDGET_KEYSTROKE_MS = 16
const BUDGET_FIRST_LOAD_BYTES = 1_500_000
const BUDGET_CORE_GZIP_BYTES = 120_000
const KEYSTROKES = 120
const FIRST_LOADS = 5

const chromiumOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
}

async function newest(path) {
  const info = await stat(path).catch(() => undefined)
  if (!info) return 0
  if (!info.isDirectory()) return info.mtimeMs
  const times = await Promise.all((await readdir(path)).map((name) => newest(join(path, name))))
  return Math.max(info.mtimeMs, ...times)
}

/** Builds dist-demo/ as `vite build` does, unless it is newer than its sources. */
async function ensureDemoBuilt() {
  const built = await newest(join(distDemo, 'index.html'))
  const sources = ['demo', 'src', 'fonts', 'designs', 'config', 'vite.config.ts']
  const latest = Math.max(
    ...(await Promise.all(sources.map((name) => newest(join(repository, name)))))
  )
  if (built > latest) return
  process.env.NODE_ENV ??= 'production'
  await build({
    configFile: join(repository, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'warn',
  })
}

/** The public entry bundled for the browser, minified, gzipped (as test/node/bundle-size.test.ts). */
async function coreBundleGzip() {
  const folder = await mkdtemp(join(tmpdir(), 'preflight-bench-'))
  try {
    const entry = join(repository, 'src', 'index.ts')
    const output = await build({
      configFile: false,
      root: folder,
      logLevel: 'silent',
      mode: 'production',
      build: {
        lib: { entry, formats: ['es'], fileName: () => 'core.js' },
        // As test/helpers/browser-bundle.ts: an application build keeps no entry signature.
        rolldownOptions: { preserveEntrySignatures: 'allow-extension', output: { minify: true } },
        outDir: join(folder, 'out'),
        write: false,
        reportCompressedSize: false,
      },
    })
    // What a page loads at once: the entry chunk and what it imports statically; the WOFF2
    // decoder is a chunk loaded only for a WOFF2 face (counted apart, as the CI test does).
    const chunks = new Map()
    for (const result of Array.isArray(output) ? output : [output]) {
      for (const chunk of result.output)
        if (chunk.type === 'chunk') chunks.set(chunk.fileName, chunk)
    }
    const eager = new Set(
      [...chunks.values()].filter((chunk) => chunk.isEntry).map((c) => c.fileName)
    )
    for (const name of eager)
      for (const imported of chunks.get(name)?.imports ?? []) eager.add(imported)
    let bytes = 0
    let gzip = 0
    let lazyGzip = 0
    for (const chunk of chunks.values()) {
      const size = gzipSync(chunk.code).byteLength
      if (!eager.has(chunk.fileName)) {
        lazyGzip += size
        continue
      }
      bytes += Buffer.byteLength(chunk.code)
      gzip += size
    }
    return { bytes, gzip, lazyGzip }
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const p99 = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]
}
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`

/** Opens the page in a fresh context (empty cache) and adds up what crossed the wire. */
async function firstLoad(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  const urls = new Map()
  const transferred = new Map()
  cdp.on('Network.responseReceived', (event) => urls.set(event.requestId, event.response.url))
  cdp.on('Network.loadingFinished', (event) =>
    transferred.set(event.requestId, event.encodedDataLength)
  )
  const started = performance.now()
  await page.goto(url)
  await page.waitForSelector('#app[data-state="ready"]:not([data-pending])')
  const elapsed = performance.now() - started
  let bytes = 0
  let gzip = 0
  const files = []
  for (const [id, size] of transferred) {
    const address = urls.get(id) ?? ''
    // data: URIs (the favicon, images inside designs) never cross the network.
    if (!address.startsWith(url)) continue
    const path = new URL(address).pathname
    if (path.startsWith('/emoji/')) continue
    bytes += size
    // What the same file would weigh gzipped, for a server that compresses.
    const file = join(distDemo, path === '/' ? 'index.html' : path)
    gzip += gzipSync(await readFile(file)).byteLength
    files.push(path)
  }
  await context.close()
  return { elapsed, bytes, gzip, files }
}

/** Types into a field one key at a time, waiting for each update; returns the update times. */
async function keystrokes(page, label, count) {
  const field = page.getByLabel(label, { exact: true })
  await field.focus()
  await field.press('End')
  await page.evaluate(() => performance.clearMeasures('preflight:update'))
  const text = 'and the quick brown fox jumps over the lazy dog '
  for (let index = 0; index < count; index++) {
    await page.keyboard.type(text[index % text.length])
    await page.waitForFunction(
      (n) => performance.getEntriesByName('preflight:update').length > n,
      index
    )
  }
  return page.evaluate(() =>
    performance.getEntriesByName('preflight:update').map((entry) => entry.duration)
  )
}

export async function run() {
  await ensureDemoBuilt()
  const sandbox = await startSandboxServer({ port: 0, demo: distDemo })
  const browser = await chromium.launch(chromiumOptions)
  const results = []
  try {
    const loads = []
    for (let index = 0; index < FIRST_LOADS; index++)
      loads.push(await firstLoad(browser, sandbox.url))
    const load = loads[0]
    results.push({
      name: 'demo: first load to checked card (A6, empty cache)',
      median_us: median(loads.map((entry) => entry.elapsed)) * 1000,
      p99_us: p99(loads.map((entry) => entry.elapsed)) * 1000,
      note: `${kB(load.bytes)} transferred uncompressed (budget ${kB(BUDGET_FIRST_LOAD_BYTES)}), ${kB(load.gzip)} if gzipped; ${load.files.length} files, no emoji artwork`,
    })

    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } })
    await page.goto(sandbox.url)
    await page.waitForSelector('#app[data-state="ready"]:not([data-pending])')
    const typical = await keystrokes(page, 'Message', KEYSTROKES)
    results.push({
      name: 'demo: keystroke → updated preview (A6, text fits)',
      median_us: median(typical) * 1000,
      p99_us: p99(typical) * 1000,
      note: `${typical.length} keystrokes, in-page performance.now(); budget ${BUDGET_KEYSTROKE_MS} ms median`,
    })

    await page
      .getByLabel('Message', { exact: true })
      .fill(`Spring is here.\n\n${'Every bouquet comes with a card written by hand. '.repeat(12)}`)
    await page.waitForSelector('#app:not([data-pending])')
    const overflowing = await keystrokes(page, 'Message', KEYSTROKES / 2)
    results.push({
      name: 'demo: keystroke → updated preview (A6, text overflows)',
      median_us: median(overflowing) * 1000,
      p99_us: p99(overflowing) * 1000,
      note: 'the Message text is about 60 mm longer than its area',
    })

    await page.locator('#design').selectOption('designs/a5-ten-areas.json')
    await page.waitForSelector('#app[data-state="ready"]:not([data-pending])')
    const tenAreas = await keystrokes(page, 'Monday', KEYSTROKES / 2)
    results.push({
      name: 'demo: keystroke → updated preview (A5, 10 Markdown areas)',
      median_us: median(tenAreas) * 1000,
      p99_us: p99(tenAreas) * 1000,
    })
  } finally {
    await browser.close()
    await sandbox.close()
  }
  const core = await coreBundleGzip()
  results.push({
    name: 'core browser bundle (src/index.ts)',
    median_us: null,
    note: `${kB(core.gzip)} gzipped loaded at once (budget ${kB(BUDGET_CORE_GZIP_BYTES)}), ${kB(core.bytes)} minified; ${kB(core.lazyGzip)} gzipped loaded only when asked (the WOFF2 decoder); fonts and emoji artwork not included`,
  })
  return results
}
