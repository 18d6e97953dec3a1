import { createRequire } from 'node:module'
import { describe, expect, test } from 'vitest'
import {
  createEmojiArtworkSource,
  EmojiArtworkError,
  loadEmojiArtwork,
} from '../../src/node/emoji-artwork.ts'
import { emojiSequences } from '../../src/emoji/emoji-set.ts'
import { sequenceKey } from '../../src/emoji/emoji-artwork-key.ts'
import { sanitizeSvgFragment } from '../../src/svg/sanitize-svg.ts'
import { EMOJI_VERSIONS } from '../../src/emoji/emoji-version.ts'

const require = createRequire(import.meta.url)
const icons = require('@iconify-json/twemoji/icons.json') as {
  icons: Record<string, { body: string }>
}
const keysByVersion = (inSet: boolean): string[] =>
  [...emojiSequences()]
    .filter(
      ([, version]) => EMOJI_VERSIONS.indexOf(version) <= EMOJI_VERSIONS.indexOf('17.0') === inSet
    )
    .map(([sequence]) => sequenceKey(sequence))

describe('loadEmojiArtwork', () => {
  test('should have Twemoji artwork for every emoji up to Emoji 17.0', async () => {
    const keys = keysByVersion(true)
    expect(keys.length).toBeGreaterThan(3900)
    const artwork = await loadEmojiArtwork(keys)
    expect(keys.filter((key) => !artwork.has(key))).toEqual([])
    const notSquare: string[] = []
    for (const key of keys) {
      const art = artwork.get(key)
      expect(art?.viewBox).toBe(`0 0 ${art?.width} ${art?.height}`)
      expect(art?.body).toMatch(/^<(?:path|circle|ellipse|g|defs|use|clipPath)\b/)
      if (art?.viewBox !== '0 0 36 36') notSquare.push(`${key} ${art?.viewBox}`)
    }
    // Twemoji's watermelon is the one icon that is not 36 × 36: renderers must fit the box.
    expect(notSquare).toEqual(['1f349 0 0 36 25.22'])
  })

  test('should return the artwork of a key as data', async () => {
    const artwork = await loadEmojiArtwork(['1f600', 'nope', '1f3fd'])
    expect([...artwork.keys()]).toEqual(['1f600', '1f3fd'])
    expect(artwork.get('1f600')).toEqual({
      key: '1f600',
      viewBox: '0 0 36 36',
      width: 36,
      height: 36,
      body: icons.icons['grinning-face']?.body,
    })
  })

  test('should have no artwork for the Emoji 18.0 draft', async () => {
    const keys = keysByVersion(false)
    expect(keys.length).toBeGreaterThan(0)
    expect((await loadEmojiArtwork(keys)).size).toBe(0)
  })

  test('should leave every Twemoji body as it is but for namespace declarations', () => {
    const changed = Object.entries(icons.icons).filter(([, icon]) => {
      const clean = sanitizeSvgFragment(icon.body)
      return !clean.ok || clean.markup !== icon.body.replaceAll(/ xmlns="[^"]*"/g, '')
    })
    expect(changed.map(([name]) => name)).toEqual([])
  })

  test('should give bodies whose ids never clash once prefixed', async () => {
    const artwork = await loadEmojiArtwork(keysByVersion(true))
    const seen = new Set<string>()
    for (const [key, art] of artwork) {
      const prefixed = sanitizeSvgFragment(art.body, `e${key}-`)
      expect(prefixed.ok).toBe(true)
      for (const [, id] of (prefixed.ok ? prefixed.markup : '').matchAll(/\sid="([^"]*)"/g)) {
        expect(seen.has(id ?? '')).toBe(false)
        seen.add(id ?? '')
      }
    }
    expect(seen.size).toBeGreaterThan(10)
  })

  test('should reject with EmojiArtworkError when the icon set cannot be read', async () => {
    const source = createEmojiArtworkSource({ iconSet: '/nonexistent/icons.json' })
    await expect(source(['1f600'])).rejects.toThrow(EmojiArtworkError)
    await expect(source(['1f600'])).rejects.toThrow(
      /^Cannot read emoji artwork from `\/nonexistent\/icons\.json`: ENOENT/
    )
  })
})
