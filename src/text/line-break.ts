/**
 * Where a line may break, the way Chromium decides it: UAX #14 (the `linebreak` package) for
 * pairs with a non-ASCII character, Chromium's own ASCII table for pairs of printable ASCII
 * characters (no break after `/`, a break after `?`, after `-` before a digit only when a letter
 * or digit precedes), after `-` before a no-break space (UAX #14 LB12a), break after a run of
 * spaces, never inside a grapheme cluster.
 *
 * @module
 */
import LineBreaker from 'linebreak'
import { graphemeStartFlags } from './graphemes.ts'

/** Why a line may break at a position. */
export type BreakKind =
  /** An ordinary opportunity (after spaces, after a hyphen …). */
  | 'normal'
  /** After U+00AD SOFT HYPHEN: a hyphen is drawn when the line breaks there. */
  | 'hyphen'

/** A place where a line may break: before `position` (a UTF-16 offset). */
export interface BreakOpportunity {
  readonly position: number
  readonly kind: BreakKind
}

const OPENING = '(<[{'

/**
 * For a printable ASCII character, the printable ASCII characters a line may break before when
 * they follow it; characters without an entry allow no break. Read back from Chromium 156
 * (`x` + pair in a 0-px box), matching Blink's `kAsciiLineBreakTable` (text_break_iterator.cc):
 * breaks before `(<[{` after closing punctuation, and after `-` and `?` before most characters.
 * `test/browser/line-breaks-ascii.test.ts` re-reads it from the live browser.
 */
export const ASCII_BREAKS_AFTER: Readonly<Record<string, string>> = {
  '!': OPENING,
  '"': OPENING,
  '#': OPENING,
  '%': OPENING,
  '&': OPENING,
  ')': OPENING,
  '*': OPENING,
  '+': OPENING,
  ',': OPENING,
  '-': `"#%&'(*+-0123456789<=>@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\^_\`abcdefghijklmnopqrstuvwxyz{|~`,
  '.': OPENING,
  ':': OPENING,
  ';': OPENING,
  '=': OPENING,
  '>': OPENING,
  '?': `#$%&(*+-0123456789<=>@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\^_\`abcdefghijklmnopqrstuvwxyz{|~`,
  '\\': OPENING,
  ']': OPENING,
  '|': OPENING,
  '}': OPENING,
  '~': OPENING,
}

/** The table as bits: `ASCII_TABLE[(left - 0x21) * 95 + (right - 0x21)]`. */
const ASCII_TABLE = (() => {
  const table = new Uint8Array(95 * 95)
  for (const [left, rights] of Object.entries(ASCII_BREAKS_AFTER)) {
    for (const right of rights) {
      table[(left.charCodeAt(0) - 0x21) * 95 + (right.charCodeAt(0) - 0x21)] = 1
    }
  }
  return table
})()

const SPACE = 0x20
const HYPHEN_MINUS = 0x2d
const SOFT_HYPHEN = 0xad
const NO_BREAK_SPACE = 0xa0

function isAsciiPrintable(unit: number): boolean {
  return unit >= 0x21 && unit <= 0x7f
}

function isAsciiDigit(unit: number): boolean {
  return unit >= 0x30 && unit <= 0x39
}

function isAsciiAlphanumeric(unit: number): boolean {
  return isAsciiDigit(unit) || (unit >= 0x41 && unit <= 0x5a) || (unit >= 0x61 && unit <= 0x7a)
}

/** Whether Blink asks ICU (UAX #14) about a pair with this character. */
function needsUnicodeRules(unit: number): boolean {
  return unit > 0x7f && unit !== NO_BREAK_SPACE
}

/**
 * The UAX #14 opportunities of a text as a bit per position, computed only when the text has a
 * character outside ASCII (pairs of ASCII characters never consult them).
 */
function unicodeOpportunities(text: string): Uint8Array | undefined {
  let ascii = true
  for (let index = 0; index < text.length && ascii; index++) {
    if (needsUnicodeRules(text.charCodeAt(index))) ascii = false
  }
  if (ascii) return undefined
  const allowed = new Uint8Array(text.length + 1)
  const breaker = new LineBreaker(text)
  for (let next = breaker.nextBreak(); next; next = breaker.nextBreak()) {
    allowed[next.position] = 1
  }
  return allowed
}

/**
 * The positions where a line of `text` may break, in ascending order, never inside a grapheme
 * cluster (`linebreak` 1.1 alone breaks inside `🫸🏽`, satori issue 621). A break "at" a run of
 * spaces is reported after the run: the spaces hang at the end of the line (CSS Text 3 §4.1.3).
 * The text should hold no line feeds: forced breaks are the caller's business.
 *
 * @param text One run of inline text (a paragraph, a list item, a line of plain text).
 * @returns The opportunities, excluding 0 and `text.length` (the end always ends a line).
 */
export function findBreakOpportunities(text: string): BreakOpportunity[] {
  const opportunities: BreakOpportunity[] = []
  if (text.length < 2) return opportunities
  const unicode = unicodeOpportunities(text)
  const clusters = graphemeStartFlags(text)
  for (let position = 1; position < text.length; position++) {
    if (clusters && clusters[position] !== 1) continue
    const previous = text.charCodeAt(position - 1)
    const current = text.charCodeAt(position)
    if (current === SPACE) continue
    let allowed: boolean
    if (previous === SPACE) {
      allowed = true
    } else if (previous === HYPHEN_MINUS && current === NO_BREAK_SPACE) {
      // UAX #14 LB12a keeps NBSP to what precedes it except after spaces and hyphens: Chromium
      // breaks `030 -` | `\u00a0555` (measured), and so do we.
      allowed = true
    } else if (previous === HYPHEN_MINUS && isAsciiDigit(current)) {
      // Blink: `-` before a digit is a minus sign unless a letter or digit precedes it
      // (`4711-0815` breaks, `-5` does not).
      allowed = position >= 2 && isAsciiAlphanumeric(text.charCodeAt(position - 2))
    } else if (isAsciiPrintable(previous) && isAsciiPrintable(current)) {
      allowed = ASCII_TABLE[(previous - 0x21) * 95 + (current - 0x21)] === 1
    } else if (needsUnicodeRules(previous) || needsUnicodeRules(current)) {
      allowed = unicode?.[position] === 1
    } else {
      allowed = false
    }
    if (allowed) {
      opportunities.push({ position, kind: previous === SOFT_HYPHEN ? 'hyphen' : 'normal' })
    }
  }
  return opportunities
}
