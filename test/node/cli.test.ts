/**
 * The `preflight` executable, run as a child process on the built package (`dist/`), as users
 * run it. `beforeAll` builds `dist/` when it is missing or older than `src/`.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import a6Design from '../../designs/a6-greeting.json' with { type: 'json' }
import plainDesign from '../../designs/dl-plain.json' with { type: 'json' }
import { ensureBuilt, root } from '../helpers/built-package.ts'

const bin = join(root, 'bin/preflight.js')
const a6 = join(root, 'designs/a6-greeting.json')
const plain = join(root, 'designs/dl-plain.json')

beforeAll(ensureBuilt, 300_000)

interface Result {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/** Runs `preflight` with arguments and optional standard input. */
function run(args: readonly string[], stdin?: string): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: root })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
    child.stdin.end(stdin ?? '')
  })
}

const address = {
  address_line1: 'Invalidenstraße 117',
  zip: '10115',
  city: 'Berlin',
  country: 'DE',
}
const postcard = {
  flow_id: '9f1c2e4a-6b7d-4e8f-a0b1-c2d3e4f5a6b7',
  from: address,
  to: { ...address, first_name: 'Anna 🌷' },
  content: { greeting: 'Hallo **Anna**!', body: 'Der Frühling ist da.' },
  qr_codes: { coupon_url: 'https://bloom.example/c/SPRING' },
}
const campaign = {
  name: 'Spring',
  processingType: 'one_off',
  segment: { source: 'csv', id: 'b2c9a3f4-1d2e-4f5a-8b6c-7d8e9f0a1b2c' },
  design: { postcardDesignId: a6Design.id },
  delivery: { deliveryPeriodEndAt: '2026-04-30' },
  billing: { paymentMethod: 'rechnung', invoiceEmail: 'billing@bloom.example' },
}

/** Labels of the URL-kind QR codes of a design document. */
function urlQrLabels(design: typeof plainDesign): string[] {
  return [...design.sides.front.elements, ...design.sides.back.elements]
    .filter((element) => element.type === 'qr' && 'url' in element)
    .map((element) => (element as { label: string }).label)
}

let folder = ''
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'preflight-cli-'))
})
afterAll(async () => {
  await rm(folder, { recursive: true, force: true })
})

/** Writes a file into the test folder and returns its path. */
async function file(name: string, contents: string): Promise<string> {
  const path = join(folder, name)
  await writeFile(path, contents)
  return path
}

