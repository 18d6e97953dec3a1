/**
 * The counts of a recipient list's verdicts: rows, accepted, rejected by cause, warnings by
 * code, overflow by area, the worst rows. Plain data that merges in any order, so each worker
 * tallies its own batches and `merge-reports` tallies the NDJSON reports of several machines
 * with the same code.
 *
 * @module
 */
import type { Verdict } from '../../verdict/types.ts'

/** Overflows of one Markdown area over the list (spec 7.1 `markdown_fit_errors`). */
export interface AreaTally {
  /** The area's label in the design. */
  label: string
  /** Rows whose text overflows the area. */
  rows: number
  /** The largest overflow, mm. */
  max: number
  /** Sum of the overflows, mm (for the mean). */
  sum: number
  /** Rows per overflow bucket of {@link OVERFLOW_BUCKETS_MM}. */
  histogram: number[]
}

/** Lower bounds (mm) of the overflow buckets of the report's chart: 0–1, 1–2, … 20 mm and more. */
export const OVERFLOW_BUCKETS_MM: readonly number[] = [0, 1, 2, 5, 10, 20]

/** One overflowing area of a row. */
export interface RowOverflow {
  readonly key: string
  readonly label: string
  readonly overflow_mm: number
  readonly suggested_action: string
}

/** A row among the worst of the list: rejected for overflow first, then rejected, then warned. */
export interface WorstRow {
  readonly row: number
  readonly line: number
  /** 0 overflow (by size), 1 rejected for other causes, 2 accepted with warnings. */
  readonly tier: 0 | 1 | 2
  /** The largest overflow of the row, mm (0 below tier 0). */
  readonly overflow_mm: number
  /** Its overflowing areas, largest first. */
  readonly overflows: readonly RowOverflow[]
  /** The 422 message, or the first warning's. */
  readonly message: string
  /** The worker that judged it (and keeps its body for the preview); -1 when unknown. */
  readonly worker: number
}

/** A row that could not be read as a postcard submission. */
export interface MalformedRow {
  readonly row: number
  readonly line: number
  readonly message: string
}

/** The counts of a list (or of a part of it). */
export interface ListTally {
  rows: number
  accepted: number
  /** Accepted rows with at least one warning. */
  warned: number
  /** Rows the service would reject with 422. */
  rejected: number
  /** Rows that are not a submission at all (a broken CSV record, a line that is not JSON). */
  malformed: number
  /** Rejected rows per cause (`<path>: <what>`); a row counts once per cause. */
  causes: Record<string, number>
  /** Rows per warning code; a row counts once per code. */
  warnings: Record<string, number>
  /** Overflow per Markdown area key. */
  areas: Record<string, AreaTally>
  /** The worst rows, worst first, at most `keep`. */
  worst: WorstRow[]
  /** The first malformed rows, in row order, at most {@link MALFORMED_KEPT}. */
  malformedRows: MalformedRow[]
  /** How many worst rows are kept. */
  keep: number
}

/** How many malformed rows are listed by name (the count covers them all). */
export const MALFORMED_KEPT = 20

/** Distinct causes kept; more are counted as `other causes` (a list can vary without bound). */
const MAX_CAUSES = 200

/**
 * An empty tally.
 *
 * @param keep How many worst rows to keep (at least the previews of the report).
 * @returns The tally.
 */
export function createTally(keep: number): ListTally {
  return {
    rows: 0,
    accepted: 0,
    warned: 0,
    rejected: 0,
    malformed: 0,
    causes: {},
    warnings: {},
    areas: {},
    worst: [],
    malformedRows: [],
    keep,
  }
}

/** Orders worst rows: tier, then larger overflow, then earlier row (a total order). */
export function compareWorst(a: WorstRow, b: WorstRow): number {
  return a.tier - b.tier || b.overflow_mm - a.overflow_mm || a.row - b.row
}

/**
 * Whether a row would enter the worst rows of a tally; lets a worker keep the bodies of exactly
 * the rows that may be previewed.
 */
function entersWorst(tally: ListTally, candidate: WorstRow): boolean {
  if (tally.keep === 0) return false
  if (tally.worst.length < tally.keep) return true
  const last = tally.worst.at(-1)
  return last === undefined || compareWorst(candidate, last) < 0
}

/**
 * Offers a row to the worst rows of a tally, keeping their order and bound.
 *
 * @param tally The tally.
 * @param candidate The row.
 * @returns Whether it was kept.
 */
export function offerWorst(tally: ListTally, candidate: WorstRow): boolean {
  if (!entersWorst(tally, candidate)) return false
  const { worst } = tally
  let index = worst.findIndex((row) => compareWorst(candidate, row) < 0)
  if (index < 0) index = worst.length
  worst.splice(index, 0, candidate)
  if (worst.length > tally.keep) worst.pop()
  return true
}

/** A message with its numbers made general, so one cause is one line however the values vary. */
function generalize(message: string): string {
  return message.replace(/\d+(?:\.\d+)?/g, 'N')
}

/** Counts rows of a cause, within the bound of distinct causes. */
function countCause(tally: ListTally, cause: string, rows: number): void {
  const known = tally.causes[cause]
  if (known !== undefined) tally.causes[cause] = known + rows
  else if (Object.keys(tally.causes).length < MAX_CAUSES) tally.causes[cause] = rows
  else tally.causes['other causes'] = (tally.causes['other causes'] ?? 0) + rows
}

/**
 * The causes of a 422 body, one per field path: `content.greeting: does not fit its area`,
 * `qr_codes.coupon_url: does not fit its QR code`, otherwise the field's first message with
 * numbers generalised (`to.zip: The to.zip field is required.`).
 *
 * @param verdict A rejected verdict.
 * @returns The causes, in the body's order.
 */
