/**
 * `preflight check-list` and `preflight merge-reports`, run as users run them (the built
 * executable, real worker threads). Oracles: Python's `csv` module and `cp1252` codec read the
 * lists independently, `preflight validate --ndjson` judges the bodies built from that reading,
 * and util-linux `script` gives the command a real pseudo-terminal.
 */
import { execFile } from 'node:child_process'
import { readFile, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { COLUMNS, writeList } from './generate-list.ts'
import { pythonCsv } from './python-csv.ts'
import { buildOnce, inRoot, preflight } from './run-preflight.ts'

const design = inRoot('designs/a6-greeting.json')
const fixtures = inRoot('test/fixtures/check-list')
const german = join(fixtures, 'german-excel.csv')
const template = join(fixtures, 'template.json')
const map = join(fixtures, 'map.json')
let dir = ''

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'check-list-'))
  await buildOnce()
}, 300_000)

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** Runs `check-list` on the A6 design with the fixture's template. */
function checkList(args: readonly string[], stdin?: string) {
  return preflight(['check-list', '--design', design, '--template', template, ...args], stdin)
}

/** Builds a body the way the documentation says (template, then non-empty cells at paths). */
function bodyOf(
  header: readonly string[],
  fields: readonly string[],
  paths: Record<string, string | null>
) {
  const body: Record<string, Record<string, string> | string> = JSON.parse(
    JSON.stringify({
      flow_id: '9f1c2e4a-6b7d-4e8f-a0b1-c2d3e4f5a6b7',
      from: {
        company: 'Bloom & Co. GmbH',
        address_line1: 'Invalidenstraße 117',
        zip: '10115',
        city: 'Berlin',
        country: 'DE',
      },
    })
  )
  header.forEach((name, column) => {
    const path = Object.hasOwn(paths, name) ? paths[name] : name
    const value = fields[column] ?? ''
    if (path === null || path === undefined || value === '') return
    const [rootKey = '', key] = path.split('.')
    if (key === undefined) body[rootKey] = value
    else
      body[rootKey] = {
        ...((body[rootKey] as Record<string, string> | undefined) ?? {}),
        [key]: value,
      }
  })
  return body
}

/** The NDJSON lines of a report, parsed. */
async function reportLines(path: string): Promise<Record<string, unknown>[]> {
  const text = await readFile(path, 'utf8')
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
}

/** What `validate --ndjson` answers for bodies, one verdict per body. */
async function validateAll(bodies: readonly unknown[]): Promise<unknown[]> {
  const ndjson = bodies.map((body) => JSON.stringify(body)).join('\n')
  const run = await preflight(['validate', '--design', design, '--ndjson', '-'], `${ndjson}\n`)
  return run.stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as unknown)
}

describe('preflight check-list on a German Excel export', () => {
  test('should judge every row of a Windows-1252 `;` list with multi-line fields as validate judges the same bodies', async () => {
    const out = join(dir, 'german.ndjson')
    const run = await checkList(['--map', map, '--out', out, '--progress', 'none', german])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('(CSV, delimiter ";", Windows-1252 (detected))')

    const records = pythonCsv({ path: german, encoding: 'cp1252' }, ';')
    const [header, ...rows] = records
    const paths = JSON.parse(await readFile(map, 'utf8')) as Record<string, string | null>
    const lines = await reportLines(out)
    expect(lines.map((line) => [line['row'], line['line']])).toEqual(
      rows.map((record, index) => [index + 1, record.line])
    )
    // The row with a delimiter inside an unquoted value has one field too many.
    const wide = rows.findIndex((record) => record.fields.length !== header?.fields.length)
    expect(wide).toBeGreaterThanOrEqual(0)
    expect(lines[wide]).toEqual({
      row: wide + 1,
      line: rows[wide]?.line,
      ok: false,
      status: 400,
      body: {
        message:
          'Unexpected 12 fields, expected 11 as in the header (a delimiter inside an unquoted value?)',
      },
      warnings: [],
    })
    const judged = rows.filter((_, index) => index !== wide)
    const expected = await validateAll(
      judged.map((record) => bodyOf(header?.fields ?? [], record.fields, paths))
    )
    const actual = lines
      .filter((_, index) => index !== wide)
      .map(({ row: _row, line: _line, ...verdict }) => verdict)
    expect(actual).toEqual(expected)
    // The list has what makes it real: accepted rows, a missing zip, an overflowing message.
    expect(run.stdout).toContain('to.zip: The to.zip field is required.')
    expect(run.stdout).toContain('content.body: does not fit its area')
    expect(run.stdout).toMatch(/ {2}accepted +5 +62\.5 % +1 with warnings/)
  })

  test('should give the same verdicts for the list saved as UTF-8 with a byte order mark and `,`', async () => {
    const utf8 = join(dir, 'german-utf8-bom.csv')
    await promisify(execFile)('python3', [
      '-c',
      `
import csv, sys
rows = list(csv.reader(open(sys.argv[1], encoding='cp1252', newline=''), delimiter=';'))
with open(sys.argv[2], 'w', encoding='utf-8-sig', newline='') as f:
    csv.writer(f, delimiter=',', lineterminator='\\r\\n').writerows(rows)
`,
      german,
      utf8,
    ])
    const bytes = await readFile(utf8)
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const [a, b] = [join(dir, 'a.ndjson'), join(dir, 'b.ndjson')]
    const base = ['check-list', '--design', design, '--template', template, '--map', map]
    const first = await preflight([...base, '--out', a, '--progress', 'none', german])
    const second = await preflight([...base, '--out', b, '--progress', 'none', utf8])
    expect(second.stdout).toContain('(CSV, delimiter ",", UTF-8 (byte order mark))')
    expect(second.code).toBe(first.code)
    const [left, right] = [await reportLines(a), await reportLines(b)]
    expect(right).toEqual(left)
  })

  test('should read a list forced to Windows-1252 the same and name the encoding as given', async () => {
    const run = await checkList([
      '--map',
      map,
      '--encoding',
      'windows-1252',
      '--delimiter',
      ';',
      '--progress',
      'none',
      german,
    ])
    expect(run.stdout).toContain('(CSV, delimiter ";", Windows-1252)')
    expect(run.stdout).toContain('content.body: does not fit its area')
  })
})

