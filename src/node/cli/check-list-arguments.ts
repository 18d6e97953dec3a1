/**
 * The arguments of `preflight check-list`, read and checked in one place (so the command's
 * options move to the shared argument layer of the CLI in one change).
 *
 * @module
 */
import { availableParallelism } from 'node:os'
import type { EncodingOption } from '../check-list/decode-text.ts'
import type { ProgressMode } from '../check-list/progress.ts'
import type { DelimiterOption } from '../check-list/read-csv-records.ts'
import type { FormatOption } from '../check-list/read-list.ts'
import { ArgumentError } from './cli-io.ts'
import { readArguments } from './read-arguments.ts'

/** Usage text, printed by `--help` and after a usage error. */
export const USAGE = `Usage: preflight check-list --design <design.json> [options] <recipients.csv|->

Judges every row of a recipient list (CSV or NDJSON) as POST /api/v1/postcards would, on all
cores, and prints a summary: rows, accepted, rejected by cause, warnings by code, the worst
overflows. Each row is one postcard submission: a header names the body field of its column
(flow_id, to.first_name, to.address_line1, content.greeting, qr_codes.coupon_url, ...); fields
the same for every row (flow_id, from, ...) come from --template or --set.
Exit codes: 0 every row accepted, 1 any row rejected (422) or malformed, 2 misuse.

  --design <file>        The flow's design document (JSON).
  --template <file>      A JSON body with the fields every row shares; each row's cells are
                         set over it (an empty cell keeps the template's value).
  --set <path>=<value>   One shared field, e.g. --set flow_id=9f1c2e4a-... (repeatable; after
                         --template).
  --map <file>           JSON object from column names to body paths for other headers, e.g.
                         {"PLZ": "to.zip", "Kundennummer": null} (null leaves a column out).
  --fonts <file>         Fonts manifest (default: the package's fonts/fonts.json).
  --format <f>           auto, csv or ndjson (default: auto: by the file name's extension,
                         else NDJSON when the list starts with {).
  --encoding <e>         auto, utf-8 or windows-1252 (default: auto: a byte order mark decides,
                         UTF-16 too; else UTF-8 unless the first non-ASCII bytes are not UTF-8,
                         then Windows-1252, as Excel saves "CSV" on Windows).
  --delimiter <d>        auto, ",", ";" or tab (default: auto: the most frequent in the header).
  --rows <first>-<last>  Judge only these rows (1 is the first row after the header; "-<last>"
                         and "<first>-" leave an end open). Row numbers stay those of the whole
                         list, so the reports of several parts merge (preflight merge-reports).
  --workers <n>          Worker threads (default: ${availableParallelism()}, the cores of this machine).
  --out <file>           Write one verdict per row as NDJSON, in row order:
                         {"row":1,"line":2,"ok":true,"warnings":[]} ...
  --html <file>          Write a self-contained HTML report: summary, overflow by area, and
                         previews of the worst cards.
  --previews <n>         How many worst cards the HTML report shows (default: 12).
  --json                 Print the summary as JSON instead of a table.
  --progress <p>         auto, bar, lines or none (default: auto: a bar on a terminal, a line
                         every 5 s otherwise); always on stderr.
  <recipients.csv|->     The list; - reads standard input.
`

/** The checked arguments of `check-list`. */
export interface CheckListArguments {
  readonly design: string
  readonly list: string
  readonly template: string | undefined
  readonly set: readonly (readonly [path: string, value: string])[]
  readonly map: string | undefined
  readonly fonts: string | undefined
  readonly format: FormatOption
  readonly encoding: EncodingOption
  readonly delimiter: DelimiterOption
  readonly rows: { readonly first: number; readonly last: number } | undefined
  readonly workers: number
  readonly out: string | undefined
  readonly html: string | undefined
  readonly previews: number
  readonly json: boolean
  readonly progress: ProgressMode
}

