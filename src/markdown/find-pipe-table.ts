/**
 * Pipe tables (GFM syntax) in the source of a CommonMark paragraph (spec 2.5: tables are not
 * supported).
 *
 * @module
 */

// A delimiter cell: hyphens with an optional colon on either side (GFM "delimiter row").
const DELIMITER_CELL = /^:?-+:?$/

/**
 * Finds where a pipe table starts in the source of one paragraph.
 *
 * CommonMark has no tables, so `| a | b |` / `|---|---|` parses as a plain paragraph; the
 * writer still meant a table, and the service, which lists tables as unsupported, rejects it.
 * This follows GFM's definition of a table head: a header row followed by a delimiter row whose
 * cells are only hyphens with optional colons (`---`, `:--`, `--:`, `:-:`), both rows with the
 * same number of cells. Cells are separated by unescaped pipes; a leading and a trailing pipe are
 * optional; `\|` is a literal pipe. To keep `Title` / `-` (a setext heading) and plain text out,
 * one of the two rows must contain a pipe, as in GFM's own examples.
 *
 * Lines are taken as written, minus leading and trailing whitespace (the indentation of list
 * item content).
 *
 * @param source The source text of one paragraph (its unist position's slice of the text).
 * @returns The offset in `source` of the header row's first non-blank character, or `undefined`.
 */
export function findPipeTable(source: string): number | undefined {
  let previous: Row | undefined
  let start = 0
  while (start <= source.length) {
    let end = start
    while (end < source.length && source[end] !== '\n' && source[end] !== '\r') end++
    const row = readRow(source, start, end)
    if (previous && row.delimiter && (previous.piped || row.piped)) {
      if (previous.cells.length === row.cells.length) return previous.offset
    }
    previous = row
    if (end >= source.length) break
    start = source[end] === '\r' && source[end + 1] === '\n' ? end + 2 : end + 1
  }
  return undefined
}

/** One line of a paragraph read as a table row. */
interface Row {
  /** Offset of the line's first non-blank character. */
  readonly offset: number
  /** The trimmed cells. */
  readonly cells: readonly string[]
  /** Whether the line contains an unescaped pipe. */
  readonly piped: boolean
  /** Whether every cell is a delimiter cell. */
  readonly delimiter: boolean
}

/**
 * Splits one line into cells at unescaped pipes, dropping one leading and one trailing pipe.
 *
 * @param source The paragraph source.
 * @param start Offset of the line's first character.
 * @param end Offset just past the line's last character.
 * @returns The line as a row.
 */
function readRow(source: string, start: number, end: number): Row {
  let from = start
  let to = end
  while (from < to && isBlank(source[from])) from++
  while (to > from && isBlank(source[to - 1])) to--
  const pipes: number[] = []
  for (let index = from; index < to; index++) {
    if (source[index] === '\\') index++
    else if (source[index] === '|') pipes.push(index)
  }
  const bounds = [from - 1, ...pipes, to]
  if (pipes[0] === from) bounds.shift()
  if (pipes.length > 0 && pipes[pipes.length - 1] === to - 1 && bounds.length > 1) bounds.pop()
  const cells: string[] = []
  for (let index = 0; index + 1 < bounds.length; index++) {
    cells.push(source.slice((bounds[index] ?? 0) + 1, bounds[index + 1]).trim())
  }
  return {
    offset: from,
    cells,
    piped: pipes.length > 0,
    delimiter: cells.length > 0 && cells.every((cell) => DELIMITER_CELL.test(cell)),
  }
}

/**
 * Whether a character is a space or a tab.
 *
 * @param character One character, or `undefined` past the end.
 * @returns `true` for a space or a tab.
 */
function isBlank(character: string | undefined): boolean {
  return character === ' ' || character === '\t'
}
