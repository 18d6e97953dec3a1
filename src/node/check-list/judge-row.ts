/**
 * The one place a worker judges and draws a row: everything else of `check-list` sees only a
 * verdict and two SVG strings.
 *
 * @module
 */
import type { Design } from '../../design/types.ts'
import { validatePostcard } from '../../postcard/validate-postcard.ts'
import { previewEmojiKeys } from '../../preview/preview-emoji-keys.ts'
import { renderPreview } from '../../preview/render-preview.ts'
import type { FontRegistry } from '../../text/types.ts'
import type { Verdict } from '../../verdict/types.ts'
import { loadEmojiArtwork } from '../emoji-artwork.ts'

/** Judges rows against one design with one set of fonts, for the life of a worker. */
export interface RowJudge {
  /** The verdict `POST /api/v1/postcards` would give the body (never throws on a body). */
  judge(body: unknown): Verdict
  /**
   * Both sides of the card as SVG, with the emoji artwork they draw.
   *
   * @param idPrefix Prefix of the documents' ids, unique per card of a page.
   */
  preview(body: unknown, idPrefix: string): Promise<{ front: string; back: string }>
}

/**
 * Creates the judge of a worker. The fonts' caches (parsed faces, glyph advances, shaped
 * words) live as long as the registry, so one judge per worker keeps them warm for every row.
 *
 * @param design The flow's design.
 * @param fonts The design's fonts.
 * @returns The judge.
 */
export function createRowJudge(design: Design, fonts: FontRegistry): RowJudge {
  return {
    judge: (body) => validatePostcard(body, design, { fonts }),
    async preview(body, idPrefix) {
      // The artwork set is large (10 MB of JSON): read it only for a card with emoji.
      const keys = previewEmojiKeys(body, design)
      const emojiArtwork = keys.length > 0 ? await loadEmojiArtwork(keys) : undefined
      const { front, back } = renderPreview(body, design, {
        fonts,
        idPrefix,
        ...(emojiArtwork ? { emojiArtwork } : {}),
      })
      return { front, back }
    },
  }
}
