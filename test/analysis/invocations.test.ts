/**
 * Work done once (issue 11): counts the reader, the parser and the layout engine while a body is
 * validated and previewed, and pins "each value read and parsed once, each area laid out once
 * (its lines broken once, its glyphs placed once on those lines, and only when it is drawn),
 * the address block laid out once, and only for a drawing", and that drawing an analysis reads
 * and lays out nothing. A parse is remark-parse's, or the exact fast path's when it reads the
 * text (`parseSimpleMarkdown`, or `parseSimpleDocument` where the blocks need no tree); a text it leaves goes to remark-parse, and is counted once there.
 */
import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import a5TenAreas from '../../designs/a5-ten-areas.json' with { type: 'json' }
import { analyzePostcard } from '../../src/analysis/analyze-postcard.ts'
import { createPreflight } from '../../src/analysis/create-preflight.ts'
import { parseDesign } from '../../src/design/parse-design.ts'
import type { Design } from '../../src/design/types.ts'
import { renderPreview } from '../../src/preview/render-preview.ts'
import { renderProof } from '../../src/proof/render-proof.ts'
import { validatePostcard } from '../../src/postcard/validate-postcard.ts'
import { createFontRegistry } from '../../src/text/font-registry.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import { loadTestFonts } from '../helpers/fonts.ts'
import { loadArtworkFixture, loadCase } from '../preview/preview-cases.ts'
import type * as ReadMarkdown from '../../src/analysis/read-markdown.ts'
import type * as ParseMarkdown from '../../src/markdown/parse-markdown.ts'
import type * as ParseSimpleMarkdown from '../../src/markdown/parse-simple-markdown.ts'
import type * as LayoutBlocks from '../../src/layout/layout-blocks.ts'

const calls = vi.hoisted(() => ({
  readMarkdown: [] as string[],
  parseMarkdown: [] as string[],
  layoutBlocks: [] as object[],
  breakBlocks: [] as object[],
  placeBlocks: [] as object[],
  measureBlocks: [] as object[],
}))

vi.mock('../../src/analysis/read-markdown.ts', async (importOriginal) => {
  const original = await importOriginal<typeof ReadMarkdown>()
  return {
    ...original,
    readMarkdown: (text: string) => {
      calls.readMarkdown.push(text)
      return original.readMarkdown(text)
    },
  }
})

vi.mock('../../src/markdown/parse-markdown.ts', async (importOriginal) => {
  const original = await importOriginal<typeof ParseMarkdown>()
  return {
    ...original,
    parseMarkdown: (...args: Parameters<typeof original.parseMarkdown>) => {
      calls.parseMarkdown.push(args[0])
      return original.parseMarkdown(...args)
    },
  }
})

vi.mock('../../src/markdown/parse-simple-markdown.ts', async (importOriginal) => {
  const original = await importOriginal<typeof ParseSimpleMarkdown>()
  return {
    ...original,
    parseSimpleMarkdown: (text: string) => {
      const tree = original.parseSimpleMarkdown(text)
      if (tree) calls.parseMarkdown.push(text)
      return tree
    },
    // The analysis's reading of the fast path: its blocks come without the tree.
    parseSimpleDocument: (text: string) => {
      const document = original.parseSimpleDocument(text)
      if (document) calls.parseMarkdown.push(text)
      return document
    },
  }
})

vi.mock('../../src/layout/layout-blocks.ts', async (importOriginal) => {
  const original = await importOriginal<typeof LayoutBlocks>()
  return {
    ...original,
    layoutBlocks: (...args: Parameters<typeof original.layoutBlocks>) => {
      calls.layoutBlocks.push(args[1])
      return original.layoutBlocks(...args)
    },
    breakBlocks: (...args: Parameters<typeof original.breakBlocks>) => {
      calls.breakBlocks.push(args[1])
      return original.breakBlocks(...args)
    },
    placeBlocks: (...args: Parameters<typeof original.placeBlocks>) => {
      calls.placeBlocks.push(args[0].box)
      return original.placeBlocks(...args)
    },
    measureBlocks: (...args: Parameters<typeof original.measureBlocks>) => {
      calls.measureBlocks.push(args[1])
      return original.measureBlocks(...args)
    },
    // The fit check's trials: a measurement that stops at the first line past the area.
    fitsBlocks: (...args: Parameters<typeof original.fitsBlocks>) => {
      calls.measureBlocks.push(args[1])
      return original.fitsBlocks(...args)
    },
    // The same trials from the lines of the whole text: a prefix, a smaller font size.
    fitsPrefix: (...args: Parameters<typeof original.fitsPrefix>) => {
      calls.measureBlocks.push(args[0].box)
      return original.fitsPrefix(...args)
    },
    fitsAtSize: (...args: Parameters<typeof original.fitsAtSize>) => {
      calls.measureBlocks.push(args[0].box)
      return original.fitsAtSize(...args)
    },
  }
})

