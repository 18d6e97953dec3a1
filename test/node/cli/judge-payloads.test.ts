/**
 * `preflight validate` and `validate-campaign` say what the service would say: the oracle is
 * the sandbox's own handler, fed the very bytes of each payload file. A body the service cannot
 * read gets its answer (400 or 413) and exit code 1, as `--help` says, and a person gets the
 * place and the reason on stderr.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import sandboxConfig from '../../../config/sandbox.json' with { type: 'json' }
import { main as validate, USAGE } from '../../../src/node/cli/validate.ts'
import { main as validateCampaign } from '../../../src/node/cli/validate-campaign.ts'
import { handlerOptionsOf, loadServerConfig } from '../../../src/node/server-config.ts'
import { defaultMaxBodyBytes } from '../../../src/server/api-options.ts'
import { createApiHandler, type ApiHandler } from '../../../src/server/create-api-handler.ts'
import { notJsonVerdict, runCommand } from '../../helpers/run-command.ts'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const a6 = join(root, 'designs/a6-greeting.json')
const [acme] = sandboxConfig.accounts
const testToken = acme?.tokens[0] ?? ''
const liveToken = acme?.tokens[1] ?? ''
const flowId = acme?.flows[0]?.id ?? ''

let folder = ''
let handler: ApiHandler

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'preflight-judge-'))
  handler = createApiHandler(handlerOptionsOf(await loadServerConfig()))
})
afterAll(async () => {
  await rm(folder, { recursive: true, force: true })
})

/** Writes a payload file and returns its path. */
async function file(name: string, contents: string | Uint8Array): Promise<string> {
  const path = join(folder, name)
  await writeFile(path, contents)
  return path
}

/** Runs a command's `main` with in-memory streams. */
const run = (command: typeof validate, args: readonly string[], stdin = '') =>
  runCommand(command, args, stdin)

/** What the sandbox answers for these bytes, as the CLI's verdict would carry it. */
async function sandboxAnswer(
  route: 'postcards' | 'campaigns',
  bytes: string | Uint8Array
): Promise<{ status: number; body: unknown }> {
  const response = await handler(
    new Request(`http://localhost/api/v1/${route}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${route === 'postcards' ? testToken : liveToken}`,
        'content-type': 'application/json',
      },
      body: bytes as BodyInit,
    })
  )
  return { status: response.status, body: await response.json() }
}

const address = { address_line1: 'Hauptstraße 12', zip: '10115', city: 'Berlin', country: 'DE' }
const postcard = {
  flow_id: flowId,
  from: address,
  to: { ...address, first_name: 'Jana' },
  content: { greeting: 'Hello **Jana**!', body: 'Spring is here.' },
  qr_codes: { coupon_url: 'https://bloom.example/c/SPRING' },
}
const long = (size: number) =>
  JSON.stringify({ ...postcard, content: { ...postcard.content, body: 'x'.repeat(size) } })

describe('one body: what the sandbox answers', () => {
  test.each([
    { name: 'accepted', bytes: JSON.stringify(postcard), code: 0 },
    { name: 'a 422', bytes: JSON.stringify({ ...postcard, to: {} }), code: 1 },
    { name: 'pretty-printed with a trailing comma', bytes: '{\n  "flow_id": "x",\n}\n', code: 1 },
    { name: 'cut short', bytes: '{"flow_id": ', code: 1 },
    { name: 'empty', bytes: '', code: 1 },
    { name: 'not UTF-8', bytes: Uint8Array.of(0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d), code: 1 },
    { name: 'nested too deep', bytes: `${'['.repeat(600)}${']'.repeat(600)}`, code: 1 },
    { name: 'an unpaired surrogate', bytes: '{"a": "\\ud800"}', code: 1 },
    // Over 1 MB by its long content: the sandbox never reads it (413), it never gets a 422.
    { name: 'over the size limit', bytes: long(defaultMaxBodyBytes), code: 1 },
    {
      name: 'exactly at the size limit',
      bytes: long(defaultMaxBodyBytes - long(0).length),
      code: 1,
    },
  ])('should answer as the sandbox for a body $name', async ({ name, bytes, code }) => {
    const path = await file(`${name.replaceAll(' ', '-')}.json`, bytes)
    const result = await run(validate, ['--design', a6, path])
    const verdict = JSON.parse(result.stdout) as { ok: boolean; status?: number; body?: unknown }
    const answer = await sandboxAnswer('postcards', bytes)
    if (verdict.ok) expect(answer.status).toBe(201)
    else expect({ status: verdict.status, body: verdict.body }).toEqual(answer)
    expect(result.code).toBe(code)
    expect(result.stderr === '').toBe(verdict.ok || verdict.status === 422)
  })

  test('should say where a malformed file breaks, as file:line:column, and exit 1', async () => {
    const path = await file('malformed.json', '{\n  "flow_id": "x",\n}\n')
    expect(await run(validate, ['--design', a6, path])).toEqual({
      code: 1,
      stdout: `${JSON.stringify(notJsonVerdict, null, 2)}\n`,
      stderr: `preflight validate: ${path}:3:1: Unexpected \`}\`, expected a property name in double quotes (JSON allows no \`,\` before \`}\`)\n`,
    })
  })

  test('should answer 413 for a file over the limit, with the reason on stderr', async () => {
    const path = await file('big.json', long(defaultMaxBodyBytes))
    const result = await run(validate, ['--design', a6, path])
    expect(result.code).toBe(1)
    expect(JSON.parse(result.stdout)).toEqual({
      ok: false,
      status: 413,
      body: { message: 'The request body is larger than 1 MB.' },
      warnings: [],
    })
    expect(result.stderr).toBe(
      `preflight validate: ${path}: The request body is larger than 1 MB.\n`
    )
  })

  test('should hint at --ndjson for a file of one document per line', async () => {
    const lines = `${JSON.stringify(postcard)}\n${JSON.stringify(postcard)}\n`
    const result = await run(validate, ['--design', a6, '-'], lines)
    expect(result.code).toBe(1)
    expect(result.stderr).toBe(
      'preflight validate: <stdin>:2:1: Unexpected `{`, expected the end of the document (the file looks like NDJSON, one document per line: add --ndjson)\n'
    )
  })

  test('should judge campaigns the same way', async () => {
    const result = await run(validateCampaign, ['-'], '{"name": "Spring",')
    expect(result.code).toBe(1)
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 400 })
    expect({ status: 400, body: (JSON.parse(result.stdout) as { body: unknown }).body }).toEqual(
      await sandboxAnswer('campaigns', '{"name": "Spring",')
    )
    expect(result.stderr).toBe(
      'preflight validate-campaign: <stdin>:1:19: Unexpected end of the text, expected a property name in double quotes\n'
    )
  })

  test('should document the exit codes it uses: a 400 or a 413 exits 1', () => {
    expect(USAGE).toContain(
      'Exit codes: 0 the service would accept every body, 1 it would refuse one (422, or 400 or 413\nfor a body it cannot read: not JSON, or over 1048576 bytes), 2 misuse.'
    )
  })
})

