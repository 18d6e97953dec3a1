/**
 * Finding the emoji of a text: grapheme clusters (UAX #29, as `Intl.Segmenter` cuts them) tested
 * against the pinned emoji set (spec 2.3).
 *
 * Speed matters (every field of every postcard of a campaign is scanned) and `Intl.Segmenter` is
 * slow in V8: about 15 µs per `segment()` call including the garbage it leaves, and a cost per
 * grapheme that grows with the length of the input (measured on Node 20: 0.6 µs per grapheme at
 * 1,000 characters, 2.6 µs at 8,000, 22 µs at 64,000). So:
 * 1. one regular expression finds the places where an emoji can start; a text without any costs
 *    nothing more (8,000 characters of German in a few microseconds);
 * 2. where the grapheme boundaries around an emoji are certain from UAX #29's rules alone (simple
 *    characters or other emoji around it, see {@link isSimple}), the emoji is read directly;
 * 3. everything else (combining marks, scripts with clusters, sequences outside the set) goes to
 *    the Segmenter, in short slices between certain boundaries.
 * Tests check that the result equals segmenting the whole text and testing every grapheme.
 *
 * @module
 */
import { codePointUnits } from '../text/code-points.ts'
import { graphemeSegmenter } from '../text/graphemes.ts'
import { KEYCAP_BASES } from './emoji-data.generated.ts'
import { sequenceKey } from './emoji-artwork-key.ts'
import { emojiStartUnits, lookupEmoji, type EmojiEntry } from './emoji-set.ts'
import { pinnedVersionIndex } from './emoji-version.ts'
import type { EmojiFinding, EmojiScanOptions } from './types.ts'

// A lazily initialised constant: built on first use, never changed afterwards (the candidate
// units are a bit set that is only read).
let candidateUnits: { readonly bits: Uint32Array; readonly lowest: number } | undefined

/**
 * The code units that can start an emoji ({@link emojiStartUnits}) or end a keycap (U+20E3), as
 * a bit set over the 65,536 code units: one load and one test per unit of the text, and nothing
 * at all below the lowest of them (most Latin text).
 */
function candidates(): { readonly bits: Uint32Array; readonly lowest: number } {
  if (!candidateUnits) {
    const bits = new Uint32Array(0x10000 >>> 5)
    let lowest = 0x20e3
    for (const unit of [...emojiStartUnits(), 0x20e3]) {
      bits[unit >>> 5] = (bits[unit >>> 5] as number) | (1 << (unit & 31))
      lowest = Math.min(lowest, unit)
    }
    candidateUnits = { bits, lowest }
  }
  return candidateUnits
}

/** Whether `unit` is in the candidate set `set`. */
function isIn(set: { readonly bits: Uint32Array; readonly lowest: number }, unit: number): boolean {
  return unit >= set.lowest && ((set.bits[unit >>> 5] as number) & (1 << (unit & 31))) !== 0
}

/** The first position at or after `from` holding a candidate unit, or -1. */
function nextCandidate(text: string, from: number): number {
  const set = candidates()
  for (let index = from; index < text.length; index++) {
    if (isIn(set, text.charCodeAt(index))) return index
  }
  return -1
}

/**
 * Whether a UTF-16 code unit can start an emoji or end a keycap (U+20E3): {@link findEmoji} looks
 * no further into a text without one, so a scanner that meets none finds no emoji either.
 *
 * @param unit A UTF-16 code unit.
 * @returns `true` for the units `findEmoji` stops at.
 */
export function isEmojiCandidate(unit: number): boolean {
  return isIn(candidates(), unit)
}

/**
 * Whether a text may hold an emoji: `false` means {@link findEmoji} finds none (it holds no
 * {@link isEmojiCandidate} unit). One bit-set read per code unit, nothing allocated.
 *
 * @param text Any text.
 * @returns `false` when the text certainly holds no emoji.
 */
export function mayHoldEmoji(text: string): boolean {
  return nextCandidate(text, 0) >= 0
}

