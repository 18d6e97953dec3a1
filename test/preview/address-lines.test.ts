import { describe, expect, test } from 'vitest'
import { recipientText, senderLine } from '../../src/preview/address-lines.ts'
import { readBody } from '../../src/preview/read-body.ts'

const to = {
  company: 'Bloom & Co.',
  first_name: 'Jana 🌷',
  last_name: 'Novák',
  address_line1: 'Hauptstraße 1',
  address_line2: null,
  zip: '10115',
  city: 'Berlin',
  country: 'DE',
}

describe('recipientText', () => {
  test('should write the block as the destination’s post reads it, one line per part', () => {
    expect(recipientText(to, { country: 'DE' })).toBe(
      'Bloom & Co.\nJana 🌷 Novák\nHauptstraße 1\n10115 Berlin'
    )
    expect(recipientText(to, { country: 'CH' })).toBe(
      'Bloom & Co.\nJana 🌷 Novák\nHauptstraße 1\n10115 BERLIN\nALLEMAGNE'
    )
  })

  test('should keep PostNL’s two spaces through the layout engine (no-break space, space)', () => {
    const nl = {
      address_line1: 'Prinsengracht 263',
      zip: '1016gv',
      city: 'Amsterdam',
      country: 'NL',
    }
    expect(recipientText(nl, undefined)).toBe('Prinsengracht 263\n1016 GV\u00a0 AMSTERDAM')
  })

  test('should skip parts that are missing, empty or not strings', () => {
    expect(recipientText({ first_name: 42, last_name: 'Roe', zip: '', city: 'Wien' }, null)).toBe(
      'Roe\nWien'
    )
    expect(recipientText({ address_line1: ['x'], city: { a: 1 } }, null)).toBe('')
  })

  test('should keep each part on one line', () => {
    expect(
      recipientText({ first_name: 'A\nB', last_name: '\tC\r\n', city: 'D\u2028E' }, null)
    ).toBe('A B C\nD E')
  })

  test.each([undefined, null, 'text', 42, [], [to]])('should write nothing for %j', (value) => {
    expect(recipientText(value, to)).toBe('')
  })
})

describe('senderLine', () => {
  test('should write the sender on one line, as a return address from the destination', () => {
    const sender = {
      first_name: 'Max',
      last_name: 'Muster',
      address_line1: 'Weg 2',
      zip: '8001',
      city: 'Zürich',
      country: 'CH',
    }
    expect(senderLine(sender, to)).toBe('Max Muster, Weg 2, 8001 ZÜRICH, SCHWEIZ')
    expect(senderLine(sender, { country: 'CH' })).toBe('Max Muster, Weg 2, 8001 Zürich')
    expect(senderLine(to, to)).toBe('Bloom & Co., Jana 🌷 Novák, Hauptstraße 1, 10115 Berlin')
    expect(senderLine({}, to)).toBe('')
  })
})

describe('readBody', () => {
  test('should copy own string fields only', () => {
    const body = JSON.parse(
      '{"content":{"a":"x","b":1,"__proto__":"p"},"qr_codes":{"q":"https://e.com"},"to":{"city":"Bern","zip":3000},"from":"nope"}'
    ) as unknown
    const snapshot = readBody(body)
    expect([...snapshot.content]).toEqual([
      ['a', 'x'],
      ['__proto__', 'p'],
    ])
    expect([...snapshot.qrCodes]).toEqual([['q', 'https://e.com']])
    expect({ ...snapshot.to }).toEqual({ city: 'Bern' })
    expect({ ...snapshot.from }).toEqual({})
  })

  test('should survive hostile objects', () => {
    const throwing = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('boom')
        },
        has() {
          throw new Error('boom')
        },
        getOwnPropertyDescriptor() {
          throw new Error('boom')
        },
      }
    )
    const getter = {
      get content(): never {
        throw new Error('boom')
      },
      to: throwing,
    }
    expect(() => readBody(throwing)).not.toThrow()
    const snapshot = readBody(getter)
    expect(snapshot.content.size).toBe(0)
    expect({ ...snapshot.to }).toEqual({})
  })

  test.each([undefined, null, 'x', 1, [], [{ content: { a: 'x' } }]])(
    'should read nothing from %j',
    (body) => {
      const snapshot = readBody(body)
      expect(snapshot.content.size + snapshot.qrCodes.size).toBe(0)
    }
  )
})
