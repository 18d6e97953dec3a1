import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { validateCampaign } from '../../src/campaign/validate-campaign.ts'
import { CampaignOptionsError } from '../../src/campaign/campaign-options-error.ts'
import {
  DEFAULT_CAMPAIGN_REQUIRED,
  DEFAULT_MARKETING_SOURCE,
  ONLINE_SHOP_SOURCES,
} from '../../src/campaign/campaign-defaults.ts'
import type { Verdict } from '../../src/verdict/types.ts'

const campaign = {
  name: 'Spring 2026',
  description: null,
  metadata: ['crm-4711'],
  processingType: 'automatic',
  addressVerification: true,
  segment: { source: 'csv', id: 'b2c9a3f4-1d2e-4f5a-8b6c-7d8e9f0a1b2c' },
  design: { postcardDesignId: 'dc1cad55-9ea0-4da4-a1ef-91225258fbcd' },
  delivery: { deliveryPeriodEndAt: '2026-05-31' },
  billing: { paymentMethod: 'rechnung', invoiceEmail: 'billing@bloom.example' },
}

const errorsOf = (verdict: Verdict) => (verdict.ok ? {} : verdict.body.errors)
const withField = (path: string, value: unknown) => {
  const body = structuredClone(campaign) as Record<string, unknown>
  const [head, tail] = path.split('.') as [string, string | undefined]
  if (tail === undefined) body[head] = value
  else (body[head] as Record<string, unknown>)[tail] = value
  return body
}

describe('validateCampaign: accepted bodies', () => {
  test.each([
    { name: 'a complete campaign', body: campaign },
    {
      name: 'only the required fields',
      body: {
        name: 'x',
        processingType: 'one_off',
        segment: campaign.segment,
        design: campaign.design,
        delivery: { deliveryPeriodEndAt: '2028-02-29' },
        billing: { paymentMethod: 'rechnung', invoiceEmail: 'a@b.de' },
      },
    },
    { name: 'the marketing source', body: withField('segment.source', 'hubspot') },
    { name: 'null metadata and description', body: { ...campaign, metadata: null } },
    { name: 'unknown further fields (spec 2.1 gaps)', body: { ...campaign, utm: { a: 1 } } },
  ])('should accept $name', ({ body }) => {
    expect(validateCampaign(body)).toEqual({ ok: true, warnings: [] })
  })
})

