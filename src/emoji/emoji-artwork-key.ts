/**
 * Artwork keys: how a renderer names the colour graphic of an emoji.
 *
 * @module
 */
import { lookupEmoji } from './emoji-set.ts'

/**
 * The artwork key of an emoji grapheme: its code points in lower-case hex (at least four digits)
 * joined by `-`, without U+FE0F, e.g. `1f9d1-200d-1f3a8` for 🧑‍🎨 and `2764` for ❤️. Every
 * qualification of one emoji gets the same key, and the key is how `@iconify-json/twemoji`
 * names the artwork (its `chars.json`), so a renderer can ask an {@link EmojiArtworkSource} for
 * exactly the graphics it needs.
 *
 * @param grapheme One grapheme cluster.
 * @returns The key, or `undefined` when the grapheme is text, not an emoji.
 */
export function emojiArtworkKey(grapheme: string): string | undefined {
  const entry = lookupEmoji(grapheme)
  return entry && sequenceKey(entry.sequence)
}

/**
 * The artwork key of a sequence that has no U+FE0F (see {@link emojiArtworkKey}).
 *
 * @param sequence An emoji sequence without U+FE0F.
 * @returns Its key.
 */
export function sequenceKey(sequence: string): string {
  let key = ''
  for (const char of sequence) {
    const hex = (char.codePointAt(0) ?? 0).toString(16).padStart(4, '0')
    key = key === '' ? hex : `${key}-${hex}`
  }
  return key
}