describe('NDJSON', () => {
  const { content: _content, qr_codes: _qr, ...plain } = postcard
  const dl = join(root, 'designs/dl-plain.json')
  const accepted = JSON.stringify({ ok: true, warnings: [] })
  const notJson = JSON.stringify({
    ok: false,
    status: 400,
    body: { message: 'The request body is not valid JSON.' },
    warnings: [],
  })

  test('should skip blank lines and answer every other line as the sandbox would', async () => {
    const input = ['', JSON.stringify(plain), '   ', '\t', JSON.stringify(plain), '', ''].join(
      '\r\n'
    )
    expect(await run(validate, ['--design', dl, '--ndjson', '-'], input)).toEqual({
      code: 0,
      stdout: `${accepted}\n${accepted}\n`,
      stderr: '',
    })
  })

  test('should flag pretty-printed JSON once, with each refused line located', async () => {
    const input = `${JSON.stringify(plain, null, 2)}\n`
    const lines = input.trimEnd().split('\n')
    const result = await run(validate, ['--design', dl, '--ndjson', '-'], input)
    expect(result.code).toBe(1)
    // One verdict per non-blank line: the service would answer each line alone with 400.
    expect(result.stdout.trimEnd().split('\n')).toEqual(lines.map(() => notJson))
    const stderr = result.stderr.trimEnd().split('\n')
    expect(stderr.slice(0, 3)).toEqual([
      'preflight validate: <stdin>:1:2: Unexpected end of the text, expected a property name in double quotes or `}`',
      'preflight validate: <stdin>:1: the line ends inside a JSON document: it looks like pretty-printed JSON, and --ndjson reads one whole document per line (leave out --ndjson for one document, or print each document on one line, e.g. with `jq -c`)',
      'preflight validate: <stdin>:2:12: Unexpected `:`, expected the end of the document',
    ])
    // At most ten located lines, then a count.
    expect(stderr).toHaveLength(12)
    expect(stderr.at(-1)).toBe(
      `preflight validate: <stdin>: ${lines.length - 10} more refused lines not listed (their verdicts are on stdout)`
    )
  })

  test('should answer 413 for a line over the limit without holding it, and go on', async () => {
    const big = JSON.stringify({ ...plain, pad: 'x'.repeat(defaultMaxBodyBytes) })
    const input = `${JSON.stringify(plain)}\n${big}\n${JSON.stringify(plain)}\n`
    const result = await run(validate, ['--design', dl, '--ndjson', '-'], input)
    expect(result.code).toBe(1)
    expect(result.stdout.trimEnd().split('\n')).toEqual([
      accepted,
      JSON.stringify({
        ok: false,
        status: 413,
        body: (await sandboxAnswer('postcards', big)).body,
        warnings: [],
      }),
      accepted,
    ])
    expect(result.stderr).toBe(
      'preflight validate: <stdin>:2: The request body is larger than 1 MB.\n'
    )
  })

  test('should say which line is not UTF-8', async () => {
    const input = Buffer.concat([
      Buffer.from(`${JSON.stringify(plain)}\n{"a": "`),
      Buffer.of(0xc3, 0x28),
      Buffer.from('"}\n'),
    ])
    const { code, stderr } = await runCommand(validate, ['--design', dl, '--ndjson', '-'], input)
    expect(code).toBe(1)
    expect(stderr).toBe(
      'preflight validate: <stdin>:2: The request body is not valid JSON: it is not UTF-8.\n'
    )
  })
})
