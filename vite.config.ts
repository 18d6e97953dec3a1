import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { playwright } from '@vitest/browser-playwright'

/** Debian Chromium (`apt-get install chromium`): the tests never download a browser. */
const chromiumPath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium'

/** Launch flags that work in this sandbox: no network beyond loopback, no GPU, root. */
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/** The demo page's folder: the root of `vite` (dev) and `vite build`. */
const demoRoot = fileURLToPath(new URL('./demo/', import.meta.url))

/** The reference server the dev server forwards to (`npm start` listens there). */
const sandboxUrl = process.env['PREFLIGHT_SANDBOX_URL'] ?? 'http://localhost:8787'

export default defineConfig({
  // The demo lives in demo/, so `vite` serves it at `/` and `vite build` writes
  // dist-demo/index.html, where the Node server looks for it. Vitest runs from the repository
  // root (its include patterns are relative to it).
  root: process.env['VITEST'] === undefined ? demoRoot : '.',
  build: {
    // Absolute, so the output lands in the same place whatever the root.
    outDir: fileURLToPath(new URL('./dist-demo/', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: { input: fileURLToPath(new URL('./demo/index.html', import.meta.url)) },
    // Fonts are fetched only when a design needs them: never inline them into the bundle.
    assetsInlineLimit: (file) => (/\.(?:ttf|otf)$/i.test(file) ? false : undefined),
    // The budgets are measured by test/node/bundle-size.test.ts and bench/demo.bench.js.
    reportCompressedSize: false,
    chunkSizeWarningLimit: 1024,
  },
  server: {
    // `npm run dev`: the page from Vite, the API and the emoji artwork from the sandbox server.
    // Keys are path prefixes: the trailing slash keeps `/emoji-artwork-source.ts` of the page
    // itself out of `/emoji/`.
    proxy: {
      '/api/': sandboxUrl,
      '/emoji/': sandboxUrl,
      '/openapi.json': sandboxUrl,
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/browser/**', 'test/readme/**', 'test/node/soak.test.ts'],
          testTimeout: 30_000,
          // Tests leave the tree clean: a run that changed it fails (test/setup/clean-tree.ts).
          globalSetup: ['test/setup/clean-tree.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          // Every core test runs in a real browser too; Node-only tests live in test/node/.
          include: ['test/**/*.test.ts'],
          exclude: ['test/node/**', 'test/readme/**'],
          testTimeout: 60_000,
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            instances: [{ browser: 'chromium' }],
            provider: playwright({
              launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
            }),
          },
        },
      },
      {
        extends: true,
        test: {
          // README.md run as written (test/readme/readme.test.ts). Its commands rebuild dist/
          // and dist-demo/, which other tests read: it runs alone, after the other projects.
          name: 'readme',
          include: ['test/readme/**/*.test.ts'],
          testTimeout: 900_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          globalSetup: ['test/setup/clean-tree.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The soak (test/node/soak.test.ts) asserts what 50 clients achieve in 12 s: full
          // rate-limit minutes, more ids than the store's bound. Its server needs the CPU that the
          // other projects' files would take in parallel, so it runs alone, last.
          name: 'soak',
          include: ['test/node/soak.test.ts'],
          testTimeout: 30_000,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
          globalSetup: ['test/setup/clean-tree.ts'],
        },
      },
    ],
  },
})
