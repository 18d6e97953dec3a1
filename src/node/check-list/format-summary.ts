/**
 * The summary of a checked list for the terminal: counts, rejections by cause, warnings by
 * code, the worst overflows and the malformed rows, as an aligned plain-text table.
 *
 * @module
 */
import type { ListTally } from './list-tally.ts'
import { formatCount } from './progress.ts'

/** What was read and written, for the summary's head and foot. */
export interface ListInfo {
  /** One line saying what was checked (see {@link describeList}). */
  readonly head: string
  /** Reports written. */
  readonly reports: readonly string[]
  /** Columns that are not body fields, left out. */
  readonly ignored?: readonly string[] | undefined
}

/** How a list was read, for {@link describeList}. */
export interface ListSource {
  /** The list's name as given (`-` for standard input). */
  readonly source: string
  /** The design's name. */
  readonly design: string
  readonly format: 'csv' | 'ndjson'
  /** CSV delimiter. */
  readonly delimiter?: string | undefined
  /** The encoding and how it was chosen (`Windows-1252 (detected)`). */
  readonly encoding: string
  /** Rows judged (the range of `--rows`, when given). */
  readonly range?: string | undefined
}

/**
 * The head line of a checked list: `list.csv against the design "A6" (CSV, delimiter ";", …)`.
 *
 * @param list How it was read.
 * @returns The line.
 */
export function describeList(list: ListSource): string {
  const how =
    list.format === 'csv'
      ? `CSV, delimiter ${delimiterName(list.delimiter)}, ${list.encoding}`
      : `NDJSON, ${list.encoding}`
  const name = list.source === '-' ? 'standard input' : list.source
  return `${name} against the design "${list.design}" (${how}${list.range ? `, rows ${list.range}` : ''})`
}

/** How many causes and overflows the terminal shows (the reports have them all). */
const SHOWN = 10

/** `97.3 %` of a whole. */
function percent(part: number, whole: number): string {
  return whole === 0 ? '' : `${((part / whole) * 100).toFixed(1)} %`
}

/** Counted entries, largest first, ties by name. */
export function ranked(counts: Record<string, number>): [string, number][] {
  return Object.entries(counts).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
}

/** How the delimiter is named for people. */
export function delimiterName(delimiter: string | undefined): string {
  return delimiter === '\t' ? 'tab' : `"${delimiter ?? ','}"`
}

/** A section of name/count lines under a heading. */
function section(title: string, entries: [string, number][], rows: number): string[] {
  if (entries.length === 0) return []
  const shown = entries.slice(0, SHOWN)
  const width = Math.max(title.length, ...shown.map(([name]) => name.length))
  const lines = [``, `  ${title.padEnd(width)}  ${'rows'.padStart(9)}`]
  for (const [name, count] of shown) {
    lines.push(
      `  ${name.padEnd(width)}  ${formatCount(count).padStart(9)}  ${percent(count, rows)}`
    )
  }
  if (entries.length > SHOWN) lines.push(`  … ${entries.length - SHOWN} more`)
  return lines
}

/**
 * Formats the summary.
 *
 * @param tally The list's tally.
 * @param info What was read and written.
 * @returns Lines of text, ending with a line break.
 */
export function formatSummary(tally: ListTally, info: ListInfo): string {
  const lines = [info.head]
  if (info.ignored && info.ignored.length > 0) {
    lines.push(`  columns left out (not body fields): ${info.ignored.join(', ')}`)
  }
  const { rows } = tally
  const counts: [string, number, string][] = [
    ['rows', rows, ''],
    [
      'accepted',
      tally.accepted,
      tally.warned > 0 ? `${formatCount(tally.warned)} with warnings` : '',
    ],
    ['rejected', tally.rejected, ''],
    ['malformed', tally.malformed, ''],
  ]
  lines.push('')
  for (const [name, count, note] of counts) {
    const share = name === 'rows' ? '' : percent(count, rows)
    lines.push(
      `  ${name.padEnd(10)} ${formatCount(count).padStart(11)}  ${share.padStart(7)}  ${note}`.trimEnd()
    )
  }
  lines.push(...section('Rejected by cause', ranked(tally.causes), rows))
  lines.push(...section('Warnings by code', ranked(tally.warnings), rows))
  const overflows = tally.worst.filter((worst) => worst.tier === 0).slice(0, SHOWN)
  if (overflows.length > 0) {
    lines.push('', '  Worst overflows')
    const shown = overflows.flatMap((worst) => {
      const [first] = worst.overflows
      if (first === undefined) return []
      const more = worst.overflows.length > 1 ? ` (+${worst.overflows.length - 1} more areas)` : ''
      return [
        {
          where: `row ${formatCount(worst.row)} (line ${formatCount(worst.line)})`,
          area: `content.${first.key}`,
          rest: `${first.overflow_mm.toFixed(2).padStart(7)} mm over  ${first.suggested_action}${more}`,
        },
      ]
    })
    const whereWidth = Math.max(...shown.map((item) => item.where.length))
    const areaWidth = Math.max(...shown.map((item) => item.area.length))
    for (const item of shown) {
      lines.push(`  ${item.where.padEnd(whereWidth)}  ${item.area.padEnd(areaWidth)}  ${item.rest}`)
    }
  }
  if (tally.malformedRows.length > 0) {
    const of =
      tally.malformed > tally.malformedRows.length
        ? ` (first ${tally.malformedRows.length} of ${formatCount(tally.malformed)})`
        : ''
    lines.push('', `  Malformed rows${of}`)
    for (const row of tally.malformedRows) {
      lines.push(`  row ${formatCount(row.row)} (line ${formatCount(row.line)}): ${row.message}`)
    }
  }
  if (info.reports.length > 0) lines.push('', `  Reports: ${info.reports.join(', ')}`)
  return `${lines.join('\n')}\n`
}
