/**
 * The fast paths of the emoji and glyph rules against the general ones they skip: `isPlainIn`
 * and `mayHoldEmoji` against their definitions and against `findEmoji` / `checkGlyphCoverage`,
 * the rules' warnings in `validatePostcard` (and the emoji an analysis keeps) against the field-by-field scan the rules made
 * before the pre-tests (every content value and address field through `scanEmoji` and
 * `checkGlyphCoverage`, addresses deduplicated by path). Property tests with fixed seeds over
 * texts mixing ASCII, Latin, CJK, emoji sequences, ZWJ, variation selectors, unpaired surrogates
 * and characters missing from each shipped face.
 */
import fc from 'fast-check'
import { beforeAll, describe, expect, test } from 'vitest'
import a6Greeting from '../../designs/a6-greeting.json' with { type: 'json' }
import { analyzePostcard } from '../../src/analysis/analyze-postcard.ts'
import { parseDesign } from '../../src/design/parse-design.ts'
import { SIDE_NAMES, type Design } from '../../src/design/types.ts'
import { emojiStartUnits } from '../../src/emoji/emoji-set.ts'
import type { PinnedEmojiVersion } from '../../src/emoji/emoji-version.ts'
import { findEmoji, mayHoldEmoji } from '../../src/emoji/find-emoji.ts'
import { scanEmoji } from '../../src/emoji/scan-emoji.ts'
import { ADDRESS_FIELDS } from '../../src/postcard/address-fields.ts'
import { validatePostcard } from '../../src/postcard/validate-postcard.ts'
import { createFontRegistry } from '../../src/text/font-registry.ts'
import {
  checkGlyphCoverage,
  isInvisibleCodePoint,
  isPlainIn,
} from '../../src/text/glyph-coverage.ts'
import type { Face, FontRegistry } from '../../src/text/types.ts'
import type { Verdict, WarningDraft } from '../../src/verdict/types.ts'
import { loadTestFonts } from '../helpers/fonts.ts'
import { FLOW_ID } from './make-design.ts'

/** Characters some shipped face may lack (each face lacks several: asserted below). */
const RARE = ['ℵ', 'ʬ', '҈', 'ก', 'א', 'ع', '\u{10348}', '\u{1D400}', 'Ω', 'Ж', '€', '₿', '→', '★']

const PIECES = [
  ...['a', 'Z', 'Hallo ', '7', '#', '*', ' ', '.', '&'],
  ...['ä', 'ß', 'Ł', 'ő', 'é', 'e\u0301', '©', '®', '™', '‼', '↔'],
  ...['中', 'あ', '각', 'ᄀ'],
  ...['👩🏽‍💻', '🇩🇪', '1️⃣', '#️⃣', '❤️', '❤', '🫪', '🫩', '👍🏽', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '😀', '🌷'],
  ...['\u200D', '\uFE0F', '\uFE0E', '\u20E3', '\u{1F3FB}', '🇦', '\u{E0067}'],
  ...['\uD83D', '\uDE00', '\u00AD', '\u00A0'],
  ...RARE,
]

const text = (maxLength: number) =>
  fc.array(fc.constantFrom(...PIECES), { maxLength }).map((pieces) => pieces.join(''))

/** The faces of the rules: the regular face of each shipped family. */
let fonts: FontRegistry
let faces: Face[]

beforeAll(async () => {
  fonts = createFontRegistry(await loadTestFonts())
  faces = ['Inter', 'Lora', 'Roboto'].map((family) => fonts.face(family))
})

/** Whether a code unit can start an emoji or end a keycap, from the emoji set directly. */
const isCandidate = (unit: number) => emojiStartUnits().has(unit) || unit === 0x20e3

describe('isPlainIn and mayHoldEmoji', () => {
  test('should each face lack some of the rare characters (the texts test missing glyphs)', () => {
    for (const face of faces) {
      const missing = RARE.filter((char) => !face.hasCodePoint(char.codePointAt(0) as number))
      expect(missing.length, face.family).toBeGreaterThan(1)
    }
  })

  test('should answer by their definitions and never hide a finding', () => {
    fc.assert(
      fc.property(text(12), fc.integer({ min: 0, max: 2 }), (value, faceIndex) => {
        const face = faces[faceIndex] as Face
        const units = Array.from({ length: value.length }, (_, index) => value.charCodeAt(index))
        const plain = units.every(
          (unit) =>
            (unit < 0xd800 || unit > 0xdfff) &&
            !isCandidate(unit) &&
            (isInvisibleCodePoint(unit) || face.hasCodePoint(unit))
        )
        expect(isPlainIn(value, face)).toBe(plain)
        expect(mayHoldEmoji(value)).toBe(units.some(isCandidate))
        if (!mayHoldEmoji(value)) expect(findEmoji(value)).toEqual([])
        if (plain) {
          expect(findEmoji(value)).toEqual([])
          expect(checkGlyphCoverage(value, 'x', face)).toEqual([])
        }
      }),
      { seed: 20261124, numRuns: 4000 }
    )
  })
})

