/**
 * Code points written the way Unicode writes them, for messages and warning data.
 *
 * @module
 */

/**
 * Code points of a grapheme the way Unicode writes them (`U+1F9D1`), for messages and data.
 *
 * @param grapheme Any string.
 * @returns One `U+XXXX` string per code point (at least four hex digits, upper case).
 */
export function formatCodePoints(grapheme: string): string[] {
  const result: string[] = []
  for (const char of grapheme) {
    result.push(`U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`)
  }
  return result
}
