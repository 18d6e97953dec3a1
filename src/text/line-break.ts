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
 * Latin letters outside ASCII (U+00C0 to U+024F: `é`, `ß`, `ł`, `ș` …), all of UAX #14 class AL
 * (`×` and `÷` are AI, which resolves to AL).
 */
function isLatinLetter(unit: number): boolean {
  return unit >= 0xc0 && unit <= 0x24f
}

/**
 * The characters of a Latin text (printable ASCII, NBSP, {@link isLatinLetter}) that UAX #14
 * breaks after when a Latin letter outside ASCII follows: `!` and `?` (EX), `-` (HY), `/` (SY),
 * `|` (BA), `}` (CL). UAX #14 never breaks after such a letter before a character of a Latin
 * text, and the classes of a Latin text take no context from further back than the pair (no
 * CM, ZWJ, HL, RI; spaces are Blink's business): so the pair alone decides, as the
 * `linebreak` package does (`test/text/line-break.test.ts` compares them on 100,000 texts).
 */
const BREAKS_BEFORE_LATIN_LETTER = '!-/?|}'

/** Pairs with a character outside ASCII decided by {@link BREAKS_BEFORE_LATIN_LETTER}. */
const LATIN = 'latin'

/**
 * The UAX #14 opportunities of a text as a bit per position, computed only when the text has a
 * character outside ASCII (pairs of ASCII characters never consult them); {@link LATIN} for a
 * text whose characters outside ASCII are NBSP and Latin letters only, when `latin` allows.
 */
function unicodeOpportunities(text: string, latin: boolean): Uint8Array | typeof LATIN | undefined {
  let ascii = true
  let simple = latin
  for (let index = 0; index < text.length && (ascii || simple); index++) {
    const unit = text.charCodeAt(index)
    if (needsUnicodeRules(unit)) ascii = false
    if (unit < 0x20 || (unit > 0x7e && unit !== NO_BREAK_SPACE && !isLatinLetter(unit))) {
      simple = false
    }
  }
  if (ascii) return undefined
  if (simple) return LATIN
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
  return withKinds(text, breakPositions(text))
}

/**
 * The positions of {@link findBreakOpportunities}, without an object per opportunity: the line
 * breaker keeps them for every line it prepares. An opportunity is a `hyphen` one exactly when
 * the character before it is U+00AD SOFT HYPHEN.
 *
 * @param text One run of inline text.
 * @returns The positions, ascending, excluding 0 and `text.length`.
 */
export function breakPositions(text: string): number[] {
  return opportunitiesOf(text, true)
}

/**
 * {@link findBreakOpportunities} with every pair that has a character outside ASCII decided by
 * the `linebreak` package: the reference the Latin shortcut is tested against.
 *
 * @param text One run of inline text.
 * @returns The opportunities.
 */
export function referenceBreakOpportunities(text: string): BreakOpportunity[] {
  return withKinds(text, opportunitiesOf(text, false))
}

/** Whether a break before `position` is one after a soft hyphen, where a hyphen is drawn. */
export function isHyphenBreak(text: string, position: number): boolean {
  return text.charCodeAt(position - 1) === SOFT_HYPHEN
}

function withKinds(text: string, positions: readonly number[]): BreakOpportunity[] {
  return positions.map((position) => ({
    position,
    kind: isHyphenBreak(text, position) ? 'hyphen' : 'normal',
  }))
}

function opportunitiesOf(text: string, latin: boolean): number[] {
  const opportunities: number[] = []
  if (text.length < 2) return opportunities
  const unicode = unicodeOpportunities(text, latin)
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
      allowed =
        unicode === LATIN
          ? isLatinLetter(current) &&
            BREAKS_BEFORE_LATIN_LETTER.includes(String.fromCharCode(previous))
          : unicode?.[position] === 1
    } else {
      allowed = false
    }
    if (allowed) opportunities.push(position)
  }
  return opportunities
}
