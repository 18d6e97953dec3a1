/**
 * The install README.md describes until the package is published: `npm pack` in the checkout,
 * then `npm install <tarball>` in a project. Done here in a temporary project, the tarball must
 * hold what the package's `exports` and `bin` name, install with its dependencies, and work as
 * a user uses it: imported by name from JavaScript and TypeScript, and run as `npx preflight`.
 */
import { execFile } from 'node:child_process'
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import manifest from '../../package.json' with { type: 'json' }
import { ensureBuilt, root } from '../helpers/built-package.ts'

const exec = promisify(execFile)

/** npm's environment without the test runner's variables, and without network chatter. */
const env: NodeJS.ProcessEnv = {
  ...Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^VITEST|^TEST$|^NODE_ENV$/.test(name))
  ),
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
}

let folder = ''
let project = ''
let packed: { filename: string; files: { path: string }[] }

beforeAll(async () => {
  await ensureBuilt()
  folder = await mkdtemp(join(tmpdir(), 'preflight-pack-'))
  // dist/ is built already: the prepare script (the build) need not run again.
  const { stdout } = await exec(
    'npm',
    ['pack', '--ignore-scripts', '--json', '--pack-destination', folder],
    { cwd: root, env }
  )
  ;[packed] = JSON.parse(stdout) as [typeof packed]
  project = join(folder, 'my-app')
  await exec('mkdir', [project])
  await writeFile(
    join(project, 'package.json'),
    JSON.stringify({ name: 'my-app', private: true, type: 'module' })
  )
  // From npm's cache when it holds the dependencies (CI ran npm ci just before), else the registry.
  await exec(
    'npm',
    ['install', '--prefer-offline', '--no-package-lock', join(folder, packed.filename)],
    { cwd: project, env }
  )
  await copyFile(join(root, 'examples/payload.json'), join(project, 'payload.json'))
}, 300_000)

afterAll(async () => {
  await rm(folder, { recursive: true, force: true })
})

describe('the packed tarball', () => {
  test('should hold every file its exports and bin name, and no sources or tests', () => {
    const files = new Set(packed.files.map((file) => file.path))
    const targets = [
      ...Object.values(manifest.exports).flatMap((target) =>
        typeof target === 'string' ? [target] : Object.values(target)
      ),
      ...Object.values(manifest.bin),
    ].map((target) => target.replace(/^\.\//, ''))
    for (const target of targets) {
      if (target.endsWith('/*')) {
        const prefix = target.slice(0, -1)
        expect(
          [...files].some((file) => file.startsWith(prefix)),
          target
        ).toBe(true)
      } else expect(files, target).toContain(target)
    }
    expect([...files].filter((file) => /^(?:src|test|bench|demo)\//.test(file))).toEqual([])
  })

  test('should be imported by name, every entry point, and judge a postcard', async () => {
    await writeFile(
      join(project, 'use.js'),
      `import { readFile } from 'node:fs/promises'
import { createFontRegistry, validatePostcard, renderPreview } from 'postcard-preflight'
import { createApiHandler, memoryStore } from 'postcard-preflight/server'
import { loadFontSources, loadDesign } from 'postcard-preflight/node'
import schema from 'postcard-preflight/design.schema.json' with { type: 'json' }

const fonts = createFontRegistry(await loadFontSources())
const design = await loadDesign('node_modules/postcard-preflight/designs/a6-greeting.json', { families: fonts.families })
const body = JSON.parse(await readFile('payload.json', 'utf8'))
const verdict = validatePostcard(body, design, { fonts })
const { front } = renderPreview(body, design, { fonts })
console.log(JSON.stringify({
  ok: verdict.ok,
  svg: front.startsWith('<svg'),
  handler: typeof createApiHandler,
  store: typeof memoryStore,
  schema: schema.title,
}))
`
    )
    const { stdout } = await exec(process.execPath, ['use.js'], { cwd: project, env })
    expect(JSON.parse(stdout)).toEqual({
      ok: true,
      svg: true,
      handler: 'function',
      store: 'function',
      schema: 'postcard-preflight design',
    })
  })

  test('should type-check as a TypeScript user imports it', async () => {
    await writeFile(
      join(project, 'use.ts'),
      `import { createFontRegistry, validatePostcard, type Verdict } from 'postcard-preflight'
import { loadFontSources } from 'postcard-preflight/node'
import type { ApiHandler } from 'postcard-preflight/server'

const fonts = createFontRegistry(await loadFontSources())
const verdict: Verdict = validatePostcard({}, undefined as never, { fonts })
export const handler: ApiHandler | undefined = verdict.ok ? undefined : undefined
`
    )
    await writeFile(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: ['node'],
          typeRoots: [join(root, 'node_modules/@types')],
        },
        files: ['use.ts'],
      })
    )
    const tsc = join(root, 'node_modules/typescript/bin/tsc')
    const result = await exec(process.execPath, [tsc, '-p', 'tsconfig.json'], {
      cwd: project,
      env,
    }).catch((error: { stdout: string }) => ({ stdout: error.stdout }))
    expect(result.stdout).toBe('')
  })

  test('should run as npx preflight', async () => {
    const { stdout } = await exec(
      'npx',
      [
        'preflight',
        'validate',
        '--design',
        'node_modules/postcard-preflight/designs/a6-greeting.json',
        'payload.json',
      ],
      { cwd: project, env }
    )
    expect(JSON.parse(stdout)).toEqual({ ok: true, warnings: [] })
    expect(await readFile(join(project, 'package.json'), 'utf8')).toContain('postcard-preflight')
  })
})
