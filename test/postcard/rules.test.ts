/**
 * One table per postcard rule, each rule run alone (as the registry runs it, with its own
 * report): `ok` bodies give no finding, `not-ok` bodies give exactly the findings listed, and
 * every finding carries the rule's id. Messages are Laravel's validation lines (spec 7.1: the
 * service is a Laravel application) or the project's grammar, word for word.
 */
import { beforeAll, describe, expect, test } from 'vitest'
import { createTransientStore } from '../../src/analysis/analysis-store.ts'
import { createPostcardContext } from '../../src/analysis/analyze-postcard.ts'
import { readPostcardBody } from '../../src/analysis/read-body.ts'
import type { Design } from '../../src/design/types.ts'
import type { PinnedEmojiVersion } from '../../src/emoji/emoji-version.ts'
import { ALLOWED_MARKDOWN } from '../../src/markdown/allowed-markdown.ts'
import { postcardRules } from '../../src/postcard/rules.ts'
import type { PostcardRule } from '../../src/postcard/types.ts'
import { createFontRegistry } from '../../src/text/font-registry.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import { createCollector } from '../../src/verdict/create-report.ts'
import type { RuleId, UnprocessableMeta } from '../../src/verdict/types.ts'
import { zlibSync } from 'fflate'
import { loadTestFonts } from '../helpers/fonts.ts'
import { berlin, FLOW_ID, makeDesign } from './make-design.ts'

let fonts: FontRegistry

beforeAll(async () => {
  fonts = createFontRegistry(await loadTestFonts())
})

const design = makeDesign({ markdown: ['greeting'], qr: ['coupon_url'], urlQr: ['Website'] })

/** A body every rule accepts. */
const valid = {
  flow_id: FLOW_ID,
  from: berlin,
  to: berlin,
  content: { greeting: 'Hello **Erika**!' },
  qr_codes: { coupon_url: 'https://example.com/c/1' },
}

function rule(id: RuleId): PostcardRule {
  const found = postcardRules.find((candidate) => candidate.id === id)
  if (!found) throw new Error(`no rule ${id}`)
  return found
}

/** Runs one rule alone on a body: its errors as `path: message (code)`, warnings, meta. */
function run(
  id: RuleId,
  body: unknown,
  withFonts = false,
  target: Design = design,
  emojiVersion: PinnedEmojiVersion | undefined = undefined
) {
  const store = createTransientStore({
    fonts: withFonts ? fonts : undefined,
    emojiVersion,
    profile: 'chromium',
  })
  const context = createPostcardContext(readPostcardBody(body).json, target, store)
  const collector = createCollector()
  rule(id).run(context, collector.as(id))
  const findings = collector.findings()
  for (const finding of [...findings.errors, ...findings.warnings]) expect(finding.rule).toBe(id)
  return {
    errors: findings.errors.map((error) => `${error.path}: ${error.message} (${error.code})`),
    codes: findings.errors.map((error) => error.code),
    warnings: findings.warnings.map((warning) => `${warning.path}: ${warning.code}`),
    meta: findings.meta as UnprocessableMeta,
  }
}

describe('the registry', () => {
  test('should list every rule once, in order, each citing its spec section', () => {
    expect(postcardRules.map((item) => item.id)).toEqual([
      'postcard-structure',
      'content-keys',
      'markdown-syntax',
      'text-fit',
      'qr-keys',
      'qr-urls',
      'address-country',
      'address-postal-code',
      'address-required-parts',
      'address-block-fit',
      'address-font-size',
      'unknown-fields',
      'emoji-set',
      'glyph-coverage',
      'image-resolution',
    ])
    for (const item of postcardRules) {
      expect(item.spec).toMatch(/^\d/)
      expect(item.summary).toMatch(/\.$/)
      expect(Object.isFrozen(item)).toBe(true)
    }
    expect(Object.isFrozen(postcardRules)).toBe(true)
  })

  test.each(postcardRules.map((item) => item.id))('should accept the valid body in %s', (id) => {
    expect(run(id, valid, true)).toEqual({ errors: [], codes: [], warnings: [], meta: {} })
  })
})

