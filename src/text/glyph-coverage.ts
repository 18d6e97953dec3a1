/**
 * Glyph coverage: characters the area's font cannot draw print as an empty "missing glyph" box.
 * Not a 422 (spec 2.3 allows any text and emoji), so it is a warning the preview can show.
 *
 * @module
 */
import { findEmoji, isEmojiCandidate } from '../emoji/find-emoji.ts'
import { formatCodePoints } from '../emoji/format-code-points.ts'
import type { EmojiFinding } from '../emoji/types.ts'
import type { WarningDraft } from '../verdict/types.ts'
import { codePointUnits } from './code-points.ts'
import { faceStore, type MemoSlot } from './face-memo.ts'
import type { Face } from './types.ts'

/**
 * Code points that never need a glyph: controls (Cc), White_Space and Default_Ignorable_Code_Point
 * (ZWJ, variation selectors, soft hyphen, bidi controls, tags …, from Unicode's
 * DerivedCoreProperties.txt), which renderers draw as nothing (or as a space of any font).
 * Hard-coded ranges, not `\p{…}`, so Node and every browser agree. Sorted `[first, last]` pairs.
 */
const INVISIBLE: readonly (readonly [number, number])[] = [
  [0x0000, 0x0020],
  [0x007f, 0x00a0],
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x1680, 0x1680],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x2000, 0x200f],
  [0x2028, 0x202f],
  [0x205f, 0x206f],
  [0x3000, 0x3000],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff0, 0xfff8],
  [0x1bca0, 0x1bca3],
  [0x1d173, 0x1d17a],
  [0xe0000, 0xe0fff],
]

/**
 * Whether a code point needs no glyph (see {@link INVISIBLE}).
 *
 * @param codePoint A Unicode code point.
 * @returns `true` for controls, white space and default-ignorable code points.
 */
export function isInvisibleCodePoint(codePoint: number): boolean {
  if (codePoint > 0x20 && codePoint < 0x7f) return false
  for (const [first, last] of INVISIBLE) {
    if (codePoint < first) return false
    if (codePoint <= last) return true
  }
  return false
}

/** What a face's memo keeps for this module (see {@link COVERAGE}). */
interface Coverage {
  /**
   * What each UTF-16 code unit outside the surrogates needs in the face: 0 not looked up yet,
   * {@link PLAIN} (drawn, or invisible, and never part of an emoji), {@link MISSING} (a glyph the
   * face lacks), {@link DRAWN} (drawn, or invisible, but may start an emoji).
   */
  readonly table: Uint8Array
  /**
   * Matches a code unit that is not a plain one of {@link PAGES}; made on first use (about 1,500
   * lookups in the face, a fraction of a millisecond, once per face).
   */
  outside?: RegExp
}

/**
 * The coverage of a face, looked up once per code unit and kept on its memo. Bound: 64 KiB per
 * face (one byte per code unit) and one pattern of the plain ranges of {@link PAGES}.
 */
const COVERAGE: MemoSlot<Coverage> = Object.freeze({
  name: 'glyph coverage',
  create: (): Coverage => ({ table: new Uint8Array(0x10000) }),
})
const PLAIN = 1
const MISSING = 2
const DRAWN = 3

/**
 * The code units a face's pattern knows, `[first, end)`: Latin, IPA, Greek and Cyrillic, general
 * punctuation and currency signs, where the text of most postcards lies.
 */
const PAGES = [
  [0x0000, 0x0530],
  [0x2000, 0x20d0],
] as const

/** The warnings of a text the face draws whole (frozen, shared: most texts). */
const NO_WARNINGS: readonly WarningDraft[] = Object.freeze([])

/** What `unit` needs in `face` (see {@link Coverage}), looked up on first use; 0 for a surrogate. */
function needOf(table: Uint8Array, unit: number, face: Face): number {
  let need = table[unit] as number
  if (need === 0 && (unit < 0xd800 || unit > 0xdfff)) {
    const drawn = isInvisibleCodePoint(unit) || face.hasCodePoint(unit)
    need = drawn ? (isEmojiCandidate(unit) ? DRAWN : PLAIN) : MISSING
    table[unit] = need
  }
  return need
}

/** `[^…]` of the plain code units of {@link PAGES}: a native scan finds any other unit. */
function outsidePattern(table: Uint8Array, face: Face): RegExp {
  const escape = (unit: number) => `\\u${unit.toString(16).padStart(4, '0')}`
  let ranges = ''
  for (const [first, end] of PAGES) {
    for (let unit = first; unit < end; unit++) {
      if (needOf(table, unit, face) !== PLAIN) continue
      const start = unit
      while (unit + 1 < end && needOf(table, unit + 1, face) === PLAIN) unit++
      ranges += start === unit ? escape(unit) : `${escape(start)}-${escape(unit)}`
    }
  }
  return new RegExp(`[^${ranges}]`)
}

