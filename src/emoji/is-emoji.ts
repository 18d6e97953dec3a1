/**
 * Whether a grapheme is an emoji that prints as a colour graphic (spec 2.3).
 *
 * @module
 */
import emojiRegex from 'emoji-regex'

// emoji-regex is generated from Unicode's emoji-test.txt, so every engine gives the same answer
// (research §4.2); `\p{RGI_Emoji}` would follow the engine's own Unicode version.
const pattern = new RegExp(`^(?:${emojiRegex().source})$`, 'u')

/**
 * Tells whether one grapheme (from `Intl.Segmenter`) is an emoji drawn as a colour graphic.
 * Text-presentation characters stay text: digits, `#`, or `©` without U+FE0F.
 *
 * @param grapheme One extended grapheme cluster.
 * @returns `true` for an emoji, `false` for text.
 */
export function isEmoji(grapheme: string): boolean {
  if (!pattern.test(grapheme)) return false
  // A lone code point with text presentation by default (©, ™, ☺ …) is text unless VS16 follows.
  const codePoints = [...grapheme]
  if (codePoints.length > 1) return true
  return /\p{Emoji_Presentation}/u.test(grapheme)
}
