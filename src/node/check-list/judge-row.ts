/**
 * The one place `check-list` judges and draws a row: everything else sees only a verdict and
 * two SVG strings.
 *
 * @module
 */
import { createPreflight } from '../../analysis/create-preflight.ts'
import type { Design } from '../../design/types.ts'
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
   * Both sides of the card as SVG, drawn from the body's analysis, with the emoji artwork they
   * draw.
   *
   * @param idPrefix Prefix of the documents' ids, unique per card of a page.
   */
  preview(body: unknown, idPrefix: string): Promise<{ front: string; back: string }>
}

/**
 * The judge's `Preflight` keeps no whole texts, QR values or address blocks (`maxEntries: 0`):
 * in a list they differ from row to row, and keeping even a few rows' work (the cache's fresh
 * entries) made each row cost 15–25 % more CPU (unique A6 rows, one thread: 211–233 µs without
 * it, 256–309 µs with the default cache, 287–300 µs with 8 entries), as that work outlives the
 * young generation and is collected as old garbage. What rows share is kept all the same: the
 * fonts' per-face memos (shaped words, prepared lines, word metrics), so a text the template
 * gives every row costs about 5 % more than a cache hit (108 → 114 µs per row).
 */
const LIST_CACHE = { maxEntries: 0 } as const

/**
 * Creates a judge: one `Preflight` instance, whose fonts' per-face data (shaped words, prepared
 * lines) stay warm for every row the judge sees; see {@link LIST_CACHE} for why it keeps no texts.
 *
 * @param design The flow's design.
 * @param fonts The design's fonts.
 * @returns The judge.
 */
export function createRowJudge(design: Design, fonts: FontRegistry): RowJudge {
  const preflight = createPreflight({ design, fonts, cache: LIST_CACHE })
  return {
    judge: (body) => preflight.validate(body),
    async preview(body, idPrefix) {
      const analysis = preflight.analyze(body)
      // The artwork set is large (10 MB of JSON): read it only for a card with emoji.
      const keys = previewEmojiKeys(analysis)
      const emojiArtwork = keys.length > 0 ? await loadEmojiArtwork(keys) : undefined
      const { front, back } = renderPreview(analysis, {
        idPrefix,
        ...(emojiArtwork ? { emojiArtwork } : {}),
      })
      return { front, back }
    },
  }
}
