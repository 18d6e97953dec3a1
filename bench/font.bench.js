/**
 * Font parsing and glyph outlines: our own sfnt reader (cmap, advances, `glyf`) against
 * opentype.js 2.0, which the core used before issue 7 and which now only reads CFF outlines.
 */
import { readFile } from 'node:fs/promises'
import { Bench } from 'tinybench'
import { parseFont } from '../dist/text/font.js'
import { readOutlinesWithOpentype } from '../dist/text/opentype-outlines.js'

const REGULAR = { bold: false, italic: false }

/** @returns {Promise<{ name: string, median_us: number, p99_us?: number, note?: string }[]>} */
export async function run() {
  const inter = new Uint8Array(
    await readFile(new URL('../fonts/Inter-Regular.ttf', import.meta.url))
  )
  const text = 'The quick brown fox jumps over the lazy dog. ÄÖÜ äöü ß 0123456789'
  const ids = [...text].map((c) => parseFont(inter, 'Inter', REGULAR).glyphId(c.codePointAt(0)))
  const bench = new Bench({ time: 500 })
  bench
    .add('parseFont Inter regular (own reader)', () => {
      parseFont(inter, 'Inter', REGULAR)
    })
    .add('opentype.js parse Inter regular (lowMemory)', () => {
      readOutlinesWithOpentype(inter.slice().buffer)
    })
    .add('parse + 66 glyph paths (own reader)', () => {
      const face = parseFont(inter, 'Inter', REGULAR)
      for (const id of ids) face.glyphPath(id)
    })
    .add('parse + 66 glyph outlines (opentype.js)', () => {
      const outlines = readOutlinesWithOpentype(inter.slice().buffer)
      for (const id of ids) outlines(id)
    })
  await bench.run()
  return bench.tasks.map((task) => {
    const latency = task.result?.latency
    return {
      name: task.name,
      median_us: Math.round((latency?.p50 ?? NaN) * 1000),
      p99_us: Math.round((latency?.p99 ?? NaN) * 1000),
    }
  })
}
