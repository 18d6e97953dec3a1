/**
 * The HTML report of a checked list: one self-contained page (no script, no network, no
 * server) with the summary, a chart of overflow by area (inline SVG) and the previews of the
 * worst cards (inline SVG). Its Content-Security-Policy allows only its own stylesheet (by
 * hash) and `data:` images (the design's artwork inside the previews), so it opens from a
 * mail attachment or a file share as it does from disk.
 *
 * @module
 */
import { createHash } from 'node:crypto'
import { ranked, type ListInfo } from './format-summary.ts'
import { OVERFLOW_BUCKETS_MM, type ListTally, type WorstRow } from './list-tally.ts'
import { formatCount } from './progress.ts'
import type { CardPreview } from './worker-protocol.ts'

/** A worst row and both sides of its card. */
export type DrawnCard = CardPreview & { readonly worst: WorstRow }

/** What the report shows beyond the tally. */
export interface ReportContent {
  readonly info: ListInfo
  /** The design's Markdown areas, in design order (areas without overflow show as such). */
  readonly areas: readonly { readonly key: string; readonly label: string }[]
  /** The previews of the worst rows, worst first; `undefined` when none could be drawn. */
  readonly cards: readonly DrawnCard[] | undefined
  /** When the list was checked. */
  readonly date: Date
}

