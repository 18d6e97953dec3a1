// The fit check and its parts: layout of a typical 500-character text, a validation-like worst
// case (10 areas × 2000 characters) against remark-parse's own parse time, cold font parses,
// and our shaping against the naive opentype.js `getAdvanceWidth` (budget: 0.1 ms per fit check),
// and the fit of unique personalised texts (what a campaign sends: issue 11's text-fit share).
// Imports the BUILT code: run `npx tsc -p tsconfig.build.json` first (`npm run bench` does).
import { readFile } from 'node:fs/promises'
import opentype from 'opentype.js'
import { Bench } from 'tinybench'
import { checkFit } from '../dist/layout/check-fit.js'
import { parseDesign } from '../dist/design/parse-design.js'
import { contentBlocks } from '../dist/layout/content-blocks.js'
import { breakBlocks, layoutBlocks, measureBlocks } from '../dist/layout/layout-blocks.js'
import { parseMarkdown } from '../dist/markdown/parse-markdown.js'
import { parseSimpleMarkdown } from '../dist/markdown/parse-simple-markdown.js'
import { parseFont } from '../dist/text/font.js'
import { createFontRegistry } from '../dist/text/font-registry.js'
import { shapeText } from '../dist/text/shape.js'
import { recipient } from './personalised.js'

const font = (file) => readFile(new URL(`../fonts/${file}`, import.meta.url))

/** Bytes of a font with some tables renamed away (so opentype.js does not see them). */
function withoutTables(bytes, tags) {
  const copy = new Uint8Array(bytes)
  const view = new DataView(copy.buffer)
  for (let index = 0; index < view.getUint16(4); index++) {
    const record = 12 + index * 16
    const tag = String.fromCharCode(...copy.subarray(record, record + 4))
    if (tags.includes(tag)) copy[record] = 0x5f
  }
  return copy.buffer
}

const area = (overrides) => ({
  type: 'markdown',
  key: 'greeting',
  label: 'Greeting',
  x_mm: 10,
  y_mm: 10,
  width_mm: 90,
  height_mm: 60,
  font_family: 'Inter',
  font_size_pt: 10,
  line_height: 1.3,
  color: '#000000',
  align: 'left',
  ...overrides,
})

