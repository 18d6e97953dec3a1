import fc from 'fast-check'
import * as fontkit from 'fontkit'
import { describe, expect, test } from 'vitest'
import { isEmoji } from '../../src/emoji/is-emoji.ts'
import { splitGraphemes } from '../../src/text/graphemes.ts'
import { checkGlyphCoverage, isInvisibleCodePoint } from '../../src/text/glyph-coverage.ts'
import { attachFaceMemo } from '../../src/text/face-memo.ts'
import { createFontRegistry } from '../../src/text/font-registry.ts'
import type { Face } from '../../src/text/types.ts'
import { loadTestFonts, type FaceSlot } from '../helpers/fonts.ts'

/** A face that draws Basic Latin, Latin-1 and Latin Extended-A only. */
const latin: Face = {
  family: 'Inter',
  style: { bold: false, italic: false },
  unitsPerEm: 2048,
  ascender: 1984,
  descender: -494,
  hasCodePoint: (codePoint) => codePoint >= 0x20 && codePoint < 0x180,
  glyphId: (codePoint) => (codePoint >= 0x20 && codePoint < 0x180 ? codePoint : 0),
  advance: () => 1000,
  kerning: () => 0,
  glyphPath: () => '',
}

/** The same face with a memo, as `parseFont` makes faces: coverage is kept on it across calls. */
const latinWithMemo: Face = { ...latin }
attachFaceMemo(latinWithMemo)

const messages = (text: string, face: Face = latin) =>
  checkGlyphCoverage(text, 'content.greeting', face).map((warning) => warning.message)

