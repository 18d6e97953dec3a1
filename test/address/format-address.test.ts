import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { formatAddress } from '../../src/address/format-address.ts'
import type { AddressObject } from '../../src/address/types.ts'

/** A fixture of test/fixtures/addresses: one post's published examples, written out by hand. */
interface PostFixture {
  readonly post: string
  readonly sources: readonly string[]
  readonly cases: readonly {
    readonly name: string
    readonly address: AddressObject
    readonly from?: string
    readonly locale?: string
    readonly expected: readonly string[]
  }[]
}

const fixtures = import.meta.glob<PostFixture>('../fixtures/addresses/*.json', {
  eager: true,
  import: 'default',
})

describe('formatAddress on the posts’ published examples', () => {
  const posts = Object.values(fixtures)

  test('should cover every post the issue names and four more EU posts, each with a source', () => {
    const names = posts.map((fixture) => fixture.post)
    expect(names).toEqual(
      expect.arrayContaining([
        'Deutsche Post',
        'Swiss Post',
        'Österreichische Post',
        'PostNL',
        'Royal Mail',
        'USPS',
        'bpost',
        'Poste Italiane',
        'La Poste',
        'An Post',
      ])
    )
    for (const fixture of posts) expect(fixture.sources.length).toBeGreaterThan(0)
  })

  for (const fixture of posts) {
    describe(fixture.post, () => {
      test.each(fixture.cases.map((c) => [c.name, c] as const))('should print %s', (_, c) => {
        expect(formatAddress(c.address, { from: c.from, locale: c.locale })).toEqual(c.expected)
      })
    })
  }
})

const anna: AddressObject = {
  first_name: 'Anna',
  last_name: 'de Vries',
  address_line1: 'Prinsengracht 263',
  zip: '1016 GV',
  city: 'Amsterdam',
  country: 'NL',
}

describe('formatAddress', () => {
  test('should format as domestic mail without an origin', () => {
    expect(formatAddress(anna)).toEqual([
      'Anna de Vries',
      'Prinsengracht 263',
      '1016 GV  AMSTERDAM',
    ])
  })

  test('should take the origin from the sender’s address object', () => {
    const sender = { country: 'Deutschland', city: 'Berlin' }
    expect(formatAddress(anna, { from: sender }).at(-1)).toBe('NIEDERLANDE')
    expect(formatAddress(anna, { from: { country: 'NL' } })).toHaveLength(3)
  })

  test.each([
    ['fr', 'PAYS-BAS'],
    ['en-GB', 'NETHERLANDS'],
    ['de_CH', 'NIEDERLANDE'],
    ['it', 'PAESI BASSI'],
    ['pl', 'HOLANDIA'],
    ['ja', 'オランダ'],
  ])('should write the country line in the locale %j', (locale, line) => {
    expect(formatAddress(anna, { from: 'DE', locale }).at(-1)).toBe(line)
  })

  test('should fall back to the origin’s language for a locale that is no language', () => {
    expect(formatAddress(anna, { from: 'DE', locale: '!!' }).at(-1)).toBe('NIEDERLANDE')
  })

  test('should print an unknown country as sent, in capitals, on international mail', () => {
    expect(formatAddress({ ...anna, country: 'Neverland' }, { from: 'DE' })).toEqual([
      'Anna de Vries',
      'Prinsengracht 263',
      '1016 GV AMSTERDAM',
      'NEVERLAND',
    ])
  })

  test('should leave out missing, null and mistyped fields', () => {
    const odd = { first_name: 42, last_name: null, address_line1: ['x'], city: 'Wien', zip: '' }
    expect(formatAddress(odd as unknown as AddressObject)).toEqual(['Wien'])
    expect(formatAddress({})).toEqual([])
  })

  test('should keep every part on one line', () => {
    const broken = { ...anna, first_name: 'A\nB', last_name: '\tC\r\n', city: 'D\u2028E' }
    expect(formatAddress(broken)).toEqual(['A B C', 'Prinsengracht 263', '1016 GV  D E'])
  })

  test('should drop the separator of a missing state (`%C, %S %Z` without a state)', () => {
    const us = { address_line1: '1 Main St', zip: '10001', city: 'Springfield', country: 'US' }
    expect(formatAddress(us)).toEqual(['1 Main St', 'SPRINGFIELD 10001'])
  })

  test('should leave out the CEPT country prefixes of Google’s formats', () => {
    const se = { address_line1: 'Storgatan 1', zip: '11455', city: 'Stockholm', country: 'SE' }
    expect(formatAddress(se)).toEqual(['Storgatan 1', '11455 Stockholm'])
    const fi = { address_line1: 'Mannerheimintie 1', zip: '00100', city: 'Helsinki', country: 'FI' }
    expect(formatAddress(fi, { from: 'SE' })).toEqual([
      'Mannerheimintie 1',
      '00100 HELSINKI',
      'FINLAND',
    ])
  })
})

describe('formatAddress with an origin it cannot read', () => {
  test('should print the country line in English, since the card may cross a border', () => {
    expect(formatAddress(anna, { from: 'Atlantis' }).at(-1)).toBe('NETHERLANDS')
    expect(formatAddress({ ...anna, country: 'Atlantis' }, { from: 'atlantis' })).toHaveLength(3)
  })
})

describe('formatAddress on anything', () => {
  const part = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.constantFrom('DE', 'NL', 'US', 'IT', 'IE', 'GB', 'Schweiz', 'New York, NY', 'Roma (RM)'),
    fc.constantFrom(null, 42, [], {})
  )
  const address = fc.record(
    {
      company: part,
      first_name: part,
      last_name: part,
      address_line1: part,
      address_line2: part,
      zip: part,
      city: part,
      country: part,
    },
    { requiredKeys: [] }
  )

  test('should never throw and always return lines of text, none empty', () => {
    fc.assert(
      fc.property(address, fc.oneof(part, address), fc.option(part), (to, from, locale) => {
        const lines = formatAddress(to as AddressObject, {
          from: from as AddressObject,
          locale: locale as string,
        })
        for (const line of lines) {
          expect(typeof line).toBe('string')
          expect(line).not.toBe('')
          expect(line).not.toMatch(/[\n\r]/)
        }
      })
    )
  })
})