/** The a6 design, and variants with a second address element (dedup by path, other faces). */
function designs(): Design[] {
  const withSecond = (first: object, second: object) => {
    type Sides = Record<'front' | 'back', { elements: { type: string }[] }>
    const json = structuredClone(a6Greeting) as unknown as { sides: Sides }
    const back = json.sides.back.elements
    const index = back.findIndex((element) => element.type === 'address')
    const address = { ...back[index], ...first } as { type: string }
    back[index] = address
    json.sides.front.elements.push({ ...address, ...second })
    return parseDesign(json)
  }
  return [
    parseDesign(a6Greeting),
    withSecond({ sender_line: false }, { font_family: 'Lora', sender_line: true }),
    withSecond({ font_family: 'Lora' }, { font_family: 'Inter', sender_line: false }),
  ]
}

/**
 * The warnings of the two rules as the general scan makes them: every content value, then every
 * address field, through `scanEmoji`; every content value in its area's face, then every address
 * field in the face of the first address element printing it, through `checkGlyphCoverage`.
 * Fields with an error are skipped, as the rules skip them.
 */
function generalScan(
  body: Record<string, unknown>,
  design: Design,
  pinnedVersion: PinnedEmojiVersion | undefined,
  verdict: Verdict
): WarningDraft[] {
  const errors = verdict.ok ? [] : Object.keys(verdict.body.errors)
  const rejected = (path: string) =>
    errors.some((error) => error === path || error.startsWith(`${path}.`))
  const content = body['content'] as Record<string, string>
  const entries = design.markdownAreas
    .filter((area) => typeof content[area.key] === 'string' && content[area.key]?.trim() !== '')
    .filter((area) => !rejected(`content.${area.key}`))
  const fields = (side: 'to' | 'from') =>
    ADDRESS_FIELDS.map((field) => ({
      path: `${side}.${field}`,
      value: (body[side] as Record<string, unknown>)[field],
    })).filter(({ path, value }) => typeof value === 'string' && value !== '' && !rejected(path))
  const found: WarningDraft[] = []
  for (const area of entries) {
    found.push(...scanEmoji(content[area.key] as string, `content.${area.key}`, { pinnedVersion }))
  }
  for (const side of ['to', 'from'] as const) {
    for (const { path, value } of fields(side)) {
      found.push(...scanEmoji(value as string, path, { pinnedVersion }))
    }
  }
  for (const area of entries) {
    const value = content[area.key] as string
    const emoji = findEmoji(value, { pinnedVersion })
    const face = fonts.face(area.font_family)
    found.push(...checkGlyphCoverage(value, `content.${area.key}`, face, emoji))
  }
  const checked = new Set<string>()
  for (const side of SIDE_NAMES) {
    for (const element of design.sides[side].elements) {
      if (element.type !== 'address') continue
      const face = fonts.face(element.font_family)
      for (const address of element.sender_line ? (['to', 'from'] as const) : (['to'] as const)) {
        for (const { path, value } of fields(address)) {
          if (checked.has(path)) continue
          checked.add(path)
          found.push(...checkGlyphCoverage(value as string, path, face))
        }
      }
    }
  }
  return found
}

describe('the emoji and glyph rules in validatePostcard', () => {
  test('should warn exactly as the general field-by-field scan', () => {
    const all = designs()
    const address = fc.record({
      company: fc.option(text(4), { nil: null }),
      first_name: text(4),
      last_name: text(4),
      address_line1: text(6),
      address_line2: fc.option(text(3), { nil: null }),
      zip: fc.constantFrom('10115', '80331', '1016 GV'),
      city: text(4),
      country: fc.constantFrom('DE', 'NL', 'Deutschland'),
    })
    fc.assert(
      fc.property(
        fc.record({
          from: address,
          to: address,
          greeting: text(10),
          message: text(16),
          design: fc.integer({ min: 0, max: all.length - 1 }),
          pin: fc.constantFrom<PinnedEmojiVersion | undefined>(undefined, '15.0', '12.0'),
        }),
        ({ from, to, greeting, message, design: index, pin }) => {
          const design = all[index] as Design
          const body = {
            flow_id: FLOW_ID,
            from,
            to,
            content: { greeting, body: message },
            qr_codes: { coupon_url: 'https://example.com/c/123' },
          }
          const verdict = validatePostcard(body, design, { fonts, emojiVersion: pin })
          const rules = new Set(['emoji-set', 'glyph-coverage'])
          const warned = verdict.warnings
            .filter((warning) => rules.has(warning.rule))
            .map(({ rule: _rule, ...draft }) => draft)
          expect(warned).toEqual(generalScan(body, design, pin, verdict))
          // The emoji the preview draws come from the same shared pass.
          const analysis = analyzePostcard(body, design, { fonts, emojiVersion: pin })
          for (const area of analysis.areas) {
            expect(area.emoji).toEqual(findEmoji(area.text as string, { pinnedVersion: pin }))
          }
        }
      ),
      { seed: 11, numRuns: 300 }
    )
  })
})
