/**
 * The fit suggestion reuses the whole text's lines for its trials (`fitsPrefix` for prefixes,
 * `fitsAtSize` for smaller sizes). Differential tests against the general path it replaced:
 * every trial must answer as `fitsBlocks` on the same blocks, and the suggestion's numbers must
 * be those of the plain bisection with `fitsBlocks` and the plain walk down the font sizes, on
 * generated overflowing and near-fitting texts (paragraphs, lists whose gutter narrows in a
 * prefix, bold and italic, long words, soft hyphens, emoji) in the designs' areas and fonts,
 * in both profiles.
 */
import fc from 'fast-check'
import { beforeAll, describe, expect, test } from 'vitest'
import a5TenAreas from '../../designs/a5-ten-areas.json' with { type: 'json' }
import a6Greeting from '../../designs/a6-greeting.json' with { type: 'json' }
import dlPlain from '../../designs/dl-plain.json' with { type: 'json' }
import { readMarkdown } from '../../src/analysis/read-markdown.ts'
import { parseDesign } from '../../src/design/parse-design.ts'
import type { MarkdownElement } from '../../src/design/types.ts'
import {
  FONT_SIZE_STEP_PT,
  MIN_SUGGESTED_FONT_SIZE_PT,
  fitFindingOf,
  longestFittingPrefix,
} from '../../src/layout/check-fit.ts'
import { truncateBlocks, type ContentBlock } from '../../src/layout/content-blocks.ts'
import { breakBlocks, fitsAtSize, fitsBlocks, fitsPrefix } from '../../src/layout/layout-blocks.ts'
import type { RendererProfile } from '../../src/layout/renderer-profile.ts'
import { graphemeBoundaries } from '../../src/text/graphemes.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import { testRegistry } from '../text/registry.ts'

let fonts: FontRegistry
let areas: MarkdownElement[]

beforeAll(async () => {
  fonts = await testRegistry()
  areas = [a5TenAreas, a6Greeting, dlPlain].flatMap((design) => parseDesign(design).markdownAreas)
})

/** Words, markup and breaks a postcard text is made of. */
const piece = fc.constantFrom(
  'Spring',
  'is',
  'here,',
  'Frühlingsblumenzwiebelsortiment',
  'Blu\u00admen\u00adzwie\u00adbel',
  'Marie-Luise',
  '**bold',
  'text**',
  '*it*',
  '_a b_',
  'AVAVAV',
  'Tulpen',
  'Straße',
  '10\u00a0%',
  '\n',
  '  \n',
  '\n\n',
  '\n- item',
  '\n1. step',
  '\n10. step',
  '\n\n9. nine',
  '👋🏽',
  '👩🏽‍💻',
  'x'.repeat(45)
)
const text = fc.array(piece, { minLength: 1, maxLength: 90 }).map((parts) => parts.join(' '))
const profile = fc.constantFrom<RendererProfile>('chromium', 'exact')

/** An area of the designs at a height between a third of the text's and a bit more than it. */
function sized(
  blocks: readonly ContentBlock[],
  index: number,
  share: number,
  profileName: RendererProfile
): MarkdownElement {
  const base = areas[index % areas.length] as MarkdownElement
  const tall = { ...base, height_mm: 10_000 }
  const height = breakBlocks(blocks, tall, fonts, { profile: profileName }).metrics
  return { ...base, height_mm: Math.max(0, height.measured_height_mm * share) }
}

const area = fc.record({
  index: fc.nat(),
  share: fc.double({ min: 0.3, max: 1.05, noNaN: true }),
})

