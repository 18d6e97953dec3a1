/**
 * Reading a list: decoding (oracles: glibc `iconv` for Windows-1252, Node's UTF-8 decoder),
 * CSV records (oracle: Python's `csv` module), line numbers, and the rows `check-list` sends to
 * its workers.
 */
import { execFileSync } from 'node:child_process'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { decodeWindows1252, ListDecoder } from '../../../src/node/check-list/decode-text.ts'
import { buildCsvBody, buildJsonBody } from '../../../src/node/check-list/build-body.ts'
import { detectDelimiter, readCsvRecords } from '../../../src/node/check-list/read-csv-records.ts'
import { ListReader } from '../../../src/node/check-list/read-list.ts'
import { pythonCsv } from './python-csv.ts'

/** Text chunks of a string, cut every `size` characters. */
async function* chunked(text: string, size: number) {
  for (let index = 0; index < text.length; index += size) yield text.slice(index, index + size)
}

/** Byte chunks of a buffer, cut every `size` bytes. */
async function* byteChunks(bytes: Uint8Array, size: number) {
  for (let index = 0; index < bytes.length; index += size) yield bytes.subarray(index, index + size)
}

/** All records of CSV text. */
async function records(text: string, size = 7) {
  const out = []
  for await (const record of readCsvRecords(chunked(text, size), 'auto')) out.push(record)
  return out
}

describe('decoding a list', () => {
  test('should decode every Windows-1252 byte as glibc iconv does', () => {
    // iconv has no character for the five undefined bytes; the WHATWG table keeps their C1 code.
    const undefinedBytes = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d])
    const bytes = Uint8Array.from({ length: 256 }, (_, byte) => byte).filter(
      (byte) => !undefinedBytes.has(byte)
    )
    const oracle = execFileSync('iconv', ['-f', 'WINDOWS-1252', '-t', 'UTF-8'], {
      input: bytes,
    }).toString('utf8')
    expect(decodeWindows1252(bytes)).toBe(oracle)
    expect(decodeWindows1252(Uint8Array.from([0x80, 0x84, 0x93, 0x9f]))).toBe('€„“Ÿ')
    expect(decodeWindows1252(Uint8Array.from([...undefinedBytes]))).toBe(
      '\u0081\u008d\u008f\u0090\u009d'
    )
  })

  test('should decode UTF-8 cut anywhere into chunks as Node decodes it whole', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 60 }),
        fc.integer({ min: 1, max: 9 }),
        (text, size) => {
          const bytes = Buffer.from(`a;${text}`, 'utf8')
          const decoder = new ListDecoder('auto')
          let out = ''
          for (let index = 0; index < bytes.length; index += size) {
            out += decoder.write(bytes.subarray(index, index + size))
          }
          out += decoder.end()
          expect(out).toBe(`a;${text}`)
          expect(decoder.state.invalidSequences).toBe(0)
          expect(decoder.state.encoding ?? 'utf-8').toBe('utf-8')
        }
      )
    )
  })

  test.each([
    {
      name: 'a UTF-8 byte order mark',
      bytes: [0xef, 0xbb, 0xbf, 0x61, 0xc3, 0xa4],
      text: 'aä',
      encoding: 'utf-8',
      how: 'byte order mark',
    },
    {
      name: 'a UTF-16LE byte order mark',
      bytes: [0xff, 0xfe, 0x61, 0x00, 0xe4, 0x00],
      text: 'aä',
      encoding: 'utf-16le',
      how: 'byte order mark',
    },
    {
      name: 'a UTF-16BE byte order mark',
      bytes: [0xfe, 0xff, 0x00, 0x61, 0x00, 0xe4],
      text: 'aä',
      encoding: 'utf-16be',
      how: 'byte order mark',
    },
    {
      name: 'Windows-1252 bytes',
      bytes: [0x61, 0x0a, 0x4b, 0xf6, 0x6c, 0x6e, 0x20, 0x80],
      text: 'a\nKöln €',
      encoding: 'windows-1252',
      how: 'detected',
    },
    {
      name: 'UTF-8 without a mark',
      bytes: [0x61, 0x0a, 0x4b, 0xc3, 0xb6, 0x6c, 0x6e],
      text: 'a\nKöln',
      encoding: 'utf-8',
      how: 'detected',
    },
    {
      name: 'ASCII only',
      bytes: [0x61, 0x3b, 0x62],
      text: 'a;b',
      encoding: undefined,
      how: 'default',
    },
  ])('should detect $name', ({ bytes, text, encoding, how }) => {
    const decoder = new ListDecoder('auto')
    expect(decoder.write(Uint8Array.from(bytes)) + decoder.end()).toBe(text)
    expect(decoder.state).toMatchObject({ encoding, how, invalidSequences: 0, bytes: bytes.length })
  })

  test('should count bytes that are not UTF-8 after the list was found to be UTF-8', () => {
    const decoder = new ListDecoder('auto')
    const text =
      decoder.write(Buffer.from('Köln\n', 'utf8')) +
      decoder.write(Uint8Array.from([0x4a, 0xf6, 0x72, 0x67, 0x0a])) +
      decoder.end()
    expect(text).toBe('Köln\nJ\uFFFDrg\n')
    expect(decoder.state).toMatchObject({ encoding: 'utf-8', invalidSequences: 1 })
  })
})

