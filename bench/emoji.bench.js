// Emoji scan and glyph coverage on 8,000 characters of postcard text (budget: scan ≤ 0.2 ms).
// Imports the BUILT code: run `npx tsc -p tsconfig.build.json` first (`npm run bench` does).
import { readFile } from 'node:fs/promises'
import { Bench } from 'tinybench'
import { scanEmoji } from '../dist/emoji/scan-emoji.js'
import { findEmoji } from '../dist/emoji/find-emoji.js'
import { isEmoji } from '../dist/emoji/is-emoji.js'
import { collectEmojiKeys } from '../dist/emoji/collect-emoji-keys.js'
import { checkGlyphCoverage } from '../dist/text/glyph-coverage.js'
import { createFontRegistry } from '../dist/text/font-registry.js'

const fixture = (name) =>
  readFile(new URL(`../test/fixtures/emoji/${name}`, import.meta.url), 'utf8')

/** Repeats `text` to exactly `length` characters (UTF-16 code units, never a split pair). */
function sized(text, length) {
  let result = ''
  while (result.length < length) result += text
  result = result.slice(0, length)
  return /[\uD800-\uDBFF]$/.test(result) ? `${result.slice(0, -1)}.` : result
}

export async function run() {
  const corpus = [
    await fixture('corpus-de.txt'),
    await fixture('corpus-nl.txt'),
    await fixture('corpus-fr.txt'),
  ].join('\n')
  const plain = sized(corpus, 8000)
  // The same text with 40 emoji (faces, skin tones, ZWJ sequences, flags, keycaps, ❤️, 🫪).
  const emoji = ['😀', '👋🏽', '👩🏽‍💻', '🇩🇪', '1️⃣', '❤️', '🧑‍🧑‍🧒', '🫪', '🎉', '🏴‍☠️']
  const words = plain.split(' ')
  const step = Math.floor(words.length / 40)
  const mixed = sized(
    words
      .map((word, i) => (i % step === 0 ? `${word} ${emoji[(i / step) % emoji.length]}` : word))
      .join(' '),
    8000
  )
  const graphemes = [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(mixed)].map(
    (s) => s.segment
  )
  const found = findEmoji(mixed).length
  const inter = await readFile(new URL('../fonts/Inter-Regular.ttf', import.meta.url))
  const face = createFontRegistry({ Inter: { regular: new Uint8Array(inter) } }).face('Inter')

  const bench = new Bench({ time: 400, warmupTime: 100 })
  bench
    .add('scanEmoji, 8,000 chars de/nl/fr, no emoji', () => scanEmoji(plain, 'content.body'))
    .add(`scanEmoji, 8,000 chars with ${found} emoji, pin 15.0`, () =>
      scanEmoji(mixed, 'content.body', { pinnedVersion: '15.0' })
    )
    .add('collectEmojiKeys, 8,000 chars with emoji', () => collectEmojiKeys([mixed]))
    .add(`isEmoji × ${graphemes.length} graphemes`, () => {
      for (const grapheme of graphemes) isEmoji(grapheme)
    })
    .add('checkGlyphCoverage, 8,000 chars with emoji (Inter)', () =>
      checkGlyphCoverage(mixed, 'content.body', face)
    )
  await bench.run()
  return bench.tasks.map((task) => {
    const result = task.result
    if (result.state !== 'completed') return { name: task.name, note: result.state }
    return {
      name: task.name,
      median_us: result.latency.p50 * 1000,
      p99_us: result.latency.p99 * 1000,
      note: task.name.startsWith('scanEmoji') ? 'budget 200 µs' : undefined,
    }
  })
}
