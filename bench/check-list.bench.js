// @ts-check
// `preflight check-list` on a generated list of typical A6 rows with unique texts (a different
// name, street, message and coupon URL per row; every seventh message overflows), against the
// BUILT package (`npm run bench` builds). Budgets of issue 16 on a 2-core machine: at least
// 5,000 rows/s with all cores and at least 1.7x the single-worker rate; 1,000,000 rows within
// 300 MB peak RSS. Each run is its own process (its peak RSS counts the main thread and every
// worker); the rate includes start-up (fonts, design, workers).
//
// `node bench/check-list.bench.js` runs it alone; PREFLIGHT_BENCH_LIST_ROWS (default 40,000)
// sets the rate runs' size, PREFLIGHT_BENCH_LIST_LARGE (default 1,000,000) the memory run's.
//
// On a shared machine the rates measure the share of the cores the runs got, so the bench also
// judges the same rows with one `Preflight` in one thread (no workers, no reports) and gives
// each run's CPU time per row: `check-list`'s own cost is the ratio of the two, whatever the load.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../', import.meta.url))
const ROWS = Number(process.env['PREFLIGHT_BENCH_LIST_ROWS'] ?? 40_000)
const LARGE = Number(process.env['PREFLIGHT_BENCH_LIST_LARGE'] ?? 1_000_000)

const FIRST = ['Anna', 'Jörg', 'Marie-Luise', 'Zoë', 'Ahmet', 'Friederike', 'Kai', 'Małgorzata']
const WORDS =
  'Frühling Garten Blumen Rabatt Sonntag neue Kollektion Tulpen Rosen Angebot nur heute bei uns im Laden Sommer Herbst Winter Gutschein Geschenk'.split(
    ' '
  )

/** @param {string} value */
const field = (value) => (/[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value)

/**
 * Writes a list of `rows` unique rows (semicolons, CRLF, multi-line quoted messages).
 *
 * @param {string} path
 * @param {number} rows
 */
async function writeList(path, rows) {
  const out = createWriteStream(path)
  out.write(
    'to.first_name;to.last_name;to.address_line1;to.zip;to.city;to.country;content.greeting;content.body;qr_codes.coupon_url\r\n'
  )
  for (let index = 1; index <= rows; index++) {
    const name = `${FIRST[index % FIRST.length]}${index}`
    const count = 18 + (index % 9) + (index % 7 === 0 ? 110 : 0)
    const words = Array.from(
      { length: count },
      (_, k) => WORDS[(index * 7 + k * 3 + ((k * k) % 5)) % WORDS.length]
    )
    const cells = [
      name,
      `Müller-${(index * 31) % 997}`,
      `Hauptstraße ${index % 300}`,
      String(10_000 + (index % 89_999)),
      'Berlin',
      'DE',
      `Hallo **${name}**!`,
      `${words.join(' ')} (Kunde ${index})\n\n- ${index % 40} % auf alles\n- nur bis *Sonntag*`,
      `https://bloom.example/c/SPRING-2026?r=${index.toString(36)}&u=${(index * 7919).toString(36)}`,
    ]
    if (!out.write(`${cells.map(field).join(';')}\r\n`)) await once(out, 'drain')
  }
  out.end()
  await once(out, 'close')
}

/** @param {string} path A module of the built package. */
const built = (path) => JSON.stringify(new URL(`../dist/${path}`, import.meta.url).href)

/**
 * The judge alone: the list's rows built and judged by one `Preflight` in one thread, as the
 * workers judge them (same design, template, fonts and cache bounds, but an unbounded heap that
 * is never renewed), with csv-parse's synchronous reader: what a row costs before `check-list`
 * adds reading, workers, a bounded heap and reports. CPU time counts every thread of a process,
 * the garbage collector's helpers included.
 *
 * @param {string} list
 * @param {string} template
 * @param {string} design
 */
const judgeScript = (list, template, design) => `
import { readFileSync } from 'node:fs'
import { parse } from ${JSON.stringify(import.meta.resolve('csv-parse/sync'))}
const { parseDesign } = await import(${built('design/parse-design.js')})
const { createFontRegistry } = await import(${built('text/font-registry.js')})
const { loadFontSources } = await import(${built('node/load-fonts.js')})
const { createRowJudge } = await import(${built('node/check-list/judge-row.js')})
const { buildCsvBody } = await import(${built('node/check-list/build-body.js')})
const sources = await loadFontSources(undefined)
const design = parseDesign(JSON.parse(readFileSync(${JSON.stringify(design)}, 'utf8')), {
  families: createFontRegistry(sources).families,
})
const judge = createRowJudge(design, createFontRegistry(sources))
const template = JSON.parse(readFileSync(${JSON.stringify(template)}, 'utf8'))
const [header, ...records] = parse(readFileSync(${JSON.stringify(list)}, 'utf8'), { delimiter: ';' })
const paths = header.map((name) => name.split('.'))
let rejected = 0
for (const cells of records) if (!judge.judge(buildCsvBody(template, paths, cells)).ok) rejected++
if (rejected === 0) throw new Error('every row accepted: the list lost its overflowing rows')
`

/**
 * Runs a script in its own process and measures it.
 *
 * @param {string} script An ES module.
 * @returns {Promise<{ seconds: number, cpu: number, rss: number, code: number | null }>}
 *   Wall seconds, CPU seconds (user and system, every thread), peak RSS in MiB, exit code.
 */
async function measureScript(script) {
  const runner = join(tmpdir(), `check-list-bench-${process.pid}.mjs`)
  await writeFile(
    runner,
    `${script}
const usage = process.resourceUsage()
process.stderr.write('USAGE ' + usage.maxRSS + ' ' + (usage.userCPUTime + usage.systemCPUTime) + '\\n')`
  )
  const start = performance.now()
  const child = spawn(process.execPath, [runner], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk))
  const [code] = await once(child, 'close')
  const seconds = (performance.now() - start) / 1000
  await rm(runner, { force: true })
  const [, maxRss = Number.NaN, cpu = Number.NaN] = (/USAGE (\d+) (\d+)/.exec(stderr) ?? []).map(
    Number
  )
  if (Number.isNaN(maxRss) || code !== 0) throw new Error(`check-list failed: ${stderr}`)
  return { seconds, cpu: cpu / 1e6, rss: maxRss / 1024, code }
}

