/**
 * Node only: `preflight proof` through its `main`, with in-memory streams and a temporary
 * output directory. The PDFs are the ones `renderProof` gives for the same cases: their SHA-256
 * is pinned in test/fixtures/proof/proofs.json (checked there with poppler and qpdf).
 */
import { createHash } from 'node:crypto'
import { readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { main, USAGE } from '../../../src/node/cli/proof.ts'
import { root, writeCaseBodies } from '../../helpers/case-bodies.ts'
import { notJsonVerdict, runCommand } from '../../helpers/run-command.ts'

const a6 = join(root, 'designs/a6-greeting.json')
let directory: string
let greeting: string
let badBody: string
let hashes: Record<string, string>

beforeAll(async () => {
  ;({ directory, greeting, badBody } = await writeCaseBodies('preflight-proof-'))
  hashes = JSON.parse(
    await readFile(join(root, 'test/fixtures/proof/proofs.json'), 'utf8')
  ) as Record<string, string>
})

afterAll(async () => {
  await rm(directory, { recursive: true, force: true })
})

const run = (args: readonly string[], stdin = '') => runCommand(main, args, stdin)
const sha256 = async (path: string): Promise<string> =>
  createHash('sha256')
    .update(await readFile(path))
    .digest('hex')

describe('preflight proof', () => {
  test('should write the proof, byte for byte renderProof, and print the verdict', async () => {
    const out = join(directory, 'out', 'greeting.pdf')
    const result = await run(['--design', a6, '--out', out, greeting])
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: true })
    // The CLI loads Twemoji artwork itself; the pinned case used the same artwork.
    expect(await sha256(out)).toBe(hashes['a6-greeting default'])
  })

  test('should read the body from stdin and write CMYK with crop marks when asked', async () => {
    const out = join(directory, 'cmyk.pdf')
    const body = await readFile(greeting, 'utf8')
    const result = await run(['--design', a6, '--out', out, '--cmyk', '--marks', '-'], body)
    expect(result.code).toBe(0)
    expect(await sha256(out)).toBe(hashes['a6-greeting cmyk'])
  })

  test('should exit 1 for a body the service would reject, and still write its proof', async () => {
    const out = join(directory, 'bad.pdf')
    const result = await run(['--design', a6, '--out', out, badBody])
    expect(result.code).toBe(1)
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: false, status: 422 })
    expect(await sha256(out)).toBe(hashes['bad-body default'])
  })

  test('should answer 400 for a body that is not JSON and write no PDF', async () => {
    const out = join(directory, 'not-json.pdf')
    const result = await run(['--design', a6, '--out', out, '-'], '{"to": ')
    expect([result.code, JSON.parse(result.stdout)]).toEqual([1, notJsonVerdict])
    expect(result.stderr).toMatch(/^preflight proof: <stdin>:1:8: /)
    await expect(readFile(out)).rejects.toThrow()
  })

  test('should print the usage with --help', async () => {
    expect(await run(['--help'])).toEqual({ code: 0, stdout: USAGE, stderr: '' })
  })

  // The shared argument layer (its own tests cover the rest): the options of this command.
  test.each([
    [['--design', 'd.json', 'p.json'], 'Missing `--out <file.pdf>`'],
    [
      ['--design', 'd.json', '--out', 'o.pdf', '--cymk', 'p.json'],
      'Unexpected option `--cymk`, did you mean `--cmyk`?',
    ],
  ])('should exit 2 on the arguments %j', async (args, message) => {
    const help = '(see `preflight proof --help`)'
    const stderr = `preflight proof: ${message} ${help}\n`
    expect(await run(args)).toEqual({ code: 2, stdout: '', stderr })
  })

  test('should exit 2 with one line for a file it cannot write', async () => {
    // A folder where the file should be.
    const result = await run(['--design', a6, '--out', directory, greeting])
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(
      `preflight proof: Unexpected unwritable file \`${directory}\` (\`EISDIR\`), expected a path for the PDF proof\n`
    )
  })
})
