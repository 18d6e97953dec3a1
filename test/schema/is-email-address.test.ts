import { expect, test } from 'vitest'
import { isEmailAddress } from '../../src/schema/is-email-address.ts'

test.each([
  ['billing@example.com', true],
  ['first.last+invoices@sub.example.co.uk', true],
  ["o'brien@example.ie", true],
  ['user_name-1@example-shop.de', true],
  ['user@localhost', true],
  ['jörg@bücher.de', true],
  ['info@xn--bcher-kva.de', true],
  ['a@b.c', true],
  ['', false],
  ['example.com', false],
  ['@example.com', false],
  ['billing@', false],
  ['a@@example.com', false],
  ['a@b@example.com', false],
  ['.a@example.com', false],
  ['a.@example.com', false],
  ['a..b@example.com', false],
  ['a b@example.com', false],
  ['a@exa mple.com', false],
  ['a@-example.com', false],
  ['a@example-.com', false],
  ['a@example..com', false],
  ['a@.example.com', false],
  ['a@example.com.', false],
  ['"a b"@example.com', false],
  ['a@[192.0.2.1]', false],
  ['a(comment)@example.com', false],
  [`a@${'x'.repeat(64)}.com`, false],
  [`a@${'x'.repeat(63)}.com`, true],
  ['billing@example.com\n', false],
])('should judge %j an e-mail address: %s', (value, expected) => {
  expect(isEmailAddress(value)).toBe(expected)
})
