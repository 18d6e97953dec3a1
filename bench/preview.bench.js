// renderPreview on the sample designs: both SVG documents of a postcard plus its verdict
// (budget: a typical postcard at most 5 ms median, warm, in Node; each SVG at most 60 KB). Then
// what a campaign sends (issue 11): validatePostcard + renderPreview of a different personalised
// body on every call (budget: at most 0.8 ms median; the drawing alone at most 0.6 ms of it); the
// rows that draw one body over and over say so, since caches answer part of them.
// Imports the BUILT code: run `npx tsc -p tsconfig.build.json` first (`npm run bench` does).
import { readFile } from 'node:fs/promises'
import { Bench } from 'tinybench'
import { loadDesign } from '../dist/node/load-design.js'
import { loadEmojiArtwork } from '../dist/node/emoji-artwork.js'
import { loadFontSources } from '../dist/node/load-fonts.js'
import { previewEmojiKeys } from '../dist/preview/preview-emoji-keys.js'
import { renderPreview } from '../dist/preview/render-preview.js'
import { createFontRegistry } from '../dist/text/font-registry.js'
import { validatePostcard } from '../dist/postcard/validate-postcard.js'
import { analyzePostcard } from '../dist/analysis/analyze-postcard.js'
import { createPreflight } from '../dist/analysis/create-preflight.js'
import { personalisedPostcard } from './personalised.js'

/** Median budget of a typical postcard (issue 5), and size budget of one SVG document. */
const BUDGET_US = 5000
const BUDGET_KB = 60
/** Median budget of validate + preview of a unique personalised A6 postcard (issue 11). */
const UNIQUE_BUDGET_US = 800
/** What the drawing may take of it: renderPreview(analysis) of a unique body (issue 11). */
const DRAW_TARGET_US = 600
/** Calls of the unique-body row (warm-up included): no body is drawn twice. */
const UNIQUE_WARMUP = 300
const UNIQUE_CALLS = 2000

const kb = (text) => new TextEncoder().encode(text).length / 1000

/** A fixture case: its design, body and options (`test/fixtures/preview/cases/`). */
async function loadCase(name, fonts) {
  const url = new URL(`../test/fixtures/preview/cases/${name}.json`, import.meta.url)
  const { design, body, options } = JSON.parse(await readFile(url, 'utf8'))
  const parsed = await loadDesign(new URL(`../designs/${design}.json`, import.meta.url), {
    families: fonts.families,
  })
  const emojiArtwork = await loadEmojiArtwork(previewEmojiKeys(body, parsed))
  return { design: parsed, body, options: { ...options, fonts, emojiArtwork } }
}

