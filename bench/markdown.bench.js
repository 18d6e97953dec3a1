// The Markdown whitelist (spec 2.5): checkMarkdown on a typical 500-character value and on an
// 8000-character one (the longest spec 2.5 allows), next to the bare parse, so the cost of the
// whitelist walk shows; then the adversarial values the parse bounds exist for; then
// readMarkdown, the one reading of a value (whitelist and layout blocks), on what a campaign
// sends (a different personalised text per call) against the same reading by remark-parse alone.
// Imports the BUILT code: run `npx tsc -p tsconfig.build.json` first (`npm run bench` does).
import remarkParse from 'remark-parse'
import { Bench } from 'tinybench'
import { unified } from 'unified'
import { checkMarkdown } from '../dist/markdown/check-markdown.js'
import { checkMarkdownTree } from '../dist/markdown/check-markdown-tree.js'
import { parseMarkdown } from '../dist/markdown/parse-markdown.js'
import { readMarkdown, readMarkdownReference } from '../dist/analysis/read-markdown.js'
import { parseSimpleMarkdown } from '../dist/markdown/parse-simple-markdown.js'
import { recipient } from './personalised.js'

// A typical postcard text: greeting, line breaks, bold, italic, a list, a closing (500 chars).
const TYPICAL = `Dear **Erika**,
spring is here, and so is our *garden sale*!

As one of our best customers you get early access:
- 20 % off **all** tulips and daffodils
- free delivery on orders over 30 €
- a *surprise* gift with every order

Our shop in Gartenweg 3 is open from Monday to Saturday, 9:00 to 18:00. Come by, bring a friend and enjoy a cup of coffee with us.

See you soon,
your Bloom & Co. team`.padEnd(500, ' Thank you!')

const LONG = repeatTo(`${TYPICAL}\n\n`, 8000)

/**
 * Repeats a text to exactly `length` characters.
 *
 * @param {string} text The text.
 * @param {number} length The length.
 * @returns {string} The repeated text.
 */
function repeatTo(text, length) {
  return text.repeat(Math.ceil(length / text.length)).slice(0, length)
}

// remark-parse alone, without the nesting bound of parseMarkdown: what the bound saves.
const bareRemark = unified().use(remarkParse).freeze()

/**
 * Turns tinybench tasks into rows.
 *
 * @param {Bench} bench A finished bench.
 * @param {Record<string, string>} notes Notes by task name.
 * @returns {{ name: string, median_us?: number, p99_us?: number, note?: string }[]} Rows.
 */
function rows(bench, notes = {}) {
  return bench.tasks.map((task) => {
    const result = task.result
    if (result.state !== 'completed') return { name: task.name, note: result.state }
    return {
      name: task.name,
      median_us: result.latency.p50 * 1000,
      p99_us: result.latency.p99 * 1000,
      note: notes[task.name],
    }
  })
}

export async function run() {
  const typicalTree = parseMarkdown(TYPICAL, { emphasis: false })
  const longTree = parseMarkdown(LONG, { emphasis: false })

  const bench = new Bench({ time: 500, warmupTime: 100 })
  bench
    .add('checkMarkdown, typical 500 chars', () => checkMarkdown(TYPICAL))
    .add('  parseMarkdown without emphasis (what checkMarkdown parses)', () =>
      parseMarkdown(TYPICAL, { emphasis: false })
    )
    .add('  checkMarkdownTree on that tree (the whitelist walk)', () =>
      checkMarkdownTree(typicalTree, TYPICAL)
    )
    .add('  parseMarkdown (full tree, for the layout)', () => parseMarkdown(TYPICAL))
    .add('  remark-parse alone', () => bareRemark.parse(TYPICAL))
    .add('checkMarkdown, 8000 chars', () => checkMarkdown(LONG))
    .add('  parseMarkdown without emphasis (8000)', () => parseMarkdown(LONG, { emphasis: false }))
    .add('  checkMarkdownTree on that tree (8000)', () => checkMarkdownTree(longTree, LONG))
    .add('  parseMarkdown (full tree, 8000)', () => parseMarkdown(LONG))
    .add('  remark-parse alone (8000)', () => bareRemark.parse(LONG))
  await bench.run()

  // Adversarial 8000-character values: few iterations, they are slow on purpose.
  const nested = '- '.repeat(3999) + 'a'
  const emphasis = '*_a '.repeat(1333) + 'b' + '_*'.repeat(1333)
  const slow = new Bench({ time: 0, iterations: 3, warmupIterations: 1 })
  slow
    .add('checkMarkdown, `- ` × 3999 + `a` (3999 nested lists)', () => checkMarkdown(nested))
    .add('  remark-parse alone on it (no nesting bound)', () => bareRemark.parse(nested))
    .add('checkMarkdown, emphasis bomb `*_a ` × 1333 + closers', () => checkMarkdown(emphasis))
    .add('  parseMarkdown (full tree) on it', () => parseMarkdown(emphasis))
  await slow.run()

  // The one reading of a value, on unique texts: no two calls read the same text.
  const calls = 3000
  const texts = Array.from({ length: 2 * (calls + 600) }, (_, index) => {
    const person = recipient(index >> 1)
    return index % 2 === 0 ? person.greeting : person.body
  })
  if (!texts.every((text) => parseSimpleMarkdown(text) !== undefined)) {
    throw new Error('a personalised text leaves the fast path: the row would measure remark')
  }
  let next = 0
  let nextReference = 0
  const reading = new Bench({ time: 0, iterations: calls, warmupTime: 0, warmupIterations: 300 })
  reading
    .add('readMarkdown, unique personalised texts (fast path; what a campaign sends)', () =>
      readMarkdown(texts[next++ % texts.length])
    )
    .add('  readMarkdownReference, the same texts (remark-parse alone)', () =>
      readMarkdownReference(texts[nextReference++ % texts.length])
    )
    .add('readMarkdown, typical 500 chars (fast path)', () => readMarkdown(TYPICAL))
    .add('readMarkdown, 8000 chars (fast path)', () => readMarkdown(LONG))
  await reading.run()
  const [fast, reference] = reading.tasks
  const speedup = reference.result.latency.p50 / fast.result.latency.p50

  return [
    ...rows(reading, {
      'readMarkdown, unique personalised texts (fast path; what a campaign sends)': `greeting and body alternately (${Math.round(texts.reduce((sum, text) => sum + text.length, 0) / texts.length)} chars on average); ${speedup.toFixed(1)}× faster than remark-parse, same reading`,
    }),
    ...rows(bench, {
      'checkMarkdown, typical 500 chars': `${TYPICAL.length} chars, valid`,
      'checkMarkdown, 8000 chars': 'the typical text 16 times, valid',
    }),
    ...rows(slow, {
      'checkMarkdown, `- ` × 3999 + `a` (3999 nested lists)': '3 runs; 16 containers per line',
      'checkMarkdown, emphasis bomb `*_a ` × 1333 + closers':
        '3 runs; checkMarkdown skips emphasis',
      '  parseMarkdown (full tree) on it': "3 runs; micromark's emphasis is quadratic",
    }),
  ]
}
