/**
 * `preflight check-list`: judges every row of a recipient list, on every core, and reports.
 *
 * The main thread reads and decodes the list, splits it into batches and writes the reports;
 * long-lived worker threads build and judge the bodies (one judge per worker, its caches warm
 * for the whole list). Batches come back in order through a bounded window, so the NDJSON
 * report keeps the list's row order and memory stays flat however long the list.
 *
 * @module
 */
import { createReadStream } from 'node:fs'
import { readFile, stat, type FileHandle } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import { parseDesign } from '../../design/parse-design.ts'
import type { Design } from '../../design/types.ts'
import { createFontRegistry } from '../../text/font-registry.ts'
import { isJsonObject, setPath, type JsonObject } from '../check-list/build-body.ts'
import { describeList, formatSummary, type ListInfo } from '../check-list/format-summary.ts'
import {
  createTally,
  mergeTally,
  summaryOf,
  type ListTally,
  type WorstRow,
} from '../check-list/list-tally.ts'
import { openReport } from '../check-list/open-report.ts'
import { OrderedPool } from '../check-list/ordered-pool.ts'
import {
  checkDesignKeys,
  parseBodyPath,
  planColumns,
  readColumnMap,
  type ColumnMap,
} from '../check-list/plan-columns.ts'
import { createProgress } from '../check-list/progress.ts'
import { ListReader } from '../check-list/read-list.ts'
import { renderListReport, type DrawnCard } from '../check-list/render-list-report.ts'
import type { BatchRow, WorkerSetup } from '../check-list/worker-protocol.ts'
import { createRowJudge, type RowJudge } from '../check-list/judge-row.ts'
import { loadFontSources } from '../load-fonts.ts'
import { readCheckListArguments, USAGE, type CheckListArguments } from './check-list-arguments.ts'
import { ArgumentError, UsageError, processIo, reportMisuse, write, type CliIo } from './cli-io.ts'

export { USAGE } from './check-list-arguments.ts'

/** Rows per batch: large enough that messaging costs little, small enough to spread a short list. */
const BATCH_ROWS = 64

/** Batches in flight per worker (queued, judged, or waiting for an earlier one). */
const WINDOW_PER_WORKER = 4

/**
 * Heap limits of a worker. Without a limit V8 lets garbage grow towards its default heap before
 * collecting, which multiplies RSS by the number of workers. The fonts' caches are bounded; as a
 * safety net, a worker renews its judge (and so drops those caches) when a full collection leaves
 * more than half the old-generation limit alive, so its live data stays well below the limit.
 * Env `PREFLIGHT_WORKER_HEAP` = `old,young` in MB.
 */
const WORKER_HEAP = (() => {
  const [old = Number.NaN, young = Number.NaN] = (process.env['PREFLIGHT_WORKER_HEAP'] ?? '')
    .split(',')
    .map(Number)
  return {
    maxOldGenerationSizeMb: old >= 32 ? old : 64,
    maxYoungGenerationSizeMb: young >= 1 ? young : 16,
  }
})()

/** The worker module, beside this one once built (`dist/node/check-list/`). */
const WORKER_URL = new URL('../check-list/check-list-worker.js', import.meta.url)

/** Reads a JSON file the command needs; every failure is a usage error naming the file. */
async function readJsonFile(path: string, what: string): Promise<unknown> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const how = code === 'ENOENT' ? 'missing' : `unreadable (\`${code ?? 'error'}\`)`
    throw new UsageError(`Unexpected ${how} file \`${path}\`, expected ${what}`, { cause: error })
  }
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch (error) {
    throw new UsageError(
      `Unexpected JSON in \`${path}\` (${(error as Error).message}), expected ${what}`,
      {
        cause: error,
      }
    )
  }
}

