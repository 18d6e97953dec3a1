/**
 * Which emoji artwork a preview will draw, so the caller loads only those graphics before calling
 * the synchronous `renderPreview` (the whole set is never bundled or read).
 *
 * @module
 */
import { readPostcardBody } from '../analysis/read-body.ts'
import type { Design } from '../design/types.ts'
import { collectEmojiKeys } from '../emoji/collect-emoji-keys.ts'
import type { PinnedEmojiVersion } from '../emoji/emoji-version.ts'
import { recipientText, senderLine } from './address-lines.ts'

/**
 * Lists the artwork keys of every emoji of the pinned set that a preview of this body and design
 * draws: in the `content` values of the design's Markdown areas, in the design's static texts,
 * in the recipient (`to`) and, when an address element prints it, the sender line (`from`).
 * Sorted and without duplicates, so the same input always asks for the same keys.
 *
 * Never throws on a body: values that are not strings are skipped.
 *
 * @param body The request body (any JSON value).
 * @param design The flow's design.
 * @param options The pinned emoji version, as for `renderPreview` (default: Emoji 17.0); emoji
 *   newer than it are drawn as missing and need no artwork.
 * @returns Keys for an `EmojiArtworkSource` such as `loadEmojiArtwork`.
 * @throws {EmojiVersionError} When `options.emojiVersion` is not a pinnable version (host misuse).
 * @example
 * ```ts
 * const emojiArtwork = await loadEmojiArtwork(previewEmojiKeys(body, design))
 * ```
 */
export function previewEmojiKeys(
  body: unknown,
  design: Design,
  options: { readonly emojiVersion?: PinnedEmojiVersion | undefined } = {}
): readonly string[] {
  const snapshot = readPostcardBody(body).fields
  const texts: string[] = []
  for (const area of design.markdownAreas) {
    const value = snapshot.content.get(area.key)
    if (value !== undefined) texts.push(value)
  }
  let sender = false
  let address = false
  for (const side of [design.sides.front, design.sides.back]) {
    for (const element of side.elements) {
      if (element.type === 'text') texts.push(element.text)
      if (element.type === 'address') {
        address = true
        sender ||= element.sender_line
      }
    }
  }
  if (address) texts.push(recipientText(snapshot.to))
  if (sender) texts.push(senderLine(snapshot.from))
  return collectEmojiKeys(texts, { pinnedVersion: options.emojiVersion })
}
