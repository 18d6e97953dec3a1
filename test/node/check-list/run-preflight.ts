/**
 * Runs the built `preflight` executable as users run it (worker threads need the built
 * JavaScript of `dist/`): {@link buildOnce} compiles `dist/` when it is older than `src/`.
 */
import { execFile, spawn } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

/** The repository's root. */
export const root = fileURLToPath(new URL('../../../', import.meta.url))

/** A file of the repository. */
export const inRoot = (path: string): string => join(root, path)

/** Latest modification under a folder (ms), 0 when it is missing. */
function latest(folder: string): number {
  try {
    return readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .reduce(
        (time, entry) => Math.max(time, statSync(join(entry.parentPath, entry.name)).mtimeMs),
        0
      )
  } catch {
    return 0
  }
}

/** Compiles `dist/` (types are lint's job: `--noCheck`) unless it is newer than `src/`. */
export async function buildOnce(): Promise<void> {
  if (latest(inRoot('dist')) >= latest(inRoot('src'))) return
  await promisify(execFile)(
    process.execPath,
    [
      inRoot('node_modules/typescript/bin/tsc'),
      '-p',
      'tsconfig.build.json',
      '--allowJs',
      '--noCheck',
    ],
    { cwd: root }
  )
}

/** What a run printed and returned. */
export interface Run {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/**
 * Runs `preflight <args>` in the repository's root.
 *
 * @param args The arguments.
 * @param stdin Bytes for standard input (none: closed at once).
 * @returns Exit code and output.
 */
export function preflight(args: readonly string[], stdin?: string | Uint8Array): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [inRoot('bin/preflight.js'), ...args], { cwd: root })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
    child.stdin.end(stdin ?? '')
  })
}