/** The template with `--set` applied, checked against the design. */
async function readTemplate(options: CheckListArguments, design: Design): Promise<JsonObject> {
  let template: JsonObject = {}
  if (options.template !== undefined) {
    const json = await readJsonFile(
      options.template,
      'a JSON object with the fields every row shares'
    )
    if (!isJsonObject(json)) {
      throw new UsageError(
        `Unexpected template \`${options.template}\`, expected a JSON object with the fields every row shares, e.g. {"flow_id": "…", "from": {…}}`
      )
    }
    template = json
  }
  const body: Record<string, unknown> = { ...template }
  for (const [dotted, value] of options.set) {
    const path = parseBodyPath(dotted)
    if (path === undefined) {
      throw new ArgumentError(
        `Unexpected \`${dotted}\` for \`--set\`, expected a body path such as \`flow_id\`, \`from.city\` or \`content.<key>\``
      )
    }
    setPath(body, template, path, value)
  }
  const paths: string[] = []
  for (const root of ['content', 'qr_codes']) {
    const value = body[root]
    if (isJsonObject(value)) paths.push(...Object.keys(value).map((key) => `${root}.${key}`))
  }
  checkDesignKeys(paths, design, 'template field')
  return body
}

/** Opens the list: a file (its size drives the progress bar) or standard input. */
async function openList(
  source: string,
  io: CliIo
): Promise<{ input: Readable; size: number | undefined }> {
  if (source === '-') return { input: io.stdin, size: undefined }
  try {
    const info = await stat(source)
    if (!info.isFile()) throw Object.assign(new Error('not a file'), { code: 'EISDIR' })
    return { input: createReadStream(source, { highWaterMark: 256 * 1024 }), size: info.size }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const how = code === 'ENOENT' ? 'missing' : `unreadable (\`${code ?? 'error'}\`)`
    throw new UsageError(
      `Unexpected ${how} file \`${source}\`, expected a recipient list (CSV or NDJSON)`,
      {
        cause: error,
      }
    )
  }
}

/** Buffers report text and writes it in large pieces (the file handle has no backpressure). */
function reportWriter(handle: FileHandle) {
  let pending: string[] = []
  let size = 0
  return {
    async write(text: string) {
      pending.push(text)
      size += text.length
      if (size >= 1 << 20) await this.flush()
    },
    async flush() {
      if (size === 0) return
      const text = pending.join('')
      pending = []
      size = 0
      await handle.write(text)
    },
  }
}

/** How the encoding is named in the summary. */
function encodingName(reader: ListReader): string {
  const { encoding, how } = reader.decoding
  if (encoding === undefined) return 'ASCII'
  const name = encoding.toUpperCase().replace('WINDOWS', 'Windows')
  return how === 'forced' || how === 'default' ? name : `${name} (${how})`
}

/**
 * Runs `preflight check-list`.
 *
 * @param args The arguments after `check-list`.
 * @param io Streams (default: the process's).
 * @returns The exit code: 0 every row accepted, 1 any rejected or malformed, 2 misuse.
 */
