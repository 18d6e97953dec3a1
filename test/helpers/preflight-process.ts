/**
 * Test helper (Node only): `preflight serve` as users run it, the built `bin/preflight.js` in a
 * child process, so that the server has its own event loop and its own sockets (a server in the
 * test's process reads and writes in step with its clients and hides timing bugs).
 * `ensureBuilt` of `built-package.ts` builds `dist/` first.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { root } from './built-package.ts'

const bin = join(root, 'bin/preflight.js')

/**
 * Writes the shipped config with its design paths made absolute and some keys replaced, for a
 * config file in another folder.
 *
 * @param file Where to write it.
 * @param changes Top-level keys to replace, e.g. `{ limits: { postcards_per_minute: 1 } }`.
 * @returns `file`.
 */
export async function writeShippedConfig(
  file: string,
  changes: Readonly<Record<string, unknown>> = {}
): Promise<string> {
  const config = JSON.parse(await readFile(join(root, 'config/sandbox.json'), 'utf8')) as {
    accounts: { flows: { design: string }[] }[]
  }
  for (const account of config.accounts) {
    for (const flow of account.flows) flow.design = resolve(root, 'config', flow.design)
  }
  await writeFile(file, JSON.stringify({ ...config, ...changes }))
  return file
}

/** A running `preflight serve` child process. */
export interface ServeProcess {
  readonly child: ChildProcessWithoutNullStreams
  /** The URL of its banner, e.g. `http://127.0.0.1:41234`. */
  readonly url: string
  readonly port: number
  /** Everything it wrote to stdout and stderr so far. */
  readonly output: () => string
  /** Resolves with the exit code (or signal name) once it exited. */
  readonly exited: Promise<number | string>
  /** Sends a signal (default SIGTERM) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<number | string>
}

const running = new Set<ChildProcessWithoutNullStreams>()

/**
 * Starts `preflight serve --port 0 --host 127.0.0.1 ...args`; resolves once its banner names
 * the URL.
 *
 * @param args More arguments, e.g. `['--redis', url]`.
 * @returns The running process.
 * @throws {Error} When it exits or prints no URL within 20 s.
 */
export function startServe(args: readonly string[] = []): Promise<ServeProcess> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(
      process.execPath,
      [bin, 'serve', '--port', '0', '--host', '127.0.0.1', ...args],
      { cwd: root }
    )
    running.add(child)
    const exited = new Promise<number | string>((done) =>
      child.once('exit', (code, signal) => {
        running.delete(child)
        done(code ?? signal ?? 'unknown')
      })
    )
    let output = ''
    let settled = false
    const timer = setTimeout(() => {
      if (settled) return
      settled = true
      child.kill('SIGKILL')
      reject(new Error(`preflight serve did not start within 20 s:\n${output}`))
    }, 20_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8')
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1]
      if (url && !settled) {
        settled = true
        clearTimeout(timer)
        resolvePromise({
          child,
          url,
          port: Number(new URL(url).port),
          output: () => output,
          exited,
          async stop(signal = 'SIGTERM') {
            if (child.exitCode === null && child.signalCode === null) child.kill(signal)
            return exited
          },
        })
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    void exited.then((code) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      reject(new Error(`preflight serve exited (${code}):\n${output}`))
    })
  })
}

/** Kills every child {@link startServe} started that is still running (for `afterAll`). */
export async function stopAllServes(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((done) => {
          child.once('exit', () => done())
          child.kill('SIGKILL')
        })
    )
  )
}