describe('postcard-structure (spec 2.3, 4.1)', () => {
  test.each([
    [{ ...valid, flow_id: undefined }, ['flow_id: The flow_id field is required. (required)']],
    [{ ...valid, flow_id: '  ' }, ['flow_id: The flow_id field is required. (required)']],
    [{ ...valid, flow_id: 'abc' }, ['flow_id: The flow_id field must be a valid UUID. (uuid)']],
    [{ ...valid, flow_id: 42 }, ['flow_id: The flow_id field must be a string. (string)']],
    [{ ...valid, to: null }, ['to: The to field is required. (required)']],
    [{ ...valid, to: 'Berlin' }, ['to: The to field must be an array. (array)']],
    [
      { ...valid, to: { ...berlin, zip: '', city: 5 } },
      [
        'to.zip: The to.zip field is required. (required)',
        'to.city: The to.city field must be a string. (string)',
      ],
    ],
    // content and qr_codes belong to content-keys and qr-keys
    [{ ...valid, content: 5, qr_codes: [] }, []],
  ])('should judge %j', (body, errors) => {
    expect(run('postcard-structure', body).errors).toEqual(errors)
  })
})

describe('content-keys (spec 2.5 rules 1-3, 8)', () => {
  test.each([
    [{ ...valid, content: undefined }, ['content: The content field is required. (required)']],
    [{ ...valid, content: {} }, ['content: The content field is required. (required)']],
    [{ ...valid, content: 'hi' }, ['content: The content field must be an array. (array)']],
    [
      { ...valid, content: { greeting: 'Hi', ps: 'x' } },
      ['content.ps: The content.ps field is prohibited. (prohibited)'],
    ],
    [
      { ...valid, content: { greeting: ' ' } },
      ['content.greeting: The content.greeting field is required. (required)'],
    ],
    [
      { ...valid, content: { greeting: 7 } },
      ['content.greeting: The content.greeting field must be a string. (string)'],
    ],
    [
      { ...valid, content: { greeting: 'x'.repeat(8001) } },
      [
        'content.greeting: The content.greeting field must not be greater than 8000 characters. (max-length)',
      ],
    ],
    // 8000 code points (16000 UTF-16 units) are within the limit
    [{ ...valid, content: { greeting: '😀'.repeat(8000) } }, []],
  ])('should judge %#', (body, errors) => {
    expect(run('content-keys', body).errors).toEqual(errors)
  })

  test('should count all values together against 20000 and at most 10 properties', () => {
    const many = Object.fromEntries(
      Array.from({ length: 11 }, (_, index) => [`k${index}`, 'x'.repeat(2000)])
    )
    expect(run('content-keys', { ...valid, content: { ...many, greeting: 'Hi' } }).errors).toEqual([
      'content: The content field must not have more than 10 items. (max-items)',
      'content: The content field must not be greater than 20000 characters in total. (max-total-length)',
      ...Object.keys(many).map(
        (key) => `content.${key}: The content.${key} field is prohibited. (prohibited)`
      ),
    ])
  })

  test('should forbid content for a design without Markdown areas (rule 2) and name the keys', () => {
    const plain = makeDesign({ qr: ['coupon_url'] })
    const result = run('content-keys', valid, false, plain)
    expect(result.errors).toEqual(['content: The content field is prohibited. (prohibited)'])
    expect(result.meta).toEqual({ expected_content_keys: [] })
  })
})

describe('markdown-syntax (spec 2.5)', () => {
  const at = (text: string) => ({ ...valid, content: { greeting: text } })
  test.each([
    ['Hello\n\n- a\n- b\n\n1. one', []],
    ['**bold** and *italic*\nnext line', []],
    [
      '# Heading',
      [
        'content.greeting: Unexpected heading at 1:1, expected only paragraphs, line breaks, bold, italic, bullet lists and numbered lists. (markdown)',
      ],
    ],
    [
      'Hi {{first_name}}',
      [
        "content.greeting: Unexpected placeholder `{{first_name}}` at 1:4, expected the final text: placeholders are not filled in, send the recipient's value instead. (markdown)",
      ],
    ],
  ])('should judge %j', (text, errors) => {
    const result = run('markdown-syntax', at(text))
    expect(result.errors).toEqual(errors)
    // spec 7.1: the six features (test/markdown/allowed-markdown.test.ts pins the list).
    expect(result.meta).toEqual(errors.length > 0 ? { allowed_markdown: ALLOWED_MARKDOWN } : {})
  })
})

