import { describe, expect, test } from 'vitest'
import { validatePostcard } from '../../src/postcard/validate-postcard.ts'
import type { Verdict } from '../../src/verdict/types.ts'
import { berlin, FLOW_ID, makeDesign } from './make-design.ts'

const none = makeDesign()
const a6 = makeDesign({ markdown: ['greeting', 'body'], qr: ['coupon_url'] })
// Version 38 at M holds 2,099 bytes and needs (4·38 + 17 + 8) modules of 0.4 mm: 70.8 mm.
const a6LargeQr = makeDesign({ markdown: ['greeting', 'body'], qr: ['coupon_url'], qrSizeMm: 71 })
const contentOnly = makeDesign({ markdown: ['greeting', 'body'] })
const qrOnly = makeDesign({ qr: ['coupon_url'], urlQr: ['Website'] })
const urlOnly = makeDesign({ urlQr: ['Website', 'Shop'] })
const threeAreas = makeDesign({ markdown: ['greeting', 'body', 'ps'] })
const elevenAreas = makeDesign({ markdown: Array.from({ length: 11 }, (_, i) => `area_${i}`) })

const base = { flow_id: FLOW_ID, from: berlin, to: berlin }
const a6Body = {
  ...base,
  content: { greeting: 'Hello **Erika**', body: 'Spring is here.' },
  qr_codes: { coupon_url: 'https://example.com/c/123' },
}

/** The errors of a verdict (`{}` when ok). */
function errorsOf(verdict: Verdict): Readonly<Record<string, readonly string[]>> {
  return verdict.ok ? {} : verdict.body.errors
}

function metaOf(verdict: Verdict) {
  return verdict.ok ? undefined : verdict.body.meta
}

describe('validatePostcard: accepted bodies', () => {
  test.each([
    { name: 'a plain design without content', design: none, body: base },
    { name: 'a design with content and QR codes', design: a6, body: a6Body },
    {
      name: 'a plain design with `content: null` and `qr_codes: {}` (omitted for Laravel)',
      design: none,
      body: { ...base, content: null, qr_codes: {} },
    },
    {
      name: 'optional address fields as null or absent',
      design: none,
      body: {
        flow_id: FLOW_ID,
        from: { address_line1: 'a', zip: '10115', city: 'b', country: 'DE' },
        to: { ...berlin, company: 'ACME GmbH', address_line2: '3. OG' },
      },
    },
    {
      name: 'a value of exactly 8000 characters and a URL of exactly 2048',
      design: a6LargeQr,
      body: {
        ...a6Body,
        content: { greeting: 'x'.repeat(8000), body: 'y' },
        qr_codes: { coupon_url: `https://example.com/${'c'.repeat(2028)}` },
      },
    },
    {
      name: '8000 emoji: 16000 UTF-16 units but 8000 characters (code points)',
      design: a6,
      body: { ...a6Body, content: { greeting: '😀'.repeat(8000), body: 'y' } },
    },
    {
      name: 'an upper-case UUID',
      design: none,
      body: { ...base, flow_id: FLOW_ID.toUpperCase() },
    },
  ])('should accept $name', ({ design, body }) => {
    expect(validatePostcard(body, design)).toEqual({ ok: true, warnings: [] })
  })
})

