/**
 * One emoji's artwork as a standalone SVG file, e.g. for the sandbox's `GET /emoji/<key>.svg`
 * that the browser demo loads artwork from.
 *
 * @module
 */
import { sanitizeSvgFragment } from '../svg/sanitize-svg.ts'
import type { EmojiArtwork } from './types.ts'

const VIEW_BOX = /^-?\d+(?:\.\d+)? -?\d+(?:\.\d+)? \d+(?:\.\d+)? \d+(?:\.\d+)?$/

/**
 * Wraps artwork into a complete SVG document. The body is sanitised again (idempotent), so
 * artwork from any {@link EmojiArtworkSource} can be served as `image/svg+xml` safely; a body the
 * sanitiser refuses leaves the document empty, and a malformed `viewBox` falls back to
 * `0 0 width height`.
 *
 * @param artwork The artwork of one emoji.
 * @returns The SVG document text (no XML declaration, UTF-8).
 */
export function artworkToSvg(artwork: EmojiArtwork): string {
  const width = Number.isFinite(artwork.width) && artwork.width > 0 ? artwork.width : 36
  const height = Number.isFinite(artwork.height) && artwork.height > 0 ? artwork.height : 36
  const viewBox = VIEW_BOX.test(artwork.viewBox) ? artwork.viewBox : `0 0 ${width} ${height}`
  const body = sanitizeSvgFragment(artwork.body)
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="${viewBox}">${body.ok ? body.markup : ''}</svg>`
  )
}
