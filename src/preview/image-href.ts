/**
 * The `href` of a design image, checked before it reaches a preview: a `data:` URI of PNG, JPEG
 * or SVG only (design-format.md), never a network or file URL, and SVG only after sanitising.
 *
 * @module
 */
import { decodeBase64, encodeBase64, isCanonicalBase64 } from './base64.ts'
import { sanitizeSvg } from './sanitize-svg.ts'

/** Result of {@link sanitizeImageHref}: a safe `data:` URI to embed, or why there is none. */
export type ImageHref =
  | {
      readonly ok: true
      /** The URI to put into `<image href>`: canonical Base64 of the checked bytes. */
      readonly href: string
      readonly mediaType: 'image/png' | 'image/jpeg' | 'image/svg+xml'
    }
  | { readonly ok: false; readonly reason: string }

// RFC 2397: data:[<mediatype>][;base64],<data>. Parameters (charset …) are allowed and dropped.
const dataUri = /^data:([a-z]+\/[a-z0-9.+-]+)(?:;[a-z0-9-]+=[^;,]*)*(;base64)?,/i
const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const jpegSignature = [0xff, 0xd8, 0xff]

/**
 * Checks and normalises an image `href`. PNG and JPEG must be Base64 `data:` URIs whose bytes
 * start with the format's signature (a PNG inside `image/jpeg` is rejected). SVG may be Base64
 * or percent-encoded; it is decoded as UTF-8, run through {@link sanitizeSvg} and re-encoded, so
 * scripts, event attributes and external references never reach the preview. A design's images
 * are checked once per `Preflight` (its static parts), not on every render.
 *
 * @param href The `href` of a design `image` element.
 * @returns The URI to embed, or a reason following the project's message grammar.
 * @example
 *   sanitizeImageHref('https://example.com/logo.png')
 *   // { ok: false, reason: 'Unexpected `https:` image, expected a `data:` URI of PNG, JPEG or SVG' }
 */
export function sanitizeImageHref(href: string): ImageHref {
  const match = dataUri.exec(href)
  if (!match) {
    const scheme = /^[a-z][a-z0-9+.-]{0,31}:/i.exec(href)?.[0]
    const shown = scheme ?? (href.length > 16 ? `${href.slice(0, 16)}…` : href)
    return {
      ok: false,
      reason: `Unexpected \`${shown}\` image, expected a \`data:\` URI of PNG, JPEG or SVG`,
    }
  }
  const mediaType = (match[1] ?? '').toLowerCase()
  const base64 = match[2] !== undefined
  const payload = href.slice(match[0].length)
  if (mediaType === 'image/svg+xml') return checkSvg(payload, base64)
  if (mediaType !== 'image/png' && mediaType !== 'image/jpeg') {
    return {
      ok: false,
      reason: `Unexpected media type \`${mediaType}\`, expected \`image/png\`, \`image/jpeg\` or \`image/svg+xml\``,
    }
  }
  const format = mediaType === 'image/png' ? 'PNG' : 'JPEG'
  if (!base64 || !isCanonicalBase64(payload)) {
    return { ok: false, reason: `Unexpected ${format} data, expected canonical Base64` }
  }
  const signature = format === 'PNG' ? pngSignature : jpegSignature
  const head = decodeBase64(payload, signature.length) ?? new Uint8Array()
  if (!signature.every((byte, index) => head[index] === byte)) {
    return {
      ok: false,
      reason: `Unexpected bytes in a \`${mediaType}\` data URI, expected a ${format} file`,
    }
  }
  return { ok: true, href: `data:${mediaType};base64,${payload}`, mediaType }
}

function checkSvg(payload: string, base64: boolean): ImageHref {
  let bytes: Uint8Array | undefined
  if (base64) bytes = decodeBase64(payload)
  else bytes = percentDecode(payload)
  if (bytes === undefined) {
    return {
      ok: false,
      reason: base64
        ? 'Unexpected SVG data, expected canonical Base64'
        : 'Unexpected SVG data, expected valid percent-encoding',
    }
  }
  let source: string
  try {
    source = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return { ok: false, reason: 'Unexpected SVG bytes, expected UTF-8' }
  }
  const sanitized = sanitizeSvg(source)
  if (!sanitized.ok) return sanitized
  const href = `data:image/svg+xml;base64,${encodeBase64(new TextEncoder().encode(sanitized.markup))}`
  return { ok: true, href, mediaType: 'image/svg+xml' }
}

function percentDecode(text: string): Uint8Array | undefined {
  const encoder = new TextEncoder()
  const bytes: number[] = []
  for (let index = 0; index < text.length; index++) {
    const character = text[index] ?? ''
    if (character === '%') {
      const hex = text.slice(index + 1, index + 3)
      if (!/^[0-9a-f]{2}$/i.test(hex)) return undefined
      bytes.push(parseInt(hex, 16))
      index += 2
      continue
    }
    const codePoint = text.codePointAt(index) ?? 0
    const unit = String.fromCodePoint(codePoint)
    if (unit.length === 2) index++
    for (const byte of encoder.encode(unit)) bytes.push(byte)
  }
  return Uint8Array.from(bytes)
}
