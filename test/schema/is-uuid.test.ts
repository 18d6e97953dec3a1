import { expect, test } from 'vitest'
import { isUuid } from '../../src/schema/is-uuid.ts'

test.each([
  ['3b9d6a52-4c1e-4f7e-9a51-0b6f1f2d8c10', true],
  ['3B9D6A52-4C1E-4F7E-9A51-0B6F1F2D8C10', true],
  ['00000000-0000-0000-0000-000000000000', true],
  // Laravel's Str::isUuid requires no version nibble.
  ['3b9d6a52-4c1e-Xf7e-9a51-0b6f1f2d8c10', false],
  ['3b9d6a52-4c1e-0f7e-0a51-0b6f1f2d8c10', true],
  ['3b9d6a524c1e4f7e9a510b6f1f2d8c10', false],
  ['{3b9d6a52-4c1e-4f7e-9a51-0b6f1f2d8c10}', false],
  ['3b9d6a52-4c1e-4f7e-9a51-0b6f1f2d8c10\n', false],
  [' 3b9d6a52-4c1e-4f7e-9a51-0b6f1f2d8c10', false],
  ['3b9d6a52-4c1e-4f7e-9a51-0b6f1f2d8c1', false],
  ['g b9d6a52-4c1e-4f7e-9a51-0b6f1f2d8c10', false],
  ['', false],
])('should judge %j a UUID: %s', (value, expected) => {
  expect(isUuid(value)).toBe(expected)
})

test('should accept what crypto.randomUUID produces', () => {
  for (let i = 0; i < 50; i++) expect(isUuid(crypto.randomUUID())).toBe(true)
})
