import { describe, expect, test } from 'vitest'
import { isEmoji } from '../../src/emoji/is-emoji.ts'
import { emojibase, emojibaseVariants, emojiRegexFull, emojiRegexStrings } from './oracles.ts'

const VS15 = '\uFE0E'
const VS16 = '\uFE0F'
const isRegionalIndicator = (text: string): boolean => /^[\u{1F1E6}-\u{1F1FF}]$/u.test(text)
/** Lone code points emojibase marks as text presentation by default (type 0). */
const textDefault = new Set(
  emojibase.filter((entry) => entry.type === 0).map((entry) => entry.emoji.replaceAll(VS16, ''))
)

describe('isEmoji', () => {
  test.each([
    ['1', false],
    ['#', false],
    ['*', false],
    ['a', false],
    ['ä', false],
    ['€', false],
    ['→', false],
    ['★', false],
    ['✓', false],
    ['©', false],
    ['®', false],
    ['™', false],
    ['☺', false],
    ['❤', false],
    ['↔', false],
    ['ℹ', false],
    ['☝', false],
    ['🕵', false],
    ['©\uFE0F', true],
    ['™\uFE0F', true],
    ['☺\uFE0F', true],
    ['❤\uFE0F', true],
    ['❤\uFE0E', false],
    ['⌚\uFE0E', false],
    ['⌚', true],
    ['😀', true],
    ['1\uFE0F\u20E3', true],
    ['#\uFE0F\u20E3', true],
    ['*\u20E3', true],
    ['1\uFE0F', false],
    ['🇩🇪', true],
    ['🇦', false],
    ['🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}', true],
    ['👩🏽‍💻', true],
    ['🧑‍🧑‍🧒', true],
    ['🙂‍↔️', true],
    ['👁‍🗨', true],
    ['☝🏻', true],
    ['🏻', true],
    ['a🏻', false],
    ['👻‍👻', false],
    ['🫪', true],
    ['🛙', true],
    ['🫹🏽', true],
    ['', false],
  ])('should tell whether %j is an emoji (%s)', (grapheme, expected) => {
    expect(isEmoji(grapheme)).toBe(expected)
  })

  test('should recognise every emojibase 17.0 emoji in its fully-qualified form', () => {
    const missed = emojibase
      .filter((entry) => !isRegionalIndicator(entry.emoji))
      .filter((entry) => !isEmoji(entry.emoji))
      .map((entry) => entry.hexcode)
    expect(missed).toEqual([])
    expect(emojibase.length).toBeGreaterThan(3900)
  })

  test('should treat the text forms of text-default emoji as text', () => {
    const text = emojibase.filter((entry) => entry.type === 0 && entry.text !== '')
    expect(text.length).toBeGreaterThan(100)
    expect(text.filter((entry) => isEmoji(entry.text)).map((entry) => entry.hexcode)).toEqual([])
    const bare = [...textDefault]
    expect(bare.filter((char) => isEmoji(char))).toEqual([])
    expect(bare.filter((char) => !isEmoji(char + VS16))).toEqual([])
    expect(bare.filter((char) => isEmoji(char + VS15))).toEqual([])
  })

  test('should recognise every sequence emoji-regex matches, except bare text-default code points', () => {
    expect(emojiRegexStrings.length).toBeGreaterThan(5000)
    const wrong = emojiRegexStrings.filter((string) => {
      const expected = !textDefault.has(string)
      return !emojiRegexFull.test(string) || isEmoji(string) !== expected
    })
    expect(wrong).toEqual([])
  })

  test('should agree with emoji-regex on every qualification emojibase lists', () => {
    const wrong = emojibaseVariants
      .filter((variant) => !variant.includes(VS15) && !isRegionalIndicator(variant))
      .filter((variant) => {
        // Qualifications emoji-regex does not list (e.g. `🀄️`) are still the same emoji.
        const expected = !textDefault.has(variant)
        return isEmoji(variant) !== expected
      })
    expect(wrong).toEqual([])
  })

  test('should not call anything emoji-regex does not know an emoji', () => {
    // Strings near the set: each emoji with a letter, a stray ZWJ or a doubled tone around it.
    const near = emojiRegexStrings.flatMap((s) => [`a${s}`, `${s}\u200D`, `${s}🏻🏻`])
    expect(near.filter((s) => isEmoji(s) && !emojiRegexFull.test(s.replaceAll(VS16, '')))).toEqual(
      []
    )
  })
})