export async function run() {
  const fonts = createFontRegistry(await loadFontSources())
  const typical = await loadCase('a6-greeting', fonts)
  const tenAreas = await loadCase('a5-ten-areas', fonts)
  const overflow = await loadCase('a6-overflow', fonts)
  const plain = await loadCase('dl-plain', fonts)

  const sizes = {}
  for (const [name, { body, design, options }] of Object.entries({
    typical,
    tenAreas,
    overflow,
    plain,
  })) {
    const preview = renderPreview(body, design, options)
    sizes[name] = { front: kb(preview.front), back: kb(preview.back) }
  }

  // A body whose greeting changes on every call: nothing of the text can come from a cache.
  let serial = 0
  const changing = () => {
    serial++
    return {
      ...typical.body,
      content: {
        ...typical.body.content,
        greeting: `**Happy spring, no. ${serial}!** 🌷\nOur new collection is *in bloom*.`,
      },
    }
  }

  const bench = new Bench({ time: 1000, warmupTime: 300 })
  bench
    .add(
      'renderPreview a6-greeting (typical postcard: 2 Markdown areas, 2 QR, address, emoji; one body repeated, caches hit)',
      () => renderPreview(typical.body, typical.design, typical.options)
    )
    .add('renderPreview a6-greeting, greeting text new on every call', () =>
      renderPreview(changing(), typical.design, typical.options)
    )
    .add('renderPreview a5-ten-areas (10 Markdown areas, QR, address)', () =>
      renderPreview(tenAreas.body, tenAreas.design, tenAreas.options)
    )
    .add('renderPreview a6-overflow (overflow marks, V13 QR, bleed and safe zone)', () =>
      renderPreview(overflow.body, overflow.design, overflow.options)
    )
    .add('renderPreview dl-plain (static text, PNG image, URL QR, no Markdown)', () =>
      renderPreview(plain.body, plain.design, plain.options)
    )
  await bench.run()

  // What a campaign sends: every call a new recipient, validated and drawn.
  const bodies = Array.from({ length: 4 * (UNIQUE_WARMUP + UNIQUE_CALLS) + 100 }, (_, index) =>
    personalisedPostcard(typical.body, index)
  )
  if (!validatePostcard(bodies[0], typical.design, typical.options).ok) {
    throw new Error('a personalised body does not pass: the bench would measure the 422 path')
  }
  let next = 1
  const unique = new Bench({
    time: 0,
    iterations: UNIQUE_CALLS,
    warmupTime: 0,
    warmupIterations: UNIQUE_WARMUP,
  })
  const { fonts: _fonts, ...drawOptions } = typical.options
  const preflight = createPreflight({ design: typical.design, fonts })
  /** The analysis the drawing-alone row draws, made before each of its calls. */
  let pending = preflight.analyze(bodies[0])
  unique
    .add(
      'validate + preview, unique personalised A6 body: one analysis, its verdict and renderPreview(analysis) (what a campaign sends)',
      () => {
        const body = bodies[next++ % bodies.length]
        const analysis = analyzePostcard(body, typical.design, { fonts })
        if (!analysis.verdict.ok) throw new Error('a personalised body does not pass')
        renderPreview(analysis, drawOptions)
      }
    )
    .add(
      '  the same through a Preflight: preflight.analyze(body) + renderPreview(analysis) (a server: one Preflight per design)',
      () => {
        const analysis = preflight.analyze(bodies[next++ % bodies.length])
        if (!analysis.verdict.ok) throw new Error('a personalised body does not pass')
        renderPreview(analysis, drawOptions)
      }
    )
    .add(
      '  its drawing alone: renderPreview(analysis) of a unique body analysed before each call by the Preflight (untimed)',
      () => {
        renderPreview(pending, drawOptions)
      },
      {
        beforeEach() {
          pending = preflight.analyze(bodies[next++ % bodies.length])
        },
      }
    )
    .add(
      '  the same with two calls: validatePostcard(body) + renderPreview(body) (two analyses)',
      () => {
        const body = bodies[next++ % bodies.length]
        validatePostcard(body, typical.design, typical.options)
        renderPreview(body, typical.design, typical.options)
      }
    )
  await unique.run()

  const notes = {
    'renderPreview a6-greeting (': sizes.typical,
    'renderPreview a5-ten-areas': sizes.tenAreas,
    'renderPreview a6-overflow': sizes.overflow,
    'renderPreview dl-plain': sizes.plain,
  }
  return [...bench.tasks, ...unique.tasks].map((task) => {
    const result = task.result
    if (result.state !== 'completed') return { name: task.name, note: result.state }
    const median = result.latency.p50 * 1000
    const size = Object.entries(notes).find(([prefix]) => task.name.startsWith(prefix))?.[1]
    const parts = []
    if (size) parts.push(`SVG front ${size.front.toFixed(1)} KB, back ${size.back.toFixed(1)} KB`)
    if (task.name.startsWith('  its drawing alone')) {
      parts.push(
        `target ${DRAW_TARGET_US / 1000} ms (the drawing's share of the 0.8 ms budget): ${median <= DRAW_TARGET_US ? 'met' : 'MISSED'}`
      )
    }
    if (task.name.startsWith('validate + preview, unique')) {
      parts.push(
        `budget ${UNIQUE_BUDGET_US / 1000} ms: ${median <= UNIQUE_BUDGET_US ? 'met' : 'MISSED'}`
      )
    }
    if (task.name.startsWith('renderPreview a6-greeting (')) {
      const largest = Math.max(size.front, size.back)
      parts.push(`budget ${BUDGET_US / 1000} ms: ${median <= BUDGET_US ? 'met' : 'MISSED'}`)
      parts.push(`budget ${BUDGET_KB} KB: ${largest <= BUDGET_KB ? 'met' : 'MISSED'}`)
    }
    return {
      name: task.name,
      median_us: median,
      p99_us: result.latency.p99 * 1000,
      note: parts.join('; ') || undefined,
    }
  })
}