describe.concurrent('preflight validate', () => {
  test('should print an ok verdict and exit 0 for a valid body', async () => {
    const payload = await file('valid.json', JSON.stringify(postcard))
    const result = await run(['validate', '--design', a6, payload])
    expect(result).toEqual({
      code: 0,
      stdout: `${JSON.stringify({ ok: true, warnings: [] }, null, 2)}\n`,
      stderr: '',
    })
  })

  test('should print the 422 verdict and exit 1 for an invalid body on stdin', async () => {
    const body = {
      ...postcard,
      content: { greeting: 'Hi', extra: 'x' },
      qr_codes: { spring_collection: 'https://x.de' },
    }
    const result = await run(['validate', '--design', a6, '-'], JSON.stringify(body))
    expect(result.code).toBe(1)
    expect(result.stderr).toBe('')
    expect(JSON.parse(result.stdout)).toEqual({
      ok: false,
      status: 422,
      body: {
        message: 'The content.body field is required. (and 3 more errors)',
        errors: {
          'content.body': ['The content.body field is required.'],
          'content.extra': ['The content.extra field is prohibited.'],
          'qr_codes.coupon_url': ['The qr_codes.coupon_url field is required.'],
          'qr_codes.spring_collection': [
            'The qr_codes.spring_collection field is prohibited: `Spring collection` is a QR code of the URL kind, its target is stored in the design.',
          ],
        },
        meta: { expected_content_keys: ['greeting', 'body'], expected_qr_keys: ['coupon_url'] },
      },
      warnings: [],
    })
  })

  test('should reject content and qr_codes for the plain design', async () => {
    const labels = urlQrLabels(plainDesign)
      .map((label) => `\`${label}\``)
      .join(' or ')
    const result = await run(['validate', '--design', plain, '-'], JSON.stringify(postcard))
    expect(result.code).toBe(1)
    expect(JSON.parse(result.stdout)).toEqual({
      ok: false,
      status: 422,
      body: {
        message: 'The content field is prohibited. (and 1 more error)',
        errors: {
          content: ['The content field is prohibited.'],
          qr_codes: [
            `The qr_codes field is prohibited: the design's QR codes (${labels}) are of the URL kind, their targets are stored in the design.`,
          ],
        },
        meta: { expected_content_keys: [], expected_qr_keys: [] },
      },
      warnings: [],
    })
  })

  test('should stream NDJSON: one verdict per body line, in order, blank lines skipped', async () => {
    const { content: _content, qr_codes: _qr, ...plainBody } = postcard
    const lines = [
      JSON.stringify(plainBody),
      '{"flow_id": ',
      '',
      JSON.stringify({ ...plainBody, flow_id: 'x' }),
      JSON.stringify(plainBody),
    ]
    const payload = await file('bodies.ndjson', `\uFEFF${lines.join('\r\n')}\n`)
    const result = await run(['validate', '--design', plain, '--ndjson', payload])
    expect(result.code).toBe(1)
    expect(result.stderr).toBe(
      `preflight validate: ${payload}:2:13: Unexpected end of the text, expected a JSON value\n` +
        `preflight validate: ${payload}:2: the line ends inside a JSON document: it looks like pretty-printed JSON, and --ndjson reads one whole document per line (leave out --ndjson for one document, or print each document on one line, e.g. with \`jq -c\`)\n`
    )
    const malformed = {
      ok: false,
      status: 400,
      body: { message: 'The request body is not valid JSON.' },
      warnings: [],
    }
    expect(result.stdout.split('\n')).toEqual([
      JSON.stringify({ ok: true, warnings: [] }),
      JSON.stringify(malformed),
      JSON.stringify({
        ok: false,
        status: 422,
        body: {
          message: 'The flow_id field must be a valid UUID.',
          errors: { flow_id: ['The flow_id field must be a valid UUID.'] },
        },
        warnings: [],
      }),
      JSON.stringify({ ok: true, warnings: [] }),
      '',
    ])
  })

  test('should stream thousands of NDJSON lines from stdin in order and exit 0 when all pass', async () => {
    const { content: _content, qr_codes: _qr, ...plainBody } = postcard
    const count = 5000
    const input = Array.from({ length: count }, (_, i) =>
      JSON.stringify({
        ...plainBody,
        to: { ...address, first_name: `R${i}`, zip: i % 7 === 0 ? '1' : '10115' },
      })
    ).join('\n')
    const result = await run(['validate', '--design', plain, '--ndjson', '-'], input)
    expect(result.code).toBe(0)
    const verdicts = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { ok: boolean; warnings: { path: string }[] })
    expect(verdicts).toHaveLength(count)
    verdicts.forEach((verdict, i) => {
      expect(verdict.ok).toBe(true)
      expect(verdict.warnings.map((warning) => warning.path)).toEqual(i % 7 === 0 ? ['to.zip'] : [])
    })
  })

  test.each([
    {
      name: 'no --design',
      args: ['validate', 'body.json'],
      stderr:
        'preflight validate: Missing `--design <design.json>` (see `preflight validate --help`)\n',
    },
    {
      name: 'no payload',
      args: ['validate', '--design', a6],
      stderr:
        'preflight validate: Missing the payload file (or `-` for stdin) (see `preflight validate --help`)\n',
    },
    {
      name: 'two payloads',
      args: ['validate', '--design', a6, 'a.json', 'b.json'],
      stderr:
        'preflight validate: Unexpected argument `b.json` (see `preflight validate --help`)\n',
    },
    {
      name: 'a missing payload file',
      args: ['validate', '--design', a6, 'missing.json'],
      stderr:
        'preflight validate: Unexpected missing file `missing.json`, expected a payload JSON file\n',
    },
    {
      name: 'a missing design file',
      args: ['validate', '--design', 'missing-design.json', '-'],
      stderr:
        'preflight validate: Invalid design `missing-design.json` (1 problem): Unexpected missing file `missing-design.json`, expected a design JSON file\n',
    },
  ])('should exit 2 with one line on stderr for $name', async ({ args, stderr }) => {
    expect(await run(args)).toEqual({ code: 2, stdout: '', stderr })
  })

  test('should answer 400 and exit 1 for a payload that is not JSON, as --help says', async () => {
    const payload = await file('broken.json', '{"flow_id": ')
    const result = await run(['validate', '--design', a6, payload])
    expect(result).toEqual({
      code: 1,
      stdout: `${JSON.stringify({ ok: false, status: 400, body: { message: 'The request body is not valid JSON.' }, warnings: [] }, null, 2)}\n`,
      stderr: `preflight validate: ${payload}:1:13: Unexpected end of the text, expected a JSON value\n`,
    })
    const help = await run(['validate', '--help'])
    expect(help.stdout).toMatch(/^Exit codes: .*\b1 it would refuse one \(422, or 400 or 413$/m)
  })

  test('should exit 2 with every problem of an invalid design on one line', async () => {
    const design = await file(
      'bad-design.json',
      JSON.stringify({ ...a6Design, format: { ...a6Design.format, width_mm: -1 }, name: '' })
    )
    const result = await run(['validate', '--design', design, '-'], '{}')
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr.split('\n')).toHaveLength(2)
    expect(result.stderr).toMatch(
      /^preflight validate: Invalid design `.*bad-design\.json` \(2 problems\): /
    )
    expect(result.stderr).toContain('format.width_mm: ')
  })

  test('should exit 2 for a fonts manifest that does not exist', async () => {
    const result = await run(['validate', '--design', a6, '--fonts', 'nofonts.json', '-'], '{}')
    expect(result.code).toBe(2)
    expect(result.stderr.split('\n')).toHaveLength(2)
    expect(result.stderr).toMatch(/^preflight validate: Invalid font manifest `.*nofonts\.json`: /)
  })

  test('should print its usage with --help and exit 0', async () => {
    const result = await run(['validate', '--help'])
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^Usage: preflight validate --design <design\.json> /)
  })
})

