/**
 * The robustness tests are only as good as their input and their checks: this proves that the
 * generators produce what they promise (own `__proto__` keys, lone surrogates, deep nesting,
 * valid bodies that stay valid), and that the checks fail on what they must catch.
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { validatePostcard } from '../../src/postcard/validate-postcard.ts'
import type { Verdict } from '../../src/verdict/types.ts'
import {
  deepFreeze,
  designs,
  expectNoPollution,
  expectSpecVerdict,
  hostileJson,
  hostileStrings,
  hostileValue,
  mutated,
  nested,
  prototypeSnapshot,
  validPostcard,
} from './hostile.ts'

/** How many of 300 samples pass a test. */
function count<T>(arbitrary: fc.Arbitrary<T>, predicate: (value: T) => boolean): number {
  return fc.sample(arbitrary, { seed: 7, numRuns: 300 }).filter(predicate).length
}

const ownProto = (value: unknown): boolean => {
  const stack = [value]
  while (stack.length > 0) {
    const node = stack.pop()
    if (node === null || typeof node !== 'object') continue
    if (Object.prototype.hasOwnProperty.call(node, '__proto__')) return true
    stack.push(...Object.values(node))
  }
  return false
}
const loneSurrogate = (value: unknown) => /\\ud[89a-f]/i.test(JSON.stringify(value) ?? '')

describe('hostile input generators', () => {
  test('should produce own __proto__ keys, lone surrogates and NaN-like values', () => {
    expect(count(hostileJson, ownProto)).toBeGreaterThan(15)
    expect(count(hostileJson, loneSurrogate)).toBeGreaterThan(8)
    expect(count(hostileValue, (value) => Number.isNaN(value))).toBeGreaterThan(0)
    expect(count(hostileValue, (value) => value === Number.POSITIVE_INFINITY)).toBeGreaterThan(0)
    expect(
      count(
        mutated(() => validPostcard('a6')),
        ownProto
      )
    ).toBeGreaterThan(15)
  })

  test('should keep some mutated and hostile-text bodies valid, so every check runs', () => {
    const valid = (body: unknown) => validatePostcard(body, designs.a6).ok
    expect(
      count(
        mutated(() => validPostcard('a6')),
        valid
      )
    ).toBeGreaterThan(10)
    expect(count(hostileStrings('a6'), valid)).toBeGreaterThan(10)
    expect(count(hostileStrings('a6'), (body) => !valid(body))).toBeGreaterThan(100)
  })

  test('should nest without recursion, a hundred thousand levels deep', () => {
    let node = nested(100_000, 'array')
    let depth = 0
    while (Array.isArray(node)) {
      node = node[0]
      depth++
    }
    expect([depth, node]).toEqual([100_000, 'x'])
  })
})

describe('robustness checks', () => {
  const invalid = (body: object): Verdict =>
    ({ ok: false, status: 422, body, warnings: [] }) as Verdict

  test('should fail a 422 body whose message does not summarise its errors', () => {
    expect(() =>
      expectSpecVerdict(invalid({ message: 'A.', errors: { a: ['A.'], b: ['B.'] } }))
    ).toThrowError()
    expect(() =>
      expectSpecVerdict(
        invalid({ message: 'A. (and 1 more error)', errors: { a: ['A.'], b: ['B.'] } })
      )
    ).not.toThrowError()
  })

  test('should fail empty errors, unknown members, NaN and missing fit fields', () => {
    expect(() => expectSpecVerdict(invalid({ message: '', errors: {} }))).toThrowError()
    expect(() =>
      expectSpecVerdict(invalid({ message: 'A.', errors: { a: ['A.'] }, extra: 1 }))
    ).toThrowError()
    const fit = {
      key: 'greeting',
      label: 'Greeting',
      available_width_mm: 60,
      available_height_mm: 20,
      measured_height_mm: Number.NaN,
      overflow_mm: 1,
      font_size_pt: 12,
      line_height: 1.2,
      block_count: 1,
      line_count: 2,
      suggested_action: 'Shorten the text.',
    }
    const body = (item: object) =>
      invalid({ message: 'A.', errors: { a: ['A.'] }, meta: { markdown_fit_errors: [item] } })
    expect(() => expectSpecVerdict(body(fit))).toThrowError()
    expect(() => expectSpecVerdict(body({ ...fit, measured_height_mm: 21 }))).not.toThrowError()
    const { label: _label, ...unlabelled } = fit
    expect(() => expectSpecVerdict(body({ ...unlabelled, measured_height_mm: 21 }))).toThrowError()
  })

  test('should notice a polluted prototype', () => {
    const before = prototypeSnapshot()
    const proto = Object.prototype as Record<string, unknown>
    proto['polluted'] = 'yes'
    try {
      expect(() => expectNoPollution(before)).toThrowError()
    } finally {
      delete proto['polluted']
    }
    expectNoPollution(before)
    // A new key holding `undefined` is pollution too (a deep equality alone would miss it).
    const key = '\u{95F5E}'
    proto[key] = undefined
    try {
      expect(() => expectNoPollution(before)).toThrowError()
    } finally {
      Reflect.deleteProperty(proto, key)
    }
    expectNoPollution(before)
  })

  test('should make every write to a frozen input throw', () => {
    const body = deepFreeze({ to: { zip: '1' }, list: [{ a: 1 }] })
    expect(() => {
      ;(body.to as Record<string, unknown>)['zip'] = '2'
    }).toThrowError(TypeError)
    expect(() => (body.list as unknown[]).push(1)).toThrowError(TypeError)
  })
})