/** The emoji of a text without any (frozen, shared: most texts). */
const NO_EMOJI: readonly EmojiFinding[] = Object.freeze([])

/**
 * Characters between which there is always a grapheme boundary (UAX #29): none is CR, Extend,
 * ZWJ, SpacingMark, Prepend, a Hangul jamo, a regional indicator or an Indic conjunct part; the
 * controls (LF, tab …) break on both sides anyway. ASCII, Latin-1 to IPA, Greek, Cyrillic
 * letters, common punctuation, currency, letterlike and arrow blocks, symbols and dingbats, CJK
 * ideographs.
 */
function isSimple(unit: number): boolean {
  if (unit < 0x300) return unit !== 0x0d // controls but CR break on both sides (GB4, GB5)
  if (unit < 0x530) return unit >= 0x370 && (unit < 0x483 || unit >= 0x48a)
  if (unit < 0x2010) return false
  if (unit < 0x2190) {
    return (
      unit < 0x2028 ||
      (unit >= 0x2030 && unit < 0x205f) ||
      (unit >= 0x20a0 && unit < 0x20d0) ||
      unit >= 0x2100
    )
  }
  if (unit < 0x2400) return true
  if (unit < 0x27c0) return unit >= 0x2500
  return unit >= 0x4e00 && unit < 0xa000
}

const isSkinTone = (codePoint: number): boolean => codePoint >= 0x1f3fb && codePoint <= 0x1f3ff

/** Whether there is certainly a grapheme boundary before `index` (or it is an end of the text). */
function isSafeBoundary(text: string, index: number): boolean {
  return (
    index <= 0 ||
    index >= text.length ||
    (isSimple(text.charCodeAt(index - 1)) && isSimple(text.charCodeAt(index)))
  )
}

/**
 * Whether a grapheme boundary certainly follows an emoji sequence that ends at `index`: the next
 * character is simple, or starts another emoji and is not Extend (a skin tone) — an emoji
 * sequence never ends in ZWJ or Prepend, and a flag ends an even run of regional indicators.
 */
function endsGrapheme(text: string, index: number): boolean {
  if (index >= text.length) return true
  const unit = text.charCodeAt(index)
  if (isSimple(unit)) return true
  if (!emojiStartUnits().has(unit)) return false
  return !isSkinTone(text.codePointAt(index) ?? 0)
}

/**
 * The end of the longest emoji-like sequence at `start`: a code point, then modifiers (U+FE0F,
 * skin tones, U+20E3, tags) and ZWJ links; or two regional indicators.
 */
function sequenceEnd(text: string, start: number): number {
  const first = text.codePointAt(start) ?? 0
  let at = start + codePointUnits(first)
  if (first >= 0x1f1e6 && first <= 0x1f1ff) {
    const second = text.codePointAt(at) ?? 0
    return second >= 0x1f1e6 && second <= 0x1f1ff ? at + 2 : at
  }
  for (;;) {
    const codePoint = text.codePointAt(at) ?? 0
    if (
      codePoint === 0xfe0f ||
      codePoint === 0x20e3 ||
      isSkinTone(codePoint) ||
      (codePoint >= 0xe0020 && codePoint <= 0xe007f)
    ) {
      at += codePointUnits(codePoint)
    } else if (codePoint === 0x200d && at + 1 < text.length) {
      at += 1 + codePointUnits(text.codePointAt(at + 1) ?? 0)
    } else return at
  }
}

function finding(index: number, grapheme: string, entry: EmojiEntry, pin: number): EmojiFinding {
  return {
    index,
    grapheme,
    key: sequenceKey(entry.sequence),
    version: entry.version,
    inSet: entry.versionIndex <= pin,
  }
}

/** Longest slice handed to the Segmenter at once (its cost per grapheme grows with the input). */
const WINDOW = 128

