import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { validatePostcard } from '../../src/postcard/validate-postcard.ts'
import type { Verdict } from '../../src/verdict/types.ts'
import { berlin, FLOW_ID, makeDesign } from './make-design.ts'

const designs = [
  makeDesign(),
  makeDesign({ markdown: ['greeting', 'body'], qr: ['coupon_url'] }),
  makeDesign({ qr: ['coupon_url'], urlQr: ['Website'] }),
  makeDesign({ urlQr: ['Website'] }),
]

/** A verdict as spec 7.1 shapes it, whatever the body. */
function expectWellFormed(verdict: Verdict): void {
  expect(Array.isArray(verdict.warnings)).toBe(true)
  if (verdict.ok) return
  expect(verdict.status).toBe(422)
  const entries = Object.entries(verdict.body.errors)
  expect(entries.length).toBeGreaterThan(0)
  const messages = entries.flatMap(([, list]) => list)
  for (const message of messages) expect(typeof message).toBe('string')
  const more = messages.length - 1
  expect(verdict.body.message).toBe(
    more === 0
      ? messages[0]
      : `${messages[0]} (and ${more} more ${more === 1 ? 'error' : 'errors'})`
  )
  expect(() => JSON.stringify(verdict)).not.toThrow()
}

const risky = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'greeting',
  'body',
  'coupon_url',
  'website',
  'zip',
  'country',
  '0',
  ''
)

const anything = fc.jsonValue({ maxDepth: 3 })

/** JSON text with any keys, `__proto__` included, parsed as a server would. */
const jsonWithRiskyKeys = fc
  .letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.jsonValue({ maxDepth: 0 }).map((value) => JSON.stringify(value) ?? 'null'),
      fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
      fc
        .array(fc.tuple(fc.oneof(risky, fc.string()), tie('value')), { maxLength: 5 })
        .map(
          (members) =>
            `{${members.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`
        )
    ),
  }))
  .value.map((text) => JSON.parse(text) as unknown)

const address = fc.record(
  {
    company: fc.oneof(fc.string(), fc.constant(null), anything),
    address_line1: fc.oneof(fc.string(), anything),
    zip: fc.oneof(fc.stringMatching(/^\d{4,5}$/), fc.string(), anything),
    city: fc.oneof(fc.string(), anything),
    country: fc.oneof(fc.constantFrom('DE', 'AT', 'CH', 'NL', 'Nederland', 'FR'), anything),
  },
  { requiredKeys: [] }
)

/** Bodies close to valid ones, so every rule runs. */
const nearlyValid = fc.record(
  {
    flow_id: fc.oneof(fc.uuid(), fc.string(), anything),
    from: fc.oneof(address, anything),
    to: fc.oneof(address, anything),
    content: fc.oneof(fc.dictionary(risky, fc.oneof(fc.string(), anything)), anything),
    qr_codes: fc.oneof(fc.dictionary(risky, fc.oneof(fc.webUrl(), anything)), anything),
    extra: anything,
  },
  { requiredKeys: [] }
)

describe('validatePostcard never throws', () => {
  test.each(designs.map((design, index) => ({ design, index })))(
    'should judge any JSON value (design $index)',
    ({ design }) => {
      fc.assert(
        fc.property(fc.jsonValue(), (body) => expectWellFormed(validatePostcard(body, design))),
        { numRuns: 300 }
      )
    }
  )

  test.each(designs.map((design, index) => ({ design, index })))(
    'should judge nearly valid bodies (design $index)',
    ({ design }) => {
      fc.assert(
        fc.property(nearlyValid, (body) => expectWellFormed(validatePostcard(body, design))),
        { numRuns: 300 }
      )
    }
  )

  test('should judge JSON with `__proto__` and other inherited names as keys', () => {
    fc.assert(
      fc.property(jsonWithRiskyKeys, fc.constantFrom(...designs), (body, design) => {
        expectWellFormed(validatePostcard(body, design))
        expectWellFormed(
          validatePostcard(
            { flow_id: FLOW_ID, from: body, to: body, content: body, qr_codes: body },
            design
          )
        )
      }),
      { numRuns: 500 }
    )
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  })

  test('should judge `__proto__` at every level without polluting prototypes', () => {
    const text = `{"__proto__":{"polluted":1},"flow_id":"${FLOW_ID}","from":{"__proto__":{"zip":"x"},"address_line1":"a","zip":"10115","city":"b","country":"DE"},"to":{"__proto__":null},"content":{"__proto__":"x"},"qr_codes":{"__proto__":{"a":1}}}`
    const verdict = validatePostcard(JSON.parse(text), designs[1] ?? makeDesign())
    expectWellFormed(verdict)
    // `{"__proto__": null}` has a member, so it is no empty `to`: its fields are missing.
    expect(verdict.ok ? {} : verdict.body.errors).toEqual({
      'to.address_line1': ['The to.address_line1 field is required.'],
      'to.zip': ['The to.zip field is required.'],
      'to.city': ['The to.city field is required.'],
      'to.country': ['The to.country field is required.'],
      'content.greeting': ['The content.greeting field is required.'],
      'content.body': ['The content.body field is required.'],
      'content.__proto__': ['The content.__proto__ field is prohibited.'],
      'qr_codes.coupon_url': ['The qr_codes.coupon_url field is required.'],
      'qr_codes.__proto__': ['The qr_codes.__proto__ field is prohibited.'],
    })
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  })

  test('should judge deeply nested values', () => {
    let nested: unknown = 'x'
    for (let i = 0; i < 20_000; i++) nested = i % 2 === 0 ? [nested] : { a: nested }
    for (const design of designs) {
      expectWellFormed(validatePostcard(nested, design))
      expectWellFormed(
        validatePostcard(
          {
            flow_id: nested,
            from: nested,
            to: { ...berlin, zip: nested },
            content: { greeting: nested, body: nested },
            qr_codes: nested,
          },
          design
        )
      )
    }
  })

  test('should judge huge strings', () => {
    const huge = '😀'.repeat(2_000_000)
    const verdict = validatePostcard(
      {
        flow_id: huge,
        from: berlin,
        to: { ...berlin, zip: huge },
        content: { greeting: huge, body: huge },
        qr_codes: { coupon_url: huge },
      },
      designs[1] ?? makeDesign()
    )
    expect(verdict.ok ? {} : verdict.body.errors).toEqual({
      flow_id: ['The flow_id field must be a valid UUID.'],
      content: ['The content field must not be greater than 20000 characters in total.'],
      'content.greeting': ['The content.greeting field must not be greater than 8000 characters.'],
      'content.body': ['The content.body field must not be greater than 8000 characters.'],
      'qr_codes.coupon_url': [
        'The qr_codes.coupon_url field must not be greater than 2048 characters.',
      ],
    })
  })
})

const a6Sparse = makeDesign({ markdown: ['greeting'], qr: ['coupon_url'] })

test('should judge sparse arrays (a JavaScript caller; JSON has none) without throwing', () => {
  // eslint-disable-next-line no-sparse-arrays
  const holes = [, 'x']
  expect(() =>
    validatePostcard({ flow_id: 'x', from: {}, to: {}, content: holes, qr_codes: holes }, a6Sparse)
  ).not.toThrow()
})
