/**
 * The bridge's header reader against the outside oracle it replaces: a `Headers` (Node's undici)
 * with every raw line appended, lines `append` refuses dropped, as the bridge built it before.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { requestHeaders } from '../../src/node/request-headers.ts'

/** Whether `Headers` takes a line. */
function takes(name: string, value: string): boolean {
  try {
    return new Headers([[name, value]]) instanceof Headers
  } catch {
    return false
  }
}

/** What the bridge built before: a `Headers` of the lines it takes, in order. */
const oracle = (lines: readonly (readonly [string, string])[]): Headers =>
  new Headers(
    lines.filter(([name, value]) => takes(name, value)).map(([n, v]): [string, string] => [n, v])
  )

/** Names the pipeline reads, and others, in several cases. */
const names = [
  'authorization',
  'Authorization',
  'AUTHORIZATION',
  'x-request-id',
  'X-Request-Id',
  'Idempotency-Key',
  'origin',
  'Origin',
  'content-length',
  'Content-Length',
  'access-control-request-method',
  'cookie',
  'Cookie',
  'set-cookie',
  'host',
  'x-a',
  'X-A',
]

/** Characters that exercise trimming, joining and what `append` refuses. */
const characters = [
  ' ',
  '\t',
  '\r',
  '\n',
  '\0',
  '\u000b',
  'a',
  'Z',
  '0',
  ',',
  ';',
  '=',
  'ü',
  '\u00ff',
  '\u0100',
  '€',
  '"',
]

const value = fc
  .array(fc.constantFrom(...characters), { maxLength: 8 })
  .map((parts) => parts.join(''))
const line = fc.tuple(fc.constantFrom(...names), value)

describe('requestHeaders', () => {
  it('gets what a Headers of the same lines gets (fast-check, fixed seed)', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), (lines) => {
        const lean = requestHeaders(lines.flat())
        const headers = oracle(lines)
        for (const name of names) expect(lean.get(name)).toBe(headers.get(name))
      }),
      { seed: 20_261_124, numRuns: 5000 }
    )
  })

  it('reads a typical request: case, repeats, cookies, surrounding whitespace', () => {
    const raw = [
      'Host',
      '127.0.0.1:8787',
      'Authorization',
      'Bearer dm_test_abc',
      'X-Request-Id',
      ' r-1\t',
      'Cookie',
      'a=1',
      'cookie',
      'b=2',
      'Accept',
      'text/html',
      'accept',
      'application/json',
      'X-Bad',
      'a\u0100',
    ]
    const lean = requestHeaders(raw)
    expect(lean.get('authorization')).toBe('Bearer dm_test_abc')
    expect(lean.get('x-request-id')).toBe('r-1')
    expect(lean.get('Cookie')).toBe('a=1; b=2')
    expect(lean.get('accept')).toBe('text/html, application/json')
    expect(lean.get('x-bad')).toBeNull()
    expect(lean.get('origin')).toBeNull()
  })
})
