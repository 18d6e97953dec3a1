import { defineConfig } from 'vitest/config'
import { playwright } from '@vitest/browser-playwright'

/** Debian Chromium; `npx playwright install` cannot work on our machines (DEVELOPERS.md). */
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

export default defineConfig({
  root: '.',
  build: {
    outDir: 'dist-demo',
    emptyOutDir: true,
    rollupOptions: { input: 'demo/index.html' },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/browser/**'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          // Every core test runs in a real browser too; Node-only tests live in test/node/.
          include: ['test/**/*.test.ts'],
          exclude: ['test/node/**'],
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
    ],
  },
})
