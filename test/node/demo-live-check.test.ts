/**
 * The demo's update path without a browser: findings next to their fields, fit meters, and
 * re-measuring only what changed. The oracle for every message is `validatePostcard`.
 */
import { readFile } from 'node:fs/promises'
import { beforeAll, describe, expect, it } from 'vitest'
import { formatAddress } from '../../src/address/format-address.ts'
import { createFontRegistry } from '../../src/text/font-registry.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import { parseDesign } from '../../src/design/parse-design.ts'
import type { Design } from '../../src/design/types.ts'
import { measureFit } from '../../src/analysis/measure-fit.ts'
import { loadFontSources } from '../../src/node/load-fonts.ts'
import { validatePostcard } from '../../src/postcard/validate-postcard.ts'
import { createLiveCheck, fieldOf, type FormBody } from '../../demo/live-check.ts'
import { createMessages } from '../../src/i18n/create-messages.ts'
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
let designJson: string
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
  designJson = await readFile(new URL('../../designs/a6-greeting.json', import.meta.url), 'utf8')
  design = parseDesign(JSON.parse(designJson))
  body = {
    flow_id: '7375c8ae-613b-4182-8fb6-51639fd11db4',
    from: SAMPLE_FROM,
    to: SAMPLE_TO,
    content: sampleContent(design),
    qr_codes: sampleQrCodes(design),
  }
})

/** The text of a6's `body` area that overflows it. */
const LONG = 'Spring is here, and so are our new bulbs. '.repeat(30).trim()

describe('the fit meters', () => {
  it('should word what room is left or what to cut as the 422 says it, in every language', () => {
    const live = createLiveCheck(design, pathsOf(design))
    const long = { ...body, content: { ...body.content, body: LONG } }
    const verdict = validatePostcard(long, design, { fonts })
    const item = verdict.ok ? undefined : verdict.body.meta?.markdown_fit_errors?.[0]
    const cut = /at least (\d+) characters/.exec(item?.suggested_action ?? '')?.[1]
    const area = design.markdownAreas.find((candidate) => candidate.key === 'body')
    if (!area || !item || cut === undefined) throw new Error('expected a fit error with a cut')
    const over = measureFit(LONG, area, fonts)
    const up = (Math.ceil(over.overflow_mm * 10 - 1e-9) / 10).toFixed(1)
    const short = measureFit(body.content?.['body'] ?? '', area, fonts)
    const down = (Math.floor(short.remaining_mm * 10 + 1e-9) / 10).toFixed(1)
    const comma = (value: string) => value.replace('.', ',')
    const expected = {
      en: [`overflows by ${up} mm: cut ${cut} characters`, `${down} mm left`],
      de: [`${comma(up)} mm zu lang: ${cut} Zeichen kürzen`, `noch ${comma(down)} mm frei`],
    } as const
    for (const [locale, [overflowing, left]] of Object.entries(expected)) {
      const messages = createMessages(locale)
      const meter = live.update(long, { ...inputs(), messages }).meters.get('body')
      expect(meter).toMatchObject({ fits: false, text: overflowing })
      expect(live.update(body, { ...inputs(), messages }).meters.get('body')?.text).toBe(left)
    }
    expect(live.update(body, inputs()).meters.get('body')?.detail).toBe(
      `${short.measured_height_mm} of ${short.available_height_mm} mm used, ${short.line_count} ${short.line_count === 1 ? 'line' : 'lines'}`
    )
  })

  it('should word the findings in the page’s language, English by default', () => {
    const live = createLiveCheck(design, pathsOf(design))
    const broken = { ...body, to: { ...SAMPLE_TO, zip: '' } }
    const words = (locale?: string) =>
      live
        .update(broken, { ...inputs(), ...(locale ? { messages: createMessages(locale) } : {}) })
        .fields.get('to.zip')?.errors
    expect(words()).toEqual(['The to.zip field is required.'])
    expect(words('de')).toEqual(['Das Feld to.zip ist erforderlich.'])
    expect(words('nl')).toEqual(['Het veld to.zip is verplicht.'])
    expect(words('fr')).toEqual(['Le champ to.zip est obligatoire.'])
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

  it('should show the recipient block as the analysis printed it (formatAddress)', () => {
    const live = createLiveCheck(design, pathsOf(design))
    const to = { ...SAMPLE_TO, zip: '1016gv', city: 'Amsterdam', country: 'Nederland' }
    const result = live.update({ ...body, to }, inputs())
    // The oracle: the core's formatAddress, from the sender's country.
    expect(result.address).toEqual(formatAddress(to, { from: body.from }))
    expect(result.address.slice(-2)).toEqual(['1016 GV  AMSTERDAM', 'NIEDERLANDE'])
    const none = parseDesign({
      ...JSON.parse(designJson),
      sides: { front: { elements: [] }, back: { elements: [] } },
    })
    const bare: FormBody = { flow_id: body.flow_id, from: body.from, to: body.to }
    expect(createLiveCheck(none, []).update(bare, inputs()).address).toEqual([])
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
