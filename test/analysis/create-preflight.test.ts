import { beforeAll, describe, expect, test } from 'vitest'
import { PreflightOptionsError } from '../../src/analysis/analysis-environment.ts'
import { analyzePostcard } from '../../src/analysis/analyze-postcard.ts'
import { createPreflight } from '../../src/analysis/create-preflight.ts'
import { measureFit } from '../../src/analysis/measure-fit.ts'
import type { PostcardAnalysis } from '../../src/analysis/types.ts'
import type { Design } from '../../src/design/types.ts'
import { validatePostcard } from '../../src/postcard/validate-postcard.ts'
import { renderPreview } from '../../src/preview/render-preview.ts'
import { FontError } from '../../src/text/font-error.ts'
import { createFontRegistry } from '../../src/text/font-registry.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import { loadCase, testRegistry } from '../preview/preview-cases.ts'

let fonts: FontRegistry
let design: Design
let body: Record<string, unknown>

beforeAll(async () => {
  fonts = await testRegistry()
  const sample = await loadCase('a6-greeting')
  design = sample.design
  body = sample.body as Record<string, unknown>
})

/** The body with another greeting. */
const greeting = (text: string) => ({
  ...body,
  content: { ...(body['content'] as object), greeting: text },
})

const layoutOf = (analysis: PostcardAnalysis, key: string) =>
  analysis.areas.find((area) => area.element.key === key)?.layout