/** One of a fixed set of values. */
function oneOf<T extends string>(
  flag: string,
  value: string | undefined,
  allowed: readonly T[],
  fallback: T
): T {
  if (value === undefined) return fallback
  if ((allowed as readonly string[]).includes(value)) return value as T
  throw new ArgumentError(
    `Unexpected \`${value}\` for \`--${flag}\`, expected one of ${allowed.map((a) => `\`${a}\``).join(', ')}`
  )
}

/** A whole number within bounds. */
function count(
  flag: string,
  value: string | undefined,
  min: number,
  max: number,
  fallback: number
): number {
  if (value === undefined) return fallback
  const number = /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN
  if (!(number >= min && number <= max)) {
    throw new ArgumentError(
      `Unexpected \`${value}\` for \`--${flag}\`, expected a whole number from ${min} to ${max}`
    )
  }
  return number
}

/** `--rows 1001-2000`, `--rows 1001-`, `--rows -2000`. */
function rowRange(value: string | undefined): CheckListArguments['rows'] {
  if (value === undefined) return undefined
  const match = /^(\d*)-(\d*)$/.exec(value.trim())
  const first = match?.[1] ? Number(match[1]) : 1
  const last = match?.[2] ? Number(match[2]) : Number.POSITIVE_INFINITY
  if (!match || (match[1] === '' && match[2] === '') || first < 1 || last < first) {
    throw new ArgumentError(
      `Unexpected \`${value}\` for \`--rows\`, expected <first>-<last> with 1 <= first <= last, e.g. 1-250000`
    )
  }
  return { first, last }
}

/** What `check-list` accepts. */
const SPEC = {
  options: {
    design: { type: 'string', value: '<design.json>', required: true },
    template: { type: 'string', value: '<body.json>' },
    set: { type: 'string', value: '<path>=<value>', multiple: true },
    map: { type: 'string', value: '<map.json>' },
    fonts: { type: 'string', value: '<fonts.json>' },
    format: { type: 'string', value: '<format>' },
    encoding: { type: 'string', value: '<encoding>' },
    delimiter: { type: 'string', value: '<delimiter>' },
    rows: { type: 'string', value: '<first>-<last>' },
    workers: { type: 'string', value: '<n>' },
    out: { type: 'string', value: '<report.ndjson>' },
    html: { type: 'string', value: '<report.html>' },
    previews: { type: 'string', value: '<n>' },
    json: { type: 'boolean' },
    progress: { type: 'string', value: '<mode>' },
  },
  positionals: { min: 1, max: 1, missing: 'the list file (or `-` for stdin)' },
} as const

/**
 * Reads the arguments of `check-list`.
 *
 * @param args The arguments after `check-list`.
 * @returns The checked arguments, or `help`.
 * @throws {ArgumentError} For an unknown flag, a missing or bad value.
 */
export function readCheckListArguments(args: readonly string[]): CheckListArguments | 'help' {
  const parsed = readArguments(args, SPEC)
  if (parsed === 'help') return 'help'
  const { values, positionals } = parsed
  const list = positionals[0] ?? '-'
  const set = (values.set ?? []).map((assignment) => {
    const at = assignment.indexOf('=')
    if (at <= 0) {
      throw new ArgumentError(
        `Unexpected \`${assignment}\` for \`--set\`, expected <path>=<value>, e.g. flow_id=9f1c2e4a-6b7d-4e8f-a0b1-c2d3e4f5a6b7`
      )
    }
    return [assignment.slice(0, at), assignment.slice(at + 1)] as const
  })
  const delimiter =
    values.delimiter === 'tab' || values.delimiter === '\\t' ? '\t' : values.delimiter
  return {
    design: values.design,
    list,
    template: values.template,
    set,
    map: values.map,
    fonts: values.fonts,
    format: oneOf('format', values.format, ['auto', 'csv', 'ndjson'], 'auto'),
    encoding: oneOf('encoding', values.encoding, ['auto', 'utf-8', 'windows-1252'], 'auto'),
    delimiter: oneOf('delimiter', delimiter, ['auto', ',', ';', '\t'], 'auto'),
    rows: rowRange(values.rows),
    workers: count('workers', values.workers, 1, 256, availableParallelism()),
    out: values.out,
    html: values.html,
    previews: count('previews', values.previews, 0, 100, 12),
    json: values.json,
    progress: oneOf('progress', values.progress, ['auto', 'bar', 'lines', 'none'], 'auto'),
  }
}
