/**
 * The demo's update path without a browser: findings next to their fields, fit meters, and
 * re-measuring only what changed. The oracle for every message is `validatePostcard`.
 */
import { readFile } from 'node:fs/promises'
import { beforeAll, describe, expect, it } from 'vitest'
import { createFontRegistry } from '../../src/text/font-registry.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import { parseDesign } from '../../src/design/parse-design.ts'
import type { Design } from '../../src/design/types.ts'
import type { FitMeasurement } from '../../src/layout/measure-fit.ts'
import { measureFit } from '../../src/analysis/measure-fit.ts'
import { loadFontSources } from '../../src/node/load-fonts.ts'
import { validatePostcard } from '../../src/postcard/validate-postcard.ts'
import type { MarkdownFitError } from '../../src/verdict/types.ts'
import { createLiveCheck, describeFit, fieldOf, type FormBody } from '../../demo/live-check.ts'
import {
  ADDRESS_FIELDS,
  SAMPLE_FROM,
  SAMPLE_TO,
  sampleContent,
  sampleQrCodes,
} from '../../demo/sample-postcard.ts'

let fonts: FontRegistry
let sources: Awaited<ReturnType<typeof loadFontSources>>
let design: Design
let body: FormBody
const inputs = () => ({ fonts, emojiArtwork: new Map(), guides: false })

/** Form paths of the a6 design: every input and every section. */
function pathsOf(target: Design): string[] {
  return [
    'flow_id',
    'content',
    'qr_codes',
    'to',
    'from',
    ...target.markdownAreas.map((area) => `content.${area.key}`),
    ...target.keyedQrCodes.map((code) => `qr_codes.${code.key}`),
    ...ADDRESS_FIELDS.flatMap((name) => [`to.${name}`, `from.${name}`]),
  ]
}

beforeAll(async () => {
  sources = await loadFontSources()
  fonts = createFontRegistry(sources)
  const json = await readFile(new URL('../../designs/a6-greeting.json', import.meta.url), 'utf8')
  design = parseDesign(JSON.parse(json))
  body = {
    flow_id: '7375c8ae-613b-4182-8fb6-51639fd11db4',
    from: SAMPLE_FROM,
    to: SAMPLE_TO,
    content: sampleContent(design),
    qr_codes: sampleQrCodes(design),
  }
})

const measurement = (overrides: Partial<FitMeasurement>): FitMeasurement => ({
  fits: true,
  measured_height_mm: 10,
  available_height_mm: 40,
  remaining_mm: 30,
  overflow_mm: 0,
  remaining_lines: 6,
  line_count: 2,
  block_count: 1,
  width_overflow_mm: 0,
  ...overrides,
})

const fitError = (suggestedAction: string): MarkdownFitError => ({
  key: 'body',
  label: 'Message',
  available_width_mm: 68,
  available_height_mm: 60,
  measured_height_mm: 64.1,
  overflow_mm: 4.1,
  font_size_pt: 10,
  line_height: 1.3,
  block_count: 3,
  line_count: 14,
  suggested_action: suggestedAction,
})

describe('describeFit', () => {
  it.each([
    [{ remaining_mm: 3.29 }, undefined, '3.2 mm left'],
    [{ remaining_mm: 3.2 }, undefined, '3.2 mm left'],
    [{ remaining_mm: 0.04 }, undefined, '0.0 mm left'],
    [{ remaining_mm: 40 }, undefined, '40.0 mm left'],
    [
      { fits: false, remaining_mm: 0, overflow_mm: 4.01 },
      fitError(
        'Shorten the text by at least 86 characters (2 lines) or reduce the font size to 9 pt.'
      ),
      'overflows by 4.1 mm: cut 86 characters',
    ],
    [
      { fits: false, remaining_mm: 0, overflow_mm: 4.1 },
      fitError('Shorten the text by at least 1 character (1 line).'),
      'overflows by 4.1 mm: cut 1 character',
    ],
    [{ fits: false, remaining_mm: 0, overflow_mm: 0.01 }, undefined, 'overflows by 0.1 mm'],
    [
      { fits: false, remaining_mm: 5, width_overflow_mm: 2.31 },
      fitError('Shorten the text by at least 5 characters.'),
      'too wide by 2.4 mm: cut 5 characters',
    ],
  ] as const)('should word %j as the meter shows it', (values, error, expected) => {
    expect(describeFit(measurement(values), error)).toBe(expected)
  })
})