/**
 * Whether a text set in a face is plain: the face draws every character (or it is invisible) and
 * none can start an emoji, so that neither {@link checkGlyphCoverage} nor `findEmoji` would find
 * anything in it. An analysis asks this once for both rules. Most texts are answered by one
 * regular expression (a native scan, about twice as fast as reading the table unit by unit);
 * a text with a unit outside its pages by the table.
 *
 * @param text The text.
 * @param face The face it is set in.
 * @returns `true` when both would find nothing; `false` when they must look (or the face keeps no
 *   memo to read).
 */
export function isPlainIn(text: string, face: Face): boolean {
  const coverage = faceStore(face, COVERAGE)
  if (coverage === undefined) return false
  coverage.outside ??= outsidePattern(coverage.table, face)
  if (!coverage.outside.test(text)) return true
  for (let index = 0; index < text.length; index++) {
    if (needOf(coverage.table, text.charCodeAt(index), face) !== PLAIN) return false
  }
  return true
}

/**
 * Warns about each character of a text that the face cannot draw (`face.hasCodePoint` is false):
 * in print it would be an empty box. Emoji graphemes are skipped (they print as artwork, or
 * `scanEmoji` reports them), and so are white space, controls and invisible format characters
 * (ZWJ, variation selectors …). One warning per distinct character per field, in text order;
 * code `missing-glyph`, `data` holds `character`, `code_point` (`U+2135`) and `font`.
 *
 * A character of the Basic Multilingual Plane is looked up in the face once (the answer is kept
 * on the face's memo), so a text the face draws costs one table read per code unit; the emoji of
 * the text are only needed, and only found, when a character is missing or astral.
 *
 * Never throws on user input.
 *
 * @example
 * checkGlyphCoverage('ℵ', 'content.greeting', inter)[0].message
 * // 'Unexpected character `ℵ` (U+2135) in content.greeting, expected a character the font
 * //  `Inter` can draw: it would print as an empty box.'
 *
 * @param text The value of the field.
 * @param path The field path, e.g. `content.greeting`.
 * @param face The face the field is set in.
 * @param emoji The emoji of the text (`findEmoji`), when the caller has them (default: found here
 *   when needed).
 * @returns The warnings, empty when the face draws every character.
 */
export function checkGlyphCoverage(
  text: string,
  path: string,
  face: Face,
  emoji?: readonly EmojiFinding[]
): readonly WarningDraft[] {
  if (typeof text !== 'string') return NO_WARNINGS
  // A face without memo (one a host built itself) gets a table for this call alone.
  const coverage = (faceStore(face, COVERAGE) ?? COVERAGE.create()).table
  let warnings: WarningDraft[] | undefined
  let warned: Set<number> | undefined
  let found = emoji
  let nextEmoji = 0
  for (let index = 0; index < text.length;) {
    const need = needOf(coverage, text.charCodeAt(index), face)
    if (need === PLAIN || need === DRAWN) {
      index++
      continue
    }
    // A character the face lacks, or a surrogate: skipped when an emoji grapheme holds it.
    found ??= findEmoji(text)
    let finding = found[nextEmoji]
    while (finding && finding.index + finding.grapheme.length <= index) {
      finding = found[++nextEmoji]
    }
    if (finding && finding.index <= index) {
      index = finding.index + finding.grapheme.length
      continue
    }
    const codePoint = text.codePointAt(index) ?? 0
    index += codePointUnits(codePoint)
    if (need !== MISSING && (isInvisibleCodePoint(codePoint) || face.hasCodePoint(codePoint))) {
      continue
    }
    warned ??= new Set()
    if (warned.has(codePoint)) continue
    warned.add(codePoint)
    ;(warnings ??= []).push(missingGlyph(codePoint, path, face))
  }
  return warnings ?? NO_WARNINGS
}

/** The `missing-glyph` warning of one character. */
function missingGlyph(codePoint: number, path: string, face: Face): WarningDraft {
  const character = String.fromCodePoint(codePoint)
  const [codePointText = ''] = formatCodePoints(character)
  return {
    code: 'missing-glyph',
    path,
    message:
      `Unexpected character \`${character}\` (${codePointText}) in ${path}, ` +
      `expected a character the font \`${face.family}\` can draw: it would print as an empty box.`,
    data: { character, code_point: codePointText, font: face.family },
  }
}
