import { describe, expect, test } from 'vitest'
import { isScanReadyHost } from '../../src/qr/is-scan-ready-host.ts'
import fixture from '../fixtures/qr/punycode-labels.json' with { type: 'json' }

describe('isScanReadyHost', () => {
  test.each([
    'example.com',
    'example.com.',
    'www.example-shop.co.uk',
    'my_host.example.com',
    '192.168.0.1',
    '[::1]',
    '[2001:db8::8a2e:370:7334]',
    'localhost',
    'xn--bcher-kva.de', // bücher.de
    'xn--r8jz45g.xn--zckzah', // 例え.テスト
    'xn--ls8h.la', // 💩.la
    'xn--fa-hia.de', // faß.de
  ])('should accept %s', (hostname) => {
    expect(isScanReadyHost(hostname)).toBe(true)
  })

  test.each([
    ['a*b.com', 'a character no DNS name has (Node keeps it, Chromium escapes it)'],
    ['a%20b.com', 'Chromium’s escaped space'],
    ['a..b', 'an empty label'],
    ['', 'no host at all'],
    ['xn--a.com', 'punycode that decodes to a control character'],
    ['xn--.com', 'an empty punycode label'],
    ['xn--za-.com', 'punycode that decodes to ASCII only'],
    ['xn--zz.com', 'punycode that does not decode'],
    ['xn--bcher-kva!.de', 'a character outside base 36'],
    ['[::1', 'an unclosed IPv6 literal'],
  ])('should reject %s: %s', (hostname) => {
    expect(isScanReadyHost(hostname)).toBe(false)
  })

  test('should never accept a punycode label that Node’s parser rejects', () => {
    // Both parsers apply their own IDNA tables, and Node 20's (Unicode 15.1) are older than
    // Chromium's: a label of characters from the supplementary planes (new scripts, the newest
    // emoji) may be valid in Chromium only, so the property is checked on BMP labels.
    const labels = fixture.labels.flatMap(([label, nodeAccepts, codePoints]) =>
      Array.isArray(codePoints) && codePoints.every((code) => code < 0x10000)
        ? [{ label: String(label), nodeAccepts: nodeAccepts === true }]
        : []
    )
    const accepted = labels.filter(({ label }) => isScanReadyHost(`${label}.com`))
    expect(accepted.filter(({ nodeAccepts }) => !nodeAccepts)).toEqual([])
    // …and keep most of the labels Node accepts (the rest decode to ASCII or to a mark first).
    const nodeAccepted = labels.filter(({ nodeAccepts }) => nodeAccepts).length
    expect(nodeAccepted).toBeGreaterThan(100)
    expect(accepted.length).toBeGreaterThan(0.8 * nodeAccepted)
  })
})
