/**
 * A `check-list` worker thread: loads the fonts and the design once, then judges batches of
 * rows for as long as the list lasts, so the judge's caches stay warm across every row it sees.
 * It keeps the bodies of the rows that may be among the worst of the list (at most `keep`), and
 * hands them back when asked at the end (the main thread draws the previews once the workers
 * are gone, so their heaps and the emoji artwork are never in memory at once).
 *
 * Memory: the judge's caches (shaped words, prepared lines, per font face) grow with the unique
 * words of a list up to their own bounds. As a safety net, when a full collection leaves more
 * than `renewAtBytes` alive, the judge is made anew from the same font bytes before the next
 * batch and the old caches are collected (see `live-heap-watch.ts` for why the heap's size
 * between collections is no such measure).
 *
 * @module
 */
import { parentPort, workerData } from 'node:worker_threads'
import { parseDesign } from '../../design/parse-design.ts'
import { parseJsonText } from '../../server/read-json-body.ts'
import { createFontRegistry } from '../../text/font-registry.ts'
import { loadFontSources } from '../load-fonts.ts'
import { buildCsvBody, buildJsonBody } from './build-body.ts'
import { createRowJudge } from './judge-row.ts'
import { watchLiveHeap } from './live-heap-watch.ts'
import { createTally, offerWorst, tallyVerdict } from './list-tally.ts'
import type { BatchRow, FromWorker, ToWorker, WorkerSetup } from './worker-protocol.ts'

const port = parentPort
if (port === null) throw new Error('check-list-worker runs as a worker thread')
const setup = workerData as WorkerSetup
const sources = await loadFontSources(setup.fonts)
const design = parseDesign(setup.design, { families: createFontRegistry(sources).families })
/** The judge and its caches: one for the worker's life, renewed when its live heap is full. */
let judge = createRowJudge(design, createFontRegistry(sources))
const liveHeap = watchLiveHeap(setup.renewAtBytes)
const rename = new Map(setup.rename)
const paths = setup.paths ?? []
/** The worst rows this worker has seen, and their bodies. */
const kept = createTally(setup.keep)
const bodies = new Map<number, unknown>()

/** A verdict for a row that is not a submission: what the sandbox answers such a body (400). */
function malformed(message: string) {
  return { ok: false as const, status: 400, body: { message }, warnings: [] as const }
}

/** The body of a row, or why there is none. */
function bodyOf(item: BatchRow): { body: unknown } | { reason: string } {
  const [, , source, reason] = item
  if (source === null) return { reason: reason ?? 'Unexpected row' }
  if (typeof source !== 'string') return { body: buildCsvBody(setup.template, paths, source) }
  try {
    return { body: buildJsonBody(setup.template, parseJsonText(source), rename) }
  } catch (error) {
    return { reason: (error as Error).message }
  }
}

/** Judges a batch: its verdict lines and its tally. */
function judgeBatch(seq: number, rows: readonly BatchRow[]): FromWorker {
  if (liveHeap.overLimit()) judge = createRowJudge(design, createFontRegistry(sources))
  const tally = createTally(setup.keep)
  let lines = ''
  for (const item of rows) {
    const [row, line] = item
    const built = bodyOf(item)
    const verdict = 'body' in built ? judge.judge(built.body) : malformed(built.reason)
    const candidate = tallyVerdict(tally, row, line, verdict, setup.index)
    if (candidate !== undefined && 'body' in built && offerWorst(kept, candidate)) {
      bodies.set(row, built.body)
      if (bodies.size > 2 * setup.keep) {
        const keep = new Set(kept.worst.map((worst) => worst.row))
        for (const held of bodies.keys()) if (!keep.has(held)) bodies.delete(held)
      }
    }
    if (setup.lines) {
      lines += `{"row":${row},"line":${line},${JSON.stringify(verdict).slice(1)}\n`
    }
  }
  return { type: 'batch', seq, lines, tally }
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'batch') port.postMessage(judgeBatch(message.seq, message.rows))
  else {
    const kept = message.rows.flatMap((row) =>
      bodies.has(row) ? [[row, bodies.get(row)] as const] : []
    )
    port.postMessage({ type: 'bodies', bodies: kept } satisfies FromWorker)
  }
})