let fonts: FontRegistry
let design: Design
let body: Record<string, unknown>
let artwork: Awaited<ReturnType<typeof loadArtworkFixture>>

beforeAll(async () => {
  fonts = createFontRegistry(await loadTestFonts())
  design = parseDesign(a5TenAreas)
  body = (await loadCase('a5-ten-areas')).body as Record<string, unknown>
  artwork = await loadArtworkFixture()
})

beforeEach(() => {
  for (const list of Object.values(calls)) list.length = 0
})

/**
 * Layouts of the design's Markdown areas, by key (the area element is the layout's box): a whole
 * layout, or lines broken for the verdict (`breakBlocks`, whose lines a drawing places).
 */
function areaLayouts(): Map<string, number> {
  return countAreas([...calls.layoutBlocks, ...calls.breakBlocks])
}

/** Glyph placements of the design's Markdown areas, by key. */
function areaPlacements(): Map<string, number> {
  return countAreas(calls.placeBlocks)
}

function countAreas(boxes: readonly object[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const box of boxes) {
    const area = design.markdownAreas.find((candidate) => candidate === box)
    if (area) counts.set(area.key, (counts.get(area.key) ?? 0) + 1)
  }
  return counts
}

const contentValues = (): string[] => Object.values(body['content'] as Record<string, string>)

/**
 * Layouts of the address block: its boxes are the only ones that never wrap. The design prints a
 * sender line and a recipient block: two layouts per block.
 */
const addressLayouts = (): number =>
  calls.layoutBlocks.filter((box) => (box as { wrap?: boolean }).wrap === false).length

