/**
 * Test helper (Node only): the package as users run it, `dist/` built from `src/`. Tests that
 * run `bin/preflight.js` or import the package by name build it first when it is missing or
 * older than the sources.
 */
import { execFile } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

/** The repository root. */
export const root = fileURLToPath(new URL('../../', import.meta.url))

/** Newest modification time of the files under a folder, in ms. */
function newest(folder: string): number {
  let time = 0
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) time = Math.max(time, statSync(join(entry.parentPath, entry.name)).mtimeMs)
  }
  return time
}

/**
 * Builds `dist/` unless it is newer than every file of `src/`. `--allowJs` copies the generated
 * schema validators (`src/schema/*.generated.js`); `--noCheck` skips type checking (lint's job),
 * which halves the build.
 *
 * @throws {Error} When the build did not produce the CLI and the schema validators.
 */
export async function ensureBuilt(): Promise<void> {
  const marker = join(root, 'dist/node/cli.js')
  const validators = join(root, 'dist/schema/postcard.generated.js')
  const built =
    existsSync(marker) &&
    existsSync(validators) &&
    statSync(marker).mtimeMs >= newest(join(root, 'src'))
  if (built) return
  const tsc = join(root, 'node_modules/typescript/bin/tsc')
  await promisify(execFile)(
    process.execPath,
    [tsc, '-p', 'tsconfig.build.json', '--allowJs', '--noCheck'],
    { cwd: root }
  ).catch(() => undefined)
  if (!existsSync(marker) || !existsSync(validators)) {
    throw new Error(
      'Unexpected missing dist/ after the build, expected `tsc -p tsconfig.build.json` to write it'
    )
  }
}
