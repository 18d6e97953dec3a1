/**
 * How postcard-preflight counts the "characters" of spec 2.5, 2.6 and 8.
 *
 * @module
 */

/**
 * Counts the characters of a string as Unicode code points.
 *
 * Why code points: the service is a Laravel application, and Laravel's `max` rule measures
 * strings with PHP's `mb_strlen`, which counts code points of UTF-8 text. JavaScript's
 * `length` counts UTF-16 units instead, so every emoji outside the Basic Multilingual Plane
 * (😀, U+1F600) would count twice and a text the service accepts could be rejected here.
 * Graphemes (👋🏽 is two code points, one grapheme) would err the other way.
 *
 * @param text Any string.
 * @param limit Stop counting past this many (default: count everything); a value over the limit
 *   is all a limit check needs to know.
 * @returns The number of code points, or a number greater than `limit` once it is exceeded.
 */
export function countCharacters(text: string, limit = Number.POSITIVE_INFINITY): number {
  // At most `length` code points: no need to count when even that fits.
  if (text.length <= limit) return countAll(text)
  let count = 0
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index)
    // A high surrogate followed by a low one is one code point (a lone one counts as one too).
    if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1)
      if (next >= 0xdc00 && next <= 0xdfff) index++
    }
    if (++count > limit) return count
  }
  return count
}

/** Code points of a whole string. */
function countAll(text: string): number {
  let pairs = 0
  for (let index = 0; index + 1 < text.length; index++) {
    const unit = text.charCodeAt(index)
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(index + 1)
      if (next >= 0xdc00 && next <= 0xdfff) {
        pairs++
        index++
      }
    }
  }
  return text.length - pairs
}
