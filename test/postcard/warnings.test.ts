import { describe, expect, test } from 'vitest'
import { validatePostcard } from '../../src/postcard/validate-postcard.ts'
import { berlin, FLOW_ID, makeDesign } from './make-design.ts'

const none = makeDesign()
const withTo = (to: Record<string, unknown>) =>
  validatePostcard({ flow_id: FLOW_ID, from: berlin, to: { ...berlin, ...to } }, none)

describe('postal code warnings', () => {
  test.each([
    ['DE', '10115'],
    ['Germany', '01067'],
    [' deutschland ', '80331'],
    ['DEU', ' 20095 '],
    ['AT', '1010'],
    ['Österreich', '8010'],
    ['CH', '3011'],
    ['Schweiz', '8001'],
    ['suisse', '1201'],
    ['NL', '1012 AB'],
    ['Nederland', '1012AB'],
    ['the Netherlands', '3011 bc'],
    ['Holland', '1012  AB'],
    ['France', '75001'],
    ['FR', '75 001'],
    ['UK', 'sw1a 2aa'],
    ['Polska', '00-950'],
    ['US', '10001-1234'],
    ['Neverland', 'anything'],
  ])('should accept %j with zip %j', (country, zip) => {
    const codes = withTo({ country, zip }).warnings.map((w) => w.code)
    expect(codes.filter((code) => code.startsWith('zip-'))).toEqual([])
  })

  test.each([
    ['DE', '1011', 'zip-format', 'Germany, expected a postal code like `26133` or `53225`'],
    ['Germany', '101155', 'zip-format', 'Germany, expected a postal code like `26133` or `53225`'],
    [
      'Deutschland',
      'D-10115',
      'zip-format',
      'Germany, expected a postal code like `26133` or `53225`',
    ],
    ['DE', '00123', 'zip-range', 'Germany, expected a postal code from 01001 to 99998'],
    ['AT', '10100', 'zip-format', 'Austria, expected a postal code like `1010` or `3741`'],
    ['Austria', '0100', 'zip-range', 'Austria, expected a postal code from 1010 to 9992'],
    ['CH', 'CH-8001', 'zip-format', 'Switzerland, expected a postal code like `2544` or `1211`'],
    ['NL', '1012', 'zip-format', 'Netherlands, expected a postal code like `1234 AB` or `2490 AA`'],
    [
      'NLD',
      '0123 AB',
      'zip-range',
      'Netherlands, expected a postal code from 1000 on, without the letters SA, SD and SS',
    ],
    [
      'NL',
      '1012 SS',
      'zip-range',
      'Netherlands, expected a postal code from 1000 on, without the letters SA, SD and SS',
    ],
    ['FR', 'Paris', 'zip-format', 'France, expected a postal code like `33380` or `34092`'],
    [
      'Portugal',
      '1250096',
      'zip-format',
      'Portugal, expected a postal code like `2725-079` or `1250-096`',
    ],
    [
      'GB',
      'SW1A',
      'zip-format',
      'United Kingdom, expected a postal code like `EC1Y 8SY` or `GIR 0AA`',
    ],
  ])('should warn about %j with zip %j (%s)', (country, zip, code, expected) => {
    const verdict = withTo({ country, zip })
    expect(verdict.ok).toBe(true)
    expect(verdict.warnings.filter((w) => w.path === 'to.zip')).toEqual([
      {
        code,
        rule: 'address-postal-code',
        path: 'to.zip',
        message: `Unexpected zip \`${zip}\` for ${expected}`,
        // A layout warning carries the examples its message names, a range warning its bounds
        // (for other languages).
        data:
          code === 'zip-format'
            ? {
                country: expect.any(String),
                zip,
                examples: [...expected.matchAll(/`([^`]+)`/g)].map((match) => match[1]),
              }
            : { country: expect.any(String), zip, ...rangeBounds(expected) },
      },
    ])
  })

  /** The bounds a range message names: `from 01001 to 99998`, `from 1000 on, without SA, SD`. */
  function rangeBounds(expected: string): Record<string, unknown> {
    const [, lowest, highest] = /from (\w+)(?: to (\w+))?/.exec(expected) ?? []
    const letters = /without the letters (.+)$/.exec(expected)?.[1]
    return {
      lowest,
      ...(highest === undefined ? {} : { highest }),
      ...(letters === undefined ? {} : { excluded_letters: letters.split(/, | and /) }),
    }
  }

  test('should warn when a ZIP Code belongs to another state than the one after the city', () => {
    const verdict = withTo({ country: 'US', zip: '90210', city: 'New York, NY' })
    expect(verdict.warnings.filter((w) => w.path === 'to.zip')).toEqual([
      {
        code: 'zip-state-mismatch',
        rule: 'address-postal-code',
        path: 'to.zip',
        message:
          'Unexpected zip `90210` for NY, expected a postal code of NY: the zip or the state after the city is wrong',
        data: { country: 'US', zip: '90210', state: 'NY' },
      },
    ])
    // Italy's provinces keep their codes, not their CAP prefixes (the core's size budget).
    const italy = withTo({ country: 'IT', zip: '00144', city: 'Milano MI' })
    expect(italy.warnings.map((w) => w.code)).toEqual(['country-on-request'])
    expect(withTo({ country: 'IT', zip: '20121', city: 'Milano (MI)' }).warnings).toEqual([
      expect.objectContaining({ code: 'country-on-request' }),
    ])
  })

  test('should check the sender too', () => {
    const verdict = validatePostcard(
      { flow_id: FLOW_ID, from: { ...berlin, zip: '123' }, to: berlin },
      none
    )
    expect(verdict.warnings.map((w) => [w.code, w.path])).toEqual([['zip-format', 'from.zip']])
  })

  test('should leave missing and mistyped zips to the errors', () => {
    const verdict = withTo({ zip: 10115 })
    expect(verdict.ok).toBe(false)
    expect(verdict.warnings).toEqual([])
  })
})

describe('required parts', () => {
  test.each([
    ['US', '10001', 'New York', 'state', 'United States', 'New York AL'],
    ['IT', '56122', 'Pisa', 'province', 'Italy', 'Pisa AG'],
  ])('should ask %j for the %s after the city', (country, zip, city, part, name, example) => {
    expect(withTo({ country, zip, city }).warnings.filter((w) => w.path === 'to.city')).toEqual([
      {
        code: 'address-part-missing',
        rule: 'address-required-parts',
        path: 'to.city',
        message: `Unexpected city \`${city}\` without a ${part}, expected the ${part}'s code after the city for ${name}, such as \`${example}\``,
        data: { country, part, city, example },
      },
    ])
  })

  test.each(['New York NY', 'New York, NY', 'new york, ny.', 'New York (NY)'])(
    'should find the state in %j',
    (city) => {
      expect(withTo({ country: 'US', zip: '10001', city }).warnings.map((w) => w.code)).toEqual([
        'country-on-request',
      ])
    }
  )
})

describe('country warnings', () => {
  test('should warn when the recipient is outside the stated countries', () => {
    expect(withTo({ country: 'France', zip: '75001' }).warnings).toEqual([
      {
        code: 'country-on-request',
        rule: 'address-country',
        path: 'to.country',
        message:
          'Unexpected country `France`, expected Germany, Austria, Switzerland or the Netherlands: other destinations are available on request only',
        data: { country: 'France', code: 'FR' },
      },
    ])
  })

  test('should warn when the recipient is outside every destination of the service', () => {
    expect(withTo({ country: 'Japan', zip: '100-0001' }).warnings).toEqual([
      {
        code: 'country-not-served',
        rule: 'address-country',
        path: 'to.country',
        message:
          'Unexpected country `Japan` (Japan), expected Germany, Austria, Switzerland or the Netherlands, or on request another EU country, the UK or the US',
        data: { country: 'Japan', code: 'JP' },
      },
    ])
  })

  test.each([
    ['DE', 'DE'],
    ['deu', 'DE'],
    ['Allemagne', 'DE'],
    ['Duitsland', 'DE'],
    ['Zwitserland', 'CH'],
    ['Suisse', 'CH'],
    ['Österreich', 'AT'],
    ['Oostenrijk', 'AT'],
    ['Autriche', 'AT'],
    ['Pays-Bas', 'NL'],
    ['Niederlande', 'NL'],
  ])('should recognise %j', (country) => {
    expect(withTo({ country }).warnings.map((w) => w.code)).not.toContain('country-unrecognized')
  })

  test.each(['Germoney', 'D', 'Deutschlandd', 'EU', '🇩🇪'])(
    'should warn about the unrecognised country %j, for the sender too',
    (country) => {
      const verdict = validatePostcard(
        { flow_id: FLOW_ID, from: { ...berlin, country }, to: { ...berlin, country } },
        none
      )
      expect(verdict.warnings.filter((w) => w.code === 'country-unrecognized')).toEqual(
        ['from', 'to'].map((side) => ({
          code: 'country-unrecognized',
          rule: 'address-country',
          path: `${side}.country`,
          message: `Unexpected country \`${country}\`, expected an ISO 3166 code such as \`DE\` or the country's name in English, German, Dutch or French`,
          data: { country },
        }))
      )
    }
  )

  test('should not warn about the sender’s country being abroad', () => {
    const verdict = validatePostcard(
      {
        flow_id: FLOW_ID,
        from: { ...berlin, country: 'US', zip: '10001', city: 'New York NY' },
        to: berlin,
      },
      none
    )
    expect(verdict).toEqual({ ok: true, warnings: [] })
  })
})

describe('unknown-field warnings', () => {
  test.each([
    ['qr_code', 'qr_codes'],
    ['qrCodes', 'qr_codes'],
    ['contents', 'content'],
    ['flowId', 'flow_id'],
    ['recipient', 'to'],
  ])('should name %j and the field it likely means, %j', (name, meant) => {
    const verdict = validatePostcard(
      { flow_id: FLOW_ID, from: berlin, to: berlin, [name]: {} },
      none
    )
    expect(verdict.warnings).toEqual([
      {
        code: 'unknown-field',
        rule: 'unknown-fields',
        path: name,
        message: `Unexpected field \`${name}\`, expected \`${meant}\`: the service ignores it`,
        data: { field: name, expected: meant },
      },
    ])
  })

  test.each([
    ['postal_code', 'to.zip'],
    ['postcode', 'to.zip'],
    ['firstName', 'to.first_name'],
    ['street', 'to.address_line1'],
    ['addressLine2', 'to.address_line2'],
  ])('should name the address field %j and the field it likely means, %j', (name, meant) => {
    expect(withTo({ [name]: 'x' }).warnings).toEqual([
      {
        code: 'unknown-field',
        rule: 'unknown-fields',
        path: `to.${name}`,
        message: `Unexpected field \`to.${name}\`, expected \`${meant}\`: the service ignores it`,
        data: { field: `to.${name}`, expected: meant },
      },
    ])
  })

  test('should warn without a suggestion when nothing is close', () => {
    const verdict = validatePostcard(
      { flow_id: FLOW_ID, from: { ...berlin, note: 'x' }, to: berlin, campaign: 'spring' },
      none
    )
    expect(verdict.warnings).toEqual([
      {
        code: 'unknown-field',
        rule: 'unknown-fields',
        path: 'campaign',
        message: 'Unexpected field `campaign`: the service ignores it',
        data: { field: 'campaign' },
      },
      {
        code: 'unknown-field',
        rule: 'unknown-fields',
        path: 'from.note',
        message: 'Unexpected field `from.note`: the service ignores it',
        data: { field: 'from.note' },
      },
    ])
  })

  test('should keep warnings next to errors in a 422 verdict', () => {
    const verdict = validatePostcard({ from: berlin, to: { ...berlin, zip: '1' }, qr: {} }, none)
    expect(verdict.ok).toBe(false)
    expect(verdict.warnings.map((w) => `${w.code} ${w.path}`)).toEqual([
      'zip-format to.zip',
      'unknown-field qr',
    ])
  })
})

test('should quote huge values in warnings briefly, keeping them whole in data', () => {
  const zip = '1'.repeat(100_000)
  const [warning] = withTo({ zip }).warnings
  expect(warning?.message).toBe(
    `Unexpected zip \`${'1'.repeat(48)}…\` for Germany, expected a postal code like \`26133\` or \`53225\``
  )
  expect(warning?.data).toEqual({ country: 'DE', zip, examples: ['26133', '53225'] })
})
