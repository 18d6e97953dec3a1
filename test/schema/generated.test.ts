/// <reference types="vite/client" />
import { describe, expect, test } from 'vitest'
import { generateSchemaModules } from '../../scripts/build-schemas.js'
import postcardModule from '../../src/schema/postcard.generated.js?raw'
import postcardTypes from '../../src/schema/postcard.generated.d.ts?raw'
import campaignModule from '../../src/schema/campaign.generated.js?raw'
import campaignTypes from '../../src/schema/campaign.generated.d.ts?raw'
import * as postcard from '../../src/schema/postcard.generated.js'
import * as campaign from '../../src/schema/campaign.generated.js'

const committed: Record<string, string> = {
  'src/schema/postcard.generated.js': postcardModule,
  'src/schema/postcard.generated.d.ts': postcardTypes,
  'src/schema/campaign.generated.js': campaignModule,
  'src/schema/campaign.generated.d.ts': campaignTypes,
}

describe('generated schema validators', () => {
  test('should be up to date with the schemas (run `node scripts/build-schemas.js`)', () => {
    const generated = generateSchemaModules()
    expect(generated.map((file) => file.path).sort()).toEqual(Object.keys(committed).sort())
    for (const file of generated) expect(file.contents, file.path).toBe(committed[file.path])
  })

  test.each([
    ['postcard', postcardModule],
    ['campaign', campaignModule],
  ])('should contain no dynamic code and no import: %s', (_name, source) => {
    expect(source).not.toMatch(/\brequire\s*\(/)
    expect(source).not.toMatch(/\bnew\s+Function\b/)
    expect(source).not.toMatch(/\bFunction\s*\(/)
    expect(source).not.toMatch(/\beval\s*\(/)
    expect(source).not.toMatch(/\bimport\s*\(/)
    expect(source.split('\n').filter((line) => line.trimStart().startsWith('import'))).toEqual([])
  })

  test('should export the required paths and field order of the postcard schema (spec 2.3)', () => {
    expect(postcard.requiredPaths).toEqual([
      'flow_id',
      'from',
      'from.address_line1',
      'from.zip',
      'from.city',
      'from.country',
      'to',
      'to.address_line1',
      'to.zip',
      'to.city',
      'to.country',
    ])
    expect(postcard.fieldOrder).toEqual([
      'flow_id',
      'from',
      ...[
        'company',
        'first_name',
        'last_name',
        'address_line1',
        'address_line2',
        'zip',
        'city',
        'country',
      ].map((f) => `from.${f}`),
      'to',
      ...[
        'company',
        'first_name',
        'last_name',
        'address_line1',
        'address_line2',
        'zip',
        'city',
        'country',
      ].map((f) => `to.${f}`),
      'content',
      'qr_codes',
    ])
  })

  test('should export the default required paths of the campaign schema', () => {
    expect(campaign.requiredPaths).toEqual([
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
  })

  test('should validate JSON types with every error and no required check', () => {
    expect(postcard.validate({})).toBe(true)
    expect(
      postcard.validate({ flow_id: 1, to: { zip: 2, company: null }, content: { a: 3 } })
    ).toBe(false)
    expect(postcard.validate.errors?.map((error) => [error.instancePath, error.keyword])).toEqual([
      ['/flow_id', 'type'],
      ['/to/zip', 'type'],
      ['/content/a', 'type'],
    ])
    expect(campaign.validate({ processingType: 'weekly', metadata: ['a', 1] })).toBe(false)
    expect(campaign.validate.errors?.map((error) => [error.instancePath, error.keyword])).toEqual([
      ['/metadata/1', 'type'],
      ['/processingType', 'enum'],
    ])
  })
})
