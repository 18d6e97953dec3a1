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
 * The judge's `Preflight` keeps the work of a text, QR value or address block from its second
 * sight on (`keepFirstSight: false`): a text the template or the list gives many rows is read and
 * laid out twice, then reused, while a row's own texts are remembered by their key alone. Keeping
 * even a few rows' unique work (the default cache's fresh entries) made each row cost 15–25 %
 * more CPU, as that work outlives the young generation and is collected as old garbage. With the
 * fonts' per-face memos (shaped words, prepared lines, word metrics), that is what the rows of a
 * worker share.
 */
const LIST_CACHE = { keepFirstSight: false } as const

/**
 * Creates a judge: one `Preflight` instance, whose fonts' per-face data (shaped words, prepared
 * lines) stay warm for every row the judge sees; see {@link LIST_CACHE} for what it keeps.
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