export async function main(args: readonly string[], io: CliIo = processIo): Promise<number> {
  let pool: OrderedPool | undefined
  const files: FileHandle[] = []
  try {
    const options = readCheckListArguments(args)
    if (options === 'help') {
      io.stdout.write(USAGE)
      return 0
    }
    const sources = await loadFontSources(options.fonts)
    const families = createFontRegistry(sources).families
    const designJson = await readJsonFile(options.design, 'a design JSON file')
    const design = parseDesign(designJson, { families })
    const template = await readTemplate(options, design)
    let map: ColumnMap = new Map()
    if (options.map !== undefined) {
      map = readColumnMap(
        await readJsonFile(options.map, 'a JSON object of column names to body paths'),
        options.map
      )
    }
    const list = await openList(options.list, io)
    const reader = new ListReader({
      input: list.input,
      name: options.list,
      format: options.format,
      encoding: options.encoding,
      delimiter: options.delimiter,
      rows: options.rows,
    })
    const header = await reader.header()
    let paths: WorkerSetup['paths']
    let ignored: readonly string[] = []
    if (reader.format === 'csv') {
      if (header === undefined || header.fields.length === 0) {
        throw new UsageError(
          `Unexpected empty list \`${options.list}\`, expected a header line naming the columns`
        )
      }
      const plan = planColumns(header.fields, map, template, design)
      paths = plan.paths
      ignored = plan.ignored
    } else {
      checkDesignKeys(
        [...map.values()].filter((path) => path !== null).map((path) => path.join('.')),
        design,
        'column map target'
      )
    }
    const out = options.out === undefined ? undefined : await openReport(options.out)
    if (out) files.push(out)
    const html = options.html === undefined ? undefined : await openReport(options.html)
    if (html) files.push(html)
    const lines = out ? reportWriter(out) : undefined

    const keep = Math.max(options.previews, 10)
    const tally: ListTally = createTally(keep)
    const progress = createProgress({
      stream: io.stderr,
      mode: options.progress,
      totalBytes: list.size,
    })
    pool = new OrderedPool({
      url: WORKER_URL,
      workers: options.workers,
      window: options.workers * WINDOW_PER_WORKER,
      resourceLimits: WORKER_HEAP,
      setup: (index) => ({
        index,
        design: designJson,
        fonts: options.fonts,
        template,
        paths,
        rename: [...map],
        keep,
        lines: out !== undefined,
        renewAtBytes: (WORKER_HEAP.maxOldGenerationSizeMb / 2) * 2 ** 20,
      }),
      async onResult(result) {
        mergeTally(tally, result.tally)
        if (lines) await lines.write(result.lines)
        progress.update(tally.rows, reader.decoding.bytes)
      },
    })
    let batch: BatchRow[] = []
    for await (const row of reader.rows(header?.fields.length ?? 0)) {
      batch.push(row)
      if (batch.length === BATCH_ROWS) {
        await pool.submit(batch)
        batch = []
      }
    }
    if (batch.length > 0) await pool.submit(batch)
    await pool.drain()
    await lines?.flush()
    progress.finish(tally.rows)

    const info: ListInfo = {
      head: describeList({
        source: options.list,
        design: design.name,
        format: reader.format,
        delimiter: reader.delimiter,
        encoding: encodingName(reader),
        range: options.rows
          ? `${options.rows.first}-${Number.isFinite(options.rows.last) ? options.rows.last : ''}`
          : undefined,
      }),
      reports: [options.out, options.html].filter((path) => path !== undefined),
      ignored,
    }
    if (html) {
      const worst = await collectWorst(pool, tally, options.previews)
      await pool.close()
      pool = undefined
      const cards = await drawCards(worst, createRowJudge(design, createFontRegistry(sources)))
      await html.write(
        renderListReport(tally, {
          info,
          areas: design.markdownAreas.map((area) => ({ key: area.key, label: area.label })),
          cards,
          date: new Date(),
        })
      )
    }
    await write(
      io.stdout,
      options.json
        ? `${JSON.stringify({ ...info, ...summaryOf(tally) }, null, 2)}\n`
        : formatSummary(tally, info)
    )
    return tally.rejected > 0 || tally.malformed > 0 ? 1 : 0
  } catch (error) {
    return reportMisuse('check-list', error, io)
  } finally {
    await pool?.close()
    for (const file of files) await file.close()
  }
}

/** Collects from the workers the bodies of the worst rows, worst first. */
async function collectWorst(pool: OrderedPool, tally: ListTally, count: number) {
  const worst = tally.worst.slice(0, count)
  const byWorker = new Map<number, number[]>()
  for (const row of worst) byWorker.set(row.worker, [...(byWorker.get(row.worker) ?? []), row.row])
  const bodies = new Map<number, unknown>()
  for (const [worker, rows] of byWorker) {
    const reply = await pool.request(worker, { type: 'bodies', rows })
    if (reply.type === 'bodies') for (const [row, body] of reply.bodies) bodies.set(row, body)
  }
  return worst.flatMap((row) =>
    bodies.has(row.row) ? [{ worst: row, body: bodies.get(row.row) }] : []
  )
}

/** Draws the worst cards (after the workers are gone). */
async function drawCards(
  worst: readonly { readonly worst: WorstRow; readonly body: unknown }[],
  judge: RowJudge
): Promise<DrawnCard[]> {
  const cards: DrawnCard[] = []
  for (const { worst: row, body } of worst) {
    try {
      cards.push({ row: row.row, worst: row, ...(await judge.preview(body, `r${row.row}-`)) })
    } catch {
      // A card that cannot be drawn (its emoji artwork unreadable) is left out of the report;
      // its verdict is in the summary and the NDJSON report all the same.
    }
  }
  return cards
}
