/**
 * Where a text stops being JSON: the scanner's verdict agrees with `JSON.parse` (the oracle) on
 * every text, and its sentences say what a person needs to fix the text by hand.
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { lineAndColumn, locateJsonError } from '../../src/node/locate-json-error.ts'

/** Whether `JSON.parse` accepts a text. */
function parses(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

describe('locateJsonError', () => {
  test.each([
    {
      text: '{\n  "flow_id": "x",\n}',
      at: '3:1',
      message:
        'Unexpected `}`, expected a property name in double quotes (JSON allows no `,` before `}`)',
    },
    {
      text: '{"flow_id": ',
      at: '1:13',
      message: 'Unexpected end of the text, expected a JSON value',
    },
    { text: '', at: '1:1', message: 'Unexpected end of the text, expected a JSON value' },
    { text: 'abc', at: '1:1', message: 'Unexpected `a`, expected a JSON value' },
    {
      text: "{'a': 1}",
      at: '1:2',
      message: "Unexpected `'`, expected a property name in double quotes or `}`",
    },
    { text: "['a']", at: '1:2', message: "Unexpected `'`, expected a string in double quotes" },
    { text: '{"a": 1}x', at: '1:9', message: 'Unexpected `x`, expected the end of the document' },
    { text: '[1, 2', at: '1:6', message: 'Unexpected end of the text, expected `,` or `]`' },
    { text: '{"a" 1}', at: '1:6', message: 'Unexpected `1`, expected `:` after the property name' },
    { text: '{"a": 1 "b": 2}', at: '1:9', message: 'Unexpected `"`, expected `,` or `}`' },
    {
      text: '[1,]',
      at: '1:4',
      message: 'Unexpected `]`, expected a JSON value (JSON allows no `,` before `]`)',
    },
    { text: '{"a":}', at: '1:6', message: 'Unexpected `}`, expected a JSON value' },
    {
      text: '"a\\xb"',
      at: '1:3',
      message:
        'Unexpected escape `\\x`, expected one of `\\"`, `\\\\`, `\\/`, `\\b`, `\\f`, `\\n`, `\\r`, `\\t`, `\\uXXXX`',
    },
    {
      text: '"\\u12g4"',
      at: '1:2',
      message: 'Unexpected escape `\\u12`, expected `\\u` and four hexadecimal digits',
    },
    {
      text: '{"a": "b\nc"}',
      at: '1:9',
      message:
        'Unexpected line break in a string, expected `"` to close it or the character escaped (`\\n`)',
    },
    {
      text: '"a\tb"',
      at: '1:3',
      message:
        'Unexpected control character U+0009 in a string, expected `"` to close it or the character escaped (`\\t`)',
    },
    {
      text: '"abc',
      at: '1:5',
      message: 'Unexpected end of the text in a string, expected `"` to close it',
    },
    {
      text: '01',
      at: '1:2',
      message:
        'Unexpected `1`, expected `.`, `e` or the end of the number (JSON allows no leading zeros)',
    },
    { text: '-', at: '1:2', message: 'Unexpected end of the text, expected a digit' },
    { text: '1.', at: '1:3', message: 'Unexpected end of the text, expected a digit after `.`' },
    {
      text: '1e+',
      at: '1:4',
      message: 'Unexpected end of the text, expected a digit of the exponent',
    },
    { text: 'tru', at: '1:1', message: 'Unexpected `t`, expected a JSON value' },
    { text: '{"a":[1,{"c":nul}]}', at: '1:14', message: 'Unexpected `n`, expected a JSON value' },
    // Columns count characters: the emoji is one, not two UTF-16 units.
    { text: '["😀", x]', at: '1:7', message: 'Unexpected `x`, expected a JSON value' },
    { text: '\r\n\r\n  x', at: '3:3', message: 'Unexpected `x`, expected a JSON value' },
    { text: '\u00a0{}', at: '1:1', message: 'Unexpected character U+00A0, expected a JSON value' },
  ])('should locate $text at $at: $message', ({ text, at, message }) => {
    expect(parses(text)).toBe(false)
    const error = locateJsonError(text)
    expect(error && `${error.line}:${error.column}`).toBe(at)
    expect(error?.message).toBe(message)
  })

  test('should tell a cut document from a second one', () => {
    expect(locateJsonError('{"a": 1,')).toMatchObject({ atEnd: true, afterDocument: false })
    expect(locateJsonError('{"a": 1}\n{"b": 2}')).toMatchObject({
      line: 2,
      column: 1,
      atEnd: false,
      afterDocument: true,
    })
  })

  test('should scan a million `[` without overflowing the stack', () => {
    const error = locateJsonError('['.repeat(1_000_000))
    expect(error).toMatchObject({ atEnd: true, line: 1, column: 1_000_001 })
  })

  test('should agree with JSON.parse on every text (property)', () => {
    // JSON texts, the same cut or with a character changed, and arbitrary strings.
    const mutated = fc
      .tuple(
        fc.json(),
        fc.nat(),
        fc.constantFrom('', ',', '}', ']', '"', "'", ':', '\n', '\\', 'x', '0')
      )
      .map(([json, at, insert]) => {
        const cut = at % (json.length + 1)
        return json.slice(0, cut) + insert + json.slice(cut + (at % 2))
      })
    fc.assert(
      fc.property(
        fc.oneof(fc.json(), mutated, fc.string(), fc.string({ unit: 'binary' })),
        (text) => {
          const error = locateJsonError(text)
          expect(error === undefined).toBe(parses(text))
          if (error) expect(error.offset).toBeLessThanOrEqual(text.length)
        }
      ),
      { numRuns: 3000 }
    )
  })
})

describe('lineAndColumn', () => {
  test.each([
    { text: 'ab\ncd', offset: 4, at: { line: 2, column: 2 } },
    { text: 'ab\r\ncd', offset: 5, at: { line: 2, column: 2 } },
    { text: 'ab\rcd', offset: 3, at: { line: 2, column: 1 } },
    { text: '😀😀x', offset: 4, at: { line: 1, column: 3 } },
  ])('should place offset $offset of $text at $at', ({ text, offset, at }) => {
    expect(lineAndColumn(text, offset)).toEqual(at)
  })
})
