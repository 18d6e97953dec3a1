/**
 * One table per campaign rule, each rule run alone with its own report: `ok` bodies give no
 * finding, `not-ok` bodies exactly the findings listed, each carrying the rule's id. Messages are
 * Laravel's validation lines or the project's grammar, word for word.
 */
import { describe, expect, test } from 'vitest'
import { campaignRules, createCampaignContext } from '../../src/campaign/validate-campaign.ts'
import { createCollector } from '../../src/verdict/create-report.ts'
import type { RuleId } from '../../src/verdict/types.ts'

const campaign = {
  name: 'Spring 2026',
  processingType: 'automatic',
  segment: { source: 'csv', id: 'b2c9a3f4-1d2e-4f5a-8b6c-7d8e9f0a1b2c' },
  design: { postcardDesignId: 'dc1cad55-9ea0-4da4-a1ef-91225258fbcd' },
  delivery: { deliveryPeriodEndAt: '2026-05-31' },
  billing: { paymentMethod: 'rechnung', invoiceEmail: 'billing@bloom.example' },
}

/** Runs one rule alone: errors as `path: message`, warnings as `path: code`. */
function run(id: RuleId, body: unknown) {
  const rule = campaignRules.find((candidate) => candidate.id === id)
  if (!rule) throw new Error(`no rule ${id}`)
  const collector = createCollector()
  rule.run(createCampaignContext(body, {}), collector.as(id))
  const findings = collector.findings()
  for (const finding of [...findings.errors, ...findings.warnings]) expect(finding.rule).toBe(id)
  return {
    errors: findings.errors.map((error) => `${error.path}: ${error.message}`),
    warnings: findings.warnings.map((warning) => `${warning.path}: ${warning.code}`),
  }
}

const change = (path: string, value: unknown): Record<string, unknown> => {
  const body = structuredClone(campaign) as Record<string, unknown>
  const [head, tail] = path.split('.') as [string, string | undefined]
  if (tail === undefined) body[head] = value
  else (body[head] as Record<string, unknown>)[tail] = value
  return body
}

describe('the registry', () => {
  test('should list every rule once, in order, each citing its spec section', () => {
    expect(campaignRules.map((rule) => rule.id)).toEqual([
      'campaign-structure',
      'campaign-formats',
      'segment-source',
      'billing',
    ])
    for (const rule of campaignRules) expect(rule.spec).toMatch(/^\d/)
  })

  test.each(campaignRules.map((rule) => rule.id))('should accept the valid body in %s', (id) => {
    expect(run(id, campaign)).toEqual({ errors: [], warnings: [] })
  })
})

describe('campaign-structure (spec 2.1, 4.2)', () => {
  test.each([
    [change('name', undefined), ['name: The name field is required.']],
    [
      change('processingType', 'weekly'),
      ['processingType: The selected processingType is invalid.'],
    ],
    [change('segment', null), ['segment: The segment field is required.']],
    [
      change('billing.paymentMethod', 5),
      ['billing.paymentMethod: The billing.paymentMethod field must be a string.'],
    ],
  ])('should judge %#', (body, errors) => {
    expect(run('campaign-structure', body).errors).toEqual(errors)
  })
})

describe('campaign-formats (spec 2.1)', () => {
  test.each([
    [change('segment.id', 'abc'), ['segment.id: The segment.id field must be a valid UUID.']],
    [
      change('delivery.deliveryPeriodEndAt', '2026-02-30'),
      [
        'delivery.deliveryPeriodEndAt: The delivery.deliveryPeriodEndAt field must match the format Y-m-d.',
      ],
    ],
    [
      change('billing.invoiceEmail', 'nope'),
      ['billing.invoiceEmail: The billing.invoiceEmail field must be a valid email address.'],
    ],
  ])('should judge %#', (body, errors) => {
    expect(run('campaign-formats', body).errors).toEqual(errors)
  })
})

describe('segment-source (spec 1, 2.1, 4.2)', () => {
  test.each([
    [change('segment.source', 'hubspot'), []],
    [
      change('segment.source', 'mailchimp'),
      ['segment.source: The selected segment.source is invalid.'],
    ],
    [
      change('segment.source', 'Shopify'),
      [
        'segment.source: Unexpected online-shop source `Shopify` for segment.source, expected `csv` or `hubspot`: segments from online-shop platforms are not supported.',
      ],
    ],
  ])('should judge %#', (body, errors) => {
    expect(run('segment-source', body).errors).toEqual(errors)
  })
})

describe('billing (spec 2.1)', () => {
  test.each([
    [change('billing.paymentMethod', 'paypal'), ['billing.paymentMethod: payment-method-unknown']],
    [change('billing.invoiceEmail', undefined), ['billing.invoiceEmail: invoice-email-missing']],
  ])('should judge %#', (body, warnings) => {
    expect(run('billing', body).warnings).toEqual(warnings)
  })
})
