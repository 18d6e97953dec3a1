/**
 * `renderPreview` on the giant bodies of `giant-cases.ts`: the preview of an invalid card must
 * come back within the test's time limit and stay the size of a card, however big the input.
 */
import { beforeAll, describe, expect, test } from 'vitest'
import { renderPreview } from '../../src/preview/render-preview.ts'
import { createFontRegistry } from '../../src/text/font-registry.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import { loadTestFonts } from '../helpers/fonts.ts'
import { expectFirstMessage, postcards } from './giant-cases.ts'
import { designs } from './hostile.ts'

let fonts: FontRegistry

beforeAll(async () => {
  fonts = createFontRegistry(await loadTestFonts())
})

describe('renderPreview on giant input', () => {
  test.each(postcards)(
    'should draw %s',
    (_name, make, first) => {
      const preview = renderPreview(make(), designs.a6, { fonts })
      expectFirstMessage(preview.verdict, first)
      for (const side of [preview.front, preview.back]) {
        expect(side.endsWith('</svg>')).toBe(true)
        // The preview of a card is a few hundred kilobytes, not the size of the input.
        expect(side.length).toBeLessThan(4_000_000)
      }
    },
    20_000
  )
})