export async function run() {
  const families = {}
  for (const family of ['Inter', 'Roboto', 'Lora']) {
    families[family] = {
      regular: await font(`${family}-Regular.ttf`),
      bold: await font(`${family}-Bold.ttf`),
      italic: await font(`${family}-Italic.ttf`),
      bold_italic: await font(`${family}-BoldItalic.ttf`),
    }
  }
  const fonts = createFontRegistry(families)
  const corpus = JSON.parse(
    await readFile(new URL('../test/fixtures/layout/paragraphs.json', import.meta.url), 'utf8')
  ).paragraphs.map((paragraph) => paragraph.text)

  // A typical postcard: greeting, two paragraphs, a three-item list, a closing (≈ 500 chars).
  const typical =
    `Liebe Anna,\n\n${corpus[0]}\n\n- ${corpus[1].slice(0, 60)}\n- **${corpus[2].slice(0, 40)}**\n` +
    `- ${corpus[3].slice(0, 50)}\n\n${corpus[4]}\n\nHerzliche Grüße\nIhr Team`
  const typicalText = typical.slice(0, 520)
  const typicalArea = area({ height_mm: 90 })
  const typicalRoot = parseMarkdown(typicalText)
  if (checkFit(typicalText, typicalArea, fonts) !== undefined)
    throw new Error('typical text must fit')
  // Ten different 2000-character texts of the corpus, in areas where they fit and where not.
  const long = Array.from({ length: 10 }, (_, index) => {
    let text = ''
    for (let at = index * 25; text.length < 2000; at++) text += `${corpus[at % corpus.length]}\n\n`
    return text.slice(0, 2000)
  })
  const roomy = area({ width_mm: 140, height_mm: 400, font_size_pt: 9 })
  const tight = area({ width_mm: 140, height_mm: 60, font_size_pt: 9 })
  for (const text of long) checkFit(text, roomy, fonts) // warm the shaping caches

  // opentype.js 2.0 getAdvanceWidth throws on all three shipped fonts (GSUB lookup 6.2,
  // opentype.js issue 874); it works on Lora once its GSUB is hidden (no ligatures then).
  const loraBytes = await font('Lora-Regular.ttf')
  const naive = opentype.parse(withoutTables(loraBytes, ['GSUB']))
  const words = [...new Set(corpus.join(' ').replaceAll('*', '').split(' '))]
    .filter((word) => /^[\p{L}\p{N}.,:;!?'’-]+$/u.test(word))
    .slice(0, 500)
  let throwsOn = []
  for (const file of ['Inter-Regular.ttf', 'Roboto-Regular.ttf', 'Lora-Regular.ttf']) {
    const full = opentype.parse(new Uint8Array(await font(file)).buffer)
    try {
      full.getAdvanceWidth('office', 16)
    } catch {
      throwsOn.push(file.replace('.ttf', ''))
    }
  }
  let lora = parseFont(loraBytes, 'Lora', { bold: false, italic: false })
  for (const word of words) shapeText(lora, word)
  const interBytes = await font('Inter-Regular.ttf')

  // The very first parse in this process (JIT cold), once.
  const firstStart = performance.now()
  parseFont(await font('Roboto-Regular.ttf'), 'Roboto', { bold: false, italic: false })
  const firstParseMs = performance.now() - firstStart

  // The two Markdown areas of the a6-greeting design with a new recipient's texts each time:
  // their trees are parsed before the timed part (Markdown reading is measured elsewhere), the
  // blocks and the line breaking that the verdict needs are timed.
  const design = parseDesign(
    JSON.parse(await readFile(new URL('../designs/a6-greeting.json', import.meta.url), 'utf8'))
  )
  const greetingArea = design.sides.front.elements.find((element) => element.key === 'greeting')
  const bodyArea = design.sides.back.elements.find((element) => element.key === 'body')
  let next = 0
  let unique
  const nextRecipient = () => {
    const person = recipient(next++)
    unique = [
      [parseSimpleMarkdown(person.greeting), person.greeting, greetingArea],
      [parseSimpleMarkdown(person.body), person.body, bodyArea],
    ]
  }
  for (let count = 0; count < 2000; count++) {
    nextRecipient()
    for (const [tree, text, target] of unique) breakBlocks(contentBlocks(tree, text), target, fonts)
  }

  const bench = new Bench({ time: 600, warmupTime: 150 })
  bench
    .add(
      'fit of a unique personalised A6 text (greeting + body: blocks + line breaking)',
      () => {
        for (const [tree, text, target] of unique) {
          breakBlocks(contentBlocks(tree, text), target, fonts)
        }
      },
      { beforeEach: nextRecipient }
    )
    .add('fit of a 500-char text from parsed mdast (blocks + line breaking)', () => {
      measureBlocks(contentBlocks(typicalRoot, typicalText), typicalArea, fonts)
    })
    .add('layout of the same text with glyph positions (what the preview draws)', () => {
      layoutBlocks(contentBlocks(typicalRoot, typicalText), typicalArea, fonts)
    })
    .add('remark parse of the same 500 chars (parseMarkdown)', () => parseMarkdown(typicalText))
    .add('checkFit 500 chars end to end (parse + layout)', () =>
      checkFit(typicalText, typicalArea, fonts)
    )
    .add('10 areas × 2000 chars: parseMarkdown only', () => {
      for (const text of long) parseMarkdown(text)
    })
    .add('10 areas × 2000 chars: checkFit, all fit', () => {
      for (const text of long) checkFit(text, roomy, fonts)
    })
    .add('10 areas × 2000 chars: checkFit, all overflow (with suggestions)', () => {
      for (const text of long) checkFit(text, tight, fonts)
    })
    .add('parseFont Inter Regular (334 KB, cold face)', () =>
      parseFont(interBytes, 'Inter', { bold: false, italic: false })
    )
    .add('parseFont Lora Regular (131 KB, cold face)', () =>
      parseFont(loraBytes, 'Lora', { bold: false, italic: false })
    )
    .add(`opentype.js getAdvanceWidth, ${words.length} words (Lora without GSUB)`, () => {
      for (const word of words) naive.getAdvanceWidth(word, 16)
    })
    .add(
      `shapeText, same ${words.length} words, cold face (GSUB + GPOS)`,
      () => {
        for (const word of words) shapeText(lora, word)
      },
      {
        beforeEach() {
          lora = parseFont(loraBytes, 'Lora', { bold: false, italic: false })
        },
      }
    )
    .add(`shapeText, same ${words.length} words, warm cache`, () => {
      for (const word of words) shapeText(lora, word)
    })
  await bench.run()

  const latency = (name) => bench.tasks.find((task) => task.name.startsWith(name))?.result.latency
  const median = (name) => latency(name)?.p50
  const parseOnly = median('10 areas × 2000 chars: parseMarkdown only')
  const allFit = median('10 areas × 2000 chars: checkFit, all fit')
  // The fastest samples too: on a shared machine they show the cost without preemption.
  const parseMin = latency('10 areas × 2000 chars: parseMarkdown only')?.min
  const allFitMin = latency('10 areas × 2000 chars: checkFit, all fit')?.min
  const naiveMs = median('opentype.js getAdvanceWidth')
  const coldMs = median(`shapeText, same ${words.length} words, cold`)
  const warmMs = median(`shapeText, same ${words.length} words, warm`)
  const notes = {
    'fit of a 500-char text': `budget ≤ 100 µs; text ${typicalText.length} chars; the same text each time (its lines kept)`,
    'fit of a unique personalised':
      'text-fit share of issue 11 (validatePostcard ≤ 50 µs): ≤ 10 µs',
    '10 areas × 2000 chars: checkFit, all fit': `overhead beyond parse ${(((allFit - parseOnly) / parseOnly) * 100).toFixed(1)} % of medians, ${(((allFitMin - parseMin) / parseMin) * 100).toFixed(1)} % of minima (budget ≤ 25 %)`,
    'parseFont Inter': `budget ≤ 30 ms; first parse in the process (Roboto, JIT cold) ${firstParseMs.toFixed(1)} ms`,
    'opentype.js getAdvanceWidth': `throws on ${throwsOn.join(', ')} (GSUB 6.2)`,
    'shapeText, same': `naive / ours: cold ${(naiveMs / coldMs).toFixed(1)}×, warm ${(naiveMs / warmMs).toFixed(0)}×`,
  }
  return bench.tasks.map((task) => {
    const result = task.result
    if (result.state !== 'completed') return { name: task.name, note: result.state }
    const note = Object.entries(notes).find(([prefix]) => task.name.startsWith(prefix))?.[1]
    return {
      name: task.name,
      median_us: result.latency.p50 * 1000,
      p99_us: result.latency.p99 * 1000,
      ...(note ? { note } : {}),
    }
  })
}