describe('validateCampaign: spec 2.1 rules', () => {
  test.each([
    ['name', undefined, 'The name field is required.'],
    ['name', '  ', 'The name field is required.'],
    ['name', 5, 'The name field must be a string.'],
    ['description', 5, 'The description field must be a string.'],
    ['metadata', 'crm', 'The metadata field must be an array.'],
    ['metadata', { a: 'b' }, 'The metadata field must be an array.'],
    ['processingType', undefined, 'The processingType field is required.'],
    ['processingType', 'weekly', 'The selected processingType is invalid.'],
    ['processingType', 'Automatic', 'The selected processingType is invalid.'],
    ['processingType', 1, 'The processingType field must be a string.'],
    ['addressVerification', 'true', 'The addressVerification field must be true or false.'],
    ['addressVerification', null, 'The addressVerification field must be true or false.'],
    ['segment', undefined, 'The segment field is required.'],
    ['segment', {}, 'The segment field is required.'],
    ['segment', 'csv', 'The segment field must be an array.'],
    ['segment.source', null, 'The segment.source field is required.'],
    ['segment.source', 'excel', 'The selected segment.source is invalid.'],
    ['segment.source', 'CSV', 'The selected segment.source is invalid.'],
    ['segment.id', undefined, 'The segment.id field is required.'],
    ['segment.id', 'list-42', 'The segment.id field must be a valid UUID.'],
    ['segment.id', 42, 'The segment.id field must be a string.'],
    ['design', undefined, 'The design field is required.'],
    ['design.postcardDesignId', '', 'The design.postcardDesignId field is required.'],
    [
      'design.postcardDesignId',
      'spring',
      'The design.postcardDesignId field must be a valid UUID.',
    ],
    ['delivery', undefined, 'The delivery field is required.'],
    [
      'delivery.deliveryPeriodEndAt',
      undefined,
      'The delivery.deliveryPeriodEndAt field is required.',
    ],
    [
      'delivery.deliveryPeriodEndAt',
      '2026-02-30',
      'The delivery.deliveryPeriodEndAt field must match the format Y-m-d.',
    ],
    [
      'delivery.deliveryPeriodEndAt',
      '2026-02-29',
      'The delivery.deliveryPeriodEndAt field must match the format Y-m-d.',
    ],
    [
      'delivery.deliveryPeriodEndAt',
      '31.05.2026',
      'The delivery.deliveryPeriodEndAt field must match the format Y-m-d.',
    ],
    [
      'delivery.deliveryPeriodEndAt',
      '2026-05-31T00:00:00Z',
      'The delivery.deliveryPeriodEndAt field must match the format Y-m-d.',
    ],
    [
      'delivery.deliveryPeriodEndAt',
      20260531,
      'The delivery.deliveryPeriodEndAt field must be a string.',
    ],
    ['billing', undefined, 'The billing field is required.'],
    ['billing.paymentMethod', undefined, 'The billing.paymentMethod field is required.'],
    ['billing.paymentMethod', true, 'The billing.paymentMethod field must be a string.'],
    [
      'billing.invoiceEmail',
      'billing',
      'The billing.invoiceEmail field must be a valid email address.',
    ],
    [
      'billing.invoiceEmail',
      'a..b@bloom.example',
      'The billing.invoiceEmail field must be a valid email address.',
    ],
    ['billing.invoiceEmail', null, 'The billing.invoiceEmail field must be a string.'],
  ])('should reject %s = %j', (path, value, message) => {
    const verdict = validateCampaign(withField(path, value))
    expect(errorsOf(verdict)).toEqual({ [path]: [message] })
    expect(verdict.ok ? undefined : verdict.body.message).toBe(message)
    expect(verdict.ok ? undefined : verdict.body.meta).toBeUndefined()
  })

  test.each([
    ['shopify'],
    ['Shopify'],
    ['woocommerce'],
    ['shopware'],
    ['magento'],
    ['bigcommerce'],
    ['wix'],
  ])('should reject the online-shop source %j saying such segments are not supported', (source) => {
    const verdict = validateCampaign(withField('segment.source', source))
    expect(verdict).toEqual({
      ok: false,
      status: 422,
      body: {
        message: `Unexpected online-shop source \`${source}\` for segment.source, expected \`csv\` or \`hubspot\`: segments from online-shop platforms are not supported.`,
        errors: {
          'segment.source': [
            `Unexpected online-shop source \`${source}\` for segment.source, expected \`csv\` or \`hubspot\`: segments from online-shop platforms are not supported.`,
          ],
        },
      },
      warnings: [],
    })
  })

  test('should report the metadata item that is no string', () => {
    expect(errorsOf(validateCampaign({ ...campaign, metadata: ['a', 2, 'c', null] }))).toEqual({
      'metadata.1': ['The metadata.1 field must be a string.'],
      'metadata.3': ['The metadata.3 field must be a string.'],
    })
  })

  test('should report every error at once in the order of spec 2.1', () => {
    const verdict = validateCampaign({
      billing: { paymentMethod: 'rechnung', invoiceEmail: 'nope' },
      delivery: { deliveryPeriodEndAt: '2026-13-01' },
      design: {},
      segment: { source: 'shopify', id: 'x' },
      processingType: 'weekly',
      metadata: 'x',
    })
    expect(verdict).toEqual({
      ok: false,
      status: 422,
      body: {
        message: 'The name field is required. (and 7 more errors)',
        errors: {
          name: ['The name field is required.'],
          metadata: ['The metadata field must be an array.'],
          processingType: ['The selected processingType is invalid.'],
          'segment.source': [
            'Unexpected online-shop source `shopify` for segment.source, expected `csv` or `hubspot`: segments from online-shop platforms are not supported.',
          ],
          'segment.id': ['The segment.id field must be a valid UUID.'],
          design: ['The design field is required.'],
          'delivery.deliveryPeriodEndAt': [
            'The delivery.deliveryPeriodEndAt field must match the format Y-m-d.',
          ],
          'billing.invoiceEmail': ['The billing.invoiceEmail field must be a valid email address.'],
        },
      },
      warnings: [],
    })
    expect(verdict.ok ? 0 : Object.values(verdict.body.errors).flat().length).toBe(8)
  })

  test.each([{ body: null }, { body: 'x' }, { body: [] }, { body: {} }])(
    'should report the required fields for the body $body',
    ({ body }) => {
      expect(Object.keys(errorsOf(validateCampaign(body)))).toEqual([
        'name',
        'processingType',
        'segment',
        'design',
        'delivery',
        'billing',
      ])
    }
  )
})

