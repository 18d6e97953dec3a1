/**
 * Unicode Emoji versions and the pin of a service's emoji set (spec 2.3: an emoji newer than the
 * pinned set is not rejected, but the preview reports it and print skips the recipient).
 *
 * @module
 */
import { ARTWORK_EMOJI_VERSION, EMOJI_VERSIONS } from './emoji-data.generated.ts'

export { EMOJI_VERSIONS }

/**
 * A Unicode Emoji version as Unicode writes it (`'15.1'`, `'17.0'`). `'0.6'`/`'0.7'` are the
 * emoji of Unicode 6.0/7.0 from before Emoji 1.0; `'18.0'` is the draft that emoji-regex knows.
 */
export type EmojiVersion = (typeof EMOJI_VERSIONS)[number]

/**
 * A version a service can pin its emoji set to: any version up to the newest one with complete
 * artwork (Emoji 17.0 with the shipped Twemoji), so that everything in the set can be drawn.
 */
export type PinnedEmojiVersion = Exclude<EmojiVersion, '18.0'>

/** The pin when none is given: the newest emoji set the shipped artwork covers completely. */
export const DEFAULT_PINNED_EMOJI_VERSION = ARTWORK_EMOJI_VERSION as PinnedEmojiVersion

/**
 * Thrown for a `pinnedVersion` that is not a pinnable emoji version: a mistake of the host program
 * (its configuration), never of the data a user sends.
 */
export class EmojiVersionError extends Error {
  override readonly name = 'EmojiVersionError'
}

const artworkIndex = EMOJI_VERSIONS.indexOf(ARTWORK_EMOJI_VERSION)

/**
 * The position of a pin in {@link EMOJI_VERSIONS}, so that "newer than the pin" is one integer
 * comparison.
 *
 * @param version The pin to check; `undefined` means {@link DEFAULT_PINNED_EMOJI_VERSION}.
 * @returns Its index in {@link EMOJI_VERSIONS}.
 * @throws {EmojiVersionError} When the pin is not one of the pinnable versions.
 */
export function pinnedVersionIndex(version: string | undefined): number {
  if (version === undefined) return artworkIndex
  const index = (EMOJI_VERSIONS as readonly string[]).indexOf(version)
  if (index < 0 || index > artworkIndex) {
    const choices = EMOJI_VERSIONS.slice(0, artworkIndex + 1).join(', ')
    throw new EmojiVersionError(
      `Unexpected pinned emoji version \`${version}\`, expected one of ${choices}.`
    )
  }
  return index
}
