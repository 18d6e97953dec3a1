import QRCode from 'qrcode'
import { beforeAll, describe, expect, test } from 'vitest'
import { PreflightOptionsError } from '../../src/analysis/analysis-environment.ts'
import { analyzePostcard } from '../../src/analysis/analyze-postcard.ts'
import { createPreflight } from '../../src/analysis/create-preflight.ts'
import { measureFit } from '../../src/analysis/measure-fit.ts'
import type { AreaAnalysis, PostcardAnalysis, QrAnalysis } from '../../src/analysis/types.ts'
import type { Design } from '../../src/design/types.ts'
import { EmojiVersionError } from '../../src/emoji/emoji-version.ts'
import { checkFit } from '../../src/layout/check-fit.ts'
import { layoutMarkdown } from '../../src/layout/layout-markdown.ts'
import { checkMarkdown } from '../../src/markdown/check-markdown.ts'
import { validatePostcard } from '../../src/postcard/validate-postcard.ts'
import { previewEmojiKeys } from '../../src/preview/preview-emoji-keys.ts'
import { renderPreview, PreviewOptionsError } from '../../src/preview/render-preview.ts'
import { readSvgImage } from '../../src/scene/svg-image.ts'
import { FontError } from '../../src/text/font-error.ts'
import { createFontRegistry } from '../../src/text/font-registry.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import { loadTestFonts } from '../helpers/fonts.ts'
import { caseNames, loadCase, testRegistry, type PreviewCase } from '../preview/preview-cases.ts'

let fonts: FontRegistry
let onlyFamily: (family: string) => FontRegistry
const cases = new Map<string, PreviewCase>()

beforeAll(async () => {
  fonts = await testRegistry()
  const sources = await loadTestFonts()
  onlyFamily = (family) => createFontRegistry({ [family]: sources[family] as never })
  for (const name of caseNames) cases.set(name, await loadCase(name))
})

function sample(name: (typeof caseNames)[number]): PreviewCase {
  const found = cases.get(name)
  if (!found) throw new Error(`no case ${name}`)
  return found
}

function area(analysis: PostcardAnalysis, key: string): AreaAnalysis {
  const found = analysis.areas.find((item) => item.element.key === key)
  if (!found) throw new Error(`no area ${key}`)
  return found
}

const keyedQr = (analysis: PostcardAnalysis): QrAnalysis => {
  const found = analysis.qrCodes.find((item) => 'key' in item.element)
  if (!found) throw new Error('no keyed QR code')
  return found
}

