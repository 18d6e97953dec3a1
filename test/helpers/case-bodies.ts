/**
 * Test helper for the commands that draw a body (`preflight preview`, `preflight proof`): the
 * bodies of two preview cases written to a fresh temporary folder, as a user passes them.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository root. */
export const root = fileURLToPath(new URL('../../', import.meta.url))

/** A temporary folder with `greeting.json` (accepted) and `bad.json` (refused with 422). */
export interface CaseBodies {
  readonly directory: string
  readonly greeting: string
  readonly badBody: string
}

/**
 * Writes the bodies of the `a6-greeting` and `bad-body` preview cases into a new folder.
 *
 * @param name Start of the folder's name, e.g. `preflight-proof-`.
 * @returns The folder (remove it after the tests) and the two files.
 */
export async function writeCaseBodies(name: string): Promise<CaseBodies> {
  const directory = await mkdtemp(join(tmpdir(), name))
  const cases = join(root, 'test/fixtures/preview/cases')
  const read = async (file: string): Promise<unknown> =>
    (JSON.parse(await readFile(join(cases, file), 'utf8')) as { body: unknown }).body
  const greeting = join(directory, 'greeting.json')
  const badBody = join(directory, 'bad.json')
  await writeFile(greeting, JSON.stringify(await read('a6-greeting.json')))
  await writeFile(badBody, JSON.stringify(await read('bad-body.json')))
  return { directory, greeting, badBody }
}
