// renderProof (postcard-preflight/proof): the PDF of both sides drawn from an analysis. Budgets
// (issue 14): a typical A6 proof at most 10 ms median, warm, after validation (the analysis is
// made beforehand, as a server does when it validated the body first), and at most 150 KB
// without photos. Every row draws a different personalised body (a new greeting, message, name,
// address and coupon URL per call): glyph outlines are memoised per face (a font's glyph is
// converted once per registry), nothing of a text or a QR code can come from a cache.
// Imports the BUILT code: run `npx tsc -p tsconfig.build.json` first (`npm run bench` does).
import { readFile } from 'node:fs/promises'
import { Bench } from 'tinybench'
import { analyzePostcard } from '../dist/analysis/analyze-postcard.js'
import { loadDesign } from '../dist/node/load-design.js'
import { loadEmojiArtwork } from '../dist/node/emoji-artwork.js'
import { loadFontSources } from '../dist/node/load-fonts.js'
import { previewEmojiKeys } from '../dist/preview/preview-emoji-keys.js'
import { renderProof } from '../dist/proof/render-proof.js'
import { createFontRegistry } from '../dist/text/font-registry.js'
import { personalisedPostcard } from './personalised.js'

/** Median budget of a typical A6 proof after validation, and its size budget. */
const BUDGET_US = 10_000
const BUDGET_KB = 150
const WARMUP = 50
const CALLS = 400

async function loadCase(name, fonts) {
  const url = new URL(`../test/fixtures/preview/cases/${name}.json`, import.meta.url)
  const { design, body } = JSON.parse(await readFile(url, 'utf8'))
  const parsed = await loadDesign(new URL(`../designs/${design}.json`, import.meta.url), {
    families: fonts.families,
  })
  return { design: parsed, body }
}

export async function run() {
  const fonts = createFontRegistry(await loadFontSources())
  const typical = await loadCase('a6-greeting', fonts)
  const tenAreas = await loadCase('a5-ten-areas', fonts)
  const plain = await loadCase('dl-plain', fonts)

  // Unique bodies, analysed (validated) before the clock runs: the rows time renderProof only.
  const count = WARMUP + CALLS + 10
  const analysesOf = (base, design) =>
    Array.from({ length: count }, (_, index) => {
      const body = index === 0 ? base : personalisedPostcard(base, index)
      const analysis = analyzePostcard(body, design, { fonts })
      if (!analysis.verdict.ok) throw new Error('a personalised body does not pass')
      return analysis
    })
  const a6 = analysesOf(typical.body, typical.design)
  const artwork = await loadEmojiArtwork([
    ...new Set(a6.flatMap((analysis) => previewEmojiKeys(analysis))),
  ])
  const a5 = [analyzePostcard(tenAreas.body, tenAreas.design, { fonts })]
  const dl = [analyzePostcard(plain.body, plain.design, { fonts })]

  const sizes = {}
  const rows = [
    [
      'a6',
      'renderProof a6-greeting, unique personalised body (2 Markdown areas, 2 QR, address, emoji)',
      a6,
      {},
    ],
    ['a6cmyk', '  the same as DeviceCMYK with crop marks', a6, { colorSpace: 'cmyk', marks: true }],
    [
      'a5',
      'renderProof a5-ten-areas (10 Markdown areas, QR, address; one analysis repeated)',
      a5,
      {},
    ],
    [
      'dl',
      'renderProof dl-plain (static text, 240 px PNG image, URL QR; one analysis repeated)',
      dl,
      {},
    ],
  ]
  const bench = new Bench({
    time: 0,
    iterations: CALLS,
    warmupTime: 0,
    warmupIterations: WARMUP,
  })
  for (const [key, name, analyses, options] of rows) {
    const draw = { emojiArtwork: artwork, ...options }
    sizes[key] = renderProof(analyses[0], draw).length / 1000
    let next = 0
    bench.add(name, () => {
      renderProof(analyses[next++ % analyses.length], draw)
    })
  }
  await bench.run()

  return bench.tasks.map((task, index) => {
    const result = task.result
    if (result.state !== 'completed') return { name: task.name, note: result.state }
    const median = result.latency.p50 * 1000
    const [key] = rows[index]
    const parts = [`PDF ${sizes[key].toFixed(1)} KB`]
    if (key === 'a6') {
      parts.push(`budget ${BUDGET_US / 1000} ms: ${median <= BUDGET_US ? 'met' : 'MISSED'}`)
      parts.push(`budget ${BUDGET_KB} KB: ${sizes[key] <= BUDGET_KB ? 'met' : 'MISSED'}`)
    }
    return {
      name: task.name,
      median_us: median,
      p99_us: result.latency.p99 * 1000,
      note: parts.join('; '),
    }
  })
}
