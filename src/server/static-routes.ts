/**
 * Sandbox extras outside the API (never rate-limited, never in the API logs): emoji artwork for
 * the demo page (`GET /emoji/<key>.svg`) and the demo page's own files.
 *
 * @module
 */
import { artworkToSvg } from '../emoji/artwork-to-svg.ts'
import type { EmojiArtworkSource } from '../emoji/types.ts'
import type { AssetSource } from './api-options.ts'
import { HttpError } from './http-error.ts'

/** An artwork key (`emojiArtworkKey`): code points in lower-case hex joined by `-`. */
const emojiKeyPattern = /^[\da-f]{4,6}(?:-[\da-f]{4,6}){0,15}$/

/** Served files may not be sniffed into another type, nor (SVG) run scripts. */
const staticHeaders = { 'x-content-type-options': 'nosniff' }

/** A static response: body bytes or text and headers. */
export interface StaticFile {
  readonly body: Uint8Array | string
  readonly headers: Readonly<Record<string, string>>
}

/**
 * `GET /emoji/<key>.svg`.
 *
 * @param source Where artwork comes from.
 * @param file The last path segment, e.g. `1f600.svg`.
 * @returns The SVG file.
 * @throws {HttpError} 404 for a malformed key or one without artwork.
 */
export async function emojiFile(source: EmojiArtworkSource, file: string): Promise<StaticFile> {
  const key = file.endsWith('.svg') ? file.slice(0, -4) : ''
  const artwork = emojiKeyPattern.test(key) ? (await source([key])).get(key) : undefined
  if (!artwork) throw new HttpError(404, `No emoji artwork for \`${file.slice(0, 80)}\`.`)
  return {
    body: artworkToSvg(artwork),
    headers: {
      ...staticHeaders,
      'content-type': 'image/svg+xml',
      // An SVG opened directly must not run anything (the bodies are sanitised; this is depth).
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      'cache-control': 'public, max-age=86400',
    },
  }
}

/**
 * Decodes a URL path for the asset source, refusing anything that could leave its folder.
 *
 * @param path The percent-encoded path.
 * @returns The decoded path, or `undefined` for `..`, `\`, NUL or malformed escapes.
 */
export function assetPath(path: string): string | undefined {
  let decoded: string
  try {
    decoded = decodeURIComponent(path)
  } catch {
    return undefined
  }
  if (!decoded.startsWith('/') || /[\\\0]/.test(decoded)) return undefined
  if (decoded.split('/').some((segment) => segment === '..' || segment === '.')) return undefined
  return decoded
}

/**
 * A file of the demo page.
 *
 * @param source The host's asset source.
 * @param path The percent-encoded URL path.
 * @returns The file.
 * @throws {HttpError} 404 when the source has none.
 */
export async function assetFile(source: AssetSource, path: string): Promise<StaticFile> {
  const decoded = assetPath(path)
  const asset = decoded === undefined ? undefined : await source(decoded)
  if (!asset) throw new HttpError(404, `The route \`${path.slice(0, 200)}\` could not be found.`)
  return { body: asset.body, headers: { ...staticHeaders, 'content-type': asset.contentType } }
}
