/**
 * Reads CSV text (RFC 4180) record by record with csv-parse, as a stream: quoted fields with
 * delimiters, doubled quotes and line breaks, any of `\r\n`, `\n` and `\r` between records, and
 * the delimiter of the header line (`,`, `;` as German Excel writes it, or a tab).
 *
 * @module
 */
import { once } from 'node:events'
import { parse, type CsvError, type Parser } from 'csv-parse'

/** The delimiters a list may use; `auto` picks the most frequent one of the header line. */
export type DelimiterOption = 'auto' | ',' | ';' | '\t'

/** One record of the CSV text. */
export type CsvRecord =
  | {
      /** Line of the text where the record starts (1-based). */
      readonly line: number
      /** The fields, unquoted. */
      readonly fields: readonly string[]
    }
  | {
      readonly line: number
      /** Why the record could not be read, one sentence. */
      readonly error: string
    }

/** How the text was read. */
export interface CsvFormat {
  readonly delimiter: ',' | ';' | '\t'
}

/** The longest record the reader holds, in characters: far beyond any postcard (spec 8). */
export const MAX_RECORD_CHARACTERS = 1_048_576

/** How many characters of the text are searched for the header line's end. */
const HEADER_PEEK = 65_536

/** Counts the line breaks of raw text (`\r\n`, `\n` and `\r` each once). */
function lineBreaks(text: string): number {
  let count = 0
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code === 10) count++
    else if (code === 13) {
      count++
      if (text.charCodeAt(index + 1) === 10) index++
    }
  }
  return count
}

/**
 * Picks the delimiter of a list from its header line: the most frequent of `;`, `,` and tab
 * outside quotes (`,` when there is none: a one-column list).
 *
 * @param head The start of the text, at least the header line when it is that long.
 * @returns The delimiter.
 */
export function detectDelimiter(head: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 }
  let quoted = false
  for (const char of head) {
    if (char === '"') quoted = !quoted
    else if (!quoted && (char === '\n' || char === '\r')) break
    else if (!quoted && (char === ',' || char === ';' || char === '\t')) counts[char]++
  }
  if (counts[';'] > counts[','] && counts[';'] >= counts['\t']) return ';'
  if (counts['\t'] > counts[',']) return '\t'
  return ','
}

/** Whether the header line is complete in a head of the text (a line break outside quotes). */
function hasHeaderLine(head: string): boolean {
  let quoted = false
  for (const char of head) {
    if (char === '"') quoted = !quoted
    else if (!quoted && (char === '\n' || char === '\r')) return true
  }
  return false
}

/** The one-sentence reason of a csv-parse error, with our wording. */
function describe(error: CsvError): string {
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'Unexpected end of the list inside a quoted field, expected a closing `"`'
    case 'CSV_MAX_RECORD_SIZE':
      return `Unexpected record longer than ${MAX_RECORD_CHARACTERS.toLocaleString('en')} characters (an unclosed \`"\`?), expected a postcard row; the rest of the list was not read`
    default:
      return `Unexpected CSV: ${error.message}`
  }
}

/**
 * Reads the records of CSV text. Blank lines and lines of delimiters only (Excel writes those
 * for empty rows) are skipped. Quotes inside unquoted fields are text and field counts are left
 * to the caller, so the only records csv-parse cannot read end the text (a quote never closed, a
 * record beyond {@link MAX_RECORD_CHARACTERS}): that one is yielded as an error with its line.
 *
 * Line numbers are counted from each record's raw text, so a line break inside a quoted field
 * moves the next record's line on, whichever of `\r\n`, `\n` or `\r` it is.
 *
 * @param text The text, in chunks (from {@link ListDecoder}).
 * @param option `--delimiter`.
 * @param onFormat Called once with the delimiter in use, before the first record.
 * @yields The records in order, each with the line it starts on.
 */
export async function* readCsvRecords(
  text: AsyncIterable<string>,
  option: DelimiterOption,
  onFormat?: (format: CsvFormat) => void
): AsyncGenerator<CsvRecord> {
  const chunks = text[Symbol.asyncIterator]()
  // Peek at the header line to pick the delimiter.
  let head = ''
  let done = false
  while (!done && head.length < HEADER_PEEK && !hasHeaderLine(head)) {
    const next = await chunks.next()
    if (next.done === true) done = true
    else head += next.value
  }
  const delimiter = option === 'auto' ? detectDelimiter(head) : option
  onFormat?.({ delimiter })

  const skipped: CsvError[] = []
  const parser: Parser = parse({
    delimiter,
    // Quotes inside an unquoted field (`5" Zoll`) are text, as Excel reads them.
    relax_quotes: true,
    // Field counts are checked against the header by the caller, with a better message.
    relax_column_count: true,
    skip_records_with_error: true,
    max_record_size: MAX_RECORD_CHARACTERS,
    raw: true,
    on_skip: (error) => {
      if (error) skipped.push(error)
    },
  })
  const feeding = (async () => {
    try {
      if (head !== '' && !parser.write(head)) await once(parser, 'drain')
      head = ''
      while (!done) {
        const next = await chunks.next()
        if (next.done === true) break
        if (!parser.write(next.value)) await once(parser, 'drain')
      }
      parser.end()
    } catch (error) {
      parser.destroy(error as Error)
    }
  })()

  let line = 1
  try {
    for await (const output of parser as AsyncIterable<{ record: string[]; raw: string }>) {
      const { record, raw } = output
      const start = line
      line += lineBreaks(raw)
      if (record.every((field) => field.trim() === '')) continue
      yield { line: start, fields: record }
    }
    // With quotes and field counts relaxed, the errors left end the reading (an unclosed quote
    // at the end, a record beyond the bound): they belong to the record after the last one.
    for (const error of skipped.splice(0)) yield { line, error: describe(error) }
  } finally {
    parser.destroy()
    await feeding
    await chunks.return?.()
  }
}
