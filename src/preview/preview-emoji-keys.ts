/**
 * Which emoji artwork a preview will draw, so the caller loads only those graphics before calling
 * the synchronous `renderPreview` (the whole set is never bundled or read).
 *
 * @module
 */
import { isDesign } from '../analysis/analysis-environment.ts'
import { readPostcardBody } from '../analysis/read-body.ts'
import type { PostcardAnalysis } from '../analysis/types.ts'
import type { Design } from '../design/types.ts'
import { collectEmojiKeys } from '../emoji/collect-emoji-keys.ts'
import type { PinnedEmojiVersion } from '../emoji/emoji-version.ts'
import { resolveAddress } from '../address/resolve-address.ts'

/**
 * Lists the artwork keys of every emoji of the pinned set that a preview of an analysis draws:
 * in its Markdown areas (the emoji the analysis found), static texts, recipient and sender line.
 * Sorted and without duplicates.
 *
 * @param analysis The analysis the preview will draw.
 * @returns Keys for an `EmojiArtworkSource` such as `loadEmojiArtwork`.
 * @example
 * ```ts
 * const analysis = preflight.analyze(body)
 * const { front } = renderPreview(analysis, { emojiArtwork: await loadEmojiArtwork(previewEmojiKeys(analysis)) })
 * ```
 */
export function previewEmojiKeys(analysis: PostcardAnalysis): readonly string[]
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
  options?: { readonly emojiVersion?: PinnedEmojiVersion | undefined }
): readonly string[]
export function previewEmojiKeys(
  first: unknown,
  design?: Design,
  options: { readonly emojiVersion?: PinnedEmojiVersion | undefined } = {}
): readonly string[] {
  if (design === undefined && isAnalysis(first)) return analysisEmojiKeys(first)
  if (!isDesign(design)) {
    throw new TypeError(
      'Unexpected `design`, expected a design returned by `parseDesign` (or an analysis alone)'
    )
  }
  const snapshot = readPostcardBody(first).fields
  const texts: string[] = []
  for (const area of design.markdownAreas) {
    const value = snapshot.content.get(area.key)
    if (value !== undefined) texts.push(value)
  }
  texts.push(...bodyTexts(design, snapshot.to, snapshot.from))
  return collectEmojiKeys(texts, { pinnedVersion: options.emojiVersion })
}

/** The static texts of a design, and whether it prints a recipient and a sender line. */
function staticTexts(design: Design): { texts: string[]; address: boolean; sender: boolean } {
  const texts: string[] = []
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
  return { texts, address, sender }
}

/** The static texts and the address lines a preview of a body draws (`formatAddress`). */
function bodyTexts(
  design: Design,
  to: Readonly<Record<string, string>>,
  from: Readonly<Record<string, string>>
): string[] {
  const { texts, address, sender } = staticTexts(design)
  if (address) texts.push(...resolveAddress(to, { from }).lines)
  if (sender) texts.push(...resolveAddress(from, { from: to }).lines)
  return texts
}

/** The keys of an analysis: its areas' emoji as found, its address blocks and static texts. */
function analysisEmojiKeys(analysis: PostcardAnalysis): readonly string[] {
  const keys = new Set<string>()
  for (const area of analysis.areas) {
    for (const finding of area.emoji) if (finding.inSet) keys.add(finding.key)
  }
  const texts = staticTexts(analysis.design).texts
  for (const element of [...analysis.sides.front, ...analysis.sides.back]) {
    if (element.type === 'address') texts.push(element.senderLine, ...element.recipientLines)
  }
  for (const key of collectEmojiKeys(texts, { pinnedVersion: analysis.options.emojiVersion })) {
    keys.add(key)
  }
  return [...keys].sort()
}

/** Whether a value is an analysis (its brand), not a body. */
function isAnalysis(value: unknown): value is PostcardAnalysis {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { kind?: unknown }).kind === 'postcard-analysis' &&
    isDesign((value as { design?: unknown }).design)
  )
}
