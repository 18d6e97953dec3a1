import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { findEmoji } from '../../src/emoji/find-emoji.ts'
import { isEmoji } from '../../src/emoji/is-emoji.ts'
import { EmojiVersionError } from '../../src/emoji/emoji-version.ts'
import type { EmojiScanOptions } from '../../src/emoji/types.ts'
import { CORPUS_FILES, loadEmojiFixture } from './load-fixture.ts'
import { emojiRegexStrings } from './oracles.ts'

/** The definition findEmoji must equal: segment everything, test every grapheme. */
const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' })
function naive(text: string): { index: number; grapheme: string }[] {
  return [...segmenter.segment(text)]
    .filter(({ segment }) => isEmoji(segment))
    .map(({ index, segment }) => ({ index, grapheme: segment }))
}

/** Pieces that stress grapheme boundaries around emoji. */
const pieces = [
  ...emojiRegexStrings.filter((_, index) => index % 7 === 0),
  'a',
  'é',
  'e\u0301',
  ' ',
  '\n',
  '1',
  '#',
  '*',
  '©',
  '❤',
  '\uFE0F',
  '\uFE0E',
  '\u200D',
  '\u20E3',
  '🏻',
  '🇩',
  '🇪',
  '\u{E0067}',
  '\uD83D',
  '\uDE00',
  '\u0600',
  'ก',
  '각',
  'ᄀ',
]

describe('findEmoji', () => {
  test('should list emoji with index, key, version and set membership', () => {
    expect(findEmoji('Hi 👋🏽, ❤️ & 🫪!', { pinnedVersion: '15.0' })).toEqual([
      { index: 3, grapheme: '👋🏽', key: '1f44b-1f3fd', version: '1.0', inSet: true },
      { index: 9, grapheme: '❤️', key: '2764', version: '0.6', inSet: true },
      { index: 14, grapheme: '🫪', key: '1faea', version: '17.0', inSet: false },
    ])
  })

  test('should find keycaps, flags and tag sequences whole', () => {
    expect(findEmoji('Nr. 1️⃣ in 🇩🇪 and 🏴󠁧󠁢󠁳󠁣󠁴󠁿').map((f) => [f.index, f.key])).toEqual([
      [4, '0031-20e3'],
      [11, '1f1e9-1f1ea'],
      [20, '1f3f4-e0067-e0062-e0073-e0063-e0074-e007f'],
    ])
  })

  test('should find nothing in ordinary German, Dutch and French text or text symbols', async () => {
    for (const file of CORPUS_FILES) {
      const text = await loadEmojiFixture(file)
      expect(text.length, file).toBeGreaterThan(900)
      expect(findEmoji(text), file).toEqual([])
    }
  })

  test('should equal segmenting the whole text for any mix of emoji parts', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), (parts) => {
        const text = parts.join('')
        expect(findEmoji(text).map(({ index, grapheme }) => ({ index, grapheme }))).toEqual(
          naive(text)
        )
      }),
      { numRuns: 600 }
    )
  })

  test('should read every emoji-regex sequence in any neighbourhood as the Segmenter does', () => {
    const contexts: [string, string][] = [
      [' ', ' '],
      ['a', 'b'],
      ['\n', '\r\n'],
      ['ü', 'é'],
      ['😀', '🇩'],
      ['🇩', '\u0301'],
      ['\u200D', '\uFE0E'],
      ['ก', 'ा'],
      ['#', '🏻'],
    ]
    const wrong: string[] = []
    for (const sequence of emojiRegexStrings) {
      const texts = [sequence, sequence + sequence, ...contexts.map(([a, b]) => a + sequence + b)]
      for (const text of texts) {
        const got = findEmoji(text).map(({ index, grapheme }) => ({ index, grapheme }))
        if (JSON.stringify(got) !== JSON.stringify(naive(text))) wrong.push(text)
      }
    }
    expect(wrong).toEqual([])
  })

  test.each([
    ['flags after a letter', `a${'🇩🇪'.repeat(100)}🇩`],
    ['lone regional indicators', '🇩'.repeat(301)],
    ['regional indicators after a letter', `x${'🇩'.repeat(301)}`],
    ['sequences outside the set', `x${'👻‍👻😀'.repeat(60)}`],
    // 41 code units per repeat: the first 128-unit slice ends inside the second 👻.
    ['a cut inside a surrogate pair', `x${`👻‍👻😀${'ก'.repeat(34)}`.repeat(10)}`],
    ['families without spaces', '👨‍👩‍👧‍👦'.repeat(50)],
    ['emoji between combining marks', 'e\u0301😀\u0301'.repeat(80)],
    ['one long cluster', `😀${'\u0301'.repeat(700)}😀`],
    ['Thai and emoji', 'สวัสดี👋🏽ครับ'.repeat(40)],
  ])('should cut a long run (%s) for the Segmenter without changing the result', (_, text) => {
    expect(findEmoji(text).map(({ index, grapheme }) => ({ index, grapheme }))).toEqual(naive(text))
  })

  test('should never throw on any string, lone surrogates included', () => {
    const unit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code))
    fc.assert(
      fc.property(fc.string({ unit: fc.oneof(unit, fc.constantFrom(...pieces)) }), (text) => {
        expect(findEmoji(text).map(({ index, grapheme }) => ({ index, grapheme }))).toEqual(
          naive(text)
        )
      }),
      { numRuns: 300 }
    )
    expect(findEmoji(42 as unknown as string)).toEqual([])
    expect(findEmoji(null as unknown as string)).toEqual([])
  })

  test('should reject a pin that is not a pinnable version', () => {
    const bad = (pinnedVersion: string) => () =>
      findEmoji('x', { pinnedVersion } as unknown as EmojiScanOptions)
    expect(bad('18.0')).toThrow(EmojiVersionError)
    expect(bad('15')).toThrow(
      'Unexpected pinned emoji version `15`, expected one of 0.6, 0.7, 1.0, 2.0, 3.0, 4.0, 5.0, 11.0, 12.0, 12.1, 13.0, 13.1, 14.0, 15.0, 15.1, 16.0, 17.0.'
    )
  })
})