describe('validatePostcard: spec 2.3 fields', () => {
  test.each([
    {
      name: 'a missing flow_id',
      body: { from: berlin, to: berlin },
      errors: { flow_id: ['The flow_id field is required.'] },
    },
    {
      name: 'a null flow_id',
      body: { ...base, flow_id: null },
      errors: { flow_id: ['The flow_id field is required.'] },
    },
    {
      name: 'a blank flow_id',
      body: { ...base, flow_id: '  ' },
      errors: { flow_id: ['The flow_id field is required.'] },
    },
    {
      name: 'a flow_id that is no UUID',
      body: { ...base, flow_id: 'flow-123' },
      errors: { flow_id: ['The flow_id field must be a valid UUID.'] },
    },
    {
      name: 'a numeric flow_id',
      body: { ...base, flow_id: 123 },
      errors: { flow_id: ['The flow_id field must be a string.'] },
    },
    {
      name: 'missing from and to',
      body: { flow_id: FLOW_ID },
      errors: { from: ['The from field is required.'], to: ['The to field is required.'] },
    },
    {
      name: 'a to that is a string',
      body: { ...base, to: 'Berlin' },
      errors: { to: ['The to field must be an array.'] },
    },
    {
      name: 'missing and mistyped address fields',
      body: {
        ...base,
        from: { ...berlin, address_line1: undefined, company: 7 },
        to: { ...berlin, zip: 10115, city: null, country: '' },
      },
      errors: {
        'from.company': ['The from.company field must be a string.'],
        'from.address_line1': ['The from.address_line1 field is required.'],
        'to.zip': ['The to.zip field must be a string.'],
        'to.city': ['The to.city field is required.'],
        'to.country': ['The to.country field is required.'],
      },
    },
    {
      name: 'every optional address field of a wrong type',
      body: {
        ...base,
        to: { ...berlin, company: [], first_name: {}, last_name: false, address_line2: 0 },
      },
      errors: {
        'to.company': ['The to.company field must be a string.'],
        'to.first_name': ['The to.first_name field must be a string.'],
        'to.last_name': ['The to.last_name field must be a string.'],
        'to.address_line2': ['The to.address_line2 field must be a string.'],
      },
    },
  ])('should reject $name', ({ body, errors }) => {
    expect(errorsOf(validatePostcard(body, none))).toEqual(errors)
  })

  test.each([
    { body: null },
    { body: 'text' },
    { body: 42 },
    { body: true },
    { body: [] },
    { body: [1, 2] },
  ])('should reject the body $body with the three required fields', ({ body }) => {
    const verdict = validatePostcard(body, none)
    expect(verdict).toEqual({
      ok: false,
      status: 422,
      body: {
        message: 'The flow_id field is required. (and 2 more errors)',
        errors: {
          flow_id: ['The flow_id field is required.'],
          from: ['The from field is required.'],
          to: ['The to field is required.'],
        },
      },
      warnings: [],
    })
  })
})