describe('text-fit (spec 2.5 rule 4)', () => {
  test.each([
    ['Hello **Erika**!', false],
    ['Thank you for growing with us this spring. '.repeat(2), false],
    ['Thank you for growing with us this spring. '.repeat(8), true],
  ])('should judge the fit of %j: overflowing %s', (text, overflows) => {
    const result = run('text-fit', { ...valid, content: { greeting: text } }, true)
    expect(result.errors.length).toBe(overflows ? 1 : 0)
    expect(result.meta.markdown_fit_errors?.map((item) => item.key) ?? []).toEqual(
      overflows ? ['greeting'] : []
    )
    if (overflows) {
      expect(result.errors[0]).toMatch(
        /^content\.greeting: Unexpected text height of [\d.]+ mm in the area `Greeting`, expected at most 18 mm\. Shorten the text by at least \d+ characters \(\d+ lines?\)/
      )
    }
  })

  test('should skip without fonts', () => {
    const text = 'Thank you for growing with us this spring. '.repeat(8)
    expect(run('text-fit', { ...valid, content: { greeting: text } }).errors).toEqual([])
  })
})

describe('qr-keys (spec 2.6 rules 1-3, 5, 8)', () => {
  test.each([
    [{ ...valid, qr_codes: undefined }, ['qr_codes: The qr_codes field is required. (required)']],
    [
      { ...valid, qr_codes: { coupon_url: '' } },
      ['qr_codes.coupon_url: The qr_codes.coupon_url field is required. (required)'],
    ],
    [
      { ...valid, qr_codes: { coupon_url: `https://e.com/${'x'.repeat(2048)}` } },
      [
        'qr_codes.coupon_url: The qr_codes.coupon_url field must not be greater than 2048 characters. (max-length)',
      ],
    ],
    [
      { ...valid, qr_codes: { coupon_url: 'https://e.com', website: 'https://e.com' } },
      [
        'qr_codes.website: The qr_codes.website field is prohibited: `Website` is a QR code of the URL kind, its target is stored in the design. (url-kind-qr)',
      ],
    ],
    [
      { ...valid, qr_codes: { coupon_url: 'https://e.com', shop: 'https://e.com' } },
      ['qr_codes.shop: The qr_codes.shop field is prohibited. (prohibited)'],
    ],
  ])('should judge %#', (body, errors) => {
    expect(run('qr-keys', body).errors).toEqual(errors)
  })
})

describe('qr-urls (spec 2.6 rule 4)', () => {
  const at = (url: string) => ({ ...valid, qr_codes: { coupon_url: url } })
  test.each([
    ['https://example.com/c/1', []],
    ['http://example.com', []],
    ['SUMMER24', ['url']],
    ['ftp://example.com/file', ['url']],
    [`https://example.com/${'x'.repeat(1500)}`, ['qr-fit']],
  ])('should judge %j', (url, codes) => {
    const result = run('qr-urls', at(url))
    expect(result.codes).toEqual(codes)
    expect(result.meta.qr_fit_errors?.map((item) => item.key) ?? []).toEqual(
      codes.includes('qr-fit') ? ['coupon_url'] : []
    )
  })
})

describe('address-country (spec 1, 2.3)', () => {
  const to = (country: string) => ({ ...valid, to: { ...berlin, country } })
  test.each([
    [to('DE'), []],
    [to('Österreich'), []],
    [to('Pays-Bas'), []],
    [to('FR'), ['to.country: country-on-request']],
    [to('Royaume-Uni'), ['to.country: country-on-request']],
    [to('Japan'), ['to.country: country-not-served']],
    [to('Germoney'), ['to.country: country-unrecognized']],
    [
      { ...valid, from: { ...berlin, country: 'Atlantis' } },
      ['from.country: country-unrecognized'],
    ],
    // The sender may post from anywhere; a missing country is the structure rule's
    [{ ...valid, from: { ...berlin, country: 'US' } }, []],
    [to(''), []],
  ])('should judge %#', (body, warnings) => {
    expect(run('address-country', body).warnings).toEqual(warnings)
  })
})

describe('address-postal-code (spec 2.3)', () => {
  const to = (country: string, zip: string, city = 'Berlin') => ({
    ...valid,
    to: { ...berlin, country, zip, city },
  })
  test.each([
    [to('DE', '10115'), []],
    [to('Österreich', '1010'), []],
    [to('NL', '1012ab'), []],
    [to('DE', '1011'), ['to.zip: zip-format']],
    [to('CH', 'CH-8001'), ['to.zip: zip-format']],
    [to('DE', '00123'), ['to.zip: zip-range']],
    [to('US', '90210', 'New York NY'), ['to.zip: zip-state-mismatch']],
    [{ ...valid, from: { ...berlin, zip: '8033' } }, ['from.zip: zip-format']],
    // An unrecognised country is the country rule's
    [to('Atlantis', '1'), []],
  ])('should judge %#', (body, warnings) => {
    expect(run('address-postal-code', body).warnings).toEqual(warnings)
  })
})