describe('one reading and one layout per value (10-area sample card)', () => {
  test('should have ten Markdown areas and ten content values to count', () => {
    expect(design.markdownAreas).toHaveLength(10)
    expect(contentValues()).toHaveLength(10)
  })

  test('should read and parse each value once and lay out each area once for an analysis', () => {
    const analysis = analyzePostcard(body, design, { fonts })
    expect(analysis.verdict.ok).toBe(true)
    expect([...calls.readMarkdown].sort()).toEqual([...contentValues()].sort())
    expect([...calls.parseMarkdown].sort()).toEqual([...contentValues()].sort())
    expect([...areaLayouts().values()]).toEqual(Array<number>(10).fill(1))
    expect([...areaPlacements().values()]).toEqual(Array<number>(10).fill(1))
    expect(addressLayouts()).toBe(2)
    // Every text fits: no prefix is measured for a suggestion.
    expect(calls.measureBlocks).toEqual([])
  })

  test('should break each area into lines once and place no glyph for a verdict', () => {
    expect(validatePostcard(body, design, { fonts }).ok).toBe(true)
    expect([...calls.readMarkdown].sort()).toEqual([...contentValues()].sort())
    expect([...areaLayouts().values()]).toEqual(Array<number>(10).fill(1))
    expect(areaLayouts().size).toBe(10)
    expect(calls.placeBlocks).toEqual([])
    // No whole layout: the address block's lines never wrap, their widths are measured alone.
    expect(calls.layoutBlocks).toEqual([])
  })

  test('should lay the address block out for the analysis only, never for a verdict', () => {
    const verdict = validatePostcard(body, design, { fonts })
    // The rules measure the widths of the recipient lines from their advances (lines never
    // wrap): no layout; the sender line and the recipient block wait for an analysis.
    expect(addressLayouts()).toBe(0)
    for (const list of Object.values(calls)) list.length = 0
    // Without fonts nothing is laid out; the line count is judged all the same.
    validatePostcard(body, design)
    expect(calls.layoutBlocks).toEqual([])
    expect(verdict.warnings.filter((warning) => warning.rule.startsWith('address-'))).toEqual([])
  })

  test('should read, parse and lay out nothing when drawing an analysis', () => {
    const analysis = analyzePostcard(body, design, { fonts })
    for (const list of Object.values(calls)) list.length = 0
    const preview = renderPreview(analysis, { emojiArtwork: artwork, safeZoneMm: 4 })
    expect(preview.front).toContain('<svg')
    expect(calls).toEqual({
      readMarkdown: [],
      parseMarkdown: [],
      layoutBlocks: [],
      breakBlocks: [],
      placeBlocks: [],
      measureBlocks: [],
    })
  })

  test('should validate and preview with one reading and one layout per value (Preflight)', () => {
    const preflight = createPreflight({ design, fonts })
    const verdict = preflight.validate(body)
    const preview = renderPreview(preflight.analyze(body), { emojiArtwork: artwork })
    for (const value of contentValues()) {
      expect(calls.readMarkdown.filter((text) => text === value)).toHaveLength(1)
    }
    expect(calls.parseMarkdown).toHaveLength(10)
    expect([...areaLayouts().values()]).toEqual(Array<number>(10).fill(1))
    expect(areaLayouts().size).toBe(10)
    // The verdict broke the lines, the analysis placed the glyphs on them.
    expect([...areaPlacements().values()]).toEqual(Array<number>(10).fill(1))
    expect(areaPlacements().size).toBe(10)
    // The Preflight keeps the block validate laid out: the analysis draws the same one.
    expect(addressLayouts()).toBe(2)
    // The oracle last: it reads and lays out again, in an analysis of its own.
    expect(verdict).toEqual(validatePostcard(body, design, { fonts }))
    expect(preview.verdict).toEqual(verdict)
  })

  test('should read, parse and lay out nothing when drawing an analysis as a PDF proof', () => {
    const analysis = analyzePostcard(body, design, { fonts })
    for (const list of Object.values(calls)) list.length = 0
    const pdf = renderProof(analysis, { emojiArtwork: artwork, overflow: true, marks: true })
    expect(new TextDecoder().decode(pdf.subarray(0, 8))).toBe('%PDF-1.6')
    expect(calls).toEqual({
      readMarkdown: [],
      parseMarkdown: [],
      layoutBlocks: [],
      breakBlocks: [],
      placeBlocks: [],
      measureBlocks: [],
    })
  })

  test('should draw the same bytes from an analysis as from the body', () => {
    const analysis = analyzePostcard(body, design, { fonts })
    const drawn = renderPreview(analysis, { emojiArtwork: artwork, safeZoneMm: 4 })
    const direct = renderPreview(body, design, { fonts, emojiArtwork: artwork, safeZoneMm: 4 })
    expect(drawn).toEqual(direct)
  })

  test('should measure prefixes only for a text that does not fit, and lay it out once', () => {
    const long = 'Thank you for growing with us this spring. '.repeat(20)
    const content = { ...(body['content'] as Record<string, string>), line_10: long }
    const analysis = analyzePostcard({ ...body, content }, design, { fonts })
    expect(analysis.verdict.ok).toBe(false)
    const area = design.markdownAreas.find((candidate) => candidate.key === 'line_10')
    expect(calls.measureBlocks.length).toBeGreaterThan(0)
    expect(new Set(calls.measureBlocks.map((box) => (box as { key?: string }).key))).toEqual(
      new Set(['line_10'])
    )
    expect(areaLayouts().get('line_10')).toBe(1)
    expect(analysis.areas.find((item) => item.element === area)?.fitError).toBeDefined()
  })

  test('should not read or lay out again in a Preflight when only the address changes', () => {
    const preflight = createPreflight({ design, fonts })
    preflight.analyze(body)
    for (const list of Object.values(calls)) list.length = 0
    const to = { ...(body['to'] as Record<string, string>), first_name: 'Anna' }
    const analysis = preflight.analyze({ ...body, to })
    expect(calls.readMarkdown).toEqual([])
    expect(areaLayouts().size).toBe(0)
    expect(areaPlacements().size).toBe(0)
    // The block is laid out anew, once (it changed); the static text is the design's.
    expect(addressLayouts()).toBe(2)
    const address = analysis.sides.back.find((element) => element.type === 'address')
    expect(address?.type === 'address' && address.recipientLines[0]).toBe('Anna de Vries')
  })
})