/** Escapes text for HTML and XML text and attribute values. */
function escape(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/** The page's one stylesheet; the CSP names its hash. */
const STYLE = `
:root { color-scheme: light; --ink: #1f2933; --muted: #616e7c; --line: #d9e2ec; --bad: #c0392b; --ok: #2f855a; --warn: #b7791f; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #f5f7fa; }
header, main { max-width: 1100px; margin: 0 auto; padding: 24px; }
header { padding-bottom: 0; }
h1 { font-size: 24px; margin: 0 0 4px; }
h2 { font-size: 18px; margin: 32px 0 12px; }
h3 { font-size: 15px; margin: 0 0 6px; }
.meta { color: var(--muted); margin: 0; }
table { border-collapse: collapse; background: #fff; border: 1px solid var(--line); min-width: 50%; }
th, td { text-align: left; padding: 6px 12px; border-bottom: 1px solid var(--line); vertical-align: top; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.counts { display: flex; gap: 12px; flex-wrap: wrap; }
.count { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 12px 16px; min-width: 150px; }
.count b { display: block; font-size: 26px; font-variant-numeric: tabular-nums; }
.count.rejected b, .count.malformed b { color: var(--bad); }
.count.accepted b { color: var(--ok); }
.chart { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 8px; max-width: 100%; }
.chart svg { display: block; width: 100%; height: auto; }
.card { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 16px; margin: 0 0 16px; }
.card p { margin: 0 0 10px; color: var(--muted); }
.sides { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; }
.sides figure { margin: 0; }
.sides svg { display: block; width: 100%; height: auto; box-shadow: 0 1px 4px rgba(0,0,0,.25); background: #fff; }
figcaption { color: var(--muted); font-size: 13px; margin-top: 4px; }
.none { color: var(--muted); }
@media (max-width: 700px) { .sides { grid-template-columns: 1fr; } }
`

/** The CSP of the page: nothing but its own stylesheet and `data:` images. */
function contentSecurityPolicy(): string {
  const hash = createHash('sha256').update(STYLE).digest('base64')
  return `default-src 'none'; img-src data:; style-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'`
}

/** A table of counted names. */
function countTable(title: string, entries: [string, number][], rows: number): string {
  if (entries.length === 0) return ''
  const body = entries
    .map(
      ([name, count]) =>
        `<tr><td>${escape(name)}</td><td class="n">${formatCount(count)}</td><td class="n">${((count / Math.max(1, rows)) * 100).toFixed(1)} %</td></tr>`
    )
    .join('')
  return `<h2>${escape(title)}</h2><table><thead><tr><th>${escape(title.split(' by ')[1] ?? '')}</th><th class="n">rows</th><th class="n">share</th></tr></thead><tbody>${body}</tbody></table>`
}

/** Colours of the overflow buckets, light to dark. */
const BUCKET_COLORS = ['#fbd3c9', '#f7a38f', '#f0735a', '#d9472b', '#a8321c', '#6e1f10']

/** The bucket labels: `0–1 mm` … `≥ 20 mm`. */
function bucketLabel(index: number): string {
  const low = OVERFLOW_BUCKETS_MM[index] ?? 0
  const high = OVERFLOW_BUCKETS_MM[index + 1]
  return high === undefined ? `≥ ${low} mm` : `${low}–${high} mm`
}

/**
 * The chart of overflow by area: one bar per Markdown area, as long as the rows whose text
 * overflows it, split by how far it overflows.
 */
function overflowChart(tally: ListTally, areas: ReportContent['areas']): string {
  const known = new Map(areas.map((area) => [area.key, area.label]))
  for (const [key, area] of Object.entries(tally.areas))
    if (!known.has(key)) known.set(key, area.label)
  const rows = [...known].map(([key, label]) => ({ key, label, tally: tally.areas[key] }))
  const most = Math.max(1, ...rows.map((row) => row.tally?.rows ?? 0))
  const width = 960
  const labelWidth = 220
  const noteWidth = 300
  const barWidth = width - labelWidth - noteWidth - 20
  const rowHeight = 34
  const top = 44
  const height = top + rows.length * rowHeight + 10
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="chart-title"><title id="chart-title">Rows whose text overflows each area, by overflow in mm</title>`,
  ]
  // Legend.
  let x = labelWidth
  BUCKET_COLORS.forEach((color, index) => {
    parts.push(
      `<rect x="${x}" y="10" width="14" height="14" fill="${color}"/><text x="${x + 20}" y="22" font-size="13" font-family="system-ui, sans-serif" fill="#616e7c">${escape(bucketLabel(index))}</text>`
    )
    x += 90
  })
  rows.forEach((row, index) => {
    const y = top + index * rowHeight
    parts.push(
      `<text x="${labelWidth - 10}" y="${y + 20}" text-anchor="end" font-size="14" font-family="system-ui, sans-serif" fill="#1f2933">${escape(`${row.label} (content.${row.key})`)}</text>`
    )
    parts.push(
      `<rect x="${labelWidth}" y="${y + 6}" width="${barWidth}" height="20" fill="#f0f4f8"/>`
    )
    const area = row.tally
    if (area === undefined || area.rows === 0) {
      parts.push(
        `<text x="${labelWidth + barWidth + 10}" y="${y + 20}" font-size="13" font-family="system-ui, sans-serif" fill="#2f855a">no overflow</text>`
      )
      return
    }
    let offset = labelWidth
    area.histogram.forEach((count, bucket) => {
      if (count === 0) return
      const w = (count / most) * barWidth
      parts.push(
        `<rect x="${offset.toFixed(2)}" y="${y + 6}" width="${Math.max(0.5, w).toFixed(2)}" height="20" fill="${BUCKET_COLORS[bucket]}"><title>${escape(`${formatCount(count)} rows overflow ${bucketLabel(bucket)}`)}</title></rect>`
      )
      offset += w
    })
    const note = `${formatCount(area.rows)} rows · mean ${(area.sum / area.rows).toFixed(1)} mm · max ${area.max.toFixed(1)} mm`
    parts.push(
      `<text x="${labelWidth + barWidth + 10}" y="${y + 20}" font-size="13" font-family="system-ui, sans-serif" fill="#1f2933">${escape(note)}</text>`
    )
  })
  parts.push('</svg>')
  return parts.join('')
}

/** One worst card: where, why, both sides. */
function card(preview: DrawnCard): string {
  const { worst } = preview
  const over =
    worst.tier === 0
      ? worst.overflows
          .map(
            (o) =>
              `${escape(o.label)} (content.${escape(o.key)}) ${o.overflow_mm.toFixed(2)} mm over`
          )
          .join(' · ')
      : worst.tier === 1
        ? 'rejected'
        : 'accepted with warnings'
  return `<article class="card" id="row-${worst.row}"><h3>Row ${formatCount(worst.row)} <span class="meta">(line ${formatCount(worst.line)})</span>: ${over}</h3><p>${escape(worst.message)}</p><div class="sides"><figure>${stripProlog(preview.front)}<figcaption>Front</figcaption></figure><figure>${stripProlog(preview.back)}<figcaption>Back</figcaption></figure></div></article>`
}

/** Inline SVG in HTML takes no XML declaration. */
function stripProlog(svg: string): string {
  return svg.replace(/^<\?xml[^>]*\?>\s*/, '')
}

/**
 * Renders the report page.
 *
 * @param tally The list's tally.
 * @param content What else the page shows.
 * @returns The HTML document.
 */
export function renderListReport(tally: ListTally, content: ReportContent): string {
  const { info } = content
  const counts = (
    [
      ['rows', tally.rows],
      ['accepted', tally.accepted],
      ['rejected', tally.rejected],
      ['malformed', tally.malformed],
    ] as const
  )
    .map(([name, count]) => {
      const share =
        name === 'rows' || tally.rows === 0 ? '' : ` · ${((count / tally.rows) * 100).toFixed(1)} %`
      const extra =
        name === 'accepted' && tally.warned > 0
          ? `, ${formatCount(tally.warned)} with warnings`
          : ''
      return `<div class="count ${name}"><b>${formatCount(count)}</b>${name}${share}${extra}</div>`
    })
    .join('')
  const drawn = content.cards ?? []
  const cards =
    content.cards === undefined
      ? '<p class="none">Merged reports carry verdicts only: the previews of a part are in the HTML report of its <code>check-list</code> run.</p>'
      : drawn.length === 0
        ? '<p class="none">No card was rejected or warned about.</p>'
        : drawn.map(card).join('')
  const malformed =
    tally.malformedRows.length === 0
      ? ''
      : `<h2>Malformed rows${tally.malformed > tally.malformedRows.length ? ` (first ${tally.malformedRows.length} of ${formatCount(tally.malformed)})` : ''}</h2><table><thead><tr><th class="n">row</th><th class="n">line</th><th>problem</th></tr></thead><tbody>${tally.malformedRows
          .map(
            (row) =>
              `<tr><td class="n">${formatCount(row.row)}</td><td class="n">${formatCount(row.line)}</td><td>${escape(row.message)}</td></tr>`
          )
          .join('')}</tbody></table>`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy()}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Recipient list check</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>Recipient list check</h1>
<p class="meta">${escape(`${info.head}, checked ${content.date.toISOString().replace('T', ' ').slice(0, 16)} UTC`)}</p>
</header>
<main>
<section class="counts">${counts}</section>
${countTable('Rejected by cause', ranked(tally.causes), tally.rows)}
${countTable('Warnings by code', ranked(tally.warnings), tally.rows)}
<h2>Overflow by area</h2>
<div class="chart">${overflowChart(tally, content.areas)}</div>
<h2>${drawn.length === 1 ? 'The worst card' : drawn.length === 0 ? 'The worst cards' : `The ${drawn.length} worst cards`}</h2>
${cards}
${malformed}
</main>
</body>
</html>
`
}
