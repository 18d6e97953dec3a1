import { describe, expect, test } from 'vitest'
import { recipientText, senderLine } from '../../src/preview/address-lines.ts'

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
  test('should write a postal address block, one part per line', () => {
    expect(recipientText(to)).toBe('Bloom & Co.\nJana 🌷 Novák\nHauptstraße 1\n10115 Berlin\nDE')
  })

  test('should skip parts that are missing, empty or not strings', () => {
    expect(recipientText({ first_name: 42, last_name: 'Roe', zip: '', city: 'Wien' })).toBe(
      'Roe\nWien'
    )
    expect(recipientText({ address_line1: ['x'], city: { a: 1 } })).toBe('')
  })

  test('should keep each part on one line', () => {
    expect(recipientText({ first_name: 'A\nB', last_name: '\tC\r\n', city: 'D\u2028E' })).toBe(
      'A B C\nD E'
    )
  })

  test.each([undefined, null, 'text', 42, [], [to]])('should write nothing for %j', (value) => {
    expect(recipientText(value)).toBe('')
  })
})

describe('senderLine', () => {
  test('should write the sender on one line', () => {
    expect(
      senderLine({
        first_name: 'Max',
        last_name: 'Muster',
        address_line1: 'Weg 2',
        zip: '8001',
        city: 'Zürich',
        country: 'CH',
      })
    ).toBe('Max Muster, Weg 2, 8001 Zürich, CH')
    expect(senderLine(to)).toBe('Bloom & Co., Jana 🌷 Novák, Hauptstraße 1, 10115 Berlin, DE')
    expect(senderLine({})).toBe('')
  })
})