describe('preflight check-list at scale', () => {
  test('should keep the row order of the list across workers (the same report from 1 and 3 workers)', async () => {
    const list = join(dir, 'order.csv')
    await writeList(list, 3000)
    const reports = [join(dir, 'one.ndjson'), join(dir, 'three.ndjson')]
    const base = [
      'check-list',
      '--design',
      design,
      '--set',
      'flow_id=9f1c2e4a-6b7d-4e8f-a0b1-c2d3e4f5a6b7',
    ]
    const from = ['--set', 'from.address_line1=Invalidenstraße 117', '--set', 'from.zip=10115']
    const rest = ['--set', 'from.city=Berlin', '--set', 'from.country=DE', '--progress', 'none']
    const one = await preflight([
      ...base,
      ...from,
      ...rest,
      '--workers',
      '1',
      '--out',
      reports[0] ?? '',
      list,
    ])
    const three = await preflight([
      ...base,
      ...from,
      ...rest,
      '--workers',
      '3',
      '--out',
      reports[1] ?? '',
      list,
    ])
    expect(one.stderr).toBe('')
    expect(three.stdout.replace('three.ndjson', 'one.ndjson')).toBe(one.stdout)
    const [a, b] = [await readFile(reports[0] ?? ''), await readFile(reports[1] ?? '')]
    expect(b.equals(a)).toBe(true)
    const lines = await reportLines(reports[1] ?? '')
    expect(lines.map((line) => line['row'])).toEqual(Array.from({ length: 3000 }, (_, i) => i + 1))
    // Every seventh message overflows: those rows, and only those, are rejected.
    expect(lines.filter((line) => line['ok'] === false).map((line) => line['row'])).toEqual(
      Array.from({ length: 428 }, (_, i) => (i + 1) * 7)
    )
  }, 300_000)

  test('should judge 100,000 generated rows in order on all cores', async () => {
    const list = join(dir, 'large.csv')
    await writeList(list, 100_000, { words: 4 })
    const out = join(dir, 'large.ndjson')
    const run = await checkList(['--out', out, '--json', '--progress', 'lines', list])
    expect(run.code).toBe(1)
    const summary = JSON.parse(run.stdout) as Record<string, unknown>
    expect(summary).toMatchObject({
      rows: 100_000,
      rejected: 14_285,
      accepted: 85_715,
      malformed: 0,
    })
    expect(run.stderr).toMatch(/^check-list: 100,000 rows in .+ \([\d,]+ rows\/s\)\n$/m)
    const text = await readFile(out, 'utf8')
    let expected = 1
    for (const line of text.split('\n')) {
      if (line === '') continue
      const row = Number(/^\{"row":(\d+),/.exec(line)?.[1])
      if (row !== expected) throw new Error(`row ${row} where ${expected} was expected`)
      expected++
    }
    expect(expected - 1).toBe(100_000)
  }, 900_000)
})

describe('preflight check-list with broken rows', () => {
  test('should report each malformed row with its line and judge the rows after it', async () => {
    const header = COLUMNS.join(',')
    const good = (name: string) =>
      `${name},Müller,Hauptstraße 1,10115,Berlin,DE,Hallo ${name}!,Kurzer Text.,https://bloom.example/c/1`
    const bytes = Buffer.concat([
      Buffer.from(`${header}\n${good('Anna')}\n`, 'utf8'),
      // Row 2: a Windows-1252 "ö" (0xF6) inside a UTF-8 list.
      Buffer.from('J', 'utf8'),
      Buffer.from([0xf6]),
      Buffer.from(
        `rg,Müller,Hauptstraße 1,10115,Berlin,DE,Hallo!,Text.,https://bloom.example/c/2\n`,
        'utf8'
      ),
      Buffer.from(`Kai,Müller,Hauptstraße 1,10115,Berlin\n`, 'utf8'),
      // Row 4: a quoted first name over two lines; then a blank line.
      Buffer.from(`"Zoë\nZ",${good('Zoë').slice(4)}\n\n${good('Ben')}\n`, 'utf8'),
      // Row 6: a quote never closed.
      Buffer.from(
        `Eva,Müller,"Hauptstraße 1,10115,Berlin,DE,Hallo!,Text.,https://bloom.example/c/9\n`,
        'utf8'
      ),
    ])
    const list = join(dir, 'broken.csv')
    await writeFile(list, bytes)
    const out = join(dir, 'broken.ndjson')
    const run = await checkList(['--out', out, '--progress', 'none', list])
    expect(run.code).toBe(1)
    const lines = await reportLines(out)
    const summary = lines.map((line) => [
      line['row'],
      line['line'],
      line['status'] ?? 'ok',
      (line['body'] as { message?: string } | undefined)?.message,
    ])
    expect(summary).toEqual([
      [1, 2, 'ok', undefined],
      [
        2,
        3,
        400,
        'Unexpected bytes that are not UTF-8 in this row, expected UTF-8 text (for a list saved by Excel as "CSV", pass `--encoding windows-1252`)',
      ],
      [
        3,
        4,
        400,
        'Unexpected 5 fields, expected 9 as in the header (a delimiter inside an unquoted value?)',
      ],
      [4, 5, 'ok', undefined],
      [5, 8, 'ok', undefined],
      [6, 9, 400, 'Unexpected end of the list inside a quoted field, expected a closing `"`'],
    ])
    expect(run.stdout).toContain('  malformed            3   50.0 %')
    expect(run.stdout).toContain(
      '  row 3 (line 4): Unexpected 5 fields, expected 9 as in the header (a delimiter inside an unquoted value?)'
    )
  })

  test('should read NDJSON rows over the template and report a line that is not JSON', async () => {
    const row = (name: string) =>
      JSON.stringify({
        to: {
          first_name: name,
          address_line1: 'Hauptstraße 1',
          zip: '10115',
          city: 'Berlin',
          country: 'DE',
        },
        content: { greeting: `Hallo ${name}!`, body: 'Kurzer Text.' },
        'qr_codes.coupon_url': 'https://bloom.example/c/1',
      })
    const text = `${row('Anna')}\r\n{"to": \r\n\r\n${row('Ben')}\r\n`
    const out = join(dir, 'rows.ndjson')
    const run = await preflight(
      [
        'check-list',
        '--design',
        design,
        '--template',
        template,
        '--out',
        out,
        '--progress',
        'none',
        '-',
      ],
      text
    )
    expect(run.code).toBe(1)
    expect(run.stdout).toContain(
      'standard input against the design "Spring greeting A6" (NDJSON, UTF-8 (detected))'
    )
    const lines = await reportLines(out)
    expect(lines.map((line) => [line['row'], line['line'], line['ok']])).toEqual([
      [1, 1, true],
      [2, 2, false],
      [3, 4, true],
    ])
    expect(lines[1]).toMatchObject({ status: 400 })
  })
})

describe('preflight check-list exit codes and misuse', () => {
  const base = ['check-list', '--design', design, '--template', template, '--map', map]

  test('should exit 0 when every row is accepted', async () => {
    const list = join(dir, 'fine.csv')
    await writeList(list, 6, { delimiter: ',' })
    const run = await checkList(['--progress', 'none', list])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('  accepted             6  100.0 %')
  })

  test.each([
    {
      name: 'a required field with no column',
      args: ['check-list', '--design', design, '--map', map, german],
      message:
        'preflight check-list: Missing columns `flow_id`, `from.address_line1`, `from.zip`, `from.city`, `from.country`, expected a column (or a `--map` entry) for each required field, or its value in `--template`/`--set`\n',
    },
    {
      name: 'a content key the design does not have',
      args: [...base, '--set', 'content.greting=Hallo', german],
      message:
        'preflight check-list: Unexpected template field `content.greting`, expected one of `content.greeting`, `content.body`\n',
    },
    {
      name: 'a bad worker count',
      args: [...base, '--workers', '0', german],
      message:
        'preflight check-list: Unexpected `0` for `--workers`, expected a whole number from 1 to 256 (see `preflight check-list --help`)\n',
    },
    {
      name: 'a missing list',
      args: [...base, join(dir, 'nowhere.csv')],
      message: `preflight check-list: Unexpected missing file \`${join(dir, 'nowhere.csv')}\`, expected a recipient list (CSV or NDJSON)\n`,
    },
  ])('should exit 2 for $name, with one line on stderr', async ({ args, message }) => {
    const run = await preflight(args)
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toBe(message)
  })
})

test('should exit 2 for an unknown flag, pointing to --help', async () => {
  const run = await preflight(['check-list', '--design', design, '--worker', '2', german])
  expect(run.code).toBe(2)
  expect(run.stderr).toBe(
    'preflight check-list: Unexpected option `--worker`, did you mean `--workers`? (see `preflight check-list --help`)\n'
  )
})

describe('preflight check-list progress', () => {
  test('should draw a bar with rate and ETA in a pseudo-terminal', async () => {
    const list = join(dir, 'progress.csv')
    await writeList(list, 1500)
    const command = [
      process.execPath,
      inRoot('bin/preflight.js'),
      'check-list',
      '--design',
      design,
      '--template',
      template,
      '--workers',
      '1',
      list,
    ]
      .map((part) => `'${part.replace(/'/g, "'\\''")}'`)
      .join(' ')
    // util-linux `script` runs the command on a new pseudo-terminal: stderr is a TTY.
    const { stdout } = await promisify(execFile)('script', ['-qec', command, '/dev/null'], {
      cwd: inRoot('.'),
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stdout: string }) => ({ stdout: error.stdout }))
    expect(stdout).toMatch(/\rcheck-list ▕█*░*▏ +\d+ % · [\d,]+ rows · [\d,]+ rows\/s · ETA \d+/)
    expect(stdout).toContain('\r\u001b[K')
    expect(stdout).toMatch(/check-list: 1,500 rows in \d+ (?:s|min \d\d s) \([\d,]+ rows\/s\)/)
  }, 300_000)

  test('should write plain lines when stderr is not a terminal', async () => {
    const list = join(dir, 'plain.csv')
    await writeList(list, 50)
    const run = await checkList([list])
    expect(run.stderr).not.toContain('\r')
    const lines = run.stderr.split('\n').filter((line) => line !== '')
    for (const line of lines.slice(0, -1)) {
      expect(line).toMatch(/^check-list: [\d,]+ rows \(\d+ %\), [\d,]+ rows\/s(?:, ETA .+)?$/)
    }
    expect(lines.at(-1)).toMatch(/^check-list: 50 rows in \d+ s \([\d,]+ rows\/s\)$/)
  })
})

