import { beforeAll, describe, expect, test } from 'vitest'
import { createPreviewDefs } from '../../src/preview/preview-defs.ts'
import { createLabel } from '../../src/scene/draw-label.ts'
import { createEmojiArtworks } from '../../src/scene/emoji-artworks.ts'
import { sideGuides } from '../../src/scene/side-guides.ts'
import { sceneMarkup } from '../../src/preview/scene-markup.ts'
import { svgDocument } from '../../src/preview/svg-document.ts'
import { joinMarkup, svgElement } from '../../src/preview/svg-element.ts'
import { layoutPlainText } from '../../src/layout/layout-plain-text.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import { testRegistry } from './preview-cases.ts'

let fonts: FontRegistry

beforeAll(async () => {
  fonts = await testRegistry()
})

describe('createPreviewDefs', () => {
  test('should define a glyph once, numbering faces by first use', () => {
    const defs = createPreviewDefs('p-')
    const inter = fonts.face('Inter')
    const lora = fonts.face('Lora', { bold: true, italic: false })
    const a = inter.glyphId(0x61)
    expect(defs.glyphHref(lora, a)).toBe(`#p-g0-${a}`)
    expect(defs.glyphHref(inter, a)).toBe(`#p-g1-${a}`)
    expect(defs.glyphHref(lora, a)).toBe(`#p-g0-${a}`)
    expect(count(defs.markup(), /<path id=/g)).toBe(2)
    expect(defs.markup()).toMatch(
      new RegExp(`^<defs><path id="p-g0-${a}" d="m[^"]+z"/><path id="p-g1-${a}" d="m`)
    )
  })

  test("should give the escaped href of a glyph's one definition, per face and per run", () => {
    const defs = createPreviewDefs('p-')
    const inter = fonts.face('Inter')
    const lora = fonts.face('Lora', { bold: true, italic: false })
    const [a, b, space] = [inter.glyphId(0x61), inter.glyphId(0x62), inter.glyphId(0x20)]
    expect(defs.glyphHref(lora, a)).toBe(`#p-g0-${a}`)
    expect(defs.glyphHref(inter, b)).toBe(`#p-g1-${b}`)
    expect(defs.glyphHref(inter, space)).toBeUndefined()
    const interHrefs = defs.glyphHrefs(inter)
    expect(interHrefs(b)).toBe(`#p-g1-${b}`)
    expect(interHrefs(a)).toBe(`#p-g1-${a}`)
    expect(interHrefs(space)).toBeUndefined()
    expect(defs.glyphHrefs(fonts.face('Roboto'))(a)).toBe(`#p-g2-${a}`)
    expect(defs.glyphHref(inter, a)).toBe(`#p-g1-${a}`)
    expect(count(defs.markup(), /<path id=/g)).toBe(4)
    expect(createPreviewDefs('a"&-').glyphHref(inter, b)).toBe(`#a&quot;&amp;-g0-${b}`)
  })

  test('should give no id to a glyph without outline', () => {
    const defs = createPreviewDefs('p-')
    const face = fonts.face('Roboto')
    expect(defs.glyphHref(face, face.glyphId(0x20))).toBeUndefined()
    expect(defs.glyphHref(face, face.glyphId(0x20))).toBeUndefined()
    expect(defs.markup()).toBe('')
  })

  test('should define emoji symbols with prefixed inner ids, and reject broken bodies', () => {
    const defs = createPreviewDefs('p-')
    const body =
      '<clipPath id="c"><path d="M0 0h9v9z"/></clipPath><g clip-path="url(#c)"><circle r="3"/></g>'
    const art = (key: string, artworkBody: string) =>
      ({ key, body: artworkBody, viewBox: '0 0 36 36', width: 36, height: 36 }) as const
    const emoji = createEmojiArtworks(
      new Map([
        ['1f600', art('1f600', body)],
        ['bad key"', art('bad key"', '<path d="M0 0"/>')],
        ['1f601', art('1f601', '<path d="M0 0">')],
      ])
    )
    const smile = emoji.artwork('1f600')
    if (!smile) throw new Error('1f600 rejected')
    expect(defs.artwork(smile)).toBe('p-e-1f600')
    expect(defs.artwork(smile)).toBe('p-e-1f600')
    const bad = emoji.artwork('bad key"')
    if (!bad) throw new Error('bad key rejected')
    expect(defs.artwork(bad)).toBe('p-e-n1')
    expect(emoji.artwork('1f601')).toBeUndefined()
    expect(emoji.artwork('1f602')).toBeUndefined()
    expect(defs.artwork(emoji.missing)).toBe('p-missing-emoji')
    expect(defs.artwork(emoji.missing)).toBe('p-missing-emoji')
    const markup = defs.markup()
    expect(markup).toContain(
      '<symbol id="p-e-1f600" viewBox="0 0 36 36"><clipPath id="p-e-1f600-c"><path d="M0 0h9v9z"/></clipPath><g clip-path="url(#p-e-1f600-c)"><circle r="3"/></g></symbol>'
    )
    expect(count(markup, /<symbol /g)).toBe(3)
  })
})

