/**
 * A bound on container nesting, so that parsing stays fast on any 8000-character value.
 *
 * micromark (remark-parse) spends time quadratic in the number of containers one line opens:
 * `- ` written 4000 times before a word takes 4 s or more to parse (each list item first tries a
 * thematic break over the rest of the line, and mdast-util-from-markdown walks every nested
 * list's events again). A line rarely opens more than two or three containers, and spec 2.5
 * rejects any list inside a list item and any block quote, so beyond a few levels the exact
 * structure cannot change whether a text is accepted. Like markdown-it's `maxNesting` and league/commonmark's
 * `max_nesting_level`, a line may open at most {@link MAX_LINE_CONTAINERS} containers; the rest of
 * the line is read as the text of a paragraph in the last one.
 *
 * It works on the text, before parsing: the first character of the marker past the limit is
 * replaced by a letter (offsets do not move), the text is parsed, and the character is put back
 * into the paragraph's text.
 *
 * @module
 */
import type { Nodes, Root, Text } from 'mdast'

/**
 * Most container markers (block quote `>`, list item `-`/`+`/`*`/`1.`/`1)`) a line may have
 * before the rest of the line is read as text. 16 is far beyond real text (spec 2.5 already
 * rejects two levels) and keeps the worst 8000-character line under a few milliseconds.
 */
export const MAX_LINE_CONTAINERS = 16

// Replaces the first character of a cut marker: a letter starts a paragraph and nothing else.
const CUT_CHARACTER = 'x'

/**
 * Finds, on every line with more than `limit` container markers before its content, the offset
 * of the first marker past the limit.
 *
 * The scan is linear and errs on the side of finding too many markers: it accepts any blanks
 * before a marker (list items continue with indentation), so a marker it counts may turn out to
 * be text (after an indented code block, in a paragraph that a list cannot interrupt...); the
 * parse tells, see {@link containersAt}. It never counts the start of a thematic break
 * (`* * *` wins over a list item, CommonMark 4.1) nor `-` glued to text.
 *
 * @param text The raw Markdown.
 * @param limit Most markers a line keeps (default: {@link MAX_LINE_CONTAINERS}).
 * @returns The offsets of the first marker past the limit, one per line at most, in order.
 */
export function findNestingCuts(text: string, limit: number = MAX_LINE_CONTAINERS): number[] {
  const cuts: number[] = []
  let start = 0
  while (start < text.length) {
    let end = start
    while (end < text.length && !isLineEnding(text.charCodeAt(end))) end++
    // A marker is at least one character: shorter lines cannot pass the limit.
    if (end - start > limit) {
      const cut = cutOfLine(text, start, end, limit)
      if (cut !== undefined) cuts.push(cut)
    }
    start = text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10 ? end + 2 : end + 1
  }
  return cuts
}

/**
 * Replaces the first character of each cut marker with a letter, so that it cannot open a
 * container; every other character keeps its offset.
 *
 * @param text The raw Markdown.
 * @param cuts Offsets from {@link findNestingCuts}.
 * @returns The text to parse.
 */
export function applyNestingCuts(text: string, cuts: readonly number[]): string {
  if (cuts.length === 0) return text
  let result = ''
  let from = 0
  for (const cut of cuts) {
    result += text.slice(from, cut) + CUT_CHARACTER
    from = cut + 1
  }
  return result + text.slice(from)
}

/**
 * Counts the containers (block quotes and list items) around an offset of the parsed text, and
 * finds the text node there.
 *
 * A cut did what it should when the letter sits in at least `limit` containers: the markers
 * before it all opened (or continued) containers. Otherwise the line was not a container line
 * (it continues a paragraph, it is code...) and its parse is cheap: the cut must go, so the
 * letter does not change the text.
 *
 * @param tree The parsed tree.
 * @param offset An offset of the parsed text.
 * @returns The number of containers and the innermost text node around the offset, if any.
 */
export function containersAt(
  tree: Root,
  offset: number
): { readonly containers: number; readonly text: Text | undefined } {
  let containers = 0
  let node: Nodes = tree
  for (;;) {
    if (node.type === 'blockquote' || node.type === 'listItem') containers++
    if (node.type === 'text') return { containers, text: node }
    const child: Nodes | undefined = 'children' in node ? childAt(node.children, offset) : undefined
    if (!child) return { containers, text: undefined }
    node = child
  }
}

/**
 * Puts the character a cut replaced back into the text node that holds the letter.
 *
 * The cut letter is the first character on its line, in the text node's value, that is not a
 * blank or a marker character: everything before it on the line is container markers, which a
 * text value never reworks (no escape or character reference can be among them).
 *
 * @param node The text node around the cut.
 * @param text The raw Markdown.
 * @param cut The offset of the cut.
 * @param line The 1-based line of the cut.
 * @returns Whether the character was put back.
 */
