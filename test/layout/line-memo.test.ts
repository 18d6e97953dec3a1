/**
 * The family's memo of lines (units, break opportunities, and the lines a text broke into at
 * each width) must never change a layout: a text set again, in any order of areas, widths,
 * sizes and profiles, lays out exactly as with faces that keep nothing (no memo: every word
 * shaped, every line prepared and broken anew).
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { readMarkdown } from '../../src/analysis/read-markdown.ts'
import { layoutBlocks } from '../../src/layout/layout-blocks.ts'
import type { RendererProfile } from '../../src/layout/renderer-profile.ts'
import { createFontRegistry } from '../../src/text/font-registry.ts'
import type { Face, FontRegistry } from '../../src/text/types.ts'
import { loadTestFonts } from '../helpers/fonts.ts'
import { area } from '../text/registry.ts'

/** Lines of a template that repeat from text to text, and pieces that do not. */
const piece = fc.constantFrom(
  'Liebe **Anna**,',
  'danke für Ihren Einkauf',
  'Nr. 4711!',
  '\n',
  '\n\n',
  '\n- 20 % auf *alle* Tulpen',
  'Frühlingsblumenzwiebelsortiment',
  'Bis bald,\nIhr Team',
  '👋🏽',
  'x'.repeat(40)
)
const text = fc.array(piece, { minLength: 1, maxLength: 12 }).map((parts) => parts.join(' '))
const setting = fc.record({
  width_mm: fc.constantFrom(20, 45, 68),
  font_size_pt: fc.constantFrom(8.5, 10, 11),
  profile: fc.constantFrom<RendererProfile>('chromium', 'exact'),
})

describe('memo of prepared and broken lines', () => {
  test('should lay out a text met again exactly as with faces that keep nothing', async () => {
    const warm = createFontRegistry(await loadTestFonts())
    const bare = withoutMemo(createFontRegistry(await loadTestFonts()))
    fc.assert(
      fc.property(fc.array(fc.tuple(text, setting), { minLength: 1, maxLength: 6 }), (settings) => {
        // Each text three times: the first call prepares it, the second keeps it, the third
        // reads the kept lines.
        for (const [value, { profile, ...box }] of [...settings, ...settings, ...settings]) {
          const blocks = readMarkdown(value).blocks
          const target = area(box)
          const expected = layoutBlocks(blocks, target, bare, { profile })
          const actual = layoutBlocks(blocks, target, warm, { profile })
          expect(JSON.stringify(actual, skipFaces)).toBe(JSON.stringify(expected, skipFaces))
        }
      }),
      { seed: 20261124, numRuns: 60 }
    )
  })
})

/** A registry whose faces are copies without the memo (their shaping data kept). */
function withoutMemo(fonts: FontRegistry): FontRegistry {
  const copies = new Map<Face, Face>()
  return {
    families: fonts.families,
    has: (family) => fonts.has(family),
    face(family, style) {
      const face = fonts.face(family, style)
      let copy = copies.get(face)
      if (!copy) {
        copy = { ...face }
        for (const symbol of Object.getOwnPropertySymbols(face)) {
          if (symbol.description?.endsWith('faceMemo')) continue
          Object.defineProperty(copy, symbol, { value: (face as never)[symbol] })
        }
        copies.set(face, copy)
      }
      return copy
    },
  }
}

/** Faces differ between registries (their bytes are the same): compare without them. */
function skipFaces(key: string, value: unknown): unknown {
  return key === 'face' ? undefined : value
}
