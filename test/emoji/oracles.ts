/**
 * Test helper: emoji data we did not write, the same in Node and the browser. emojibase-data
 * (per-emoji versions and presentation) and emoji-regex (generated from Unicode's emoji-test.txt).
 */
import emojiRegex from 'emoji-regex'
import emojibaseData from 'emojibase-data/en/data.json' with { type: 'json' }
import hexcodes from 'emojibase-data/meta/hexcodes.json' with { type: 'json' }
import { expandPattern, formatVersion } from '../../scripts/build-emoji-data.js'

/** One emojibase entry (base or skin variant), as far as the tests read it. */
export interface EmojibaseEntry {
  readonly label: string
  readonly hexcode: string
  readonly emoji: string
  readonly text: string
  /** 0 = text presentation by default, 1 = emoji presentation. */
  readonly type: number
  readonly version: number
}

interface EmojibaseBase extends EmojibaseEntry {
  readonly skins?: readonly EmojibaseEntry[]
}

/** Every emojibase 17.0 entry including skin-tone variants. */
export const emojibase: readonly EmojibaseEntry[] = (
  emojibaseData as readonly EmojibaseBase[]
).flatMap((entry) => [entry, ...(entry.skins ?? [])])

/** Every hexcode variant emojibase lists (fully-, minimally- and unqualified, U+FE0E forms). */
export const emojibaseVariants: readonly string[] = Object.values(
  hexcodes as Record<string, Record<string, number>>
).flatMap((variants) =>
  Object.keys(variants).map((hexcode) =>
    String.fromCodePoint(...hexcode.split('-').map((hex) => Number.parseInt(hex, 16)))
  )
)

/** emoji-regex anchored to match one whole string. */
export const emojiRegexFull = new RegExp(`^(?:${emojiRegex().source})$`)

/** Every string emoji-regex matches (its pattern has no unbounded quantifier). */
export const emojiRegexStrings: readonly string[] = expandPattern(emojiRegex().source)

/** `15.1`-style version of an emojibase entry. */
export function versionOf(entry: EmojibaseEntry): string {
  return formatVersion(entry.version)
}
