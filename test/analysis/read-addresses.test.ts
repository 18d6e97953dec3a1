/**
 * The addresses of an analysis: the sender line and the recipient lines each address element
 * prints, from whatever the body holds.
 */
import { describe, expect, test } from 'vitest'
import { analyzePostcard } from '../../src/analysis/analyze-postcard.ts'
import { FLOW_ID, makeDesign } from '../postcard/make-design.ts'

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

/** The address block of the analysis of a body with `to` and `from` (no fonts: lines only). */
function block(recipient: unknown, sender: unknown, senderLine = true) {
  const design = makeDesign({ address: { sender_line: senderLine } })
  const analysis = analyzePostcard({ flow_id: FLOW_ID, from: sender, to: recipient }, design)
  const found = analysis.sides.back.find((element) => element.type === 'address')
  if (found?.type !== 'address') throw new Error('no address element')
  return found
}

describe('recipient lines', () => {
  test('should write the block as the destination’s post reads it, one line per part', () => {
    expect(block(to, { country: 'DE' }).recipientLines).toEqual([
      'Bloom & Co.',
      'Jana 🌷 Novák',
      'Hauptstraße 1',
      '10115 Berlin',
    ])
    expect(block(to, { country: 'CH' }).recipientLines).toEqual([
      'Bloom & Co.',
      'Jana 🌷 Novák',
      'Hauptstraße 1',
      '10115 BERLIN',
      'ALLEMAGNE',
    ])
  })

  test('should keep PostNL’s two spaces', () => {
    const nl = {
      address_line1: 'Prinsengracht 263',
      zip: '1016gv',
      city: 'Amsterdam',
      country: 'NL',
    }
    expect(block(nl, undefined).recipientLines).toEqual(['Prinsengracht 263', '1016 GV  AMSTERDAM'])
  })

  test('should skip parts that are missing, empty or not strings', () => {
    const mistyped = { first_name: 42, last_name: 'Roe', zip: '', city: 'Wien' }
    expect(block(mistyped, null).recipientLines).toEqual(['Roe', 'Wien'])
    expect(block({ address_line1: ['x'], city: { a: 1 } }, null).recipientLines).toEqual([])
  })

  test('should keep each part on one line', () => {
    const broken = { first_name: 'A\nB', last_name: '\tC\r\n', city: 'D\u2028E' }
    expect(block(broken, null).recipientLines).toEqual(['A B C', 'D E'])
  })

  test.each([undefined, null, 'text', 42, [], [to]])('should print nothing for %j', (value) => {
    const found = block(value, to)
    expect(found.recipientLines).toEqual([])
    expect(found.recipientCapacity).toBe(7)
    expect(found.recipientOverflow_mm).toBe(0)
  })

  test('should print the first 2048 characters of a line, the rules judging the whole value', () => {
    const zip = '1'.repeat(5000)
    const design = makeDesign({ address: {} })
    const analysis = analyzePostcard({ flow_id: FLOW_ID, from: to, to: { ...to, zip } }, design)
    const found = analysis.sides.back.find((element) => element.type === 'address')
    expect(found?.type === 'address' && found.recipientLines[3]?.length).toBe(2048)
    const warning = analysis.verdict.warnings.find((item) => item.code === 'zip-format')
    expect(warning?.data?.['zip']).toBe(zip)
  })
})

describe('the sender line', () => {
  const sender = {
    first_name: 'Max',
    last_name: 'Muster',
    address_line1: 'Weg 2',
    zip: '8001',
    city: 'Zürich',
    country: 'CH',
  }

  test('should write the sender on one line, as a return address from the destination', () => {
    expect(block(to, sender).senderLine).toBe('Max Muster, Weg 2, 8001 ZÜRICH, SCHWEIZ')
    expect(block({ country: 'CH' }, sender).senderLine).toBe('Max Muster, Weg 2, 8001 Zürich')
    expect(block(to, to).senderLine).toBe('Bloom & Co., Jana 🌷 Novák, Hauptstraße 1, 10115 Berlin')
    expect(block(to, {}).senderLine).toBe('')
  })

  test('should print none when the element asks for none', () => {
    const found = block(to, sender, false)
    expect(found.senderLine).toBe('')
    expect(found.recipientTop_mm).toBe(0)
  })
})