describe('validateCampaign: options', () => {
  test('should allow the configured marketing source instead of hubspot', () => {
    const options = { marketingSource: 'klaviyo' }
    expect(validateCampaign(withField('segment.source', 'klaviyo'), options).ok).toBe(true)
    expect(errorsOf(validateCampaign(withField('segment.source', 'hubspot'), options))).toEqual({
      'segment.source': ['The selected segment.source is invalid.'],
    })
    expect(errorsOf(validateCampaign(withField('segment.source', 'wix'), options))).toEqual({
      'segment.source': [
        'Unexpected online-shop source `wix` for segment.source, expected `csv` or `klaviyo`: segments from online-shop platforms are not supported.',
      ],
    })
  })

  test('should use the configured online-shop sources', () => {
    const options = { onlineShopSources: ['myshop'] }
    expect(errorsOf(validateCampaign(withField('segment.source', 'myshop'), options))).toEqual({
      'segment.source': [
        'Unexpected online-shop source `myshop` for segment.source, expected `csv` or `hubspot`: segments from online-shop platforms are not supported.',
      ],
    })
    expect(errorsOf(validateCampaign(withField('segment.source', 'shopify'), options))).toEqual({
      'segment.source': ['The selected segment.source is invalid.'],
    })
  })

  test('should use the configured required fields, parents first whatever their order', () => {
    const options = { required: ['billing.invoiceEmail', 'description', 'billing'] }
    expect(errorsOf(validateCampaign({ billing: { paymentMethod: 'x' } }, options))).toEqual({
      description: ['The description field is required.'],
      'billing.invoiceEmail': ['The billing.invoiceEmail field is required.'],
    })
    expect(errorsOf(validateCampaign({}, options))).toEqual({
      description: ['The description field is required.'],
      billing: ['The billing field is required.'],
    })
    expect(validateCampaign({}, { required: [] })).toEqual({ ok: true, warnings: [] })
  })

  test('should document its defaults', () => {
    expect(DEFAULT_MARKETING_SOURCE).toBe('hubspot')
    expect(DEFAULT_CAMPAIGN_REQUIRED).toEqual([
      'name',
      'processingType',
      'segment',
      'segment.source',
      'segment.id',
      'design',
      'design.postcardDesignId',
      'delivery',
      'delivery.deliveryPeriodEndAt',
      'billing',
      'billing.paymentMethod',
    ])
    expect(ONLINE_SHOP_SOURCES).toEqual(
      expect.arrayContaining([
        'shopify',
        'woocommerce',
        'shopware',
        'magento',
        'bigcommerce',
        'wix',
      ])
    )
  })

  test.each([
    [
      { marketingSource: '' },
      'Unexpected `marketingSource` ``, expected the lower-case name of a marketing-automation platform such as `hubspot`',
    ],
    [
      { marketingSource: 'HubSpot' },
      'Unexpected `marketingSource` `HubSpot`, expected the lower-case name of a marketing-automation platform such as `hubspot`',
    ],
    [
      { marketingSource: 'csv' },
      'Unexpected `marketingSource` `csv`, expected a marketing-automation platform: `csv` is always allowed and online-shop platforms never are',
    ],
    [
      { marketingSource: 'shopify' },
      'Unexpected `marketingSource` `shopify`, expected a marketing-automation platform: `csv` is always allowed and online-shop platforms never are',
    ],
  ])('should throw a CampaignOptionsError for %j', (options, message) => {
    expect(() => validateCampaign(campaign, options)).toThrowError(
      new CampaignOptionsError(message)
    )
    expect(() => validateCampaign(campaign, options)).toThrowError(CampaignOptionsError)
  })
})

