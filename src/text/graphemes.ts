/**
 * Grapheme clusters (user-perceived characters) by one lazily created `Intl.Segmenter`, the
 * unit the line breaker never splits and the fit check counts.
 *
 * @module
 */

// A lazily initialised constant: created on first use, never replaced; it keeps no state
// between calls.
let segmenter: Intl.Segmenter | undefined

/**
 * The shared grapheme segmenter, created on first use (creating one costs ~0.1 ms).
 *
 * @returns An `Intl.Segmenter` with grapheme granularity.
 */
export function graphemeSegmenter(): Intl.Segmenter {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })
  return segmenter
}

/**
 * UTF-16 offsets where grapheme clusters start, plus the text length at the end.
 *
 * @param text Any text.
 * @returns Ascending offsets: `[0, …, text.length]` (just `[0]` for an empty text).
 */
export function graphemeBoundaries(text: string): number[] {
  const flags = graphemeStartFlags(text)
  const boundaries: number[] = []
  for (let index = 0; index <= text.length; index++) {
    if (!flags || flags[index] === 1) boundaries.push(index)
  }
  return boundaries
}

/**
 * Where grapheme clusters start, as a flag per UTF-16 offset (`1` at cluster starts and at
 * `text.length`), or `undefined` when every offset is a cluster boundary: the common case of
 * Latin text, answered without the segmenter and without allocating. Otherwise only the
 * stretches around characters that may join others go through the segmenter (~0.2 µs per
 * character): a 2000-character letter with three emoji segments a few dozen characters.
 *
 * @param text Any text.
 * @returns The flags, or `undefined` for "every offset".
 */
export function graphemeStartFlags(text: string): Uint8Array | undefined {
  let flags: Uint8Array | undefined
  let previousStart = 0
  let previousEnd = 0
  for (let index = 0; index < text.length; index++) {
    if (isOwnCluster(text.charCodeAt(index))) continue
    flags ??= new Uint8Array(text.length + 1).fill(1)
    // A stretch of characters that may join, with one neighbour on each side (a base before
    // its marks, LF after CR, the character after a prepended mark); a stretch that touches
    // the one before is segmented together with it.
    let end = index + 1
    while (end < text.length && !isOwnCluster(text.charCodeAt(end))) end++
    let start = Math.max(0, index - 1)
    if (start < previousEnd) start = previousStart
    end = Math.min(text.length, end + 1)
    previousStart = start
    previousEnd = end
    flags.fill(0, start + 1, end)
    for (const segment of graphemeSegmenter().segment(text.slice(start, end))) {
      flags[start + segment.index] = 1
    }
    index = end - 1
  }
  return flags
}

/**
 * Whether a UTF-16 unit can never join a neighbour in a grapheme cluster. Clusters only form
 * around CR LF, combining and spacing marks, ZWJ/ZWNJ, variation selectors, prepended marks,
 * Hangul jamo, regional indicators and surrogate pairs (UAX #29); none lie below U+0300 (CR
 * aside) or in the punctuation and currency blocks accepted here (dashes, quotes, `…`, `€`, `™`).
 */
function isOwnCluster(unit: number): boolean {
  if (unit < 0x300) return unit !== 0x0d
  return (
    (unit >= 0x2010 && unit <= 0x2027) ||
    (unit >= 0x2030 && unit <= 0x205e) ||
    (unit >= 0x20a0 && unit <= 0x20c0) ||
    unit === 0x2122
  )
}

/**
 * Splits a text into grapheme clusters.
 *
 * @param text Any text.
 * @returns The clusters, in order.
 */
export function splitGraphemes(text: string): string[] {
  const boundaries = graphemeBoundaries(text)
  const clusters: string[] = []
  for (let index = 1; index < boundaries.length; index++) {
    clusters.push(text.slice(boundaries[index - 1], boundaries[index]))
  }
  return clusters
}