/** The suggestion's numbers by the general path: bisection with `fitsBlocks`, then each size. */
function generalSuggestion(
  value: string,
  blocks: readonly ContentBlock[],
  element: MarkdownElement,
  profileName: RendererProfile
): { characters: number; font_size_pt?: number } {
  const options = { profile: profileName }
  const boundaries = graphemeBoundaries(value)
  const total = boundaries.length - 1
  const cuts = boundaries.slice(0, total)
  const longest = longestFittingPrefix(blocks, cuts, element, fonts, options)
  const start = (Math.ceil(element.font_size_pt / FONT_SIZE_STEP_PT) - 1) * FONT_SIZE_STEP_PT
  for (let size = start; size >= MIN_SUGGESTED_FONT_SIZE_PT; size -= FONT_SIZE_STEP_PT) {
    if (fitsBlocks(blocks, { ...element, font_size_pt: size }, fonts, options)) {
      return { characters: total - Math.max(0, longest), font_size_pt: size }
    }
  }
  return { characters: total - Math.max(0, longest) }
}

describe('fit suggestion from the whole text’s lines', () => {
  test('should give the numbers of the general bisection and size walk on every text', () => {
    let overflowing = 0
    fc.assert(
      fc.property(text, area, profile, (value, where, profileName) => {
        const { blocks } = readMarkdown(value)
        const element = sized(blocks, where.index, where.share, profileName)
        const breaks = breakBlocks(blocks, element, fonts, { profile: profileName })
        const finding = fitFindingOf(value, breaks, element, fonts)
        expect(finding === undefined).toBe(breaks.metrics.fits)
        if (!finding) return
        overflowing++
        const { lines, ...numbers } = finding.suggestion
        expect(numbers).toEqual(generalSuggestion(value, blocks, element, profileName))
        expect(lines).toBeGreaterThanOrEqual(0)
      }),
      { numRuns: 1500, seed: 20261124 }
    )
    expect(overflowing).toBeGreaterThan(1000)
  })

  test('should answer every prefix as fitsBlocks does', () => {
    fc.assert(
      fc.property(text, area, profile, fc.nat(), (value, where, profileName, phase) => {
        const options = { profile: profileName }
        const { blocks } = readMarkdown(value)
        const element = sized(blocks, where.index, where.share, profileName)
        const whole = breakBlocks(blocks, element, fonts, options)
        const boundaries = graphemeBoundaries(value)
        // Every boundary of a short text; a spread of them, every one near the fit, otherwise.
        const step = Math.max(1, Math.floor(boundaries.length / 60))
        for (let index = phase % step; index < boundaries.length; index += step) {
          const prefix = truncateBlocks(blocks, boundaries[index] as number)
          expect(fitsPrefix(whole, prefix, fonts, options)).toBe(
            fitsBlocks(prefix, element, fonts, options)
          )
        }
      }),
      { numRuns: 400, seed: 1124 }
    )
  })

  test('should answer every font size as fitsBlocks does', () => {
    fc.assert(
      fc.property(text, area, profile, (value, where, profileName) => {
        const options = { profile: profileName }
        const { blocks } = readMarkdown(value)
        const element = sized(blocks, where.index, where.share, profileName)
        const whole = breakBlocks(blocks, element, fonts, options)
        for (let size = 4; size <= 30; size += 0.5) {
          expect(fitsAtSize(whole, size, fonts, options)).toBe(
            fitsBlocks(blocks, { ...element, font_size_pt: size }, fonts, options)
          )
        }
      }),
      { numRuns: 200, seed: 2411 }
    )
  })

  test('should keep the suggestion of a list whose prefix drops its widest marker', () => {
    const items = Array.from({ length: 12 }, (_, index) => `${index + 1}. Blumen für den Garten`)
    const value = items.join('\n')
    const { blocks } = readMarkdown(value)
    for (const height of [10, 20, 30, 45]) {
      const element = { ...(areas[0] as MarkdownElement), width_mm: 40, height_mm: height }
      const breaks = breakBlocks(blocks, element, fonts)
      const finding = fitFindingOf(value, breaks, element, fonts)
      const { lines, ...numbers } = finding?.suggestion ?? { lines: -1 }
      expect(lines).toBeGreaterThan(0)
      expect(numbers).toEqual(generalSuggestion(value, blocks, element, 'chromium'))
    }
  })
})
