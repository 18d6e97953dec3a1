import { describe, expect, test } from 'vitest'
import { constantTimeEqual, createAuthenticator } from '../../src/server/authenticate.ts'
import { HttpError } from '../../src/server/http-error.ts'

const authenticate = createAuthenticator([
  { token: 'dm_test_aaaa', accountId: 'acme', mode: 'test' },
  { token: 'dm_live_bbbb', accountId: 'acme', mode: 'live' },
  { token: 'dm_test_cccc', accountId: 'globex', mode: 'test' },
])

describe('createAuthenticator', () => {
  test.each([
    ['Bearer dm_test_aaaa', { accountId: 'acme', mode: 'test', tokenIndex: 0 }],
    ['bearer dm_live_bbbb', { accountId: 'acme', mode: 'live', tokenIndex: 1 }],
    ['Bearer  dm_test_cccc ', { accountId: 'globex', mode: 'test', tokenIndex: 2 }],
  ])('should map %j to its account and mode', (header, principal) => {
    expect(authenticate(header)).toEqual(principal)
  })

  test.each([
    null,
    '',
    'dm_test_aaaa',
    'Basic ZG06dGVzdA==',
    'Bearer',
    'Bearer dm_test_aaa',
    'Bearer dm_test_aaaaa',
    'Bearer dm_test_aaaa extra',
    `Bearer ${'x'.repeat(10_000)}`,
  ])('should refuse %j with 401 Unauthenticated.', (header) => {
    let error: unknown
    try {
      authenticate(header)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(HttpError)
    expect((error as HttpError).status).toBe(401)
    expect((error as HttpError).body).toEqual({ message: 'Unauthenticated.' })
  })
})

describe('constantTimeEqual', () => {
  const bytes = (text: string) => new TextEncoder().encode(text)
  test.each([
    ['abc', 'abc', true],
    ['abc', 'abd', false],
    ['abc', 'ab', false],
    ['', '', true],
    ['a\u0000', 'a', false],
  ])('should compare %j and %j', (a, b, equal) => {
    expect(constantTimeEqual(bytes(a), bytes(b))).toBe(equal)
  })
})
