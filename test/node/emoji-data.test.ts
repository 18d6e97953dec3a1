import { readFile } from 'node:fs/promises'
import { describe, expect, test } from 'vitest'
import {
  COMPONENT_ICON_NAMES as SCRIPT_COMPONENTS,
  OUTPUT_PATH,
  readInputs,
  renderEmojiData,
} from '../../scripts/build-emoji-data.js'
import { COMPONENT_ICON_NAMES } from '../../src/node/emoji-artwork.ts'
import { emojiSequences } from '../../src/emoji/emoji-set.ts'

const root = new URL('../../', import.meta.url)

describe('emoji-data.generated.ts', () => {
  test('should be up to date with emoji-regex, emojibase-data and @iconify-json/twemoji', async () => {
    const committed = await readFile(new URL(OUTPUT_PATH, root), 'utf8')
    // If this fails: node scripts/build-emoji-data.js
    expect(committed).toBe(renderEmojiData(await readInputs(root)))
  })

  test('should stay small: it ships in the browser bundle', async () => {
    const { gzipSync } = await import('node:zlib')
    const committed = await readFile(new URL(OUTPUT_PATH, root))
    expect(gzipSync(committed, { level: 9 }).length).toBeLessThan(10_000)
  })

  test('should hold every sequence once, with the counts of emojibase-data 17 per version', () => {
    const counts: Record<string, number> = {}
    for (const version of emojiSequences().values()) counts[version] = (counts[version] ?? 0) + 1
    expect(counts).toMatchObject({ '15.0': 31, '15.1': 118, '16.0': 8, '17.0': 163 })
    expect(counts['18.0']).toBeGreaterThan(0)
  })

  test('should name the same component icons as the Node artwork source', () => {
    expect(COMPONENT_ICON_NAMES).toEqual(SCRIPT_COMPONENTS)
  })
})