describe('createLabel', () => {
  test('should be exactly as wide as the layout engine sets the same text', () => {
    const face = fonts.face('Inter')
    for (const text of [
      'overflow 36.31 mm',
      'module 0.32 mm < 0.4 mm',
      'qr_codes.coupon_url',
      'AVAWAY To',
    ]) {
      const label = createLabel(text, face, { sizePt: 6, color: '#fff' })
      const layout = layoutPlainText(
        text,
        { width_mm: 500, height_mm: 10, font_family: 'Inter', font_size_pt: 6, line_height: 1 },
        fonts,
        undefined,
        // Labels annotate the card: set at the exact size, not rounded like the card's text.
        { profile: 'exact' }
      )
      expect(layout.lines).toHaveLength(1)
      expect(label.width_mm).toBeCloseTo(layout.lines[0]?.width_mm ?? 0, 6)
    }
  })

  test('should draw its glyphs on the baseline, over a pill when it has a background', () => {
    const defs = createPreviewDefs('p-')
    const face = fonts.face('Inter')
    const label = createLabel('Hi', face, { sizePt: 10, color: '#ffffff', background: '#d0021b' })
    const sizeMm = (10 * 25.4) / 72
    const padding = sizeMm * 0.4
    expect(label.height_mm).toBeCloseTo(
      ((face.ascender - face.descender) / face.unitsPerEm) * sizeMm + 2 * padding,
      9
    )
    const markup = sceneMarkup(label.draw(1, 2), defs)
    expect(markup).toMatch(
      /^<rect x="1" y="2" width="[\d.]+" height="[\d.]+" rx="[\d.]+" fill="#d0021b"\/><g fill="#ffffff" transform="matrix\(0\.00\d+ 0 0 -0\.00\d+ [\d.]+ [\d.]+\)"><use href="#p-g0-\d+" x="0"\/><use href="#p-g0-\d+" x="[\d.]+"\/><\/g>$/
    )
  })
})

describe('svgDocument', () => {
  const frame = {
    format: { width_mm: 148, height_mm: 105, bleed_mm: 0 },
    background: '#ffffff',
    title: 'T',
    showBleed: true,
  }

  test('should draw no trim guide without bleed, and no safe zone wider than the card', () => {
    const guides = sideGuides(frame.format, { trim: false, safeZoneMm: 60 })
    expect(guides).toEqual([])
    const svg = svgDocument(frame, joinMarkup([]), svgElement('g'))
    expect(svg).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="148mm" height="105mm" viewBox="0 0 148 105" role="img"><title>T</title><rect x="0" y="0" width="148" height="105" fill="#ffffff"/><g/></svg>'
    )
  })

  test('should put defs first and guides last', () => {
    const format = { width_mm: 100, height_mm: 50, bleed_mm: 3.5 }
    const guides = sceneMarkup(
      sideGuides(format, { trim: true, safeZoneMm: 4 }),
      createPreviewDefs('p-')
    )
    const svg = svgDocument(
      { ...frame, format },
      svgElement('defs', {}, [svgElement('path', { id: 'a', d: 'm0 0' })]),
      joinMarkup([svgElement('g'), guides])
    )
    expect(svg).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="107mm" height="57mm" viewBox="-3.5 -3.5 107 57" role="img"><title>T</title><defs><path id="a" d="m0 0"/></defs><rect x="-3.5" y="-3.5" width="107" height="57" fill="#ffffff"/><g/>' +
        '<rect class="guide-trim" x="0" y="0" width="100" height="50" fill="none" stroke="#00a0e0" stroke-width="0.2" stroke-dasharray="1.5 1"/>' +
        '<rect class="guide-safe-zone" x="4" y="4" width="92" height="42" fill="none" stroke="#e0008a" stroke-width="0.2" stroke-dasharray="1.5 1"/></svg>'
    )
  })
})

function count(text: string, pattern: RegExp): number {
  return [...text.matchAll(pattern)].length
}
