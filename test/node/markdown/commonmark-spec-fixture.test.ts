/**
 * The CommonMark spec examples as a JSON fixture: `commonmark-spec` reads its spec.txt with `fs`,
 * so the browser project cannot import it; the oracle test reads this fixture instead, and this
 * Node test keeps it equal to the package. Regenerate with `UPDATE=1`.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { expect, test } from 'vitest'

const fixture = new URL('../../fixtures/markdown/commonmark-spec-examples.json', import.meta.url)

interface SpecExample {
  readonly markdown: string
  readonly html: string
  readonly section: string
  readonly number: number
}

test('should keep the fixture equal to the examples of the commonmark-spec package', async () => {
  const spec = createRequire(import.meta.url)('commonmark-spec') as { tests: SpecExample[] }
  if ('UPDATE' in process.env) {
    await writeFile(fixture, JSON.stringify(spec.tests, null, 1) + '\n')
  }
  const examples = JSON.parse(await readFile(fixture, 'utf8')) as SpecExample[]
  expect(spec.tests).toHaveLength(652)
  expect(examples).toEqual(spec.tests)
})
