import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { emojiSequences } from '../../src/emoji/emoji-set.ts'
import { graphemeBoundaries, graphemeSegmenter, splitGraphemes } from '../../src/text/graphemes.ts'
import LineBreaker from 'linebreak'
import { findBreakOpportunities, referenceBreakOpportunities } from '../../src/text/line-break.ts'

/** The text cut at every opportunity, e.g. `['e-', 'mail ', 'well-', 'known']`. */
function pieces(text: string): string[] {
  const result: string[] = []
  let start = 0
  for (const { position } of findBreakOpportunities(text)) {
    result.push(text.slice(start, position))
    start = position
  }
  result.push(text.slice(start))
  return result
}

describe('findBreakOpportunities', () => {
  // Expected pieces as Chromium 156 breaks them in a 0 px box (every opportunity is taken).
  test.each([
    ['spaces: after each run of spaces, never between them', 'a b  c', ['a ', 'b  ', 'c']],
    [
      'no break after `/`: paths and and/or stay whole',
      'und/oder a/b/c 1/2',
      ['und/oder ', 'a/b/c ', '1/2'],
    ],
    [
      'URL: breaks only after `?` and after `-` before digits',
      'https://www.example.com/products/postcards?id=4711-0815&lang=de',
      ['https://www.example.com/products/postcards?', 'id=4711-', '0815&lang=de'],
    ],
    ['hyphen before letters', 'e-mail well-known', ['e-', 'mail ', 'well-', 'known']],
    [
      'hyphen before digits only after a letter or digit (not a minus sign)',
      'x-4 10-12 abc-123-def -5 (-5)',
      ['x-', '4 ', '10-', '12 ', 'abc-', '123-', 'def ', '-5 ', '(-5)'],
    ],
    ['`?` breaks, `!` does not', 'ab?cd d!e', ['ab?', 'cd ', 'd!e']],
    ['opening brackets after punctuation', 'a.(b) c,[d]', ['a.', '(b) ', 'c,', '[d]']],
    ['em dash on both sides (UAX #14 B2)', 'a—b', ['a', '—', 'b']],
    ['after an ellipsis', 'x…y x...y', ['x…', 'y ', 'x...y']],
    ['no break at NBSP', 'z.\u00a0B. 10\u00a0km', ['z.\u00a0B. ', '10\u00a0km']],
    [
      'after `-` before NBSP (UAX #14 LB12a), also at the start and after NBSP',
      '030 -\u00a0555 a-\u00a0b -\u00a0c x\u00a0-\u00a0y',
      ['030 ', '-', '\u00a0555 ', 'a-', '\u00a0b ', '-', '\u00a0c ', 'x\u00a0-', '\u00a0y'],
    ],
    [
      'after other hyphens and dashes before no-break spaces (LB12a)',
      'x\u2010\u00a0y x\u2013\u00a0y x -\u202f5 x -\u20075',
      ['x\u2010', '\u00a0y ', 'x\u2013', '\u00a0y ', 'x ', '-', '\u202f5 ', 'x ', '-', '\u20075'],
    ],
    [
      'not after other punctuation before NBSP',
      'x /\u00a05 x +\u00a05',
      ['x ', '/\u00a05 ', 'x ', '+\u00a05'],
    ],
    ['a space before `!` is still a break (Blink)', 'Bonjour !', ['Bonjour ', '!']],
    ['NBSP before `!` is not', 'Bonjour\u00a0!', ['Bonjour\u00a0!']],
    ['after a zero-width space', 'a\u200bb', ['a\u200b', 'b']],
    ['German quotes stay with their word', '„Danke!“ «merci»', ['„Danke!“ ', '«merci»']],
    ['apostrophes stay inside the word', 'l’été aujourd’hui', ['l’été ', 'aujourd’hui']],
    [
      'keycaps are digits: no break between two, none after `!`',
      'a !1️⃣1️⃣ b',
      ['a ', '!1️⃣1️⃣ ', 'b'],
    ],
    ['between emoji, never inside one', 'x 👍🏽🎂 🫸🏽y', ['x ', '👍🏽', '🎂 ', '🫸🏽', 'y']],
    ['one character', 'a', ['a']],
    ['empty', '', ['']],
  ])('should break %s', (_, text, expected) => {
    expect(pieces(text)).toEqual(expected)
  })

  test('should mark the break after a soft hyphen as a hyphenation point', () => {
    expect(findBreakOpportunities('Sil\u00adben\u00adtren\u00adnung ist')).toEqual([
      { position: 4, kind: 'hyphen' },
      { position: 8, kind: 'hyphen' },
      { position: 13, kind: 'hyphen' },
      { position: 18, kind: 'normal' },
    ])
  })

  test('should never break inside any emoji sequence of emoji-test.txt (all 5,266 of them)', () => {
    const inside: string[] = []
    for (const sequence of emojiSequences().keys()) {
      for (const text of [`x${sequence}x`, `${sequence}${sequence}`, `a ${sequence}.`]) {
        const boundaries = new Set(graphemeBoundaries(text))
        for (const { position } of findBreakOpportunities(text)) {
          if (!boundaries.has(position)) inside.push(text)
        }
      }
    }
    // Every fully-qualified sequence up to the pinned set (3972 with skin tones).
    expect(emojiSequences().size).toBeGreaterThan(3900)
    expect(inside).toEqual([])
  })

  test('should never throw and only report grapheme boundaries inside the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (text) => {
        const boundaries = new Set(graphemeBoundaries(text))
        let previous = 0
        for (const { position } of findBreakOpportunities(text)) {
          expect(position).toBeGreaterThan(previous)
          expect(position).toBeLessThan(text.length)
          expect(boundaries.has(position)).toBe(true)
          previous = position
        }
      }),
      { numRuns: 500 }
    )
  })
})

