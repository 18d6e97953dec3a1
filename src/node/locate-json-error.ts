/**
 * Where a text stops being JSON, and why, as a person fixing it by hand needs it: line and
 * column, what was found and what was expected. `JSON.parse` knows only a position in UTF-16
 * units, in a message that differs between engine versions; this scanner follows the grammar of
 * RFC 8259 itself, so the answer is the same everywhere and worded in the project's grammar.
 *
 * It runs only after `JSON.parse` refused a text (the fast path stays `JSON.parse`), in one pass
 * with an explicit stack: a body of a million `[` cannot overflow the call stack.
 *
 * @module
 */

/** A JSON syntax error, located. */
export interface JsonSyntaxError {
  /** 1-based line: lines end at `\n`, `\r\n` or `\r`. */
  readonly line: number
  /** 1-based column in characters (Unicode code points) from the start of the line. */
  readonly column: number
  /** Offset in UTF-16 units from the start of the text. */
  readonly offset: number
  /** The character found there, `undefined` at the end of the text. */
  readonly found: string | undefined
  /** What is wrong: ``Unexpected `}`, expected a property name in double quotes``. */
  readonly message: string
  /** The error is the end of the text: the document goes on past it (a cut or wrapped document). */
  readonly atEnd: boolean
  /** The error comes after one complete document (a second document, or stray text). */
  readonly afterDocument: boolean
}

/** What the scanner is about to read. */
type Expect =
  | 'value'
  | 'key-or-end'
  | 'key'
  | 'colon'
  | 'comma-or-end-object'
  | 'value-or-end'
  | 'comma-or-end-array'

const expectations: Readonly<Record<Expect, string>> = {
  value: 'a JSON value',
  'key-or-end': 'a property name in double quotes or `}`',
  key: 'a property name in double quotes',
  colon: '`:` after the property name',
  'comma-or-end-object': '`,` or `}`',
  'value-or-end': 'a JSON value or `]`',
  'comma-or-end-array': '`,` or `]`',
}

const isWhitespace = (code: number) =>
  code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d
const isDigit = (code: number) => code >= 0x30 && code <= 0x39

/**
 * Finds the first place where a text is not JSON (RFC 8259).
 *
 * @param text The text, after any byte order mark was removed.
 * @returns The error, or `undefined` when the text is one JSON document.
 */
export function locateJsonError(text: string): JsonSyntaxError | undefined {
  /** Open containers: `{` or `[`. */
  const stack: number[] = []
  let expect = 'value' as Expect
  let index = 0
  let done = false

  const fail = (at: number, problem: string): JsonSyntaxError => {
    const { line, column } = lineAndColumn(text, at)
    return {
      line,
      column,
      offset: at,
      found: at < text.length ? String.fromCodePoint(text.codePointAt(at) ?? 0) : undefined,
      message: problem,
      atEnd: at >= text.length,
      afterDocument: done,
    }
  }
  const unexpected = (at: number, expected: string) =>
    fail(at, `Unexpected ${describeAt(text, at)}, expected ${expected}`)

  /** After a complete value: what may follow depends on the container it is in. */
  const valueDone = () => {
    const top = stack.at(-1)
    if (top === undefined) done = true
    else expect = top === 0x7b ? 'comma-or-end-object' : 'comma-or-end-array'
  }

  while (index < text.length || !done) {
    while (index < text.length && isWhitespace(text.charCodeAt(index))) index++
    if (index >= text.length) {
      if (done) return undefined
      return unexpected(index, done ? 'nothing' : expectations[expect])
    }
    if (done) return unexpected(index, 'the end of the document')
    const code = text.charCodeAt(index)

    switch (expect) {
      case 'colon':
        if (code !== 0x3a) return unexpected(index, expectations.colon)
        index++
        expect = 'value'
        continue
      case 'comma-or-end-object':
      case 'comma-or-end-array': {
        const close = expect === 'comma-or-end-object' ? 0x7d : 0x5d
        if (code === 0x2c) {
          index++
          expect = close === 0x7d ? 'key' : 'value'
          continue
        }
        if (code !== close) return unexpected(index, expectations[expect])
        index++
        stack.pop()
        valueDone()
        continue
      }
      case 'key-or-end':
      case 'key':
        if (code === 0x7d && expect === 'key-or-end') {
          index++
          stack.pop()
          valueDone()
          continue
        }
        if (code === 0x7d)
          return unexpected(index, `${expectations.key} (JSON allows no \`,\` before \`}\`)`)
        if (code !== 0x22) return unexpected(index, expectations[expect])
        {
          const end = scanString(text, index)
          if (typeof end !== 'number') return fail(end.at, end.problem)
          index = end
        }
        expect = 'colon'
        continue
      case 'value':
      case 'value-or-end': {
        if (code === 0x5d && expect === 'value-or-end') {
          index++
          stack.pop()
          valueDone()
          continue
        }
        // `value` inside an array follows a `,`: `[1,]`.
        if (code === 0x5d && stack.at(-1) === 0x5b) {
          return unexpected(index, `${expectations.value} (JSON allows no \`,\` before \`]\`)`)
        }
        if (code === 0x7b || code === 0x5b) {
          stack.push(code)
          index++
          expect = code === 0x7b ? 'key-or-end' : 'value-or-end'
          continue
        }
        if (code === 0x22) {
          const end = scanString(text, index)
          if (typeof end !== 'number') return fail(end.at, end.problem)
          index = end
          valueDone()
          continue
        }
        if (code === 0x2d || isDigit(code)) {
          const end = scanNumber(text, index)
          if (typeof end !== 'number') return fail(end.at, end.problem)
          index = end
          valueDone()
          continue
        }
        const word = /^(?:true|false|null)/.exec(text.slice(index, index + 5))?.[0]
        if (word !== undefined) {
          index += word.length
          valueDone()
          continue
        }
        if (code === 0x27) return unexpected(index, 'a string in double quotes')
        return unexpected(index, expectations.value)
      }
    }
  }
  return undefined
}

