/**
 * The verdict on a design image's `href`, the same when the design is parsed and when it is
 * drawn: a `data:` URI of PNG, JPEG or SVG (design-format.md), never a network or file URL, and
 * SVG only as the sanitiser rebuilds it.
 *
 * @module
 */
import { sanitizeSvg } from '../svg/sanitize-svg.ts'
import { encodeBase64 } from './base64.ts'
import { readDataUri, type ImageMediaType } from './read-data-uri.ts'

/** Result of {@link readImageHref}: a safe `data:` URI to embed, or why there is none. */
export type ImageHref =
  | {
      readonly ok: true
      /** The URI to put into `<image href>`: `data:<type>;base64,` and canonical base64. */
      readonly href: string
      readonly mediaType: ImageMediaType
      /** The bytes drawn (for SVG: the sanitised document), as canonical base64. */
      readonly base64: string
    }
  | { readonly ok: false; readonly reason: string }

/**
 * Reads and normalises an image `href` with the one `data:` URI reader ({@link readDataUri}).
 * PNG and JPEG pass as they are (parameters dropped); SVG is run through {@link sanitizeSvg} and
 * re-encoded as base64, so scripts, event attributes and external references never reach a
 * preview. `parseDesign` refuses a design for any reason given here, so every image of a parsed
 * design is drawn; a design's images are read once per `Preflight`, not on every render.
 *
 * @param href The `href` of a design `image` element.
 * @returns The URI to embed, or a reason in the project's message grammar.
 * @example
 *   readImageHref('https://example.com/logo.png')
 *   // { ok: false, reason: 'Unexpected value `"https://example.com/logo.png"` for `href`, expected a `data:` URI of PNG, JPEG or SVG, embed the image instead of linking it' }
 */
export function readImageHref(href: string): ImageHref {
  const image = readDataUri(href)
  if (!image.ok) return image
  if (image.mediaType !== 'image/svg+xml') {
    const { mediaType, base64 } = image
    return { ok: true, href: `data:${mediaType};base64,${base64}`, mediaType, base64 }
  }
  const sanitized = sanitizeSvg(image.text)
  if (!sanitized.ok) {
    const reason = image.text.includes('<svg')
      ? sanitized.reason
      : 'Unexpected data in `href`, expected the bytes of an SVG image as declared by `image/svg+xml`'
    return { ok: false, reason }
  }
  const base64 = encodeBase64(new TextEncoder().encode(sanitized.markup))
  return {
    ok: true,
    href: `data:image/svg+xml;base64,${base64}`,
    mediaType: 'image/svg+xml',
    base64,
  }
}