/**
 * Runs the built command in its own process and measures it.
 *
 * @param {string[]} args
 */
function measure(args) {
  return measureScript(`
const { main } = await import(${built('node/cli/check-list.js')})
const code = await main(${JSON.stringify(args)})
// 1: rows rejected, as the list means them to be; 2 is misuse.
if (code === 2) process.exit(2)`)
}

export async function run() {
  const dir = await mkdtemp(join(tmpdir(), 'check-list-bench-'))
  try {
    const template = join(dir, 'template.json')
    await writeFile(
      template,
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
    const list = join(dir, 'list.csv')
    await writeList(list, ROWS)
    const cores = availableParallelism()
    const base = [
      '--design',
      join(root, 'designs/a6-greeting.json'),
      '--template',
      template,
      '--progress',
      'none',
    ]
    const results = []
    const alone = await measureScript(
      judgeScript(list, template, join(root, 'designs/a6-greeting.json'))
    )
    const judgeCpu = (alone.cpu * 1e6) / ROWS
    results.push({
      name: `the judge alone on the same rows (one Preflight, one thread, no reports)`,
      median_us: (alone.seconds * 1e6) / ROWS,
      note: `${Math.round(ROWS / alone.seconds).toLocaleString('en')} rows/s; CPU ${Math.round(judgeCpu)} µs per row (start-up included); what check-list adds is its CPU per row over this`,
    })
    /** @type {Record<number, number>} */
    const rates = {}
    for (const workers of [1, cores]) {
      const out = join(dir, `out-${workers}.ndjson`)
      const { seconds, cpu, rss } = await measure([
        ...base,
        '--workers',
        String(workers),
        '--out',
        out,
        list,
      ])
      rates[workers] = ROWS / seconds
      results.push({
        name: `check-list ${ROWS.toLocaleString('en')} unique A6 rows, ${workers} worker${workers === 1 ? '' : 's'}`,
        median_us: (seconds * 1e6) / ROWS,
        note: `${Math.round(rates[workers]).toLocaleString('en')} rows/s; CPU ${Math.round((cpu * 1e6) / ROWS)} µs per row (${((cpu * 1e6) / ROWS / judgeCpu).toFixed(2)}x the judge alone); peak RSS ${Math.round(rss)} MB${
          workers === cores
            ? `; ${(rates[cores] / (rates[1] ?? 1)).toFixed(2)}x one worker (budget ≥ 5,000 rows/s, ≥ 1.7x)`
            : ''
        }`,
      })
    }
    if (LARGE > 0) {
      const large = join(dir, 'large.csv')
      await writeList(large, LARGE)
      const out = join(dir, 'large.ndjson')
      const { seconds, rss } = await measure([...base, '--out', out, large])
      results.push({
        name: `check-list ${LARGE.toLocaleString('en')} unique A6 rows, ${cores} workers, --out`,
        median_us: (seconds * 1e6) / LARGE,
        note: `${Math.round(LARGE / seconds).toLocaleString('en')} rows/s; peak RSS ${Math.round(rss)} MB (budget ≤ 300 MB)`,
      })
    }
    return results
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.table(await run())
