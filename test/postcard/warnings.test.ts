import { describe, expect, test } from 'vitest'
import { validatePostcard } from '../../src/postcard/validate-postcard.ts'
import { recognizeCountry } from '../../src/postcard/recognize-country.ts'
import { berlin, FLOW_ID, makeDesign } from './make-design.ts'

const none = makeDesign()
const withTo = (to: Record<string, unknown>) =>
  validatePostcard({ flow_id: FLOW_ID, from: berlin, to: { ...berlin, ...to } }, none)

describe('zip-format warnings', () => {
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
    ['France', '75001'],
    ['FR', 'anything'],
  ])('should accept %j with zip %j', (country, zip) => {
    expect(withTo({ country, zip }).warnings.filter((w) => w.code === 'zip-format')).toEqual([])
  })

  test.each([
    ['DE', '1011', 'Germany', '5 digits such as `10115`'],
    ['Germany', '101155', 'Germany', '5 digits such as `10115`'],
    ['Deutschland', 'D-10115', 'Germany', '5 digits such as `10115`'],
    ['AT', '10100', 'Austria', '4 digits such as `1010`'],
    ['Austria', '0100', 'Austria', '4 digits such as `1010`'],
    ['CH', 'CH-8001', 'Switzerland', '4 digits such as `3011`'],
    ['NL', '1012', 'the Netherlands', '4 digits and 2 letters such as `1012 AB`'],
    ['Holland', '1012  AB', 'the Netherlands', '4 digits and 2 letters such as `1012 AB`'],
    ['NLD', '0123 AB', 'the Netherlands', '4 digits and 2 letters such as `1012 AB`'],
  ])('should warn about %j with zip %j', (country, zip, name, layout) => {
    const verdict = withTo({ country, zip })
    expect(verdict.ok).toBe(true)
    expect(verdict.warnings).toEqual([
      {
        code: 'zip-format',
        rule: 'address-plausibility',
        path: 'to.zip',
        message: `Unexpected zip \`${zip}\` for ${name}, expected ${layout}`,
        data: { country: recognizeCountry(country)?.code, zip },
      },
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

describe('country-on-request warnings', () => {
  test('should warn when the recipient is outside the stated countries', () => {
    expect(withTo({ country: 'France', zip: '75001' }).warnings).toEqual([
      {
        code: 'country-on-request',
        rule: 'address-plausibility',
        path: 'to.country',
        message:
          'Unexpected country `France`, expected Germany, Austria, Switzerland or the Netherlands: other destinations are available on request only',
        data: { country: 'France' },
      },
    ])
  })

  test('should not warn about the sender’s country', () => {
    const verdict = validatePostcard(
      { flow_id: FLOW_ID, from: { ...berlin, country: 'US', zip: '10001' }, to: berlin },
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
    `Unexpected zip \`${'1'.repeat(48)}…\` for Germany, expected 5 digits such as \`10115\``
  )
  expect(warning?.data).toEqual({ country: 'DE', zip })
})