export function causesOf(verdict: Verdict & { ok: false }): string[] {
  const fit = new Set((verdict.body.meta?.markdown_fit_errors ?? []).map((e) => `content.${e.key}`))
  const qr = new Set((verdict.body.meta?.qr_fit_errors ?? []).map((e) => `qr_codes.${e.key}`))
  return Object.entries(verdict.body.errors).map(([path, messages]) => {
    if (fit.has(path)) return `${path}: does not fit its area`
    if (qr.has(path)) return `${path}: does not fit its QR code`
    return `${path}: ${generalize(messages[0] ?? '')}`
  })
}

/**
 * Counts one row's verdict.
 *
 * @param tally The tally to add to.
 * @param row The row number (1-based, data rows).
 * @param line The line it starts on.
 * @param verdict Its verdict; status 400 marks a malformed row.
 * @param worker The worker that judged it.
 * @returns The row as a candidate for the worst rows (already offered to this tally), or
 *   `undefined` for a row that is accepted without warnings or malformed.
 */
export function tallyVerdict(
  tally: ListTally,
  row: number,
  line: number,
  verdict: Verdict | { ok: false; status: number; body: { message: string } },
  worker = -1
): WorstRow | undefined {
  tally.rows++
  if (verdict.ok) {
    tally.accepted++
    const codes = new Set(verdict.warnings.map((warning) => warning.code))
    if (codes.size === 0) return undefined
    tally.warned++
    for (const code of codes) tally.warnings[code] = (tally.warnings[code] ?? 0) + 1
    return offered(tally, {
      row,
      line,
      tier: 2,
      overflow_mm: 0,
      overflows: [],
      message: verdict.warnings[0]?.message ?? '',
      worker,
    })
  }
  if (verdict.status !== 422 || !('errors' in verdict.body)) {
    tally.malformed++
    if (tally.malformedRows.length < MALFORMED_KEPT) {
      tally.malformedRows.push({ row, line, message: verdict.body.message })
    }
    return undefined
  }
  const rejected = verdict as Verdict & { ok: false }
  tally.rejected++
  for (const cause of new Set(causesOf(rejected))) countCause(tally, cause, 1)
  const codes = new Set(rejected.warnings.map((warning) => warning.code))
  for (const code of codes) tally.warnings[code] = (tally.warnings[code] ?? 0) + 1
  const overflows = (rejected.body.meta?.markdown_fit_errors ?? [])
    .map((error) => ({
      key: error.key,
      label: error.label,
      overflow_mm: error.overflow_mm,
      suggested_action: error.suggested_action,
    }))
    .sort((a, b) => b.overflow_mm - a.overflow_mm)
  for (const overflow of overflows) {
    const area = (tally.areas[overflow.key] ??= {
      label: overflow.label,
      rows: 0,
      max: 0,
      sum: 0,
      histogram: OVERFLOW_BUCKETS_MM.map(() => 0),
    })
    area.rows++
    area.max = Math.max(area.max, overflow.overflow_mm)
    area.sum += overflow.overflow_mm
    const bucket = OVERFLOW_BUCKETS_MM.findLastIndex((low) => overflow.overflow_mm >= low)
    area.histogram[Math.max(0, bucket)] = (area.histogram[Math.max(0, bucket)] ?? 0) + 1
  }
  return offered(tally, {
    row,
    line,
    tier: overflows.length > 0 ? 0 : 1,
    overflow_mm: overflows[0]?.overflow_mm ?? 0,
    overflows,
    message: rejected.body.message,
    worker,
  })
}

/** Offers a candidate to a tally and returns it. */
function offered(tally: ListTally, candidate: WorstRow): WorstRow {
  offerWorst(tally, candidate)
  return candidate
}

/**
 * Adds a tally into another (commutative: the order of batches or machines does not matter,
 * except for which malformed rows are listed, which the caller feeds in row order).
 *
 * @param into The running tally.
 * @param part A batch's or a report's tally.
 */
export function mergeTally(into: ListTally, part: ListTally): void {
  into.rows += part.rows
  into.accepted += part.accepted
  into.warned += part.warned
  into.rejected += part.rejected
  into.malformed += part.malformed
  for (const [cause, count] of Object.entries(part.causes)) countCause(into, cause, count)
  for (const [code, count] of Object.entries(part.warnings)) {
    into.warnings[code] = (into.warnings[code] ?? 0) + count
  }
  for (const [key, area] of Object.entries(part.areas)) {
    const target = into.areas[key]
    if (target === undefined) {
      into.areas[key] = { ...area, histogram: [...area.histogram] }
      continue
    }
    target.rows += area.rows
    target.max = Math.max(target.max, area.max)
    target.sum += area.sum
    target.histogram = target.histogram.map(
      (count, bucket) => count + (area.histogram[bucket] ?? 0)
    )
  }
  for (const row of part.worst) offerWorst(into, row)
  for (const row of part.malformedRows) {
    if (into.malformedRows.length >= MALFORMED_KEPT) break
    into.malformedRows.push(row)
  }
}

/**
 * The tally as the `--json` summaries print it: without the bookkeeping (how many worst rows
 * are kept, which worker keeps each).
 *
 * @param tally The tally.
 * @returns Plain data for `JSON.stringify`.
 */
export function summaryOf(tally: ListTally): Omit<ListTally, 'keep' | 'worst'> & {
  worst: Omit<WorstRow, 'worker'>[]
} {
  const { keep: _keep, worst, ...rest } = tally
  return { ...rest, worst: worst.map(({ worker: _worker, ...row }) => row) }
}