describe('validateCampaign: warnings', () => {
  test('should warn about a payment method the spec does not document', () => {
    expect(validateCampaign(withField('billing.paymentMethod', 'paypal'))).toEqual({
      ok: true,
      warnings: [
        {
          code: 'payment-method-unknown',
          rule: 'billing',
          path: 'billing.paymentMethod',
          message:
            'Unexpected payment method `paypal`, expected `rechnung`: the only value the spec documents',
          data: { paymentMethod: 'paypal' },
        },
      ],
    })
  })

  test('should warn about an invoice without an e-mail address', () => {
    expect(validateCampaign(withField('billing.invoiceEmail', undefined))).toEqual({
      ok: true,
      warnings: [
        {
          code: 'invoice-email-missing',
          rule: 'billing',
          path: 'billing.invoiceEmail',
          message:
            'Unexpected `rechnung` without `billing.invoiceEmail`, expected the e-mail address the invoice goes to',
        },
      ],
    })
  })
})

describe('validateCampaign never throws', () => {
  const anything = fc.jsonValue({ maxDepth: 3 })
  const nearlyValid = fc.record(
    {
      name: fc.oneof(fc.string(), anything),
      metadata: fc.oneof(fc.array(fc.string()), anything),
      processingType: fc.oneof(fc.constantFrom('automatic', 'one_off'), anything),
      segment: fc.oneof(
        fc.record(
          {
            source: fc.oneof(fc.constantFrom('csv', 'hubspot', 'shopify'), anything),
            id: fc.oneof(fc.uuid(), anything),
          },
          { requiredKeys: [] }
        ),
        anything
      ),
      delivery: fc.oneof(
        fc.record({ deliveryPeriodEndAt: fc.oneof(fc.string(), anything) }),
        anything
      ),
      billing: fc.oneof(
        fc.record(
          {
            paymentMethod: fc.oneof(fc.string(), anything),
            invoiceEmail: fc.oneof(fc.emailAddress(), fc.string(), anything),
          },
          { requiredKeys: [] }
        ),
        anything
      ),
    },
    { requiredKeys: [] }
  )

  test('should judge any JSON value and nearly valid bodies', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), nearlyValid), (body) => {
        const verdict = validateCampaign(body)
        expect(() => JSON.stringify(verdict)).not.toThrow()
        if (!verdict.ok) expect(Object.keys(verdict.body.errors).length).toBeGreaterThan(0)
      }),
      { numRuns: 1000 }
    )
  })

  test('should accept the e-mail addresses fast-check generates (RFC 5322 dot-atoms)', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        expect(errorsOf(validateCampaign(withField('billing.invoiceEmail', email)))).toEqual({})
      }),
      { numRuns: 500 }
    )
  })

  test('should judge `__proto__` keys without polluting prototypes', () => {
    const body = JSON.parse(
      '{"__proto__":{"polluted":1},"name":"x","segment":{"__proto__":{"source":"csv"}},"billing":{"__proto__":null}}'
    ) as unknown
    expect(errorsOf(validateCampaign(body))).toEqual({
      processingType: ['The processingType field is required.'],
      'segment.source': ['The segment.source field is required.'],
      'segment.id': ['The segment.id field is required.'],
      design: ['The design field is required.'],
      delivery: ['The delivery field is required.'],
      'billing.paymentMethod': ['The billing.paymentMethod field is required.'],
    })
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  })
})
