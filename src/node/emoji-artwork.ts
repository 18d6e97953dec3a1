/**
 * Emoji artwork on a server: Twemoji graphics (CC-BY 4.0, see `emoji/ATTRIBUTION.md`) read from
 * `@iconify-json/twemoji` on first use, returned as data for the pure core. The core never
 * bundles the whole set; previews ask for the few keys they draw (`collectEmojiKeys`).
 *
 * @module
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { sanitizeSvgFragment } from '../svg/sanitize-svg.ts'
import type { EmojiArtwork, EmojiArtworkSource } from '../emoji/types.ts'

/** Where {@link createEmojiArtworkSource} reads artwork from. */
export interface EmojiArtworkSourceOptions {
  /** An Iconify JSON icon set. Default: `@iconify-json/twemoji/icons.json`. */
  readonly iconSet?: string | URL
  /** Artwork key → icon name, as Iconify's `chars.json`. Default: `@iconify-json/twemoji/chars.json`. */
  readonly chars?: string | URL
}

/** Thrown (as a rejection) when the icon set cannot be read: a deployment problem, not user input. */
export class EmojiArtworkError extends Error {
  override readonly name = 'EmojiArtworkError'
}

/**
 * Emoji components that `chars.json` does not list although the set has their artwork (under
 * these hidden names): the skin-tone swatches and the hair components, which emoji-test.txt
 * lists as emoji of their own.
 */
export const COMPONENT_ICON_NAMES: Readonly<Record<string, string>> = {
  '1f3fb': 'light-skin-tone',
  '1f3fc': 'medium-light-skin-tone',
  '1f3fd': 'medium-skin-tone',
  '1f3fe': 'medium-dark-skin-tone',
  '1f3ff': 'dark-skin-tone',
  '1f9b0': 'red-haired',
  '1f9b1': 'curly-haired',
  '1f9b2': 'bald',
  '1f9b3': 'white-haired',
}

/** The subset of the Iconify JSON format we read (https://iconify.design/docs/types/iconify-json.html). */
interface IconData {
  readonly body: string
  readonly left?: number
  readonly top?: number
  readonly width?: number
  readonly height?: number
}
interface IconSet extends Partial<Omit<IconData, 'body'>> {
  readonly icons: Readonly<Record<string, IconData>>
  readonly aliases?: Readonly<Record<string, Partial<Omit<IconData, 'body'>> & { parent: string }>>
}

interface Loaded {
  readonly set: IconSet
  readonly chars: Readonly<Record<string, string>>
}

function defaultPath(file: string): string {
  return createRequire(import.meta.url).resolve(`@iconify-json/twemoji/${file}`)
}

async function readJson(path: string | URL): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as unknown
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new EmojiArtworkError(`Cannot read emoji artwork from \`${String(path)}\`: ${reason}`)
  }
}

const TRANSFORMS = ['hFlip', 'vFlip', 'rotate'] as const

/**
 * Resolves an icon name (following plain aliases) to body and box; aliases that flip or rotate
 * are not used by Twemoji and give `undefined` (the emoji is then drawn as missing).
 */
function resolveIcon(set: IconSet, name: string): Required<IconData> | undefined {
  let box: Partial<Omit<IconData, 'body'>> = {}
  let current = name
  for (let hops = 0; hops < 8; hops++) {
    const icon = Object.hasOwn(set.icons, current) ? set.icons[current] : undefined
    if (icon) {
      return {
        body: icon.body,
        left: box.left ?? icon.left ?? set.left ?? 0,
        top: box.top ?? icon.top ?? set.top ?? 0,
        width: box.width ?? icon.width ?? set.width ?? 16,
        height: box.height ?? icon.height ?? set.height ?? 16,
      }
    }
    const alias =
      set.aliases && Object.hasOwn(set.aliases, current) ? set.aliases[current] : undefined
    if (!alias || TRANSFORMS.some((transform) => transform in alias)) return undefined
    box = { ...alias, ...box }
    current = alias.parent
  }
  return undefined
}

/**
 * Creates an {@link EmojiArtworkSource} that reads an Iconify icon set once (lazily, on the first
 * call: `icons.json` of Twemoji is 10 MB) and returns sanitised artwork for the requested keys
 * (`sanitizeSvgFragment`), cached per key. Keys without artwork (or whose body the sanitiser
 * refuses) are absent from the result.
 *
 * Requires `@iconify-json/twemoji` at run time unless `options` point elsewhere.
 *
 * @param options Paths of the icon set and of its key → name table.
 * @returns The source; it rejects with {@link EmojiArtworkError} when the files cannot be read.
 */
export function createEmojiArtworkSource(
  options: EmojiArtworkSourceOptions = {}
): EmojiArtworkSource {
  let loading: Promise<Loaded> | undefined
  // Only keys with artwork are cached: at most the size of the set, whatever keys callers send.
  const cache = new Map<string, EmojiArtwork>()
  const load = async (): Promise<Loaded> => {
    const [set, chars] = await Promise.all([
      readJson(options.iconSet ?? defaultPath('icons.json')),
      readJson(options.chars ?? defaultPath('chars.json')),
    ])
    return { set: set as IconSet, chars: chars as Record<string, string> }
  }
  return async (keys) => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined // let a later call try again
      throw error
    })
    const { set, chars } = await loading
    const result = new Map<string, EmojiArtwork>()
    for (const key of keys) {
      let artwork = cache.get(key)
      if (!artwork) {
        const name = Object.hasOwn(chars, key) ? chars[key] : COMPONENT_ICON_NAMES[key]
        const icon = typeof name === 'string' ? resolveIcon(set, name) : undefined
        const body = icon && sanitizeSvgFragment(icon.body)
        if (!icon || !body?.ok) continue
        artwork = {
          key,
          viewBox: `${icon.left} ${icon.top} ${icon.width} ${icon.height}`,
          width: icon.width,
          height: icon.height,
          body: body.markup,
        }
        cache.set(key, artwork)
      }
      result.set(key, artwork)
    }
    return result
  }
}

let shared: EmojiArtworkSource | undefined

/**
 * The shared Twemoji artwork source of the process (see {@link createEmojiArtworkSource}): the
 * 10 MB icon set is read at most once however many servers or previews use it.
 *
 * @param keys Artwork keys (`emojiArtworkKey`, `collectEmojiKeys`).
 * @returns Artwork per key that has artwork.
 */
export function loadEmojiArtwork(
  keys: readonly string[]
): Promise<ReadonlyMap<string, EmojiArtwork>> {
  shared ??= createEmojiArtworkSource()
  return shared(keys)
}
