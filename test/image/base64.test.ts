import fc from 'fast-check'
import { expect, test } from 'vitest'
import { decodeBase64, encodeBase64, isCanonicalBase64 } from '../../src/image/base64.ts'

// Oracles: the platform's btoa/atob on binary strings. atob forgives whitespace and missing
// padding (WHATWG forgiving-base64); a canonical text is one that survives atob then btoa.
const binary = (bytes: Uint8Array) => String.fromCharCode(...bytes)
const canonical = (text: string) => {
  try {
    return btoa(atob(text)) === text
  } catch {
    return false
  }
}

test('should encode as btoa and decode its output back', () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
      const text = encodeBase64(bytes)
      expect(text).toBe(btoa(binary(bytes)))
      expect(decodeBase64(text)).toEqual(bytes)
      expect(isCanonicalBase64(text)).toBe(true)
    }),
    { numRuns: 1000 }
  )
})

test('should accept exactly the texts that survive atob and btoa', () => {
  const text = fc.string({
    unit: fc.constantFrom(...'AQgw+/=9 \n-_%'.split('')),
    maxLength: 12,
  })
  fc.assert(
    fc.property(text, (candidate) => {
      expect(isCanonicalBase64(candidate)).toBe(canonical(candidate))
      const decoded = decodeBase64(candidate)
      if (canonical(candidate)) expect(binary(decoded ?? new Uint8Array())).toBe(atob(candidate))
      else expect(decoded).toBeUndefined()
    }),
    { numRuns: 3000 }
  )
})

test('should decode at most the bytes asked for', () => {
  expect(decodeBase64('iVBORw0KGgo=', 4)).toEqual(Uint8Array.of(0x89, 0x50, 0x4e, 0x47))
})

test.each([
  ['AA8=', true],
  ['AA/=', false],
  ['AQ==', true],
  ['AB==', false],
  ['iVBORw0KGgo=', true],
  ['iVBORw0KGgo', false],
  ['iVBO Rw0KGgo=', false],
  ['', true],
])('should take %j as canonical: %s', (text, expected) => {
  expect(isCanonicalBase64(text)).toBe(expected)
  expect(canonical(text)).toBe(expected)
})
