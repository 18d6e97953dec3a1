/**
 * Runs the built `preflight` executable as users run it (worker threads need the built
 * JavaScript of `dist/`).
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { ensureBuilt, root } from '../../helpers/built-package.ts'

export { root }

/** A file of the repository. */
export const inRoot = (path: string): string => join(root, path)

/** Builds `dist/` when it is older than `src/` (worker threads run the built JavaScript). */
export const buildOnce = ensureBuilt

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
