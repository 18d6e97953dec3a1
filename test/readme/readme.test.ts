/**
 * Every command and code block of README.md runs as written, so the README cannot drift from
 * the code. The README is read when the test runs: a block added tomorrow is run tomorrow.
 *
 * - `sh` blocks: each line runs with `sh -c` from the repository root, as a newcomer types it,
 *   in the environment of a plain shell (vitest's own variables removed). It must exit 0 within
 *   its time limit, or 1 when the `json` block after it shows a refused verdict; that `json`
 *   block must equal what the last command prints. A command that starts a server (it prints
 *   `listening on http://…`) is asked for its OpenAPI document and stopped, with all its
 *   children; `PORT` points it at a free port, so a run never collides with a sandbox already
 *   running on 8787.
 * - `ts`/`js` blocks: the types are stripped (TypeScript's `transpileModule`) and the program
 *   runs with Node from the repository root, importing `postcard-preflight` by name through a
 *   temporary folder whose `node_modules` links the repository: the package's `exports` and
 *   built `dist/`, as a user imports them.
 * - `json` blocks parse; `text` blocks are shown as they are.
 * Blocks marked `<!-- readme-test: skip … -->` are not run; the markers are few and each says
 * why (see readme-blocks.ts).
 *
 * This file runs in its own vitest project (`readme`) after the others: its commands rebuild
 * `dist/` and `dist-demo/`, which other tests read.
 */
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ensureBuilt, root } from '../helpers/built-package.ts'
import { SCRIPT, SHELL, commandsOf, readBlocks, type Block } from './readme-blocks.ts'

const readme = readFileSync(join(root, 'README.md'), 'utf8')
const blocks = readBlocks(readme)

/** Time a command may take: installing and building (npm install, npm start) takes a while. */
const COMMAND_TIMEOUT_MS = 300_000
/** Time a program block may take. */
const SCRIPT_TIMEOUT_MS = 60_000

/** The environment of a plain shell: the test runner's own variables would change what runs. */
function shellEnvironment(port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [name, value] of Object.entries(process.env)) {
    if (/^VITEST|^TEST$|^NODE_ENV$|^NODE_OPTIONS$/.test(name)) continue
    env[name] = value
  }
  return {
    ...env,
    PORT: String(port),
    NO_COLOR: '1',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  }
}

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  if (address === null || typeof address === 'string') throw new Error('no port')
  return address.port
}

interface Ran {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
  /** The URL a server said it listens on, when the command started one (it was stopped). */
  readonly served: string | undefined
}

/**
 * Runs one command as a shell would, in its own process group so that it and its children can
 * be stopped together.
 *
 * @param command The command as written.
 * @param options The command, or a program to run with Node, and its environment.
 * @returns Its exit code and output.
 */
function run(
  command: readonly string[],
  options: { readonly env: NodeJS.ProcessEnv; readonly timeoutMs: number }
): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const [file = 'sh', ...args] = command
    const child = spawn(file, args, { cwd: root, env: options.env, detached: true })
    let stdout = ''
    let stderr = ''
    let served: string | undefined
    let stopping = false
    const stop = (signal: NodeJS.Signals) => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, signal)
      } catch {
        // Already gone.
      }
    }
    const timer = setTimeout(() => {
      stop('SIGKILL')
      reject(
        new Error(
          `Unexpected timeout after ${options.timeoutMs} ms of \`${command.join(' ')}\`, expected it to finish or to serve:\n${stdout.slice(-2000)}\n${stderr.slice(-2000)}`
        )
      )
    }, options.timeoutMs)
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk
      const url = /listening on (http:\/\/\S+)/.exec(stdout)?.[1]
      if (url === undefined || stopping) return
      stopping = true
      // A server: it must answer, then it is stopped with everything it started.
      void fetch(`${url}/openapi.json`)
        .then((response) => {
          if (response.status === 200) served = url
          return response.body?.cancel()
        })
        .catch(() => undefined)
        .finally(() => stop('SIGTERM'))
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr, served })
    })
  })
}

