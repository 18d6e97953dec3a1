import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { scanEmoji } from '../../src/emoji/scan-emoji.ts'
import { EMOJI_VERSIONS, type PinnedEmojiVersion } from '../../src/emoji/emoji-version.ts'
import { CORPUS_FILES, loadEmojiFixture } from './load-fixture.ts'
import { emojibase, emojiRegexStrings, versionOf } from './oracles.ts'

const isRegionalIndicator = (text: string): boolean => /^[\u{1F1E6}-\u{1F1FF}]$/u.test(text)
const entries = emojibase.filter((entry) => !isRegionalIndicator(entry.emoji))
const rank = (version: string): number => (EMOJI_VERSIONS as readonly string[]).indexOf(version)

describe('scanEmoji', () => {
  test('should warn word for word about an emoji newer than the pinned set', () => {
    expect(scanEmoji('Hallo 🫪', 'to.first_name', { pinnedVersion: '15.0' })).toEqual([
      {
        code: 'emoji-not-in-set',
        path: 'to.first_name',
        message:
          'Unexpected emoji `🫪` (U+1FAEA, Emoji 17.0) in to.first_name, expected an emoji of the pinned set (Emoji 15.0): the preview shows it as missing and in print this recipient is skipped.',
        data: {
          grapheme: '🫪',
          code_points: ['U+1FAEA'],
          emoji_version: '17.0',
          pinned_version: '15.0',
        },
      },
    ])
  })

  test('should list every code point of a sequence, U+FE0F included', () => {
    const [warning] = scanEmoji('Nein 🙂‍↔️', 'content.greeting', { pinnedVersion: '15.0' })
    expect(warning?.message).toBe(
      'Unexpected emoji `🙂‍↔️` (U+1F642 U+200D U+2194 U+FE0F, Emoji 15.1) in content.greeting, expected an emoji of the pinned set (Emoji 15.0): the preview shows it as missing and in print this recipient is skipped.'
    )
  })

  test('should pin Emoji 17.0 by default and report the Emoji 18.0 draft', () => {
    expect(scanEmoji('🫪 🫩 🐦‍🔥', 'content.body')).toEqual([])
    expect(scanEmoji('Ein 🛙 und 🫹🏽', 'content.body').map((w) => w.message)).toEqual([
      'Unexpected emoji `🛙` (U+1F6D9, Emoji 18.0) in content.body, expected an emoji of the pinned set (Emoji 17.0): the preview shows it as missing and in print this recipient is skipped.',
      'Unexpected emoji `🫹🏽` (U+1FAF9 U+1F3FD, Emoji 18.0) in content.body, expected an emoji of the pinned set (Emoji 17.0): the preview shows it as missing and in print this recipient is skipped.',
    ])
  })

  test('should warn once per distinct emoji of a field, in text order', () => {
    const warnings = scanEmoji('🫪 a 🐦‍🔥 b 🫪 c 🫪\uFE0F', 'to.first_name', {
      pinnedVersion: '15.0',
    })
    expect(warnings.map((w) => w.data?.['grapheme'])).toEqual(['🫪', '🐦‍🔥'])
  })

  test.each(['14.0', '15.0', '15.1', '16.0', '17.0'] as const)(
    'should report exactly the emojibase emoji newer than Emoji %s, with their versions',
    (pin: PinnedEmojiVersion) => {
      const reported: string[] = []
      const wrong: string[] = []
      for (const entry of entries) {
        const warnings = scanEmoji(entry.emoji, 'to.first_name', { pinnedVersion: pin })
        const newer = rank(versionOf(entry)) > rank(pin)
        if (newer) reported.push(entry.hexcode)
        const expected = newer ? [[versionOf(entry), pin]] : []
        const actual = warnings.map((w) => [w.data?.['emoji_version'], w.data?.['pinned_version']])
        if (JSON.stringify(actual) !== JSON.stringify(expected)) wrong.push(entry.hexcode)
      }
      expect(wrong).toEqual([])
      if (pin === '15.0') expect(reported.length).toBe(118 + 8 + 163)
    }
  )

  test('should give Emoji 18.0 to what emoji-regex knows and emojibase 17.0 does not', () => {
    const known = new Set(entries.map((entry) => entry.emoji.replaceAll('\uFE0F', '')))
    const draft = emojiRegexStrings.filter((s) => !known.has(s.replaceAll('\uFE0F', '')))
    expect(draft.length).toBeGreaterThan(0)
    const versions = draft.map((s) => scanEmoji(s, 'x')[0]?.data?.['emoji_version'])
    expect(new Set(versions)).toEqual(new Set(['18.0']))
  })

  test('should find no emoji in ordinary German, Dutch and French text', async () => {
    for (const file of CORPUS_FILES) {
      const text = await loadEmojiFixture(file)
      // The corpus really holds no emoji by Unicode's own property (sanity of the fixture).
      expect(/\p{Emoji_Presentation}|\uFE0F/u.test(text), file).toBe(false)
      expect(scanEmoji(text, 'content.body', { pinnedVersion: '1.0' }), file).toEqual([])
    }
  })

  test('should never throw on any text', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.integer({ min: 0, max: 0x10ffff }).map((cp) => String.fromCodePoint(cp)),
        }),
        fc.string(),
        (text, path) => {
          const warnings = scanEmoji(text, path, { pinnedVersion: '12.0' })
          for (const warning of warnings) expect(warning.code).toBe('emoji-not-in-set')
        }
      ),
      { numRuns: 300 }
    )
  })
})