describe('validatePostcard: spec 2.5 content', () => {
  const expected = { expected_content_keys: ['greeting', 'body'] }
  test.each([
    {
      name: 'content missing (rule 1)',
      content: undefined,
      errors: { content: ['The content field is required.'] },
      meta: expected,
    },
    {
      name: 'content null',
      content: null,
      errors: { content: ['The content field is required.'] },
      meta: expected,
    },
    {
      name: 'content empty',
      content: {},
      errors: { content: ['The content field is required.'] },
      meta: expected,
    },
    {
      name: 'content a string',
      content: 'Hello',
      errors: { content: ['The content field must be an array.'] },
      meta: expected,
    },
    {
      name: 'a missing key (rule 1)',
      content: { greeting: 'Hi' },
      errors: { 'content.body': ['The content.body field is required.'] },
      meta: expected,
    },
    {
      name: 'an empty value',
      content: { greeting: 'Hi', body: '' },
      errors: { 'content.body': ['The content.body field is required.'] },
      meta: expected,
    },
    {
      name: 'a blank value',
      content: { greeting: 'Hi', body: ' \n\n ' },
      errors: { 'content.body': ['The content.body field is required.'] },
      meta: expected,
    },
    {
      name: 'a null value',
      content: { greeting: 'Hi', body: null },
      errors: { 'content.body': ['The content.body field is required.'] },
      meta: expected,
    },
    {
      name: 'a value that is no string',
      content: { greeting: 'Hi', body: ['Spring'] },
      errors: { 'content.body': ['The content.body field must be a string.'] },
      meta: undefined,
    },
    {
      name: 'an unknown key (rule 3)',
      content: { greeting: 'Hi', body: 'x', hello: 'y' },
      errors: { 'content.hello': ['The content.hello field is prohibited.'] },
      meta: expected,
    },
    {
      name: 'a key that breaks the key pattern',
      content: { greeting: 'Hi', body: 'x', Greeting: 'y', __proto__x: 'z' },
      errors: {
        'content.Greeting': ['The content.Greeting field is prohibited.'],
        'content.__proto__x': ['The content.__proto__x field is prohibited.'],
      },
      meta: expected,
    },
    {
      name: 'a value over 8000 characters',
      content: { greeting: 'x'.repeat(8001), body: 'y' },
      errors: {
        'content.greeting': [
          'The content.greeting field must not be greater than 8000 characters.',
        ],
      },
      meta: undefined,
    },
    {
      name: '8001 emoji',
      content: { greeting: '👋'.repeat(8001), body: 'y' },
      errors: {
        'content.greeting': [
          'The content.greeting field must not be greater than 8000 characters.',
        ],
      },
      meta: undefined,
    },
    {
      name: 'a list (PHP reads it as keys 0, 1)',
      content: ['Hi', 'there'],
      errors: {
        'content.greeting': ['The content.greeting field is required.'],
        'content.body': ['The content.body field is required.'],
        'content.0': ['The content.0 field is prohibited.'],
        'content.1': ['The content.1 field is prohibited.'],
      },
      meta: expected,
    },
  ])('should reject $name', ({ content, errors, meta }) => {
    const verdict = validatePostcard({ ...base, content }, contentOnly)
    expect(errorsOf(verdict)).toEqual(errors)
    expect(metaOf(verdict)).toEqual(meta)
  })

  test('should reject a `__proto__` key as unknown without touching prototypes', () => {
    const body = JSON.parse(
      `{"flow_id":"${FLOW_ID}","from":${JSON.stringify(berlin)},"to":${JSON.stringify(berlin)},"content":{"greeting":"a","body":"b","__proto__":{"x":1}}}`
    ) as unknown
    const verdict = validatePostcard(body, contentOnly)
    expect(Object.keys(errorsOf(verdict))).toEqual(['content.__proto__'])
    expect(errorsOf(verdict)['content.__proto__']).toEqual([
      'The content.__proto__ field is prohibited.',
    ])
    expect(metaOf(verdict)).toEqual(expected)
    expect(({} as Record<string, unknown>)['x']).toBeUndefined()
  })

  test('should reject more than 10 properties (spec 8)', () => {
    const content = Object.fromEntries(elevenAreas.markdownAreas.map((area) => [area.key, 'x']))
    const verdict = validatePostcard({ ...base, content }, elevenAreas)
    expect(errorsOf(verdict)).toEqual({
      content: ['The content field must not have more than 10 items.'],
    })
    expect(metaOf(verdict)).toBeUndefined()
  })

  test('should count 10 properties as the limit', () => {
    const ten = makeDesign({ markdown: Array.from({ length: 10 }, (_, i) => `area_${i}`) })
    const content = Object.fromEntries(ten.markdownAreas.map((area) => [area.key, 'x']))
    expect(validatePostcard({ ...base, content }, ten).ok).toBe(true)
  })

  test.each([
    { lengths: [8000, 8000, 4000], ok: true },
    { lengths: [8000, 8000, 4001], ok: false },
    { lengths: [7000, 7000, 7000], ok: false },
  ])('should limit all values together to 20000 characters: $lengths', ({ lengths, ok }) => {
    const [greeting, body, ps] = lengths.map((length) => '€'.repeat(length))
    const verdict = validatePostcard({ ...base, content: { greeting, body, ps } }, threeAreas)
    expect(errorsOf(verdict)).toEqual(
      ok
        ? {}
        : { content: ['The content field must not be greater than 20000 characters in total.'] }
    )
  })

  test('should count unknown keys in the total too', () => {
    const verdict = validatePostcard(
      {
        ...base,
        content: { greeting: 'x'.repeat(8000), body: 'x'.repeat(8000), extra: 'x'.repeat(4001) },
      },
      contentOnly
    )
    expect(errorsOf(verdict)).toEqual({
      content: ['The content field must not be greater than 20000 characters in total.'],
      'content.extra': ['The content.extra field is prohibited.'],
    })
  })

  test.each([
    { name: 'an object', content: { greeting: 'Hi' } },
    { name: 'a string', content: 'Hi' },
    { name: 'a list', content: ['Hi'] },
  ])(
    'should reject content as $name when the design has no Markdown area (rule 2)',
    ({ content }) => {
      const verdict = validatePostcard({ ...base, content }, none)
      expect(verdict).toEqual({
        ok: false,
        status: 422,
        body: {
          message: 'The content field is prohibited.',
          errors: { content: ['The content field is prohibited.'] },
          meta: { expected_content_keys: [] },
        },
        warnings: [],
      })
    }
  )
})

