/**
 * `preflight merge-reports`: merges the NDJSON reports of parts of one list (each from
 * `check-list --rows <first>-<last> --out`, on any machine) into one report in row order, with
 * the summary and exit code of the whole list.
 *
 * @module
 */
import { createReadStream } from 'node:fs'
import { stat, type FileHandle } from 'node:fs/promises'
import { createInterface } from 'node:readline'
import { formatSummary, type ListInfo } from '../check-list/format-summary.ts'
import { createTally, summaryOf, tallyVerdict } from '../check-list/list-tally.ts'
import { openReport } from '../check-list/open-report.ts'
import { formatCount } from '../check-list/progress.ts'
import { renderListReport } from '../check-list/render-list-report.ts'
import { UsageError, processIo, reportMisuse, write, type CliIo } from './cli-io.ts'
import { readArguments } from './read-arguments.ts'

/** Usage text, printed by `--help` and after a usage error. */
export const USAGE = `Usage: preflight merge-reports [--out <merged.ndjson>] [--html <report.html>] [--json] <part.ndjson>...

Merges the NDJSON reports of parts of one recipient list (check-list --rows <first>-<last>
--out <part.ndjson>, run on any machine) into one report in row order, and prints the summary
of the whole list. Rows missing between the parts are named; a row in two parts is a misuse.
Exit codes: 0 every row accepted, 1 any row rejected (422) or malformed, 2 misuse.

  --out <file>    Write the merged report (one verdict per row, in row order).
  --html <file>   Write the HTML report of the whole list (summary and overflow by area; the
                  previews of the worst cards are in each part's own HTML report).
  --json          Print the summary as JSON instead of a table.
  <part.ndjson>   The parts' reports, in any order.
`

/** What `merge-reports` accepts. */
const SPEC = {
  options: {
    out: { type: 'string', value: '<merged.ndjson>' },
    html: { type: 'string', value: '<report.html>' },
    json: { type: 'boolean' },
  },
  positionals: { min: 1, max: Number.POSITIVE_INFINITY, missing: 'the reports to merge' },
} as const

/** One verdict line of a report. */
interface ReportLine {
  readonly row: number
  readonly line: number
  readonly text: string
  readonly verdict: Parameters<typeof tallyVerdict>[3]
}

/** Reads a report's lines one by one, checking each is a verdict with a row number. */
async function* readReport(path: string): AsyncGenerator<ReportLine> {
  const lines = createInterface({
    input: createReadStream(path, { encoding: 'utf8' }),
    crlfDelay: Number.POSITIVE_INFINITY,
  })
  let number = 0
  let previous = 0
  for await (const text of lines) {
    number++
    if (text.trim() === '') continue
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      parsed = undefined
    }
    const value = parsed as Partial<ReportLine & { ok: boolean }> | undefined
    if (
      typeof value?.row !== 'number' ||
      typeof value.line !== 'number' ||
      typeof value.ok !== 'boolean'
    ) {
      throw new UsageError(
        `Unexpected line ${number} of \`${path}\`, expected a verdict of \`preflight check-list --out\` ({"row":…,"line":…,"ok":…})`
      )
    }
    if (value.row <= previous) {
      throw new UsageError(
        `Unexpected row ${value.row} after row ${previous} in \`${path}\`, expected the rows of a check-list report in order`
      )
    }
    previous = value.row
    yield { row: value.row, line: value.line, text, verdict: parsed as ReportLine['verdict'] }
  }
}

/** Checks that each part can be read before anything is written. */
async function checkParts(parts: readonly string[]): Promise<void> {
  for (const part of parts) {
    try {
      if (!(await stat(part)).isFile()) throw Object.assign(new Error(), { code: 'EISDIR' })
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      const how = code === 'ENOENT' ? 'missing' : `unreadable (\`${code ?? 'error'}\`)`
      throw new UsageError(`Unexpected ${how} file \`${part}\`, expected a check-list report`)
    }
  }
}

/**
 * Runs `preflight merge-reports`: a k-way merge of the parts by row number (each part is in
 * row order, so memory holds one line per part), tallied as `check-list` tallies a list.
 *
 * @param args The arguments after `merge-reports`.
 * @param io Streams (default: the process's).
 * @returns The exit code: 0 every row accepted, 1 any rejected or malformed, 2 misuse.
 */
export async function main(args: readonly string[], io: CliIo = processIo): Promise<number> {
  const files: FileHandle[] = []
  try {
    const parsed = readArguments(args, SPEC)
    if (parsed === 'help') {
      io.stdout.write(USAGE)
      return 0
    }
    const { values, positionals: parts } = parsed
    await checkParts(parts)
    const out = values.out === undefined ? undefined : await openReport(values.out)
    if (out) files.push(out)
    const html = values.html === undefined ? undefined : await openReport(values.html)
    if (html) files.push(html)

    const readers = parts.map((part) => readReport(part))
    const heads = await Promise.all(readers.map((reader) => reader.next()))
    const tally = createTally(10)
    const gaps: string[] = []
    let gapCount = 0
    let last = 0
    let pending: string[] = []
    for (;;) {
      let best = -1
      let bestRow = Number.POSITIVE_INFINITY
      for (const [index, head] of heads.entries()) {
        if (head?.done === false && head.value.row < bestRow) {
          best = index
          bestRow = head.value.row
        }
      }
      const head = heads[best]
      const reader = readers[best]
      if (head?.done !== false || reader === undefined) break
      const { row, line, text, verdict } = head.value
      if (row === last) {
        throw new UsageError(
          `Unexpected row ${row} in two reports, expected parts that do not overlap (check-list --rows)`
        )
      }
      if (row > last + 1) {
        gapCount += row - last - 1
        if (gaps.length < 10)
          gaps.push(row - 1 === last + 1 ? `${last + 1}` : `${last + 1}-${row - 1}`)
      }
      last = row
      tallyVerdict(tally, row, line, verdict)
      if (out) {
        pending.push(text)
        if (pending.length >= 4096) {
          await out.write(`${pending.join('\n')}\n`)
          pending = []
        }
      }
      heads[best] = await reader.next()
    }
    if (out && pending.length > 0) await out.write(`${pending.join('\n')}\n`)
    if (gapCount > 0) {
      io.stderr.write(
        `preflight merge-reports: ${formatCount(gapCount)} rows missing between the parts (rows ${gaps.join(', ')}${gaps.length === 10 ? ', …' : ''})\n`
      )
    }
    const info: ListInfo = {
      head: `${parts.length} merged ${parts.length === 1 ? 'report' : 'reports'} (${parts.join(', ')}), rows 1-${last}`,
      reports: [values.out, values.html].filter((path) => path !== undefined),
    }
    if (html) {
      await html.write(
        renderListReport(tally, {
          info,
          areas: [],
          cards: undefined,
          date: new Date(),
        })
      )
    }
    await write(
      io.stdout,
      values.json
        ? `${JSON.stringify({ ...info, missing: gapCount, ...summaryOf(tally) }, null, 2)}\n`
        : formatSummary(tally, info)
    )
    return tally.rejected > 0 || tally.malformed > 0 || gapCount > 0 ? 1 : 0
  } catch (error) {
    return reportMisuse('merge-reports', error, io)
  } finally {
    for (const file of files) await file.close()
  }
}
