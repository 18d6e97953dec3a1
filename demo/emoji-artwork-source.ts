/**
 * Emoji artwork in the browser: one small SVG file per emoji from the page's own server
 * (`GET /emoji/<key>.svg` of the sandbox), fetched the first time a text uses that emoji and
 * kept for the session. The page never downloads the whole set.
 *
 * @module
 */
import type { EmojiArtwork } from '../src/index.ts'
// Not in the public entry: the preview sanitises artwork itself; the demo checks it on arrival.
import { sanitizeSvgFragment } from '../src/svg/sanitize-svg.ts'

/** An artwork source that also answers synchronously for what it already has. */
export interface HttpEmojiArtwork {
  /** Artwork loaded so far, by key (keys without artwork are absent). */
  readonly artwork: ReadonlyMap<string, EmojiArtwork>
  /** Whether every key has been asked for already (loaded, or known to have no artwork). */
  has(keys: readonly string[]): boolean
  /** Fetches the keys not asked for yet; resolves to {@link HttpEmojiArtwork.artwork}. */
  load(keys: readonly string[]): Promise<ReadonlyMap<string, EmojiArtwork>>
}

const NUMBER = /^\d+(?:\.\d+)?$/

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)
  return match?.[1]
}

/**
 * Reads one artwork file back into the core's {@link EmojiArtwork}: the `viewBox`, `width` and
 * `height` of the root `<svg>` and the markup inside it, sanitised again (the server already
 * did; this keeps the page safe whatever answers at that URL).
 *
 * @param key The artwork key the file was fetched for.
 * @param svg The file's text, as written by the core's `artworkToSvg`.
 * @returns The artwork, or `undefined` when the text is not one `<svg>` element.
 */
export function parseArtworkSvg(key: string, svg: string): EmojiArtwork | undefined {
  const text = svg.trim()
  const open = text.indexOf('>')
  const close = text.lastIndexOf('</svg>')
  if (!text.startsWith('<svg') || open < 0 || close < open || close + 6 !== text.length) {
    return undefined
  }
  const tag = text.slice(0, open)
  const width = attribute(tag, 'width') ?? ''
  const height = attribute(tag, 'height') ?? ''
  const viewBox = attribute(tag, 'viewBox') ?? `0 0 ${width} ${height}`
  const body = sanitizeSvgFragment(text.slice(open + 1, close))
  if (!NUMBER.test(width) || !NUMBER.test(height) || !body.ok) return undefined
  return {
    key,
    viewBox,
    width: Number(width),
    height: Number(height),
    body: body.markup,
  }
}

/**
 * Creates the page's artwork source.
 *
 * @param base The folder URL of the artwork, e.g. `/emoji/` (resolved against the page).
 * @param fetchArtwork The fetch to use (default: the global `fetch`).
 * @returns The source.
 */
export function createHttpEmojiArtwork(
  base: string,
  fetchArtwork: typeof fetch = (input, init) => fetch(input, init)
): HttpEmojiArtwork {
  const artwork = new Map<string, EmojiArtwork>()
  const asked = new Map<string, Promise<void>>()
  /** Fetches one key; resolves to `true` when it should be asked for again later. */
  const fetchOne = async (key: string): Promise<boolean> => {
    try {
      const response = await fetchArtwork(`${base}${key}.svg`)
      if (!response.ok) return false // 404: no artwork; the preview draws the "missing" marker.
      const parsed = parseArtworkSvg(key, await response.text())
      if (parsed) artwork.set(key, parsed)
      return false
    } catch {
      return true // offline for a moment: ask again with the next keystroke
    }
  }
  return {
    artwork,
    has: (keys) => keys.every((key) => asked.has(key)),
    async load(keys) {
      const pending: Promise<void>[] = []
      for (const key of keys) {
        let request = asked.get(key)
        if (!request) {
          request = fetchOne(key).then((retry) => {
            if (retry) asked.delete(key)
          })
          asked.set(key, request)
        }
        pending.push(request)
      }
      await Promise.all(pending)
      return artwork
    },
  }
}