describe('validatePostcard: spec 2.6 qr_codes', () => {
  const expected = { expected_qr_keys: ['coupon_url'] }
  test.each([
    {
      name: 'qr_codes missing (rule 1)',
      qr: undefined,
      errors: { qr_codes: ['The qr_codes field is required.'] },
      meta: expected,
    },
    {
      name: 'qr_codes empty',
      qr: {},
      errors: { qr_codes: ['The qr_codes field is required.'] },
      meta: expected,
    },
    {
      name: 'qr_codes a string',
      qr: 'https://example.com',
      errors: { qr_codes: ['The qr_codes field must be an array.'] },
      meta: expected,
    },
    {
      name: 'a missing key (rule 3)',
      qr: { coupon: 'https://example.com' },
      errors: {
        'qr_codes.coupon_url': ['The qr_codes.coupon_url field is required.'],
        'qr_codes.coupon': ['The qr_codes.coupon field is prohibited.'],
      },
      meta: expected,
    },
    {
      name: 'an empty value (rule 3)',
      qr: { coupon_url: '' },
      errors: { 'qr_codes.coupon_url': ['The qr_codes.coupon_url field is required.'] },
      meta: expected,
    },
    {
      name: 'a value that is no string',
      qr: { coupon_url: 42 },
      errors: { 'qr_codes.coupon_url': ['The qr_codes.coupon_url field must be a string.'] },
      meta: undefined,
    },
    {
      name: 'a value over 2048 characters',
      qr: { coupon_url: `https://example.com/${'c'.repeat(2029)}` },
      errors: {
        'qr_codes.coupon_url': [
          'The qr_codes.coupon_url field must not be greater than 2048 characters.',
        ],
      },
      meta: undefined,
    },
    {
      name: 'an unknown key (rule 3)',
      qr: { coupon_url: 'https://example.com', extra: 'https://example.org' },
      errors: { 'qr_codes.extra': ['The qr_codes.extra field is prohibited.'] },
      meta: expected,
    },
    {
      name: 'the key of a URL-kind QR code (rule 5)',
      qr: { coupon_url: 'https://example.com', website: 'https://example.org' },
      errors: {
        'qr_codes.website': [
          'The qr_codes.website field is prohibited: `Website` is a QR code of the URL kind, its target is stored in the design.',
        ],
      },
      meta: expected,
    },
  ])('should reject $name', ({ qr, errors, meta }) => {
    const verdict = validatePostcard({ ...base, qr_codes: qr }, qrOnly)
    expect(errorsOf(verdict)).toEqual(errors)
    expect(metaOf(verdict)).toEqual(meta)
  })

  test('should reject qr_codes when the design has none (rule 2)', () => {
    expect(validatePostcard({ ...base, qr_codes: { coupon_url: 'https://x.de' } }, none)).toEqual({
      ok: false,
      status: 422,
      body: {
        message: 'The qr_codes field is prohibited.',
        errors: { qr_codes: ['The qr_codes field is prohibited.'] },
        meta: { expected_qr_keys: [] },
      },
      warnings: [],
    })
  })

  test('should name the URL-kind QR codes when the design has only those (rules 2, 5)', () => {
    const verdict = validatePostcard({ ...base, qr_codes: { website: 'https://x.de' } }, urlOnly)
    expect(errorsOf(verdict)).toEqual({
      qr_codes: [
        "The qr_codes field is prohibited: the design's QR codes (`Website` or `Shop`) are of the URL kind, their targets are stored in the design.",
      ],
    })
    expect(metaOf(verdict)).toEqual({ expected_qr_keys: [] })
  })

  test.each([
    ['Website QR', 'website_qr'],
    ['Café-Link', 'cafe_link'],
    ['  Shop  (2026) ', 'shop_2026'],
  ])('should recognise the label %j as the key %j', (label, key) => {
    const design = makeDesign({ qr: ['coupon_url'], urlQr: [label] })
    const verdict = validatePostcard(
      { ...base, qr_codes: { coupon_url: 'https://a.de', [key]: 'https://b.de' } },
      design
    )
    expect(errorsOf(verdict)).toEqual({
      [`qr_codes.${key}`]: [
        `The qr_codes.${key} field is prohibited: \`${label}\` is a QR code of the URL kind, its target is stored in the design.`,
      ],
    })
  })
})

