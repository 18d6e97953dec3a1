/**
 * `fitsBlocks` stops at the first line past its area: it must always agree with the full
 * measurement (`measureBlocks(...).fits`), whatever the text, the area and the profile.
 */
import fc from 'fast-check'
import { beforeAll, describe, expect, test } from 'vitest'
import { readMarkdown } from '../../src/analysis/read-markdown.ts'
import { truncateBlocks } from '../../src/layout/content-blocks.ts'
import { fitsBlocks, measureBlocks } from '../../src/layout/layout-blocks.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import { area, testRegistry } from '../text/registry.ts'

let fonts: FontRegistry

beforeAll(async () => {
  fonts = await testRegistry()
})

/** Words, markup and breaks a postcard text is made of. */
const piece = fc.constantFrom(
  'Spring',
  'is',
  'here',
  'Frühlingsblumenzwiebelsortiment',
  '**bold',
  'text**',
  '*it*',
  '\n',
  '\n\n',
  '\n- item',
  '\n1. step',
  '👋🏽',
  'Straße',
  'x'.repeat(60)
)
const text = fc.array(piece, { maxLength: 120 }).map((parts) => parts.join(' '))

describe('fitsBlocks', () => {
  test('should agree with measureBlocks on every text, area height and profile', () => {
    fc.assert(
      fc.property(
        text,
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 8, max: 70 }),
        fc.constantFrom('chromium' as const, 'exact' as const),
        (value, height, width, profile) => {
          const box = area({ height_mm: height, width_mm: width })
          const { blocks } = readMarkdown(value)
          expect(fitsBlocks(blocks, box, fonts, { profile })).toBe(
            measureBlocks(blocks, box, fonts, { profile }).fits
          )
        }
      ),
      { numRuns: 150 }
    )
  })

  test('should agree on prefixes of one long text, at every height', () => {
    const long = 'Thank you for growing with **us this spring**. '.repeat(60)
    const { blocks } = readMarkdown(long)
    for (const height of [0, 4.5, 9.17, 20, 45.86, 80]) {
      const box = area({ height_mm: height })
      for (let offset = 0; offset <= long.length; offset += 97) {
        const prefix = truncateBlocks(blocks, offset)
        expect(fitsBlocks(prefix, box, fonts)).toBe(measureBlocks(prefix, box, fonts).fits)
      }
    }
  })
})