describe('fieldOf', () => {
  const fields = new Set(['to', 'to.zip', 'content', 'content.body', 'flow_id'])
  it.each([
    ['to.zip', 'to.zip'],
    ['to.city', 'to'],
    ['to', 'to'],
    ['content.body', 'content.body'],
    ['content.unknown', 'content'],
    ['content.body[0]', 'content.body'],
    ['flow_id', 'flow_id'],
    ['qr_codes.coupon_url', undefined],
    ['sides.front.elements[1].text', undefined],
  ])('should place a finding on `%s` at `%s`', (path, expected) => {
    expect(fieldOf(path, fields)).toBe(expected)
  })
})

describe('createLiveCheck', () => {
  it('should put every message of the verdict next to its field, word for word', () => {
    const live = createLiveCheck(design, pathsOf(design))
    const broken: FormBody = {
      ...body,
      flow_id: 'not-a-uuid',
      to: { ...SAMPLE_TO, zip: '', city: '' },
      content: { ...body.content, greeting: '# Heading' },
      qr_codes: { coupon_url: 'coupon-123' },
    }
    const result = live.update(broken, inputs())
    const verdict = validatePostcard(broken, design, { fonts })
    expect(verdict.ok).toBe(false)
    if (verdict.ok || result.verdict.ok) throw new Error('expected a 422')
    expect(result.verdict.body).toEqual(verdict.body)
    const shown = new Map<string, string[]>()
    for (const [path, findings] of result.fields) {
      if (findings.errors.length > 0) shown.set(path, [...findings.errors])
    }
    expect(Object.fromEntries(shown)).toEqual(verdict.body.errors)
    expect(result.other.errors).toEqual([])
  })

  it('should show findings on paths without a field of their own in `other`', () => {
    const live = createLiveCheck(design, ['flow_id'])
    const result = live.update({ ...body, to: { ...SAMPLE_TO, zip: '' } }, inputs())
    expect(result.other.errors).toEqual(['The to.zip field is required.'])
    expect(result.fields.size).toBe(0)
  })

  it('should measure a fit meter again only when its text or the fonts changed', () => {
    const live = createLiveCheck(design, pathsOf(design))
    expect(live.update(body, inputs()).remeasured).toEqual(['greeting', 'body'])
    expect(live.update(body, inputs()).remeasured).toEqual([])
    const edited = { ...body, content: { ...body.content, body: `${body.content?.['body']}!` } }
    const result = live.update(edited, inputs())
    expect(result.remeasured).toEqual(['body'])
    const area = design.markdownAreas[1]
    if (!area) throw new Error('a6-greeting.json has two Markdown areas')
    expect(result.meters.get('body')?.measurement).toEqual(
      measureFit(edited.content['body'] ?? '', area, fonts)
    )
    // New fonts (a face arrived): every meter is measured again, with them.
    const again = live.update(edited, { ...inputs(), fonts: createFontRegistry(sources) })
    expect(again.remeasured).toEqual(['greeting', 'body'])
  })

  it('should show a design image below 300 dpi with its dpi under the verdict', async () => {
    const json = await readFile(new URL('../../designs/dl-plain.json', import.meta.url), 'utf8')
    const source = JSON.parse(json) as {
      sides: { front: { elements: { type: string; width_mm: number; height_mm: number }[] } }
    }
    const image = source.sides.front.elements.find((element) => element.type === 'image')
    if (!image) throw new Error('dl-plain.json has an image on the front')
    // Its 240 × 240 pixels over 40 × 40 mm: 152.4 dpi.
    image.width_mm = 40
    image.height_mm = 40
    const coarse = parseDesign(source)
    const sample: FormBody = {
      ...body,
      content: sampleContent(coarse),
      qr_codes: sampleQrCodes(coarse),
    }
    const result = createLiveCheck(coarse, pathsOf(coarse)).update(sample, inputs())
    const expected = validatePostcard(sample, coarse, { fonts }).warnings.filter(
      (warning) => warning.code === 'image-resolution'
    )
    expect(expected.map((warning) => warning.data?.['dpi'])).toEqual([152])
    expect(result.other.warnings).toEqual(expected)
    expect(result.verdict.warnings).toEqual(expect.arrayContaining(expected))
  })
})