describe('createPreflight', () => {
  test('should give the verdict and the analysis the standalone functions give', () => {
    const preflight = createPreflight({ design, fonts })
    for (const text of ['Hello **Anna**!', '# Heading', 'Spring. '.repeat(60)]) {
      const sent = greeting(text)
      expect(preflight.validate(sent)).toEqual(validatePostcard(sent, design, { fonts }))
      const analysis = preflight.analyze(sent)
      const standalone = analyzePostcard(sent, design, { fonts })
      expect(analysis.verdict).toEqual(standalone.verdict)
      expect(analysis.areas.map((area) => area.layout)).toEqual(
        standalone.areas.map((area) => area.layout)
      )
      expect(renderPreview(analysis)).toEqual(renderPreview(standalone))
    }
  })

  test('should reuse the work on a text it has seen, in every area and QR code', () => {
    const preflight = createPreflight({ design, fonts })
    const first = preflight.analyze(greeting('Hello **Anna**!'))
    const second = preflight.analyze({ ...greeting('Hello **Anna**!'), to: { city: 'x' } })
    expect(layoutOf(second, 'greeting')).toBe(layoutOf(first, 'greeting'))
    expect(layoutOf(second, 'body')).toBe(layoutOf(first, 'body'))
    expect(second.qrCodes[0]?.matrix).toBe(first.qrCodes[0]?.matrix)
    const other = preflight.analyze(greeting('Hello **Ben**!'))
    expect(layoutOf(other, 'greeting')).not.toBe(layoutOf(first, 'greeting'))
    expect(layoutOf(other, 'body')).toBe(layoutOf(first, 'body'))
    // Static parts are the design's: laid out once per instance.
    const staticText = (analysis: PostcardAnalysis) =>
      analysis.sides.front.find((item) => item.type === 'text')
    expect(staticText(other)).toEqual(staticText(first))
    const textLayout = (analysis: PostcardAnalysis) => {
      const item = staticText(analysis)
      return item?.type === 'text' ? item.layout : undefined
    }
    expect(textLayout(other)).toBe(textLayout(first))
  })

  test('should keep at most maxEntries texts and values', () => {
    const preflight = createPreflight({ design, fonts, cache: { maxEntries: 4 } })
    for (let index = 0; index < 10; index++) preflight.validate(greeting(`Hello ${index}`))
    expect(preflight.cacheUsage().entries).toBe(4)
    // The most recently used stay: the QR value, the body text and the address block of every
    // body, the last greeting.
    const last = preflight.analyze(greeting('Hello 9'))
    const again = preflight.analyze(greeting('Hello 9'))
    expect(layoutOf(again, 'greeting')).toBe(layoutOf(last, 'greeting'))
  })

  test('should keep a few fresh entries of unique traffic and what was seen twice', () => {
    const preflight = createPreflight({ design, fonts })
    const template = preflight.analyze(greeting('Hello **Anna**!'))
    preflight.validate(greeting('Hello **Anna**!'))
    // A campaign: every greeting new, the body and the QR value the same.
    for (let index = 0; index < 300; index++) preflight.validate(greeting(`Hello ${index}`))
    // 32 fresh greetings at most, and the body text, the QR value and the address block seen
    // twice: not 256 entries.
    expect(preflight.cacheUsage().entries).toBe(32 + 4)
    const again = preflight.analyze(greeting('Hello **Anna**!'))
    expect(layoutOf(again, 'greeting')).toBe(layoutOf(template, 'greeting'))
    expect(layoutOf(again, 'body')).toBe(layoutOf(template, 'body'))
    // The newest fresh text is still there for the analysis that follows its verdict.
    const last = preflight.analyze(greeting('Hello 299'))
    expect(layoutOf(preflight.analyze(greeting('Hello 299')), 'greeting')).toBe(
      layoutOf(last, 'greeting')
    )
  })

  test('should keep a text by its key alone on its first sight with keepFirstSight false', () => {
    const preflight = createPreflight({ design, fonts, cache: { keepFirstSight: false } })
    const text = 'Hello **Anna**!'
    const first = preflight.analyze(greeting(text))
    // Seen once: remembered, its work not kept; seen twice: its work is kept from then on.
    const second = preflight.analyze(greeting(text))
    expect(layoutOf(second, 'greeting')).not.toBe(layoutOf(first, 'greeting'))
    expect(layoutOf(second, 'greeting')).toEqual(layoutOf(first, 'greeting'))
    expect(second.verdict).toEqual(first.verdict)
    const third = preflight.analyze(greeting(text))
    expect(layoutOf(third, 'greeting')).toBe(layoutOf(second, 'greeting'))
    expect(third.qrCodes[0]?.matrix).toBe(second.qrCodes[0]?.matrix)
    // The same bounds as with the work: 32 fresh keys at most, and what was seen twice.
    for (let index = 0; index < 300; index++) preflight.validate(greeting(`Hello ${index}`))
    expect(preflight.cacheUsage().entries).toBe(32 + 4)
    const template = preflight.analyze(greeting(text))
    expect(layoutOf(template, 'body')).toBe(layoutOf(third, 'body'))
  })

  test('should keep at most maxCharacters and skip a text larger than the whole cache', () => {
    const preflight = createPreflight({ design, fonts, cache: { maxCharacters: 500 } })
    for (let index = 0; index < 20; index++) preflight.validate(greeting(`${index} `.repeat(40)))
    const usage = preflight.cacheUsage()
    expect(usage.characters).toBeLessThanOrEqual(500)
    expect(usage.characters).toBeGreaterThan(0)
    const huge = 'x '.repeat(400)
    const first = preflight.analyze(greeting(huge))
    const second = preflight.analyze(greeting(huge))
    expect(layoutOf(second, 'greeting')).not.toBe(layoutOf(first, 'greeting'))
    expect(layoutOf(second, 'greeting')).toEqual(layoutOf(first, 'greeting'))
    expect(preflight.cacheUsage().characters).toBeLessThanOrEqual(500)
  })

  test('should keep nothing with zero bounds, and empty its cache on clearCache', () => {
    const none = createPreflight({ design, fonts, cache: { maxEntries: 0 } })
    none.validate(body)
    expect(none.cacheUsage()).toEqual({ entries: 0, characters: 0 })
    const preflight = createPreflight({ design, fonts })
    preflight.validate(body)
    // Two texts, a QR value and the address block.
    expect(preflight.cacheUsage().entries).toBe(4)
    preflight.clearCache()
    expect(preflight.cacheUsage()).toEqual({ entries: 0, characters: 0 })
  })

  test('should measure a text for a fit meter from the layout an analysis holds', () => {
    const preflight = createPreflight({ design, fonts })
    const area = design.markdownAreas[0]
    if (!area) throw new Error('a6-greeting has Markdown areas')
    const text = 'Hello **Anna**, thank you!'
    expect(preflight.measureFit(area.key, text)).toEqual(measureFit(text, area, fonts))
    const analysis = preflight.analyze(greeting(text))
    expect(analysis.areas[0]?.fit).toBe(preflight.measureFit(area.key, text))
  })

  test.each([
    [() => createPreflight({ design, fonts }).measureFit('nope', 'x'), PreflightOptionsError],
    [() => createPreflight({ design }).measureFit('greeting', 'x'), PreflightOptionsError],
    [
      () => createPreflight({ design, fonts: createFontRegistry({}) }).measureFit('greeting', 'x'),
      FontError,
    ],
    [() => createPreflight({ design, fonts, cache: { maxEntries: -1 } }), PreflightOptionsError],
    [
      () => createPreflight({ design, fonts, cache: { maxCharacters: 1.5 } }),
      PreflightOptionsError,
    ],
    [
      () => createPreflight({ design, fonts, cache: { keepFirstSight: 'no' as never } }),
      PreflightOptionsError,
    ],
    [() => createPreflight({ design, fonts: {} as FontRegistry }), PreflightOptionsError],
    [() => createPreflight(null as never), PreflightOptionsError],
    [() => createPreflight({ design: {} as Design }), TypeError],
  ])('should throw for misuse %#', (call, error) => {
    expect(call).toThrow(error)
  })

  test('should say which cache option is wrong, and what it expects', () => {
    expect(() => createPreflight({ design, fonts, cache: { keepFirstSight: 1 as never } })).toThrow(
      'Unexpected `cache.keepFirstSight` `1`, expected `true` or `false`'
    )
    expect(() => createPreflight({ design, fonts, cache: { maxEntries: -1 } })).toThrow(
      'Unexpected `cache.maxEntries` `-1`, expected an integer of at least `0`'
    )
  })

  test('should never throw on a body', () => {
    const preflight = createPreflight({ design, fonts })
    for (const sent of [
      undefined,
      null,
      1,
      'x',
      [],
      [1, 2],
      { content: [] },
      { content: { greeting: 5 } },
    ]) {
      expect(preflight.validate(sent).ok).toBe(false)
      expect(preflight.analyze(sent).verdict).toEqual(validatePostcard(sent, design, { fonts }))
    }
  })
})
