/**
 * Node only: `preflight preview` through its `main`, with in-memory streams and a temporary
 * output directory.
 */
import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { main, USAGE } from '../../../src/node/cli/preview.ts'
import { root, writeCaseBodies } from '../../helpers/case-bodies.ts'
import { notJsonVerdict, runCommand } from '../../helpers/run-command.ts'

const a6 = join(root, 'designs/a6-greeting.json')
const fixtures = join(root, 'test/fixtures/preview')
let directory: string
let greeting: string
let badBody: string

beforeAll(async () => {
  ;({ directory, greeting, badBody } = await writeCaseBodies('preflight-preview-'))
})

afterAll(async () => {
  await rm(directory, { recursive: true, force: true })
})

/** Runs the command with in-memory streams. */
const run = (args: readonly string[], stdin = '') => runCommand(main, args, stdin)

describe('preflight preview', () => {
  test('should write both sides, byte for byte the checked-in previews, and print the verdict', async () => {
    const out = join(directory, 'out')
    const result = await run(['--design', a6, '--out-dir', out, greeting])
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: true })
    // The CLI loads Twemoji artwork itself; the fixture used the same artwork.
    for (const side of ['front', 'back']) {
      expect(await readFile(join(out, `${side}.svg`), 'utf8')).toBe(
        await readFile(join(fixtures, `a6-greeting.${side}.svg`), 'utf8')
      )
    }
  })

  test('should read the body from stdin and draw bleed and safe zone when asked', async () => {
    const out = join(directory, 'stdin')
    const body = await readFile(greeting, 'utf8')
    const result = await run(
      ['--design', a6, '--out-dir', out, '--bleed', '--safe-zone', '5', '-'],
      body
    )
    expect(result.code).toBe(0)
    const front = await readFile(join(out, 'front.svg'), 'utf8')
    expect(front).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="152mm" height="109mm" viewBox="-2 -2 152 109"/
    )
    expect(front).toContain('class="guide-safe-zone" x="5" y="5"')
  })

  test('should exit 1 for a body the service would reject, and still write the preview', async () => {
    const out = join(directory, 'bad')
    const result = await run(['--design', a6, '--out-dir', out, badBody])
    expect(result.code).toBe(1)
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: false, status: 422 })
    expect(await readFile(join(out, 'back.svg'), 'utf8')).toContain(
      'aria-label="qr_codes.coupon_url"'
    )
  })

  test('should print the usage with --help', async () => {
    expect(await run(['--help'])).toEqual({ code: 0, stdout: USAGE, stderr: '' })
  })

  test.each([
    [[], 'Missing `--design <design.json>` (see `preflight preview --help`)'],
    [
      ['--design', 'd.json', 'p.json'],
      'Missing `--out-dir <dir>` (see `preflight preview --help`)',
    ],
    [
      ['--design', 'd.json', '--out-dir', 'o'],
      'Missing the payload file (or `-` for stdin) (see `preflight preview --help`)',
    ],
    [
      ['--design', 'd.json', '--out-dir', 'o', 'a', 'b'],
      'Unexpected argument `b` (see `preflight preview --help`)',
    ],
    [
      ['--design', 'd.json', '--out-dir', 'o', '--safe-zone=-1', 'p'],
      'Unexpected `--safe-zone` value `-1`, expected a number of millimetres of at least `0` (see `preflight preview --help`)',
    ],
    [
      ['--design', 'd.json', '--out-dir', 'o', '--safe-zone', 'wide', 'p'],
      'Unexpected `--safe-zone` value `wide`, expected a number of millimetres of at least `0` (see `preflight preview --help`)',
    ],
  ])('should exit 2 on the arguments %j', async (args, message) => {
    expect(await run(args)).toEqual({
      code: 2,
      stdout: '',
      stderr: `preflight preview: ${message}\n`,
    })
  })

  test('should exit 2 with one line for an unreadable payload file', async () => {
    const missing = join(directory, 'nope.json')
    expect(await run(['--design', a6, '--out-dir', directory, missing])).toEqual({
      code: 2,
      stdout: '',
      stderr: `preflight preview: Unexpected missing file \`${missing}\`, expected a payload JSON file\n`,
    })
  })

  test('should answer 400 for a body that is not JSON, say where it breaks, draw nothing and exit 1', async () => {
    const out = join(directory, 'not-json')
    expect(await run(['--design', a6, '--out-dir', out, '-'], '{"to": ')).toEqual({
      code: 1,
      stdout: `${JSON.stringify(notJsonVerdict, null, 2)}\n`,
      stderr: 'preflight preview: <stdin>:1:8: Unexpected end of the text, expected a JSON value\n',
    })
    await expect(readFile(join(out, 'front.svg'))).rejects.toThrow()
  })

  test('should exit 2 with one line for a design that is not valid', async () => {
    const design = join(directory, 'design.json')
    await writeFile(design, '{"id": 1}')
    const result = await run(['--design', design, '--out-dir', directory, greeting])
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr).toMatch(/^preflight preview: Invalid design .*design\.json.*\n$/)
    expect(result.stderr.split('\n')).toHaveLength(2)
  })

  test('should exit 2 when the output directory cannot be written', async () => {
    const blocker = join(directory, 'file')
    await writeFile(blocker, '')
    const out = join(blocker, 'sub')
    const result = await run(['--design', a6, '--out-dir', out, greeting])
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: `preflight preview: Unexpected unwritable directory \`${out}\` (\`ENOTDIR\`), expected a directory for front.svg and back.svg\n`,
    })
  })
})
