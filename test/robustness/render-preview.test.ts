/**
 * `renderPreview` never throws on a body, always returns two SVG documents and the verdict of
 * `validatePostcard`, never lets text of the body into the markup (text is drawn as glyph
 * outlines), never writes to its input or to a prototype, and gives the same bytes twice. In
 * Chromium, the browser's own XML parser is the oracle that every document is well-formed.
 */
import fc from 'fast-check'
import { beforeAll, describe, expect, test } from 'vitest'
import { validatePostcard } from '../../src/postcard/validate-postcard.ts'
import { renderPreview } from '../../src/preview/render-preview.ts'
import { createFontRegistry } from '../../src/text/font-registry.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import { loadTestFonts } from '../helpers/fonts.ts'
import {
  deepCopy,
  deepFreeze,
  designNames,
  designs,
  type DesignName,
  expectNoPollution,
  expectSpecVerdict,
  hostileJson,
  hostileTextBodies,
  mutatedBodies,
  prototypeSnapshot,
  runs,
  timeLimit,
  validPostcard,
} from './hostile.ts'

let fonts: FontRegistry

beforeAll(async () => {
  fonts = createFontRegistry(await loadTestFonts())
})

/** Markup that only the body could have brought in. */
const injected = /<script|<b>|alert\(1\)|javascript:|\{\{name\}\}|<x-/i

/** Renders a body, twice, and checks everything the contract promises. */
function render(body: unknown, name: DesignName): void {
  const before = prototypeSnapshot()
  const frozen = deepFreeze(deepCopy(body))
  const preview = renderPreview(frozen, designs[name], { fonts })
  expect(Object.keys(preview).sort()).toEqual(['back', 'front', 'verdict'])
  expectSpecVerdict(preview.verdict)
  const verdict = validatePostcard(frozen, designs[name], { fonts })
  expect(preview.verdict.ok).toBe(verdict.ok)
  if (!verdict.ok && !preview.verdict.ok) expect(preview.verdict.body).toEqual(verdict.body)
  // The preview adds its own warnings to those of the verdict, never removes one.
  expect(preview.verdict.warnings).toEqual(expect.arrayContaining([...verdict.warnings]))
  for (const side of [preview.front, preview.back]) {
    expect(side).toMatch(/^(?:<\?xml[^>]*>\s*)?<svg[\s>]/)
    expect(side.endsWith('</svg>')).toBe(true)
    expect(side).not.toMatch(injected)
    expect(side).not.toMatch(/[\uD800-\uDFFF]/u)
    if (typeof DOMParser !== 'undefined') {
      const document = new DOMParser().parseFromString(side, 'image/svg+xml')
      expect(document.getElementsByTagName('parsererror')).toHaveLength(0)
      expect(document.documentElement.localName).toBe('svg')
    }
  }
  expect(renderPreview(frozen, designs[name], { fonts })).toEqual(preview)
  expectNoPollution(before)
}

describe('renderPreview under hostile input', () => {
  test('should render the valid bodies', () => {
    for (const name of designNames) render(validPostcard(name), name)
  })

  test(
    'should render any JSON value',
    () => {
      fc.assert(
        fc.property(hostileJson, fc.constantFrom(...designNames), (body, name) => {
          render(body, name)
        }),
        runs(50)
      )
    },
    timeLimit
  )

  test(
    'should render valid bodies with hostile changes anywhere',
    () => {
      fc.assert(
        fc.property(mutatedBodies, ([body, name]) => {
          render(body, name)
        }),
        runs(40)
      )
    },
    timeLimit
  )

  test(
    'should render hostile text in every field without letting it into the markup',
    () => {
      fc.assert(
        fc.property(hostileTextBodies, ([body, name]) => {
          render(body, name)
        }),
        runs(40)
      )
    },
    timeLimit
  )
})