export function restoreNestingCut(node: Text, text: string, cut: number, line: number): boolean {
  const startLine = node.position?.start.line
  if (startLine === undefined || line < startLine) return false
  let index = 0
  for (let skip = line - startLine; skip > 0; skip--) {
    while (index < node.value.length && !isLineEnding(node.value.charCodeAt(index))) index++
    if (node.value.charCodeAt(index) === 13 && node.value.charCodeAt(index + 1) === 10) index++
    index++
  }
  while (index < node.value.length && /^[\t )*+\-.0-9>]$/.test(node.value[index] ?? '')) index++
  if (node.value[index] !== CUT_CHARACTER) return false
  node.value = node.value.slice(0, index) + text[cut] + node.value.slice(index + 1)
  return true
}

/**
 * Finds the offset past the limit on one line, if the line has that many markers.
 *
 * @param text The raw Markdown.
 * @param start Offset of the line's first character.
 * @param end Offset just past the line's last character.
 * @param limit Most markers the line keeps.
 * @returns The offset of the first marker past the limit, or `undefined`.
 */
function cutOfLine(text: string, start: number, end: number, limit: number): number | undefined {
  let breaks: Uint8Array | undefined
  let index = start
  let count = 0
  for (;;) {
    while (index < end && isBlank(text.charCodeAt(index))) index++
    if (index >= end) return undefined
    const marker = index
    const code = text.charCodeAt(index)
    if (code === 62 /* > */) {
      index++
    } else if (code === 45 /* - */ || code === 43 /* + */ || code === 42 /* * */) {
      if (index + 1 < end && !isBlank(text.charCodeAt(index + 1))) return undefined
      breaks ??= thematicBreakStarts(text, start, end)
      if (breaks[index - start] === 1) return undefined
      index++
    } else if (isDigit(code)) {
      // An ordered list marker: 1 to 9 digits, then `.` or `)` (CommonMark 5.2).
      let digitsEnd = index
      while (digitsEnd < end && digitsEnd - index < 9 && isDigit(text.charCodeAt(digitsEnd))) {
        digitsEnd++
      }
      const delimiter = text.charCodeAt(digitsEnd)
      if (digitsEnd >= end || (delimiter !== 46 /* . */ && delimiter !== 41) /* ) */) {
        return undefined
      }
      if (digitsEnd + 1 < end && !isBlank(text.charCodeAt(digitsEnd + 1))) return undefined
      index = digitsEnd + 1
    } else {
      return undefined
    }
    count++
    if (count > limit) return marker
  }
}

/**
 * Marks, for one line, the offsets where a thematic break starts and runs to the end of the line:
 * three or more of one of `-`, `*`, `_`, with only blanks between and after (CommonMark 4.1).
 * One backward pass, so the scan of a line stays linear.
 *
 * @param text The raw Markdown.
 * @param start Offset of the line's first character.
 * @param end Offset just past the line's last character.
 * @returns One flag per character of the line: `1` where a thematic break starts.
 */
function thematicBreakStarts(text: string, start: number, end: number): Uint8Array {
  const starts = new Uint8Array(end - start)
  let character = 0
  let count = 0
  for (let index = end - 1; index >= start; index--) {
    const code = text.charCodeAt(index)
    if (isBlank(code)) continue
    const isBreakCharacter = code === 45 || code === 42 || code === 95 // - * _
    if (count < 0 || !isBreakCharacter || (character !== 0 && character !== code)) {
      count = -1 // Anything else before makes every longer suffix fail.
      continue
    }
    character = code
    count++
    if (count >= 3) starts[index - start] = 1
  }
  return starts
}

/**
 * Finds the child whose position holds an offset; children are in text order.
 *
 * @param children The children of a node.
 * @param offset The offset.
 * @returns The child, or `undefined`.
 */
function childAt(children: readonly Nodes[], offset: number): Nodes | undefined {
  let low = 0
  let high = children.length - 1
  while (low <= high) {
    const middle = (low + high) >> 1
    const child = children[middle]
    const position = child?.position
    if (!child || !position) return undefined
    if (offset < (position.start.offset ?? 0)) high = middle - 1
    else if (offset >= (position.end.offset ?? 0)) low = middle + 1
    else return child
  }
  return undefined
}

/**
 * Whether a UTF-16 code unit is a space or a tab.
 *
 * @param code The code unit.
 * @returns `true` for a space or a tab.
 */
function isBlank(code: number): boolean {
  return code === 32 || code === 9
}

/**
 * Whether a UTF-16 code unit is an ASCII digit.
 *
 * @param code The code unit.
 * @returns `true` for `0`-`9`.
 */
function isDigit(code: number): boolean {
  return code >= 48 && code <= 57
}

/**
 * Whether a UTF-16 code unit ends a line (`\n` or `\r`).
 *
 * @param code The code unit.
 * @returns `true` for a line feed or a carriage return.
 */
function isLineEnding(code: number): boolean {
  return code === 10 || code === 13
}