describe('address-required-parts (spec 2.3)', () => {
  const to = (country: string, zip: string, city: string) => ({
    ...valid,
    to: { ...berlin, country, zip, city },
  })
  test.each([
    [to('US', '10001', 'New York NY'), []],
    [to('US', '10001', 'New York'), ['to.city: address-part-missing']],
    [to('IT', '56122', 'Pisa'), ['to.city: address-part-missing']],
    [to('IT', '56122', 'Pisa PI'), []],
    [
      { ...valid, from: { ...berlin, country: 'US', zip: '10001', city: 'Albany' } },
      ['from.city: address-part-missing'],
    ],
  ])('should judge %#', (body, warnings) => {
    expect(run('address-required-parts', body).warnings).toEqual(warnings)
  })
})

describe('address-block-fit (spec 2.3), in the address area of the greeting card', () => {
  const withAddress = makeDesign({
    markdown: ['greeting'],
    qr: ['coupon_url'],
    urlQr: ['Website'],
    address: {},
  })
  const to = (fields: Record<string, unknown>) => ({ ...valid, to: { ...berlin, ...fields } })
  const long = 'Bahnhofstrasse 4a, Hinterhaus, 3. Stock links'
  test.each([
    [to({}), true, []],
    [to({ address_line1: long }), true, ['to: address-line-too-wide']],
    // Line boxes need no fonts; widths do
    [to({ address_line1: long }), false, []],
    [
      to({
        company: 'Bloom & Co.',
        address_line2: 'Hinterhaus',
        country: 'AT',
        zip: '1010',
        city: 'Wien',
        first_name: 'A'.repeat(10),
      }),
      true,
      [],
    ],
  ])('should judge %#', (body, withFonts, warnings) => {
    expect(run('address-block-fit', body, withFonts, withAddress).warnings).toEqual(warnings)
  })

  test('should count the lines the area holds, with or without fonts', () => {
    const short = makeDesign({ address: { height_mm: 16 } })
    const body = { ...valid, content: undefined, qr_codes: undefined }
    for (const withFonts of [true, false]) {
      expect(run('address-block-fit', body, withFonts, short).warnings).toEqual([
        'to: address-lines-overflow',
      ])
    }
  })
})

describe('address-font-size (spec 2.3)', () => {
  test.each([
    [{}, true, []],
    [{ font_size_pt: 8 }, true, ['sides.back.elements[3].font_size_pt: address-font-small']],
    // The cap height is the font's: nothing to judge without fonts
    [{ font_size_pt: 8 }, false, []],
  ])('should judge the element %j', (address, withFonts, warnings) => {
    const target = makeDesign({
      markdown: ['greeting'],
      qr: ['coupon_url'],
      urlQr: ['Website'],
      address,
    })
    expect(run('address-font-size', valid, withFonts, target).warnings).toEqual(warnings)
  })
})

describe('unknown-fields (spec 2.3)', () => {
  test.each([
    [{ ...valid, flowId: FLOW_ID }, ['flowId: unknown-field']],
    [{ ...valid, to: { ...berlin, postcode: '1' } }, ['to.postcode: unknown-field']],
    [{ ...valid, content: { greeting: 'Hi', extra: 'x' } }, []],
  ])('should judge %#', (body, warnings) => {
    expect(run('unknown-fields', body).warnings).toEqual(warnings)
  })
})

describe('emoji-set (spec 2.3), pinned to Emoji 15.1', () => {
  // 🫩 (U+1FAE9, face with bags under the eyes) is Emoji 16.0; 🌷 is Emoji 1.0.
  test.each([
    [{ ...valid, content: { greeting: 'Hi 🌷' } }, []],
    [{ ...valid, content: { greeting: 'Hi 🫩🫩' } }, ['content.greeting: emoji-not-in-set']],
    [{ ...valid, to: { ...berlin, first_name: 'Jana 🫩' } }, ['to.first_name: emoji-not-in-set']],
  ])('should judge %#', (body, warnings) => {
    expect(run('emoji-set', body, false, design, '15.1').warnings).toEqual(warnings)
    expect(run('emoji-set', body).warnings).toEqual([])
  })
})