describe('analyzePostcard', () => {
  test.each(caseNames)('should hold the verdict validatePostcard gives (%s)', (name) => {
    const { body, design } = sample(name)
    expect(analyzePostcard(body, design, { fonts }).verdict).toEqual(
      validatePostcard(body, design, { fonts })
    )
    expect(analyzePostcard(body, design).verdict).toEqual(validatePostcard(body, design))
  })

  test('should mirror the design: sides parallel to the elements, areas and QR codes in order', () => {
    const { body, design } = sample('a5-ten-areas')
    const analysis = analyzePostcard(body, design, { fonts })
    expect(analysis.kind).toBe('postcard-analysis')
    for (const side of ['front', 'back'] as const) {
      expect(analysis.sides[side].map((item) => item.element)).toEqual(design.sides[side].elements)
      analysis.sides[side].forEach((item, index) => {
        expect(item.type).toBe(design.sides[side].elements[index]?.type)
      })
    }
    expect(analysis.areas.map((item) => item.element)).toEqual(design.markdownAreas)
    expect(analysis.areas.map((item) => item.path)).toEqual(
      design.markdownAreas.map((item) => `content.${item.key}`)
    )
    const sideItems = [...analysis.sides.front, ...analysis.sides.back]
    for (const item of analysis.areas) expect(sideItems).toContain(item)
    expect(analysis.qrCodes.map((item) => item.element)).toEqual(
      sideItems.filter((item) => item.type === 'qr').map((item) => item.element)
    )
  })

  test('should be frozen data', () => {
    const { body, design } = sample('a6-greeting')
    const analysis = analyzePostcard(body, design, { fonts })
    for (const part of [
      analysis,
      analysis.sides,
      analysis.sides.front,
      analysis.areas,
      analysis.areas[0],
      analysis.qrCodes,
      analysis.findings,
      analysis.findings.errors,
      analysis.verdict,
      analysis.options,
      analysis.fields,
    ]) {
      expect(Object.isFrozen(part)).toBe(true)
    }
  })

  test('should lay out each text as layoutMarkdown does and measure the fit from it', () => {
    const { body, design } = sample('a6-greeting')
    const analysis = analyzePostcard(body, design, { fonts })
    for (const item of analysis.areas) {
      const text = item.text
      if (text === undefined) throw new Error('a6-greeting sends every key')
      expect(item.judged).toBe(true)
      expect(item.layout).toEqual(layoutMarkdown(text, item.element, fonts))
      expect(item.fit).toEqual(measureFit(text, item.element, fonts))
      expect(item.fitError).toBeUndefined()
      expect(item.syntax?.violations).toEqual(checkMarkdown(text))
    }
  })

  test('should judge the fit of an overflowing text as checkFit does, and still lay it out', () => {
    const { body, design } = sample('a6-overflow')
    const analysis = analyzePostcard(body, design, { fonts })
    const overflowing = analysis.areas.filter((item) => item.fitError !== undefined)
    expect(overflowing.length).toBeGreaterThan(0)
    for (const item of overflowing) {
      expect(item.fitError).toEqual(checkFit(item.text ?? '', item.element, fonts))
      expect(item.fit?.fits).toBe(false)
      expect(item.layout?.metrics.fits).toBe(false)
    }
    if (analysis.verdict.ok) throw new Error('a6-overflow overflows')
    expect(analysis.verdict.body.meta?.markdown_fit_errors).toEqual(
      overflowing.map((item) => item.fitError)
    )
  })

  test('should lay out a rejected value for the preview without judging its fit', () => {
    const { body, design } = sample('a6-greeting')
    const content = { ...(body as { content: object }).content, greeting: '# Heading' }
    const analysis = analyzePostcard({ ...(body as object), content }, design, { fonts })
    const greeting = area(analysis, 'greeting')
    expect(greeting.judged).toBe(false)
    expect(greeting.syntax?.violations.map((item) => item.code)).toEqual(['heading'])
    // Constructs spec 2.5 rejects contribute their text plainly to the layout.
    expect(greeting.layout?.lines[0]?.text).toBe('Heading')
    expect(greeting.fitError).toBeUndefined()
    expect(greeting.path).toBe('content.greeting')
  })

  test('should lay out nothing without fonts', () => {
    const { body, design } = sample('a5-ten-areas')
    const analysis = analyzePostcard(body, design)
    expect(
      analysis.areas.every((item) => item.layout === undefined && item.fit === undefined)
    ).toBe(true)
    expect(analysis.options).toEqual({
      fonts: undefined,
      emojiVersion: undefined,
      profile: 'chromium',
    })
  })

  test('should hold the symbol node-qrcode draws for a keyed URL, and none for a bare code', () => {
    const { body, design } = sample('a6-greeting')
    const qr = keyedQr(analyzePostcard(body, design, { fonts }))
    if (!qr.result?.ok) throw new Error('a6-greeting sends a valid URL')
    const oracle = QRCode.create(qr.result.resolvedUrl, {
      errorCorrectionLevel: qr.element.error_correction,
    })
    expect(qr.matrix?.size).toBe(oracle.modules.size)
    expect(qr.matrix?.version).toBe(qr.result.version)
    expect([...(qr.matrix?.modules ?? [])]).toEqual(
      Array.from(oracle.modules.data, (bit) => (bit ? 1 : 0))
    )
    const bare = analyzePostcard(
      { ...(body as object), qr_codes: { coupon_url: 'SPRING-15' } },
      design,
      { fonts }
    )
    expect(keyedQr(bare).result?.ok).toBe(false)
    expect(keyedQr(bare).matrix).toBeUndefined()
  })

  test('should draw a URL too long for its area in the version it needs', () => {
    const { body, design } = sample('a6-greeting')
    const url = `https://example.com/${'x'.repeat(600)}`
    const qr = keyedQr(
      analyzePostcard({ ...(body as object), qr_codes: { coupon_url: url } }, design, { fonts })
    )
    expect(qr.result?.ok).toBe(false)
    expect(qr.result && !qr.result.ok && qr.result.problem).toBe('too-large')
    expect(qr.matrix?.size).toBe(
      QRCode.create(url, { errorCorrectionLevel: qr.element.error_correction }).modules.size
    )
  })

  test('should check the design image once and read its pixel size', () => {
    const { body, design } = sample('dl-plain')
    const image = analyzePostcard(body, design, { fonts }).sides.front.find(
      (item) => item.type === 'image'
    )
    if (image?.type !== 'image') throw new Error('dl-plain has an image on the front')
    // The pixel size as the PNG's IHDR chunk states it (bytes 16-23, big-endian).
    const png = Uint8Array.from(atob(image.element.href.split(',')[1] ?? ''), (c) =>
      c.charCodeAt(0)
    )
    const header = new DataView(png.buffer)
    const width = header.getUint32(16)
    const height = header.getUint32(20)
    expect(image.pixels).toEqual({ width, height })
    expect(image.dpi).toBeCloseTo(
      Math.min(width / (image.element.width_mm / 25.4), height / (image.element.height_mm / 25.4)),
      9
    )
    expect(image.href?.startsWith('data:image/png;base64,')).toBe(true)
    expect(image.problem).toBeUndefined()
    expect(image.svg).toBeUndefined()
  })

  test('should read an SVG image into the tree the preview inlines, once per Preflight', () => {
    const { body, design } = sample('a6-greeting')
    const svgOf = (analysis: PostcardAnalysis) => {
      const image = analysis.sides.front.find((item) => item.type === 'image')
      if (image?.type !== 'image') throw new Error('a6-greeting has an image on the front')
      return image
    }
    const image = svgOf(analyzePostcard(body, design, { fonts }))
    expect(image.svg).toEqual(readSvgImage(image.href ?? ''))
    expect(image.svg?.root.name).toBe('svg')
    const preflight = createPreflight({ design, fonts })
    expect(svgOf(preflight.analyze(body)).svg).toBe(svgOf(preflight.analyze({})).svg)
  })

  test('should lay out the address block from to and from, as the posts read them', () => {
    const { body, design } = sample('dl-plain')
    const address = [...analyzePostcard(body, design, { fonts }).sides.back].find(
      (item) => item.type === 'address'
    )
    if (address?.type !== 'address') throw new Error('dl-plain has an address on the back')
    expect(address.recipientLines).toEqual([
      'Müller AG',
      'Lukas Meier',
      'Bahnhofstrasse 10',
      'Postfach 123',
      '8001 Zürich',
    ])
    expect(address.recipientLayout?.lines.map((line) => line.text.trimEnd())).toEqual(
      address.recipientLines
    )
    if (address.element.sender_line) {
      // Domestic mail (spec 2.3 `country`, both CH): no country line, no capitals.
      expect(address.senderLine).toBe('Coats & More, Marktplatz 1, 3011 Bern')
      expect(address.recipientTop_mm).toBeGreaterThan(0)
    }
  })

  test('should read every member of the body once and never throw on it', () => {
    const { body, design } = sample('a6-greeting')
    let reads = 0
    const counted = {
      ...(body as object),
      get content() {
        reads++
        return (body as { content: object }).content
      },
    }
    const analysis = analyzePostcard(counted, design, { fonts })
    expect(reads).toBe(1)
    expect(analysis.verdict).toEqual(validatePostcard(body, design, { fonts }))
    const hostile = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('boom')
        },
      }
    )
    expect(analyzePostcard(hostile, design, { fonts }).verdict.ok).toBe(false)
  })

  test.each([
    [{ fonts: 'Inter' }, PreflightOptionsError],
    [{ profile: 'webkit' }, PreflightOptionsError],
    [{ emojiVersion: '99.0' }, EmojiVersionError],
    ['fonts', PreflightOptionsError],
  ])('should throw for the misuse %j', (options, error) => {
    const { body, design } = sample('a6-greeting')
    expect(() => analyzePostcard(body, design, options as never)).toThrow(error)
    expect(() => validatePostcard(body, design, options as never)).toThrow(error)
  })

  test('should throw a TypeError for a design that was not parsed', () => {
    expect(() => analyzePostcard({}, {} as Design)).toThrow(TypeError)
  })
})

