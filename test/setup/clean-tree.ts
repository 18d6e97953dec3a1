/**
 * Global setup of the `node` test project: tests leave the working tree as they found it. When
 * the tree is clean before the run (always so in CI, a fresh clone), it must be clean after:
 * a test that writes into the repository (a screenshot, a fixture, a stray output folder) fails
 * the run here, naming the files. Tracked artefacts are regenerated on purpose with `UPDATE=1`,
 * which turns this check off. A tree that was already dirty is not compared (a developer's edits
 * in progress would only hide what a test changed).
 */
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../../', import.meta.url))

/** `git status --porcelain` of the repository, or `undefined` outside a git checkout. */
function treeStatus(): string | undefined {
  try {
    return execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
  } catch {
    return undefined
  }
}

/**
 * Notes whether the tree is clean, and returns the check run after every test file finished.
 *
 * @returns The teardown.
 */
export default function setup(): (() => void) | undefined {
  if ('UPDATE' in process.env || treeStatus() !== '') return undefined
  return () => {
    const after = treeStatus()
    if (after === undefined || after === '') return
    // A throw in a global teardown is only printed by vitest: fail the run explicitly.
    process.exitCode = 1
    throw new Error(
      `Tests changed the working tree (tests write only to temporary folders; regenerate tracked files with UPDATE=1):\n${after}`
    )
  }
}