describe('glyph-coverage (spec 2.3)', () => {
  test.each([
    [{ ...valid, content: { greeting: 'Grüße, Zoë ✓' } }, []],
    [{ ...valid, content: { greeting: 'Aleph ℵ' } }, ['content.greeting: missing-glyph']],
  ])('should judge %#', (body, warnings) => {
    expect(run('glyph-coverage', body, true).warnings).toEqual(warnings)
    expect(run('glyph-coverage', body, false).warnings).toEqual([])
  })
})

describe('image-resolution (print practice: at least 300 dpi at the printed size)', () => {
  /** A PNG of `width` × `height` white pixels, as a `data:` URI (signature, IHDR, IDAT, IEND). */
  function png(width: number, height: number): string {
    const chunk = (type: string, data: Uint8Array): number[] => {
      const body = [...type].map((c) => c.charCodeAt(0)).concat([...data])
      return [...u32(data.length), ...body, ...u32(crc32(body))]
    }
    const header = new Uint8Array([...u32(width), ...u32(height), 8, 0, 0, 0, 0])
    // One filter byte of 0 and `width` white samples per row.
    const rows = new Uint8Array((width + 1) * height).map((_, i) => (i % (width + 1) ? 255 : 0))
    const bytes = [
      ...[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
      ...chunk('IHDR', header),
      ...chunk('IDAT', zlibSync(rows)),
      ...chunk('IEND', new Uint8Array()),
    ]
    return `data:image/png;base64,${btoa(String.fromCharCode(...bytes))}`
  }
  const u32 = (n: number): number[] => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]
  function crc32(bytes: readonly number[]): number {
    let crc = ~0
    for (const byte of bytes) {
      crc ^= byte
      for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1))
    }
    return ~crc >>> 0
  }
  const svg = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>')}`
  function withImages(images: readonly [string, number, number][]): Design {
    const base = makeDesign({ markdown: ['greeting'] })
    const elements = images.map(([href, width_mm, height_mm], index) => ({
      type: 'image' as const,
      href,
      x_mm: 2 + index,
      y_mm: 2,
      width_mm,
      height_mm,
    }))
    return { ...base, sides: { ...base.sides, front: { ...base.sides.front, elements } } }
  }
  function warnings(images: readonly [string, number, number][]) {
    const store = createTransientStore({
      fonts: undefined,
      emojiVersion: undefined,
      profile: 'chromium',
    })
    const context = createPostcardContext(readPostcardBody(valid).json, withImages(images), store)
    const collector = createCollector()
    rule('image-resolution').run(context, collector.as('image-resolution'))
    return collector.findings().warnings
  }

  test.each([
    // 25.4 mm at 300 dpi is 300 pixels
    ['exactly 300 dpi', [[png(300, 300), 25.4, 25.4]], []],
    ['600 dpi', [[png(600, 300), 25.4, 12.7]], []],
    ['a vector image at any size', [[svg, 140, 100]], []],
    ['299.72 dpi, shown as 299', [[png(59, 59), 5, 5]], ['sides.front.elements[0].href: 299 dpi']],
    [
      'the lower of both axes',
      [[png(600, 150), 25.4, 25.4]],
      ['sides.front.elements[0].href: 150 dpi'],
    ],
    [
      'every coarse image, in design order',
      [
        [png(100, 100), 25.4, 25.4],
        [svg, 10, 10],
        [png(1200, 1200), 25.4, 25.4],
        [png(50, 40), 10, 8],
      ],
      ['sides.front.elements[0].href: 100 dpi', 'sides.front.elements[3].href: 127 dpi'],
    ],
  ] as const)('should judge %s', (_name, images, expected) => {
    const found = warnings(images as unknown as [string, number, number][])
    expect(found.map((warning) => `${warning.path}: ${String(warning.data?.['dpi'])} dpi`)).toEqual(
      expected
    )
    for (const warning of found) {
      expect(warning.code).toBe('image-resolution')
      expect(warning.rule).toBe('image-resolution')
    }
  })

  test('should say the dpi, the printed size and the pixels needed, word for word', () => {
    expect(warnings([[png(200, 100), 50, 30]])).toEqual([
      {
        code: 'image-resolution',
        rule: 'image-resolution',
        path: 'sides.front.elements[0].href',
        message:
          'Unexpected image resolution of `84 dpi` at its printed size (50 × 30 mm), expected at least `300 dpi`, use an image of at least 591 × 355 pixels',
        data: {
          dpi: 84,
          minimum_dpi: 300,
          pixels: { width: 200, height: 100 },
          minimum_pixels: { width: 591, height: 355 },
        },
      },
    ])
  })
})
