import { readFile } from 'node:fs/promises'
import { describe, expect, test } from 'vitest'
import {
  COMPONENT_ICON_NAMES as SCRIPT_COMPONENTS,
  OUTPUT_PATH,
  readInputs,
  renderEmojiData,
} from '../../scripts/build-emoji-data.js'
import { COMPONENT_ICON_NAMES } from '../../src/node/emoji-artwork.ts'
import { emojiSequences, emojiStartUnits, lookupEmoji } from '../../src/emoji/emoji-set.ts'
import { emojibase, emojiRegexStrings, versionOf } from '../emoji/oracles.ts'

const root = new URL('../../', import.meta.url)

describe('emoji-data.generated.ts', () => {
  test('should be up to date with emoji-regex, emojibase-data and @iconify-json/twemoji', async () => {
    const committed = await readFile(new URL(OUTPUT_PATH, root), 'utf8')
    // If this fails: node scripts/build-emoji-data.js
    expect(committed).toBe(renderEmojiData(await readInputs(root)))
  })

  // About 3.6 kB since the compact encoding (it was 7.8 kB as lists of sequences): hold the gain.
  test('should stay small: it ships in the browser bundle', async () => {
    const { gzipSync } = await import('node:zlib')
    const committed = await readFile(new URL(OUTPUT_PATH, root))
    expect(gzipSync(committed, { level: 9 }).length).toBeLessThan(4_500)
  })

  test('should hold every sequence once, with the counts of emojibase-data 17 per version', () => {
    const counts: Record<string, number> = {}
    for (const version of emojiSequences().values()) counts[version] = (counts[version] ?? 0) + 1
    expect(counts).toMatchObject({ '15.0': 31, '15.1': 118, '16.0': 8, '17.0': 163 })
    expect(counts['18.0']).toBeGreaterThan(0)
  })

  test('should decode to exactly the emoji-regex sequences, with the emojibase version of each', () => {
    // The oracle, outside the encoding: every emoji-regex string without U+FE0F, with its
    // emojibase 17.0 version, or the draft 18.0 when emojibase does not know it.
    const known = new Map(emojibase.map((entry) => [entry.emoji.replaceAll('\uFE0F', ''), entry]))
    const expected = new Map<string, string>()
    for (const string of emojiRegexStrings) {
      const sequence = string.replaceAll('\uFE0F', '')
      const entry = known.get(sequence)
      expected.set(sequence, entry ? versionOf(entry) : '18.0')
    }
    const byCodePoint = (entries: Iterable<[string, string]>): [string, string][] =>
      [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    expect(expected.size).toBe(3972)
    expect(byCodePoint(emojiSequences())).toEqual(byCodePoint(expected))
    // Lone text-default code points (emojibase type 0) are text without U+FE0F, emoji with it.
    for (const [sequence] of expected) {
      const textDefault = [...sequence].length === 1 && known.get(sequence)?.type === 0
      expect(lookupEmoji(sequence) === undefined, sequence).toBe(textDefault)
      expect(lookupEmoji(`${sequence}\uFE0F`)?.sequence, sequence).toBe(sequence)
    }
    // The start units: the first code unit of every sequence that does not start with ASCII.
    const units = new Set([...expected.keys()].map((sequence) => sequence.charCodeAt(0)))
    expect([...emojiStartUnits()].sort()).toEqual([...units].filter((unit) => unit >= 0x80).sort())
  })

  test('should name the same component icons as the Node artwork source', () => {
    expect(COMPONENT_ICON_NAMES).toEqual(SCRIPT_COMPONENTS)
  })
})