/**
 * Segments `text` from the boundary `start` to the next certain boundary after it, slice by slice,
 * and collects the emoji; returns where it stopped (a boundary). A grapheme at a cut is read
 * again with the next slice: every boundary before it is a boundary of the whole text, because
 * UAX #29 decides a boundary from the text before it and the one code point after it.
 */
function segmentRun(text: string, start: number, pin: number, found: EmojiFinding[]): number {
  let end = start + 1
  while (!isSafeBoundary(text, end)) end += 1
  let at = start
  let window = WINDOW
  while (at < end) {
    let limit = Math.min(end, at + window)
    // Never cut a surrogate pair: the boundaries before the cut must see whole code points.
    if (limit < end && (text.charCodeAt(limit - 1) & 0xfc00) === 0xd800) limit -= 1
    const slice = text.slice(at, limit)
    let next = limit
    for (const { segment, index } of graphemeSegmenter().segment(slice)) {
      if (limit < end && index + segment.length === slice.length) {
        next = at + index
        break
      }
      const entry = lookupEmoji(segment)
      if (entry) found.push(finding(at + index, segment, entry, pin))
    }
    if (next > at) {
      at = next
      window = WINDOW
    } else {
      window *= 2 // one grapheme longer than the slice: read a longer one
    }
  }
  return end
}

/**
 * Lists every emoji grapheme of a text with its artwork key, its Emoji version and whether the
 * pinned set holds it. The result equals segmenting the whole text with `Intl.Segmenter` and
 * testing each grapheme with `isEmoji`, at a fraction of the cost (see the module comment).
 *
 * Never throws on user input: a non-string is a text without emoji.
 *
 * @param text Any text, e.g. a `content` value or `to.first_name` (spec 2.3).
 * @param options The pinned emoji version.
 * @returns The findings in text order.
 * @throws {EmojiVersionError} When `options.pinnedVersion` is not a pinnable version (host misuse).
 */
export function findEmoji(text: string, options: EmojiScanOptions = {}): readonly EmojiFinding[] {
  const pin = pinnedVersionIndex(options.pinnedVersion)
  if (typeof text !== 'string') return NO_EMOJI
  let at = nextCandidate(text, 0)
  // Most texts: nothing allocated.
  if (at < 0) return NO_EMOJI
  const found: EmojiFinding[] = []
  // Everything before `done` is scanned, and a grapheme boundary is certain at `done`.
  let done = 0
  // Where the search for the next candidate goes on.
  let cursor = 0
  const startUnits = emojiStartUnits()
  for (; at >= 0; at = nextCandidate(text, cursor)) {
    cursor = at + 1
    let start = at
    const unit = text.charCodeAt(start)
    let certain = start === done || isSimple(text.charCodeAt(start - 1))
    if (unit === 0x20e3) {
      // A keycap: `#`, `*` or a digit, then U+FE0F (possibly missing or repeated), then U+20E3.
      let base = start
      while (base > done && text.charCodeAt(base - 1) === 0xfe0f) base -= 1
      certain = base > done && KEYCAP_BASES.includes(text.charAt(base - 1))
      if (certain) {
        start = base - 1
        certain = start === done || isSimple(text.charCodeAt(start - 1))
      }
    } else if (!startUnits.has(unit)) continue
    const first = text.codePointAt(start) ?? 0
    if (certain && !isSkinTone(first)) {
      const end = sequenceEnd(text, start)
      if (endsGrapheme(text, end)) {
        const grapheme = text.slice(start, end)
        const entry = lookupEmoji(grapheme)
        // Certain boundaries on both sides: the sequence is one grapheme if it is an emoji of
        // the set (RGI sequences are single clusters) or a single code point.
        if (entry || end - start === codePointUnits(first)) {
          if (entry) found.push(finding(start, grapheme, entry, pin))
          done = end
          cursor = end
          continue
        }
      }
    }
    let from = start
    while (from > done && !isSafeBoundary(text, from)) from -= 1
    done = segmentRun(text, from, pin, found)
    cursor = done
  }
  return found
}
