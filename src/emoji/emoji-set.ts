/**
 * Lookup in the generated emoji set: is a grapheme an emoji, and since which Emoji version. The
 * answer comes from data generated from Unicode's emoji-test.txt (via emoji-regex) and emojibase,
 * not from the engine's `\p{…}` tables (each engine has its own Unicode version), so Node and
 * every browser agree.
 *
 * @module
 */
import { EMOJI_BY_VERSION, EMOJI_VERSIONS, TEXT_DEFAULT_EMOJI } from './emoji-data.generated.ts'
import type { EmojiVersion } from './emoji-version.ts'

/** An emoji of the generated set: its artwork-independent identity and its version. */
export interface EmojiEntry {
  /** The sequence without U+FE0F: every qualification of one emoji shares it. */
  readonly sequence: string
  /** Index of its version in `EMOJI_VERSIONS`. */
  readonly versionIndex: number
  /** Its Unicode Emoji version. */
  readonly version: EmojiVersion
}

const VS15 = '\uFE0E'
const VS16 = '\uFE0F'
const SKIN_TONES = ['\u{1F3FB}', '\u{1F3FC}', '\u{1F3FD}', '\u{1F3FE}', '\u{1F3FF}']

// Lazily initialised constants: each table is built from the generated data on first use and
// never changed afterwards.
let table: Map<string, number> | undefined
let startUnits: Set<number> | undefined
let textDefault: Set<string> | undefined

/** Expands `~` (each skin tone) the way `scripts/build-emoji-data.js` compacted the keys. */
function expand(template: string): string[] {
  const [head = '', ...rest] = template.split('~')
  let keys = [head]
  for (const text of rest) keys = keys.flatMap((key) => SKIN_TONES.map((tone) => key + tone + text))
  return keys
}

/**
 * Calls `each` with every code point of runs written by `encodeRuns` of
 * `scripts/build-emoji-data.js`: pairs of base-26 numbers (lower-case letters lead, an upper-case
 * letter ends one), the distance from the end of the run before and the length after the first.
 */
function decodeRuns(text: string, each: (char: string) => void): void {
  let value = 0
  let start = -1
  let end = 0
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    value = value * 26 + code - (code < 97 ? 65 : 97)
    if (code >= 97) continue
    if (start < 0) start = end + value
    else {
      end = start + value
      for (let point = start; point <= end; point++) each(String.fromCodePoint(point))
      start = -1
    }
    value = 0
  }
}

/**
 * Calls `each` with every template written by `encodeSequences` of `scripts/build-emoji-data.js`:
 * a letter `a`…`i` (code points shared with the entry before), the rest, and `-X` for a range of
 * last code points up to `X`; `A`…`Z` stand for the regional indicators U+1F1E6…U+1F1FF.
 */
function decodeSequences(text: string, each: (template: string) => void): void {
  let previous: string[] = []
  for (const entry of text.match(/[a-i][^a-i]*/g) ?? []) {
    const [head = '', last] = entry.slice(1).split('-')
    const tokens = [...previous.slice(0, entry.charCodeAt(0) - 97), ...head]
    const first = tokens.pop()?.codePointAt(0) ?? 0
    for (let point = first; point <= (last?.codePointAt(0) ?? first); point++) {
      previous = [...tokens, String.fromCodePoint(point)]
      each(
        previous
          .map((token) =>
            token >= 'A' && token <= 'Z'
              ? String.fromCodePoint(token.charCodeAt(0) + 0x1f1a5)
              : token
          )
          .join('')
      )
    }
  }
}

/** Builds the table on first use (about 4,000 entries), so importing the module costs nothing. */
function sequences(): Map<string, number> {
  if (table) return table
  const built = new Map<string, number>()
  EMOJI_BY_VERSION.forEach((list, versionIndex) => {
    const [singles = '', longer = ''] = list.split(' ')
    decodeRuns(singles, (char) => built.set(char, versionIndex))
    decodeSequences(longer, (template) => {
      for (const key of expand(template)) built.set(key, versionIndex)
    })
  })
  return (table = built)
}

/**
 * UTF-16 code units that can start an emoji (keycaps aside: they start with `#`, `*` or a digit),
 * for scanners that skip everything else without segmenting it: the first code unit of every
 * sequence of the set that does not start with ASCII, read from the data without building the
 * table (the longer sequences start where an entry shares nothing with the one before, `a`).
 *
 * @returns The set of code units.
 */
export function emojiStartUnits(): ReadonlySet<number> {
  if (!startUnits) {
    const units = new Set<number>()
    for (const list of EMOJI_BY_VERSION) {
      const [singles = '', longer = ''] = list.split(' ')
      decodeRuns(singles, (char) => units.add(char.charCodeAt(0)))
      for (const entry of longer.match(/a[^a-i]/g) ?? []) {
        // `A`…`Z` (regional indicators) and `~` (skin tones) stand for code points of U+1F1xx…U+1F3xx.
        const unit = entry.charCodeAt(1)
        if (unit >= 0x80) units.add(unit)
        else if (unit > 0x40) units.add(0xd83c)
      }
    }
    startUnits = units
  }
  return startUnits
}

/**
 * Looks a grapheme cluster up in the emoji set.
 *
 * Rules (spec 2.3 "Common emoji print as colour graphics"; UTS #51 presentation):
 * - U+FE0F is ignored for identity (`❤️` and the unqualified `👁‍🗨` are the same emoji as their
 *   fully-qualified forms), but a lone text-default code point (`©`, `☺`, `❤` …) without U+FE0F
 *   is text, not emoji;
 * - any U+FE0E (text presentation requested) makes the grapheme text.
 *
 * @param grapheme One extended grapheme cluster, e.g. from `Intl.Segmenter`.
 * @returns The entry, or `undefined` when the grapheme is text.
 */
export function lookupEmoji(grapheme: string): EmojiEntry | undefined {
  const first = grapheme.charCodeAt(0)
  if (first < 0xa9 && grapheme.length === 1) return undefined // most text: one plain character
  // Fast rejection: plain text never starts an emoji; keycaps (#, *, 0-9) always hold U+20E3.
  if (first < 0x80 ? !grapheme.includes('\u20E3') : !emojiStartUnits().has(first)) return undefined
  if (grapheme.includes(VS15)) return undefined
  const sequence = grapheme.includes(VS16) ? grapheme.replaceAll(VS16, '') : grapheme
  const versionIndex = sequences().get(sequence)
  if (versionIndex === undefined) return undefined
  if (sequence === grapheme) {
    if (!textDefault) {
      const chars = new Set<string>()
      decodeRuns(TEXT_DEFAULT_EMOJI, (char) => chars.add(char))
      textDefault = chars
    }
    if (textDefault.has(sequence)) return undefined
  }
  return { sequence, versionIndex, version: EMOJI_VERSIONS[versionIndex] as EmojiVersion }
}

/**
 * Every emoji sequence of the set (without U+FE0F) with its version, for tests and tools that
 * iterate the whole set.
 *
 * @returns Sequence → version, in generation order.
 */
export function emojiSequences(): ReadonlyMap<string, EmojiVersion> {
  const result = new Map<string, EmojiVersion>()
  for (const [sequence, index] of sequences()) {
    result.set(sequence, EMOJI_VERSIONS[index] as EmojiVersion)
  }
  return result
}