/** A command without its trailing comment, to compare with a marker. */
function bare(command: string): string {
  const comment = command.search(/\s#/)
  return (comment < 0 ? command : command.slice(0, comment)).trim()
}

/** What the `json` block after a block says its last command prints, if there is one. */
function shownOutput(block: Block): unknown {
  const next = blocks.find((candidate) => candidate.previous === block)
  return next?.lang === 'json' ? (JSON.parse(next.code) as unknown) : undefined
}

/** A `json` block that is the output of the block before it. */
function isOutput(block: Block): boolean {
  return block.lang === 'json' && block.previous !== undefined && SHELL.has(block.previous.lang)
}

let packageHome = ''
let port = 0
let hadTmp = false

beforeAll(async () => {
  await ensureBuilt()
  port = await freePort()
  hadTmp = existsSync(join(root, 'tmp'))
  // A folder whose node_modules holds the package as `npm install` would: by its name.
  packageHome = await mkdtemp(join(tmpdir(), 'preflight-readme-'))
  await mkdir(join(packageHome, 'node_modules'))
  await symlink(root, join(packageHome, 'node_modules', 'postcard-preflight'), 'dir')
  await writeFile(join(packageHome, 'package.json'), '{"type": "module", "private": true}\n')
}, COMMAND_TIMEOUT_MS)

afterAll(async () => {
  await rm(packageHome, { recursive: true, force: true })
  // The CLI examples write previews under tmp/ (ignored by git); leave no folder we created.
  if (!hadTmp) await rm(join(root, 'tmp'), { recursive: true, force: true })
})

describe('README.md', () => {
  test('should open with the two commands a newcomer runs on a fresh machine', () => {
    const [first] = blocks
    expect(first?.lang).toBe('sh')
    expect(commandsOf(first?.code ?? '').map(bare)).toEqual([
      'npm install && npm start',
      'npm ci && npm test',
    ])
  })

  test('should mark few blocks as not runnable, each with its reason', () => {
    const marked = blocks.filter((block) => block.marker !== undefined)
    // Each marker is a block nobody checks: keep them rare.
    expect(marked.length).toBeLessThanOrEqual(3)
    for (const block of marked) {
      const { command, reason } = block.marker ?? {}
      expect(reason?.length, `README.md:${block.line}`).toBeGreaterThan(20)
      if (command !== undefined) {
        expect(commandsOf(block.code).map(bare), `README.md:${block.line}`).toContain(command)
      }
    }
  })

  test('should use only languages the test knows', () => {
    const unknown = blocks
      .filter((block) => !SHELL.has(block.lang) && !SCRIPT.has(block.lang))
      .filter((block) => block.lang !== 'json' && block.lang !== 'text')
      .map((block) => `README.md:${block.line} \`\`\`${block.lang}`)
    expect(unknown).toEqual([])
  })

  describe.sequential('every block, as written', () => {
    test.each(blocks.map((block) => [`README.md:${block.line} ${block.lang}`, block] as const))(
      '%s',
      async (_name, block) => {
        if (block.marker?.command === undefined && block.marker !== undefined) return
        if (SHELL.has(block.lang)) await runShellBlock(block)
        else if (SCRIPT.has(block.lang)) await runScriptBlock(block)
        else if (block.lang === 'json') {
          expect(() => JSON.parse(block.code) as unknown).not.toThrow()
          // An output block is compared where its command runs.
          if (isOutput(block)) expect(block.previous?.marker).toBeUndefined()
        }
      },
      COMMAND_TIMEOUT_MS * 3
    )
  })
})

/** Runs the commands of an `sh` block in order; each must succeed. */
async function runShellBlock(block: Block): Promise<void> {
  const commands = commandsOf(block.code)
  const output = shownOutput(block)
  for (const [index, command] of commands.entries()) {
    if (block.marker?.command === bare(command)) continue
    const last = index === commands.length - 1
    const ran = await run(['sh', '-c', command], {
      env: shellEnvironment(port),
      timeoutMs: COMMAND_TIMEOUT_MS,
    })
    const where = `README.md:${block.line}: \`${bare(command)}\``
    const refused =
      last && typeof output === 'object' && output !== null && 'ok' in output && !output.ok
    if (ran.served === undefined) {
      expect(
        { code: ran.code, stderr: ran.code === (refused ? 1 : 0) ? '' : ran.stderr.slice(-3000) },
        where
      ).toEqual({ code: refused ? 1 : 0, stderr: '' })
    }
    if (last && output !== undefined) {
      expect(JSON.parse(ran.stdout) as unknown, `${where} prints the block after it`).toEqual(
        output
      )
    }
  }
}

/** Runs a `ts`/`js` block as a program that imports the package by name. */
async function runScriptBlock(block: Block): Promise<void> {
  const { outputText, diagnostics } = ts.transpileModule(block.code, {
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      verbatimModuleSyntax: false,
    },
    reportDiagnostics: true,
    fileName: `readme-${block.line}.ts`,
  })
  expect(diagnostics ?? [], `README.md:${block.line} transpiles`).toEqual([])
  const file = join(packageHome, `readme-${block.line}.mjs`)
  await writeFile(file, outputText)
  const ran = await run([process.execPath, file], {
    env: shellEnvironment(port),
    timeoutMs: SCRIPT_TIMEOUT_MS,
  })
  expect({ code: ran.code, stderr: ran.stderr }, `README.md:${block.line}`).toEqual({
    code: 0,
    stderr: '',
  })
}