describe('reading CSV records', () => {
  const cases = [
    {
      name: 'German Excel: `;`, CRLF, a quoted field over lines',
      text: 'a;b;c\r\n1;"x\r\ny";3\r\n4;"5;6";"sagt ""ja"""\r\n',
      delimiter: ';',
    },
    {
      name: 'comma, LF, an empty last field and no final line break',
      text: 'a,b\n1,\n"2\n\n2",x',
      delimiter: ',',
    },
    {
      name: 'blank lines and rows of empty cells between records',
      text: 'a;b\r\n\r\n1;2\r\n;\r\n\r\n3;4\r\n',
      delimiter: ';',
    },
    { name: 'tabs', text: 'a\tb\n"1\t1"\t2\n', delimiter: '\t' },
    { name: 'a lone CR inside a quoted field', text: 'a,b\n"x\ry",2\n3,4\n', delimiter: ',' },
  ]
  test.each(cases)('should read $name as Python reads it', async ({ text, delimiter }) => {
    expect(detectDelimiter(text)).toBe(delimiter)
    expect(await records(text)).toEqual(pythonCsv({ text }, delimiter))
    expect(await records(text, 1)).toEqual(pythonCsv({ text }, delimiter))
  })

  test('should read quotes inside unquoted fields as text, as Excel does', async () => {
    expect(await records('a;b\n5" Zoll;x\n')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['5" Zoll', 'x'] },
    ])
  })

  test('should report a quote never closed with the line of its record', async () => {
    expect(await records('a;b\n1;2\n"3;4\n5;6\n')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['1', '2'] },
      {
        line: 3,
        error: 'Unexpected end of the list inside a quoted field, expected a closing `"`',
      },
    ])
  })
})

describe('the rows of a list', () => {
  test('should number rows from the header on, keep the line of each, and skip rows outside --rows', async () => {
    const text =
      'to.zip;to.city\r\n10115;Berlin\r\n"20\r\n095";Hamburg\r\n\r\n80331;München\r\n50667;Köln\r\n'
    const reader = new ListReader({
      input: byteChunks(Buffer.from(text, 'utf8'), 5),
      name: 'list.csv',
      format: 'auto',
      encoding: 'auto',
      delimiter: 'auto',
      rows: { first: 2, last: 3 },
    })
    expect(await reader.header()).toEqual({ line: 1, fields: ['to.zip', 'to.city'] })
    const rows = []
    for await (const row of reader.rows(2)) rows.push(row)
    expect(rows).toEqual([
      [2, 3, ['20\r\n095', 'Hamburg']],
      [3, 6, ['80331', 'München']],
    ])
  })
})

describe('building bodies', () => {
  const template = { flow_id: 'f', from: { city: 'Berlin' }, content: { body: 'Für alle' } }

  test('should set non-empty cells over the template and never change the template', () => {
    const frozen = structuredClone(template)
    const body = buildCsvBody(
      template,
      [['to', 'first_name'], ['content', 'greeting'], ['from', 'city'], null, ['to', 'company']],
      ['Anna', 'Hallo', 'Köln', 'K-1', '']
    )
    expect(body).toEqual({
      flow_id: 'f',
      from: { city: 'Köln' },
      to: { first_name: 'Anna' },
      content: { body: 'Für alle', greeting: 'Hallo' },
    })
    expect(template).toEqual(frozen)
  })

  test('should merge an NDJSON row over the template, with renamed and dotted keys, keeping __proto__ a member', () => {
    const row = JSON.parse(
      '{"Vorname":"Anna","to.zip":"10115","content":{"greeting":"Hi"},"__proto__":{"x":1}}'
    )
    const body = buildJsonBody(
      template,
      row,
      new Map([['Vorname', ['to', 'first_name']]])
    ) as Record<string, unknown>
    expect(body).toEqual({
      flow_id: 'f',
      from: { city: 'Berlin' },
      to: { first_name: 'Anna', zip: '10115' },
      content: { body: 'Für alle', greeting: 'Hi' },
      ['__proto__']: { x: 1 },
    })
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype)
    expect(Object.hasOwn(body, '__proto__')).toBe(true)
  })
})