describe.concurrent('preflight validate-campaign', () => {
  test('should print an ok verdict and exit 0 for a valid campaign', async () => {
    const result = await run(['validate-campaign', '-'], JSON.stringify(campaign))
    expect(result).toEqual({
      code: 0,
      stdout: `${JSON.stringify({ ok: true, warnings: [] }, null, 2)}\n`,
      stderr: '',
    })
  })

  test('should reject an online-shop segment and exit 1', async () => {
    const body = { ...campaign, segment: { ...campaign.segment, source: 'shopify' } }
    const result = await run(
      ['validate-campaign', '--marketing-source', 'klaviyo', '-'],
      JSON.stringify(body)
    )
    expect(result.code).toBe(1)
    const message =
      'Unexpected online-shop source `shopify` for segment.source, expected `csv` or `klaviyo`: segments from online-shop platforms are not supported.'
    expect(JSON.parse(result.stdout)).toEqual({
      ok: false,
      status: 422,
      body: { message, errors: { 'segment.source': [message] } },
      warnings: [],
    })
  })

  test('should stream NDJSON campaigns', async () => {
    const input = [
      JSON.stringify(campaign),
      JSON.stringify({ ...campaign, delivery: { deliveryPeriodEndAt: '2026-02-30' } }),
    ].join('\n')
    const result = await run(['validate-campaign', '--ndjson', '-'], input)
    expect(result.code).toBe(1)
    expect(
      result.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as { ok: boolean })
        .map((verdict) => verdict.ok)
    ).toEqual([true, false])
  })

  test('should exit 2 for a marketing source that cannot work', async () => {
    expect(await run(['validate-campaign', '--marketing-source', 'csv', '-'], '{}')).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'preflight validate-campaign: Unexpected `marketingSource` `csv`, expected a marketing-automation platform: `csv` is always allowed and online-shop platforms never are\n',
    })
  })
})

describe.concurrent('preflight', () => {
  test('should exit 2 with its usage on stderr without a command', async () => {
    const result = await run([])
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr).toMatch(/^Usage: preflight <command> \[options\]\n/)
  })

  test('should print its usage with --help and exit 0', async () => {
    const result = await run(['--help'])
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('validate-campaign   Judge campaign bodies')
  })

  test.each([
    {
      args: ['validate', '--desing', 'designs/a6-greeting.json', '-'],
      option: '--desing',
      near: '--design',
    },
    { args: ['validate-campaign', '--ndjosn', '-'], option: '--ndjosn', near: '--ndjson' },
    {
      args: ['preview', '--design', 'd', '--outdir', 'o', '-'],
      option: '--outdir',
      near: '--out-dir',
    },
    { args: ['serve', '--prot', '9000'], option: '--prot', near: '--port' },
  ])(
    'should suggest $near for $option in `preflight $args.0`, quoted once',
    async ({ args, option, near }) => {
      const command = args[0] ?? ''
      expect(await run(args)).toEqual({
        code: 2,
        stdout: '',
        stderr: `preflight ${command}: Unexpected option \`${option}\`, did you mean \`${near}\`? (see \`preflight ${command} --help\`)\n`,
      })
    }
  )

  test('should suggest the command for a near miss', async () => {
    expect(await run(['valdate'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'preflight: Unexpected command `valdate`, did you mean `validate`?\n',
    })
  })

  test('should exit 2 for an unknown command', async () => {
    expect(await run(['frobnicate'])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'preflight: Unexpected command `frobnicate`, expected one of `validate`, `validate-campaign`, `preview`, `proof`, `serve`, `check-list`, `merge-reports`\n',
    })
  })
})