describe('the Latin shortcut of findBreakOpportunities', () => {
  /** Whether the `linebreak` package (UAX #14) breaks a two-character text between them. */
  function breaksBetween(pair: string): boolean {
    const breaker = new LineBreaker(pair)
    for (let next = breaker.nextBreak(); next; next = breaker.nextBreak()) {
      if (next.position === 1) return true
    }
    return false
  }

  const latinLetters = Array.from({ length: 0x250 - 0xc0 }, (_, index) =>
    String.fromCharCode(0xc0 + index)
  )
  const printable = Array.from({ length: 0x7f - 0x21 }, (_, index) =>
    String.fromCharCode(0x21 + index)
  )

  test('should hold the pairs UAX #14 breaks, for every Latin letter and its neighbours', () => {
    const neighbours = [...printable, '\u00a0', ...latinLetters]
    const before: string[] = []
    const after: string[] = []
    for (const letter of latinLetters) {
      for (const other of neighbours) {
        if (breaksBetween(other + letter)) before.push(other)
        if (breaksBetween(letter + other)) after.push(other)
      }
    }
    // Every letter alike: the characters it may follow at a break, never one it may precede.
    expect([...new Set(before)].sort().join('')).toBe('!-/?|}')
    expect(before).toHaveLength(6 * latinLetters.length)
    expect(after).toEqual([])
  })

  test('should agree with the linebreak package on 100,000 texts (Latin and not)', () => {
    // Latin texts take the shortcut; the other characters send a text to the package, so both
    // sides of the choice are compared.
    const latin = [...printable, ' ', ' ', ' ', '\u00a0', 'é', 'ß', 'Ü', 'ł', 'ș', '×', 'ÿ']
    const character = fc.oneof(
      { weight: 12, arbitrary: fc.constantFrom(...latin, ...latinLetters) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          '\u00ad',
          '\u00bf',
          '\u2013',
          '\u2014',
          '„',
          '“',
          '’',
          '…',
          '€',
          '\t',
          '\u007f',
          '\u0301',
          '\u200d',
          '👍🏽',
          'א',
          '\u0250'
        ),
      }
    )
    fc.assert(
      fc.property(fc.array(character, { maxLength: 24 }), (characters) => {
        const text = characters.join('')
        expect(findBreakOpportunities(text)).toEqual(referenceBreakOpportunities(text))
      }),
      { seed: 20261124, numRuns: 100_000 }
    )
  })
})

describe('graphemeBoundaries', () => {
  test('should agree with Intl.Segmenter, which it only runs around joining characters', () => {
    const pieces = [
      'a',
      'é',
      'e\u0301',
      ' ',
      '\r\n',
      '\r',
      '—',
      '€',
      '👩🏽‍💻',
      '🇩🇪',
      '1️⃣',
      '❤️',
      'ü',
      '\u200d',
      '\u0308',
      '한',
      '\ufe0f',
    ]
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(fc.constantFrom(...pieces), fc.string({ unit: 'binary', maxLength: 4 })),
          {
            maxLength: 20,
          }
        ),
        (parts) => {
          const text = parts.join('')
          const expected = [...graphemeSegmenter().segment(text)].map((segment) => segment.index)
          expect(graphemeBoundaries(text)).toEqual([...expected, text.length])
        }
      ),
      { numRuns: 500 }
    )
  })

  test('should keep emoji with modifiers and ZWJ sequences together', () => {
    expect(splitGraphemes('a👩🏽‍💻🇩🇪é\r\n')).toEqual(['a', '👩🏽‍💻', '🇩🇪', 'é', '\r\n'])
    expect(graphemeBoundaries('')).toEqual([0])
  })
})
