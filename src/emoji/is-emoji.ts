/**
 * Whether a grapheme is an emoji that prints as a colour graphic (spec 2.3).
 *
 * @module
 */
import { lookupEmoji } from './emoji-set.ts'

/**
 * Tells whether one grapheme (from `Intl.Segmenter`) is an emoji drawn as a colour graphic: one
 * of the sequences of Unicode's emoji-test.txt (fully-qualified, minimally-qualified or
 * unqualified, up to the Emoji 18.0 draft), whatever the pinned set; {@link scanEmoji} tells
 * whether it is in the pinned set.
 *
 * Text-presentation characters stay text: digits, `#`, `*`, or `©`, `™`, `☺`, `❤` without U+FE0F,
 * and anything followed by U+FE0E. The answer comes from generated data, not from the engine's
 * Unicode tables, so Node and every browser agree (`\p{RGI_Emoji}` follows each engine's own
 * Unicode version).
 *
 * @param grapheme One extended grapheme cluster.
 * @returns `true` for an emoji, `false` for text.
 */
export function isEmoji(grapheme: string): boolean {
  return lookupEmoji(grapheme) !== undefined
}