describe('preflight merge-reports', () => {
  const base = ['check-list', '--design', design, '--template', template, '--progress', 'none']
  const parts = [1, 2, 3].map((part) => join(tmpdir(), `never-${part}`))
  let whole = ''
  let full = { code: null as number | null, stdout: '' }

  beforeAll(async () => {
    const list = join(dir, 'parts.csv')
    await writeList(list, 700)
    whole = join(dir, 'whole.ndjson')
    full = await preflight([...base, '--out', whole, list])
    for (const [index, range] of ['1-250', '251-600', '601-'].entries()) {
      parts[index] = join(dir, `part-${index + 1}.ndjson`)
      await preflight([...base, '--rows', range, '--out', parts[index] ?? '', list])
    }
  }, 300_000)

  test('should merge the reports of parts, in any order, into the report of the whole list', async () => {
    const merged = join(dir, 'merged.ndjson')
    const run = await preflight(['merge-reports', '--out', merged, ...[...parts].reverse()])
    expect(run.code).toBe(full.code)
    expect((await readFile(merged)).equals(await readFile(whole))).toBe(true)
    expect(run.stdout.split('\n').slice(1)).toEqual(
      full.stdout
        .split('\n')
        .slice(1)
        .map((line) => line.replace(`Reports: ${whole}`, `Reports: ${merged}`))
    )
  })

  test('should name missing rows and refuse overlapping parts', async () => {
    const gap = await preflight(['merge-reports', parts[0] ?? '', parts[2] ?? ''])
    expect(gap.code).toBe(1)
    expect(gap.stderr).toBe(
      'preflight merge-reports: 350 rows missing between the parts (rows 251-600)\n'
    )
    const overlap = await preflight(['merge-reports', parts[0] ?? '', parts[0] ?? ''])
    expect(overlap.code).toBe(2)
    expect(overlap.stderr).toBe(
      'preflight merge-reports: Unexpected row 1 in two reports, expected parts that do not overlap (check-list --rows)\n'
    )
  })
})
