import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DesignError } from '../../src/design/design-error.ts'
import { parseDesign } from '../../src/design/parse-design.ts'
import { loadDesign } from '../../src/node/load-design.ts'

const FAMILIES = ['Inter', 'Roboto', 'Lora']
const fixtures = fileURLToPath(new URL('../fixtures/designs/', import.meta.url))

let temp = ''
beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), 'preflight-design-'))
})
afterAll(async () => {
  await rm(temp, { recursive: true, force: true })
})

async function failure(...args: Parameters<typeof loadDesign>): Promise<DesignError> {
  try {
    await loadDesign(...args)
  } catch (error) {
    expect(error).toBeInstanceOf(DesignError)
    return error as DesignError
  }
  return expect.unreachable('loadDesign accepted a broken design')
}

/** The message `JSON.parse` itself gives for a text: the oracle for syntax errors. */
function syntaxMessage(text: string): string {
  try {
    JSON.parse(text)
  } catch (error) {
    return (error as SyntaxError).message
  }
  return expect.unreachable()
}

describe('loadDesign', () => {
  test.each(['a6-greeting', 'dl-plain', 'a5-ten-areas'])(
    'should load designs/%s.json as parseDesign parses it, from a path or a URL',
    async (name) => {
      const path = `designs/${name}.json`
      const expected = parseDesign(JSON.parse(await readFile(path, 'utf8')), {
        families: FAMILIES,
      })
      expect(await loadDesign(path, { families: FAMILIES })).toEqual(expected)
      const url = new URL(`../../designs/${name}.json`, import.meta.url)
      expect(await loadDesign(url)).toEqual(expected)
    }
  )

  test('should accept a byte order mark', async () => {
    const path = join(temp, 'bom.json')
    await writeFile(path, `\uFEFF${await readFile('designs/dl-plain.json', 'utf8')}`)
    expect((await loadDesign(path)).name).toBe('Winter sale DL')
  })

  test('should name a missing file', async () => {
    const path = join(temp, 'missing.json')
    const error = await failure(path)
    expect(error.source).toBe(path)
    expect(error.message).toBe(
      `Invalid design \`${path}\` (1 problem):\n  - (document): Unexpected missing file \`${path}\`, expected a design JSON file`
    )
    expect((error.cause as NodeJS.ErrnoException).code).toBe('ENOENT')
  })

  test('should name an unreadable path, with its error code', async () => {
    const error = await failure(pathToFileURL(temp))
    expect(error.source).toBe(temp)
    expect(error.problems).toEqual([
      {
        path: '',
        message: `Unexpected unreadable (\`EISDIR\`) file \`${temp}\`, expected a design JSON file`,
      },
    ])
  })

  test.each([
    ['a trailing comma', '{"id": "x",}'],
    ['an empty file', ''],
    ['a comment', '// design\n{}'],
  ])('should report %s with the JSON parser message', async (_name, text) => {
    const path = join(temp, 'syntax.json')
    await writeFile(path, text)
    const error = await failure(path)
    expect(error.problems).toEqual([
      {
        path: '',
        message: `Unexpected JSON syntax error \`${syntaxMessage(text)}\`, expected a JSON document`,
      },
    ])
    expect(error.cause).toBeInstanceOf(SyntaxError)
    expect(error.message.split('\n')[0]).toBe(`Invalid design \`${path}\` (1 problem):`)
  })

  test('should report every problem of an invalid design, naming the file', async () => {
    const path = join(fixtures, 'duplicate-keys.json')
    const error = await failure(path)
    const json: unknown = JSON.parse(await readFile(path, 'utf8'))
    const direct = (() => {
      try {
        parseDesign(json)
      } catch (caught) {
        return caught as DesignError
      }
      return expect.unreachable()
    })()
    expect(error.problems).toEqual(direct.problems)
    expect(error.problems).toHaveLength(2)
    expect(error.source).toBe(path)
    expect(error.message).toBe(
      direct.message.replace('Invalid design (', `Invalid design \`${path}\` (`)
    )
  })

  test('should check font families only when given', async () => {
    const path = join(fixtures, 'unknown-family.json')
    expect((await loadDesign(path)).sides.front.elements[0]).toMatchObject({
      font_family: 'Comic Sans MS',
    })
    const error = await failure(path, { families: FAMILIES })
    expect(error.problems).toEqual([
      {
        path: 'sides.front.elements[0].font_family',
        message:
          'Unexpected value `"Comic Sans MS"` for `font_family`, expected one of `Inter`, `Roboto`, `Lora`',
      },
    ])
  })
})
