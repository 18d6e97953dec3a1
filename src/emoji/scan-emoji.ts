/**
 * The emoji warnings of a field (spec 2.3): an emoji newer than the service's pinned emoji set is
 * not a 422; the entry preview reports it and print skips the affected recipient.
 *
 * @module
 */
import type { WarningDraft } from '../verdict/types.ts'
import { DEFAULT_PINNED_EMOJI_VERSION } from './emoji-version.ts'
import { findEmoji } from './find-emoji.ts'
import { formatCodePoints } from './format-code-points.ts'
import type { EmojiFinding, EmojiScanOptions } from './types.ts'

/** The warnings of a text without emoji (frozen, shared). */
const NO_WARNINGS: readonly WarningDraft[] = Object.freeze([])

/**
 * Warns about every emoji of a text that the pinned set does not hold (spec 2.3), once per
 * distinct emoji (all qualifications of one emoji count as one), in text order. Warning code
 * `emoji-not-in-set`; `data` holds `grapheme`, `code_points` (`U+1FAEA` strings), `emoji_version`
 * and `pinned_version`.
 *
 * Never throws on user input.
 *
 * @example
 * scanEmoji('Hi 🫪', 'to.first_name', { pinnedVersion: '15.0' })[0].message
 * // 'Unexpected emoji `🫪` (U+1FAEA, Emoji 17.0) in to.first_name, expected an emoji of the
 * //  pinned set (Emoji 15.0): the preview shows it as missing and in print this recipient is
 * //  skipped.'
 *
 * @param text The value of the field.
 * @param path The field path, e.g. `content.greeting` or `to.first_name`.
 * @param options The pinned emoji version (default Emoji 17.0).
 * @returns The warnings, empty when every emoji is in the set.
 * @throws {EmojiVersionError} When `options.pinnedVersion` is not a pinnable version (host misuse).
 */
export function scanEmoji(
  text: string,
  path: string,
  options: EmojiScanOptions = {}
): readonly WarningDraft[] {
  return emojiWarnings(findEmoji(text, options), path, options)
}

/**
 * The warnings of {@link scanEmoji} from emoji already found in a text (`findEmoji` with the same
 * pinned version), so an analysis that keeps the findings does not scan the text twice.
 *
 * @param findings The emoji of the text, in text order.
 * @param path The field path.
 * @param options The pinned emoji version the findings were made with.
 * @returns The warnings, empty when every emoji is in the set.
 */
export function emojiWarnings(
  findings: readonly EmojiFinding[],
  path: string,
  options: EmojiScanOptions = {}
): readonly WarningDraft[] {
  // Most texts hold no emoji: nothing to allocate for them.
  if (findings.length === 0) return NO_WARNINGS
  const pinned = options.pinnedVersion ?? DEFAULT_PINNED_EMOJI_VERSION
  const warnings: WarningDraft[] = []
  const seen = new Set<string>()
  for (const finding of findings) {
    if (finding.inSet || seen.has(finding.key)) continue
    seen.add(finding.key)
    const codePoints = formatCodePoints(finding.grapheme)
    warnings.push({
      code: 'emoji-not-in-set',
      path,
      message:
        `Unexpected emoji \`${finding.grapheme}\` (${codePoints.join(' ')}, Emoji ${finding.version}) ` +
        `in ${path}, expected an emoji of the pinned set (Emoji ${pinned}): ` +
        'the preview shows it as missing and in print this recipient is skipped.',
      data: {
        grapheme: finding.grapheme,
        code_points: codePoints,
        emoji_version: finding.version,
        pinned_version: pinned,
      },
    })
  }
  return warnings
}
