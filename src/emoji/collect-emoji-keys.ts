/**
 * Which emoji artwork a set of texts needs, so a renderer loads only those graphics (the whole
 * set is never bundled).
 *
 * @module
 */
import { findEmoji } from './find-emoji.ts'
import type { EmojiScanOptions } from './types.ts'

/**
 * The artwork keys of every emoji of the pinned set in the given texts, each once, sorted (so the
 * same texts always ask for the same keys). Emoji outside the pinned set are left out: a preview
 * draws them as missing (spec 2.3).
 *
 * @param texts Field values, e.g. every `content` value and the recipient's address lines.
 * @param options The pinned emoji version.
 * @returns Keys for an `EmojiArtworkSource`.
 * @throws {EmojiVersionError} When `options.pinnedVersion` is not a pinnable version (host misuse).
 */
export function collectEmojiKeys(
  texts: Iterable<string>,
  options: EmojiScanOptions = {}
): readonly string[] {
  const keys = new Set<string>()
  for (const text of texts) {
    for (const finding of findEmoji(text, options)) if (finding.inSet) keys.add(finding.key)
  }
  return [...keys].sort()
}
