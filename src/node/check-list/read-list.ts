/**
 * Reads a recipient list, CSV or NDJSON, as numbered rows for the workers: the text decoded
 * chunk by chunk ({@link ListDecoder}), CSV records read by {@link readCsvRecords}, NDJSON split
 * into lines. Rows that cannot be submissions (a CSV record with the wrong number of fields,
 * bytes that are not text in the list's encoding) come out as rows with a reason, with their
 * line, so the run goes on and the report names them.
 *
 * @module
 */
import { ListDecoder, type DecodeState, type EncodingOption } from './decode-text.ts'
import { readCsvRecords, type CsvRecord, type DelimiterOption } from './read-csv-records.ts'
import type { BatchRow } from './worker-protocol.ts'

/** How a list is written; `auto` goes by the file name, then by the first character. */
export type FormatOption = 'auto' | 'csv' | 'ndjson'

/** Options of {@link ListReader}. */
export interface ListReaderOptions {
  /** The list's bytes. */
  readonly input: AsyncIterable<Uint8Array>
  /** The file name (for `auto`), `-` for standard input. */
  readonly name: string
  readonly format: FormatOption
  readonly encoding: EncodingOption
  readonly delimiter: DelimiterOption
  /** Judge only rows in this range (1-based, inclusive); the others are read and skipped. */
  readonly rows?: { readonly first: number; readonly last: number } | undefined
}

/** What a rows needs to say about its bytes when they are not text. */
const NOT_UTF8 =
  'Unexpected bytes that are not UTF-8 in this row, expected UTF-8 text (for a list saved by Excel as "CSV", pass `--encoding windows-1252`)'

/** The decoded text of the list, chunk by chunk. */
async function* decode(input: AsyncIterable<Uint8Array>, decoder: ListDecoder) {
  for await (const chunk of input) {
    const text = decoder.write(chunk)
    if (text !== '') yield text
  }
  const rest = decoder.end()
  if (rest !== '') yield rest
}

/** Text chunks with a peeked head put back in front. */
async function* prepend(head: string, rest: AsyncIterator<string>) {
  if (head !== '') yield head
  for (let next = await rest.next(); next.done !== true; next = await rest.next()) yield next.value
}

/** The lines of NDJSON text with their numbers (`\r\n`, `\n` and `\r` end a line). */
async function* ndjsonLines(text: AsyncIterable<string>) {
  let carry = ''
  let line = 1
  for await (const chunk of text) {
    carry += chunk
    let start = 0
    for (let index = 0; index < carry.length; index++) {
      const code = carry.charCodeAt(index)
      if (code !== 10 && code !== 13) continue
      // A `\r` at the chunk's end may be the first half of `\r\n`: wait for the next chunk.
      if (code === 13 && index === carry.length - 1) break
      yield { line, text: carry.slice(start, index) }
      line++
      if (code === 13 && carry.charCodeAt(index + 1) === 10) index++
      start = index + 1
    }
    carry = carry.slice(start)
  }
  if (carry !== '') yield { line, text: carry.replace(/\r$/, '') }
}

/**
 * One pass over a list. Call {@link ListReader.header} first (CSV: the header's fields), then
 * iterate {@link ListReader.rows}.
 */
export class ListReader {
  readonly #options: ListReaderOptions
  readonly #decoder: ListDecoder
  #format: 'csv' | 'ndjson' | undefined
  #delimiter: ',' | ';' | '\t' | undefined
  #records: AsyncIterator<CsvRecord> | undefined
  #lines: AsyncIterator<{ line: number; text: string }> | undefined
  #firstLine = 1

  /** @param options The list and how to read it. */
  constructor(options: ListReaderOptions) {
    this.#options = options
    this.#decoder = new ListDecoder(options.encoding)
  }

  /** The format in use (after {@link ListReader.header}). */
  get format(): 'csv' | 'ndjson' {
    return this.#format ?? 'csv'
  }

  /** The CSV delimiter in use, once known. */
  get delimiter(): ',' | ';' | '\t' | undefined {
    return this.#delimiter
  }

