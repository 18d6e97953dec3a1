import { describe, expect, test } from 'vitest'
import { emojiArtworkKey } from '../../src/emoji/emoji-artwork-key.ts'
import { collectEmojiKeys } from '../../src/emoji/collect-emoji-keys.ts'
import { artworkKey } from '../../scripts/build-emoji-data.js'
import { emojibase } from './oracles.ts'

describe('emojiArtworkKey', () => {
  test.each([
    ['😀', '1f600'],
    ['❤️', '2764'],
    ['©️', '00a9'],
    ['1️⃣', '0031-20e3'],
    ['1⃣', '0031-20e3'],
    ['🧑‍🎨', '1f9d1-200d-1f3a8'],
    ['👁‍🗨', '1f441-200d-1f5e8'],
    ['👁️‍🗨️', '1f441-200d-1f5e8'],
    ['🏳️‍🌈', '1f3f3-200d-1f308'],
    ['🇩🇪', '1f1e9-1f1ea'],
    ['👩🏽‍💻', '1f469-1f3fd-200d-1f4bb'],
  ])('should key %s as %s', (grapheme, key) => {
    expect(emojiArtworkKey(grapheme)).toBe(key)
  })

  test.each(['©', '❤', 'a', '1', '', '❤\uFE0E', '🇦'])('should give text %j no key', (text) => {
    expect(emojiArtworkKey(text)).toBeUndefined()
  })

  test('should key every emojibase emoji the way iconify names Twemoji (FE0F dropped)', () => {
    const wrong = emojibase
      .filter((entry) => !/^[\u{1F1E6}-\u{1F1FF}]$/u.test(entry.emoji))
      .filter(
        (entry) =>
          emojiArtworkKey(entry.emoji) !== entry.hexcode.toLowerCase().replaceAll('-fe0f', '')
      )
      .map((entry) => entry.hexcode)
    expect(wrong).toEqual([])
    expect(emojiArtworkKey('🧑‍🎨')).toBe(artworkKey('🧑‍🎨'))
  })
})

describe('collectEmojiKeys', () => {
  test('should list the keys of the pinned set once, sorted, leaving newer emoji out', () => {
    const texts = ['Hallo 👋🏽 und ❤️', 'Neu: 🫪 🐦‍🔥', 'Wieder 👋🏽 und ❤ (Text)', '']
    expect(collectEmojiKeys(texts, { pinnedVersion: '15.0' })).toEqual(['1f44b-1f3fd', '2764'])
    expect(collectEmojiKeys(texts)).toEqual(['1f426-200d-1f525', '1f44b-1f3fd', '1faea', '2764'])
  })

  test('should accept any iterable of texts', () => {
    function* fields(): Generator<string> {
      yield '🎉'
      yield 'x'
    }
    expect(collectEmojiKeys(fields())).toEqual(['1f389'])
    expect(collectEmojiKeys(new Set(['🎉', '🎉']))).toEqual(['1f389'])
  })
})