describe('validatePostcard: the whole 422 body', () => {
  test('should report every error at once, in the order of the spec, with both key lists', () => {
    const verdict = validatePostcard(
      {
        qr_codes: { website: 'https://example.org', coupon_url: '' },
        content: { hello: 'Hi', body: 5 },
        to: { ...berlin, zip: null },
        from: 'Berlin',
        flow_id: 'nope',
      },
      a6
    )
    expect(verdict).toEqual({
      ok: false,
      status: 422,
      body: {
        message: 'The flow_id field must be a valid UUID. (and 7 more errors)',
        errors: {
          flow_id: ['The flow_id field must be a valid UUID.'],
          from: ['The from field must be an array.'],
          'to.zip': ['The to.zip field is required.'],
          'content.greeting': ['The content.greeting field is required.'],
          'content.body': ['The content.body field must be a string.'],
          'content.hello': ['The content.hello field is prohibited.'],
          'qr_codes.coupon_url': ['The qr_codes.coupon_url field is required.'],
          'qr_codes.website': ['The qr_codes.website field is prohibited.'],
        },
        meta: { expected_content_keys: ['greeting', 'body'], expected_qr_keys: ['coupon_url'] },
      },
      warnings: [],
    })
  })
})

describe('validatePostcard: misuse', () => {
  test.each([undefined, null, {}, { markdownAreas: [] }, JSON.parse('{"sides":{}}')])(
    'should throw a TypeError for the design %j',
    (design) => {
      expect(() => validatePostcard(a6Body, design)).toThrowError(
        new TypeError(
          'Unexpected `design` without `markdownAreas`, `keyedQrCodes` and `urlQrCodes`, expected a design returned by `parseDesign`'
        )
      )
    }
  )
})

describe('validatePostcard: QR URLs (spec 2.6 rule 4, 7.1)', () => {
  test('should reject a bare code with an example URL', () => {
    const verdict = validatePostcard({ ...a6Body, qr_codes: { coupon_url: 'SUMMER24' } }, a6)
    expect(verdict.ok).toBe(false)
    expect(errorsOf(verdict)).toEqual({
      'qr_codes.coupon_url': [
        'Unexpected `SUMMER24`, expected a complete http(s) URL such as `https://example.com/coupon?code=SUMMER24`.',
      ],
    })
    expect(metaOf(verdict)).toBeUndefined()
  })

  test('should reject a URL too large for its area with a qr_fit_errors item', () => {
    const url = `https://example.com/${'c'.repeat(500)}`
    const verdict = validatePostcard({ ...a6Body, qr_codes: { coupon_url: url } }, a6)
    expect(verdict.ok).toBe(false)
    const meta = metaOf(verdict)
    expect(meta?.qr_fit_errors).toEqual([
      {
        key: 'coupon_url',
        label: 'coupon_url',
        resolved_url_length: 520,
        // 30 mm / 0.4 mm = 75 modules: version 12 (287 bytes at M); 520 bytes need version 18,
        // (4·18 + 17 + 2·4) · 0.4 mm = 38.8 mm.
        suggested_action:
          'Shorten the URL to at most 287 characters (it has 520) or enlarge the QR area to 39 mm.',
      },
    ])
    expect(Object.keys(errorsOf(verdict))).toEqual(['qr_codes.coupon_url'])
  })
})

describe('validatePostcard: Markdown syntax (spec 2.5, 7.1)', () => {
  test('should reject unsupported constructs with line:column and allowed_markdown', () => {
    const verdict = validatePostcard(
      {
        ...a6Body,
        content: {
          greeting: 'Hi {{first_name}}',
          body: 'Spring!\n\n# Offer\n\n[shop](https://x.y)',
        },
      },
      a6
    )
    expect(verdict.ok).toBe(false)
    if (verdict.ok) return
    expect(verdict.body).toEqual({
      message:
        "Unexpected placeholder `{{first_name}}` at 1:4, expected the final text: placeholders are not filled in, send the recipient's value instead. (and 2 more errors)",
      errors: {
        'content.greeting': [
          "Unexpected placeholder `{{first_name}}` at 1:4, expected the final text: placeholders are not filled in, send the recipient's value instead.",
        ],
        'content.body': [
          'Unexpected heading at 3:1, expected only paragraphs, line breaks, bold, italic, bullet lists and numbered lists.',
          'Unexpected link at 5:1, expected only paragraphs, line breaks, bold, italic, bullet lists and numbered lists.',
        ],
      },
      meta: {
        allowed_markdown: [
          'paragraphs',
          'line_breaks',
          'bold',
          'italic',
          'bullet_lists',
          'numbered_lists',
        ],
      },
    })
  })

  test('should accept the six supported features', () => {
    const text = 'Hello **Erika**,\nthank *you*.\n\n- one\n- two\n\n1. first\n2. second'
    expect(validatePostcard({ ...a6Body, content: { greeting: text, body: 'b' } }, a6).ok).toBe(
      true
    )
  })
})