  /** The decoder's findings: encoding, bytes read. */
  get decoding(): DecodeState {
    return this.#decoder.state
  }

  /**
   * Starts reading: decides the format and, for CSV, reads the header line.
   *
   * @returns The header's fields (`undefined` for NDJSON, or an empty CSV list).
   */
  async header(): Promise<{ line: number; fields: readonly string[] } | undefined> {
    const text = decode(this.#options.input, this.#decoder)[Symbol.asyncIterator]()
    let head = ''
    if (this.#options.format === 'auto') {
      const extension = /\.([a-z0-9]+)$/i.exec(this.#options.name)?.[1]?.toLowerCase()
      if (extension === 'ndjson' || extension === 'jsonl') this.#format = 'ndjson'
      else if (extension === 'csv' || extension === 'tsv' || extension === 'txt') {
        this.#format = 'csv'
      } else {
        // Standard input or another name: a list whose first character is `{` is NDJSON.
        for (let next = await text.next(); next.done !== true; next = await text.next()) {
          head += next.value
          if (head.trim() !== '') break
        }
        this.#format = head.trimStart().startsWith('{') ? 'ndjson' : 'csv'
      }
    } else this.#format = this.#options.format
    const chunks = prepend(head, text)
    if (this.#format === 'ndjson') {
      this.#lines = ndjsonLines(chunks)[Symbol.asyncIterator]()
      return undefined
    }
    const delimiter = this.#options.delimiter
    this.#records = readCsvRecords(chunks, delimiter, (format) => {
      this.#delimiter = format.delimiter
    })[Symbol.asyncIterator]()
    const first = await this.#records.next()
    if (first.done === true) return undefined
    if ('error' in first.value) return { line: first.value.line, fields: [] }
    this.#firstLine = first.value.line
    return { line: first.value.line, fields: first.value.fields }
  }

  /** The line of the header (CSV). */
  get headerLine(): number {
    return this.#firstLine
  }

  /**
   * The rows, numbered from 1 (the first row after the header; for NDJSON the first non-blank
   * line), as batch rows for the workers.
   *
   * @param columns CSV: the header's field count, which every row must have (extra empty
   *   fields, as spreadsheets write them, are allowed).
   * @yields Rows in order; only those of the `rows` range.
   */
  async *rows(columns: number): AsyncGenerator<BatchRow> {
    const range = this.#options.rows ?? { first: 1, last: Number.POSITIVE_INFINITY }
    let row = 0
    const utf8 = () => this.#decoder.state.invalidSequences > 0
    const lines = this.#lines
    if (lines) {
      try {
        for (let next = await lines.next(); next.done !== true; next = await lines.next()) {
          const { line, text } = next.value
          if (text.trim() === '') continue
          row++
          if (row < range.first) continue
          if (row > range.last) break
          yield utf8() && text.includes('\uFFFD') ? [row, line, null, NOT_UTF8] : [row, line, text]
        }
      } finally {
        await lines.return?.()
      }
      return
    }
    const records = this.#records
    if (!records) return
    try {
      for (let next = await records.next(); next.done !== true; next = await records.next()) {
        const record = next.value
        row++
        if (row < range.first) continue
        if (row > range.last) break
        if ('error' in record) {
          yield [row, record.line, null, record.error]
          continue
        }
        const { fields, line } = record
        if (fields.length !== columns && !extraFieldsEmpty(fields, columns)) {
          yield [
            row,
            line,
            null,
            `Unexpected ${fields.length} ${fields.length === 1 ? 'field' : 'fields'}, expected ${columns} as in the header (a delimiter inside an unquoted value?)`,
          ]
        } else if (utf8() && fields.some((field) => field.includes('\uFFFD'))) {
          yield [row, line, null, NOT_UTF8]
        } else yield [row, line, fields.length === columns ? fields : fields.slice(0, columns)]
      }
    } finally {
      await records.return?.()
    }
  }
}

/** Whether a record has more fields than the header, all of them empty. */
function extraFieldsEmpty(fields: readonly string[], columns: number): boolean {
  return fields.length > columns && fields.slice(columns).every((field) => field.trim() === '')
}
