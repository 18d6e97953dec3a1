/**
 * Offsets to unist points (line and column) for one text.
 *
 * @module
 */

/** A 1-based line and column, counted like unist positions from micromark. */
export interface TextPoint {
  readonly line: number
  readonly column: number
}

/** The line starts of one text, to turn offsets into points. */
export interface LineIndex {
  /** Offset of the first character of every line; `lineStarts[0]` is `0`. */
  readonly lineStarts: readonly number[]
  /**
   * The point of an offset.
   *
   * @param offset Offset in UTF-16 code units, clamped to the text.
   * @returns Its 1-based line and column.
   */
  point(offset: number): TextPoint
}

/**
 * Indexes the lines of a text the way CommonMark (and so micromark's unist positions) counts
 * them: `\r\n`, `\r` and `\n` each end a line, and a column is one UTF-16 code unit (a tab counts
 * as one column). Findings made on the raw text (placeholders, pipe tables) then carry the same
 * line:column as the nodes of the parsed tree.
 *
 * @param text The text.
 * @returns Its line index.
 */
export function lineIndex(text: string): LineIndex {
  const lineStarts = [0]
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code === 13 /* \r */) {
      if (text.charCodeAt(index + 1) === 10 /* \n */) index++
      lineStarts.push(index + 1)
    } else if (code === 10 /* \n */) {
      lineStarts.push(index + 1)
    }
  }
  return {
    lineStarts,
    point(offset) {
      const at = Math.max(0, Math.min(offset, text.length))
      // Binary search for the last line start <= at.
      let low = 0
      let high = lineStarts.length - 1
      while (low < high) {
        const middle = (low + high + 1) >> 1
        if ((lineStarts[middle] ?? 0) <= at) low = middle
        else high = middle - 1
      }
      return { line: low + 1, column: at - (lineStarts[low] ?? 0) + 1 }
    },
  }
}
