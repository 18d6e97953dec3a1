import { beforeAll, describe, expect, test } from 'vitest'
import { renderPreview } from '../../src/preview/render-preview.ts'
import { previewEmojiKeys } from '../../src/preview/preview-emoji-keys.ts'
import type { EmojiArtwork } from '../../src/emoji/types.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import {
  caseNames,
  fixtureUrl,
  loadArtworkFixture,
  loadCase,
  readText,
  testRegistry,
  updating,
  writeText,
} from './preview-cases.ts'

/** SHA-256 of a string's UTF-8 bytes as hex, with WebCrypto (the same API in Node and Chromium). */
async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

let fonts: FontRegistry
let artwork: ReadonlyMap<string, EmojiArtwork>

beforeAll(async () => {
  fonts = await testRegistry()
  if (updating) {
    // The artwork fixture holds the Twemoji bodies of exactly the keys the cases draw.
    const keys = new Set<string>()
    for (const name of caseNames) {
      const { body, design } = await loadCase(name)
      for (const key of previewEmojiKeys(body, design)) keys.add(key)
    }
    const { loadEmojiArtwork } = await import('../../src/node/emoji-artwork.ts')
    const loaded = await loadEmojiArtwork([...keys].sort())
    await writeText(
      fixtureUrl('emoji-artwork.json'),
      `${JSON.stringify(Object.fromEntries(loaded), null, 2)}\n`
    )
  }
  artwork = await loadArtworkFixture()
})

describe('renderPreview fixtures', () => {
  // The fixtures are generated in Node (`UPDATE=1 npx vitest run test/preview --project node`)
  // and checked in; the browser project renders the same inputs and must hash the same.
  test.each(caseNames)(
    'should render `%s` byte for byte as the checked-in SVG files',
    async (name) => {
      const { body, design, options } = await loadCase(name)
      const preview = renderPreview(body, design, { ...options, fonts, emojiArtwork: artwork })
      for (const side of ['front', 'back'] as const) {
        const url = fixtureUrl(`${name}.${side}.svg`)
        if (updating) await writeText(url, preview[side])
        const expected = await readText(url)
        expect(await sha256(preview[side])).toBe(await sha256(expected))
        expect(preview[side]).toBe(expected)
      }
    }
  )

  test('should hold every artwork the cases need in the artwork fixture', async () => {
    for (const name of caseNames) {
      const { body, design } = await loadCase(name)
      for (const key of previewEmojiKeys(body, design)) expect(artwork.has(key), key).toBe(true)
    }
  })
})