describe('renderPreview of an analysis', () => {
  test('should draw an analysis made with fonts, with or without the same fonts given', () => {
    const { body, design } = sample('a6-greeting')
    const analysis = analyzePostcard(body, design, { fonts })
    expect(renderPreview(analysis, { fonts })).toEqual(renderPreview(analysis))
    expect(renderPreview(analysis)).toEqual(renderPreview(body, design, { fonts }))
  })

  test.each([
    [
      'an analysis without fonts',
      () => renderPreview(analyzePostcard({}, sample('a6-greeting').design)),
    ],
    [
      'other fonts than the analysis',
      () =>
        renderPreview(analyzePostcard({}, sample('a6-greeting').design, { fonts }), {
          fonts: createFontRegistry({}),
        }),
    ],
    [
      'another pinned emoji version',
      () =>
        renderPreview(analyzePostcard({}, sample('a6-greeting').design, { fonts }), {
          emojiVersion: '15.0',
        } as never),
    ],
    ['something that is no analysis', () => renderPreview({ kind: 'postcard-analysis' } as never)],
  ])('should throw a PreviewOptionsError for %s', (_name, call) => {
    expect(call).toThrow(PreviewOptionsError)
  })

  test('should take a body that carries the brand of an analysis for a body', () => {
    const { design } = sample('a6-greeting')
    const preview = renderPreview({ kind: 'postcard-analysis' }, design, { fonts })
    expect(preview.verdict.ok).toBe(false)
  })

  test('should throw the FontError of a family the analysis could not lay out', () => {
    const { body, design } = sample('a6-greeting')
    const partial = analyzePostcard(body, design, { fonts: onlyFamily('Inter') })
    expect(() => renderPreview(partial)).toThrow(FontError)
  })
})

describe('previewEmojiKeys of an analysis', () => {
  test.each(caseNames)('should list the keys it lists for the body (%s)', (name) => {
    const { body, design } = sample(name)
    expect(previewEmojiKeys(analyzePostcard(body, design, { fonts }))).toEqual(
      previewEmojiKeys(body, design)
    )
    expect(
      previewEmojiKeys(analyzePostcard(body, design, { fonts, emojiVersion: '15.0' }))
    ).toEqual(previewEmojiKeys(body, design, { emojiVersion: '15.0' }))
  })
})
