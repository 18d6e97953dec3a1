/**
 * Giant inputs shared by the giant-input tests: bodies built once per test, too big to be drawn
 * by fast-check, each with the first message its verdict must start with.
 */
import { expect } from 'vitest'
import type { Verdict } from '../../src/verdict/types.ts'
import { expectSpecVerdict, nested, validPostcard } from './hostile.ts'

/** Size of the giant strings (`PREFLIGHT_GIANT_MB` to probe smaller ones). */
const megabytes =
  Number(
    (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[
      'PREFLIGHT_GIANT_MB'
    ] ?? ''
  ) || 10

/** A string of about 10 MB (UTF-16 code units) made of `unit`. */
export const tenMegabytes = (unit: string) =>
  unit.repeat(Math.ceil((megabytes * 1_048_576) / unit.length))

/** Sets a value at a path of a fresh valid A6 body. */
export function a6With(path: readonly string[], value: unknown): Record<string, unknown> {
  const body = validPostcard('a6')
  let node = body
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>
  node[path.at(-1) as string] = value
  return body
}

export const manyKeys = (count: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, index) => [`k${index}`, 'x']))

/** [name, body, the first message the verdict must start with (`''`: valid)]. */
export const postcards: readonly [string, () => unknown, string][] = [
  [
    'a 10 MB Markdown value',
    () => a6With(['content', 'greeting'], tenMegabytes('a')),
    'The content field must not be greater than 20000 characters in total.',
  ],
  [
    'a 10 MB value of emphasis markers',
    () => a6With(['content', 'greeting'], tenMegabytes('*_')),
    'The content field must not be greater than 20000 characters in total.',
  ],
  [
    'a 10 MB value of brackets',
    () => a6With(['content', 'greeting'], tenMegabytes('[')),
    'The content field must not be greater than 20000 characters in total.',
  ],
  [
    'a 10 MB value of nested list markers',
    () => a6With(['content', 'body'], tenMegabytes('- ')),
    'The content field must not be greater than 20000 characters in total.',
  ],
  [
    'a 10 MB value of line breaks',
    () => a6With(['content', 'body'], tenMegabytes('\n')),
    'The content field must not be greater than 20000 characters in total.',
  ],
  [
    'a 10 MB value of emoji with skin tones',
    () => a6With(['content', 'body'], tenMegabytes('👍🏽')),
    'The content field must not be greater than 20000 characters in total.',
  ],
  [
    'a 10 MB QR URL',
    () => a6With(['qr_codes', 'coupon_url'], `https://example.com/${tenMegabytes('a')}`),
    'The qr_codes.coupon_url field must not be greater than 2048 characters.',
  ],
  [
    'a 10 MB flow_id',
    () => a6With(['flow_id'], tenMegabytes('f')),
    'The flow_id field must be a valid UUID.',
  ],
  ['a 10 MB recipient name', () => a6With(['to', 'first_name'], tenMegabytes('Erika ')), ''],
  ['a 10 MB zip and city', () => a6With(['to', 'zip'], tenMegabytes('5')), ''],
  ['a 10 MB content key', () => a6With(['content', tenMegabytes('k')], 'x'), 'The content.'],
  [
    'content nested 100 000 levels deep',
    () => a6With(['content', 'greeting'], nested(100_000, 'object')),
    'The content.greeting field must be a string.',
  ],
  [
    'a recipient nested 100 000 levels deep',
    () => a6With(['to'], nested(100_000, 'array')),
    'The to.address_line1 field is required.',
  ],
  [
    'an unknown member nested 100 000 levels deep',
    () => a6With(['extra'], nested(100_000, 'object')),
    '',
  ],
  [
    'a body nested 100 000 levels deep',
    () => nested(100_000, 'object'),
    'The flow_id field is required.',
  ],
  [
    '100 000 content keys',
    () => a6With(['content'], manyKeys(100_000)),
    'The content field must not have more than 10 items.',
  ],
  [
    'a recipient of a million array items',
    () => a6With(['to'], new Array<string>(1_000_000).fill('x')),
    'The to.address_line1 field is required.',
  ],
]

/** Asserts the verdict's shape and its first message. */
export function expectFirstMessage(verdict: Verdict, first: string): void {
  expectSpecVerdict(verdict)
  if (first === '') expect(verdict.ok).toBe(true)
  else expect((verdict.ok ? '' : verdict.body.message).slice(0, first.length)).toBe(first)
}