describe('checkGlyphCoverage', () => {
  test('should warn word for word about a character the font cannot draw', () => {
    expect(checkGlyphCoverage('Grüße ℵ', 'content.greeting', latin)).toEqual([
      {
        code: 'missing-glyph',
        path: 'content.greeting',
        message:
          'Unexpected character `ℵ` (U+2135) in content.greeting, expected a character the font `Inter` can draw: it would print as an empty box.',
        data: { character: 'ℵ', code_point: 'U+2135', font: 'Inter' },
      },
    ])
  })

  test('should warn once per distinct character, in text order', () => {
    expect(messages('ℵ → ℵ 中 → 中文')).toEqual([
      'Unexpected character `ℵ` (U+2135) in content.greeting, expected a character the font `Inter` can draw: it would print as an empty box.',
      'Unexpected character `→` (U+2192) in content.greeting, expected a character the font `Inter` can draw: it would print as an empty box.',
      'Unexpected character `中` (U+4E2D) in content.greeting, expected a character the font `Inter` can draw: it would print as an empty box.',
      'Unexpected character `文` (U+6587) in content.greeting, expected a character the font `Inter` can draw: it would print as an empty box.',
    ])
  })

  test('should skip emoji graphemes, in the pinned set or not', () => {
    expect(messages('Hallo 👋🏽 👩🏽‍💻 🇩🇪 1️⃣ ❤️ 🫪 🛙 🏴󠁧󠁢󠁳󠁣󠁴󠁿!')).toEqual([])
  })

  test('should skip white space, controls and invisible format characters', () => {
    const invisible =
      '\t\n\r \u00A0\u00AD\u034F\u061C\u180E\u2002\u2009\u200B\u200C\u200D\u200E\u202F\u205F\u2060\u2066\u3000\uFE0E\uFEFF\u{E0001}\u{E0067}\u{E0100}'
    expect(messages(`a${invisible}b`)).toEqual([])
    expect(isInvisibleCodePoint(0x2135)).toBe(false)
    expect(isInvisibleCodePoint(0x41)).toBe(false)
  })

  test.each([
    ['❤', 'U+2764'],
    ['☺', 'U+263A'],
    ['🇦', 'U+1F1E6'],
    ['\uD83D', 'U+D83D'],
    ['😀\u{1F3FB}', 'U+1F600'],
  ])('should check %j, which is text, not an emoji', (text, codePoint) => {
    expect(messages(text)[0]).toBe(
      `Unexpected character \`${String.fromCodePoint(Number.parseInt(codePoint.slice(2), 16))}\` (${codePoint}) in content.greeting, expected a character the font \`Inter\` can draw: it would print as an empty box.`
    )
  })

  test('should never throw on any text', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.integer({ min: 0, max: 0x10ffff }).map((cp) => String.fromCodePoint(cp)),
        }),
        (text) => {
          for (const warning of checkGlyphCoverage(text, 'x', latin)) {
            expect(warning.code).toBe('missing-glyph')
          }
        }
      ),
      { numRuns: 200 }
    )
    expect(checkGlyphCoverage(7 as unknown as string, 'x', latin)).toEqual([])
  })

  test('should warn exactly about what its definition names, whatever the text', () => {
    // The definition, spelled out: every grapheme that is not an emoji, every code point in it
    // that is visible and not in the face, once, in text order.
    const expected = (text: string): string[] => {
      const seen = new Set<number>()
      const found: string[] = []
      for (const grapheme of splitGraphemes(text)) {
        if (isEmoji(grapheme)) continue
        for (const character of grapheme) {
          const codePoint = character.codePointAt(0) as number
          if (seen.has(codePoint)) continue
          seen.add(codePoint)
          if (!isInvisibleCodePoint(codePoint) && !latin.hasCodePoint(codePoint)) {
            found.push(character)
          }
        }
      }
      return found
    }
    const piece = fc.constantFrom(
      ...['a', 'Z', '#', '*', '0', '7', ' ', '\n', '\u0000', '\u007f', 'ä', 'ℵ', '中', '\u0301'],
      ...['\ufe0f', '\u20e3', '\u200d', '#\ufe0f\u20e3', '7\u20e3', '*\ufe0f', '❤️', '❤'],
      ...['👍🏽', '👩‍💻', '🇩🇪', '🇦', '\ud83d', '\u{1f3fb}', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '\u{e0067}', '😀']
    )
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 16 }), (pieces) => {
        const text = pieces.join('')
        for (const face of [latin, latinWithMemo]) {
          const warned = checkGlyphCoverage(text, 'x', face).map(
            (warning) => warning.data?.['character']
          )
          expect(warned).toEqual(expected(text))
        }
      }),
      { numRuns: 3000 }
    )
  })

  test('should agree with fontkit on what the shipped fonts can draw', async () => {
    const fonts = await loadTestFonts()
    const registry = createFontRegistry(fonts)
    const probe = 'Aä€₿ℵ★✓→∑ΩЖ中あאعก❤☺©®™½№ﬁ＠ŉǅẞ‰₹₽ↄ∞≠√ƒﬀ�\u0301\u0308\u{1D400}\u{10348}ʬˀ҈Ӂ'
    const slots: [FaceSlot, { bold: boolean; italic: boolean }][] = [
      ['regular', { bold: false, italic: false }],
      ['bold', { bold: true, italic: false }],
      ['italic', { bold: false, italic: true }],
      ['bold_italic', { bold: true, italic: true }],
    ]
    for (const [family, bytes] of Object.entries(fonts)) {
      for (const [slot, style] of slots) {
        const oracle = fontkit.create(bytes[slot] as never) as unknown as {
          hasGlyphForCodePoint(codePoint: number): boolean
        }
        const expected = [...probe].filter(
          (char) => !oracle.hasGlyphForCodePoint(char.codePointAt(0) ?? 0)
        )
        const face = registry.face(family, style)
        const actual = checkGlyphCoverage(probe, 'content.body', face).map(
          (w) => w.data?.['character']
        )
        expect(actual, `${family} ${slot}`).toEqual(expected)
        expect(expected.length, `${family} ${slot}`).toBeGreaterThan(3)
      }
    }
  })
})