/** A problem inside a string or number: where, and the sentence. */
interface TokenProblem {
  readonly at: number
  readonly problem: string
}

const escapes = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't'])

/** Scans a string from its opening quote; returns the index after the closing quote. */
function scanString(text: string, start: number): number | TokenProblem {
  let index = start + 1
  while (index < text.length) {
    const code = text.charCodeAt(index)
    if (code === 0x22) return index + 1
    if (code < 0x20) {
      const name =
        code === 0x0a || code === 0x0d ? 'line break' : `control character U+${hex(code)}`
      return {
        at: index,
        problem: `Unexpected ${name} in a string, expected \`"\` to close it or the character escaped (\`${code === 0x0a ? '\\n' : code === 0x0d ? '\\r' : code === 0x09 ? '\\t' : `\\u${hex(code)}`}\`)`,
      }
    }
    if (code === 0x5c) {
      const next = text[index + 1]
      if (next === undefined) break
      if (next === 'u') {
        const digits = text.slice(index + 2, index + 6)
        if (!/^[\da-f]{4}$/i.test(digits)) {
          return {
            at: index,
            problem: `Unexpected escape \`\\u${/^[\da-f]*/i.exec(digits)?.[0] ?? ''}\`, expected \`\\u\` and four hexadecimal digits`,
          }
        }
        index += 6
        continue
      }
      if (!escapes.has(next)) {
        return {
          at: index,
          problem: `Unexpected escape \`\\${String.fromCodePoint(text.codePointAt(index + 1) ?? 0)}\`, expected one of \`\\"\`, \`\\\\\`, \`\\/\`, \`\\b\`, \`\\f\`, \`\\n\`, \`\\r\`, \`\\t\`, \`\\uXXXX\``,
        }
      }
      index += 2
      continue
    }
    index++
  }
  return {
    at: text.length,
    problem: 'Unexpected end of the text in a string, expected `"` to close it',
  }
}

/** Scans a number (RFC 8259 section 6); returns the index after it. */
function scanNumber(text: string, start: number): number | TokenProblem {
  let index = start
  const digit = (what: string): TokenProblem => ({
    at: index,
    problem: `Unexpected ${describeAt(text, index)}, expected ${what}`,
  })
  if (text.charCodeAt(index) === 0x2d) index++
  if (text.charCodeAt(index) === 0x30) {
    index++
    if (isDigit(text.charCodeAt(index)))
      return digit('`.`, `e` or the end of the number (JSON allows no leading zeros)')
  } else if (isDigit(text.charCodeAt(index))) {
    while (isDigit(text.charCodeAt(index))) index++
  } else return digit('a digit')
  if (text.charCodeAt(index) === 0x2e) {
    index++
    if (!isDigit(text.charCodeAt(index))) return digit('a digit after `.`')
    while (isDigit(text.charCodeAt(index))) index++
  }
  if ((text.charCodeAt(index) | 0x20) === 0x65) {
    index++
    if (text[index] === '+' || text[index] === '-') index++
    if (!isDigit(text.charCodeAt(index))) return digit('a digit of the exponent')
    while (isDigit(text.charCodeAt(index))) index++
  }
  return index
}

/** What is at an offset, for a message: `` `}` ``, `line break`, `the end of the text`. */
function describeAt(text: string, at: number): string {
  if (at >= text.length) return 'end of the text'
  const point = text.codePointAt(at) ?? 0
  if (point === 0x0a || point === 0x0d) return 'line break'
  // Spaces and invisible characters are named: quoted, they would look like nothing.
  if (invisible.test(String.fromCodePoint(point))) return `character U+${hex(point)}`
  return `\`${String.fromCodePoint(point)}\``
}

const invisible = /^[\p{White_Space}\p{C}]$/u

function hex(code: number): string {
  return code.toString(16).toUpperCase().padStart(4, '0')
}

/**
 * The 1-based line and column (in code points) of an offset.
 *
 * @param text The text.
 * @param offset Offset in UTF-16 units.
 * @returns Line and column.
 */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1
  let column = 1
  for (let index = 0; index < offset && index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code === 0x0a || (code === 0x0d && text.charCodeAt(index + 1) !== 0x0a)) {
      line++
      column = 1
    } else if (code === 0x0d) {
      // The `\r` of `\r\n`: the `\n` ends the line.
    } else if (
      code < 0xdc00 ||
      code > 0xdfff ||
      index === 0 ||
      !isHigh(text.charCodeAt(index - 1))
    ) {
      column++
    }
  }
  return { line, column }
}

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff
