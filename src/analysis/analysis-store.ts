/**
 * Where an analysis gets its per-text work from: fresh objects for one call, or the bounded cache
 * of a `Preflight`, which a form or a server keeps for its design (the only cache of analyses;
 * nothing is kept at module level).
 *
 * @module
 */
import type {
  AddressElement,
  ImageElement,
  KeyedQrElement,
  MarkdownElement,
  TextElement,
  UrlQrElement,
} from '../design/types.ts'
import { layoutPlainText } from '../layout/layout-plain-text.ts'
import type { TextLayout } from '../layout/types.ts'
import { readImageHref } from '../image/read-image-href.ts'
import { readSvgImage, type SvgImage } from '../scene/svg-image.ts'
import { AddressWork } from './address-work.ts'
import type { AnalysisEnvironment } from './analysis-environment.ts'
import { AreaWork } from './area-work.ts'
import { effectiveDpi, imagePixels, type Pixels } from './image-pixels.ts'
import { QrWork } from './qr-work.ts'

/** What an image element of the design is, checked once per design. */
export interface ImageFacts {
  /** The sanitised `data:` URI to draw; `undefined` when it was rejected. */
  readonly href: string | undefined
  /** Why it was rejected (a sentence of the project's message grammar). */
  readonly problem: string | undefined
  readonly pixels: Pixels | undefined
  readonly dpi: number | undefined
  /** An SVG image's tree and viewport, what the preview inlines; `undefined` for raster images. */
  readonly svg: SvgImage | undefined
}

/** The work an analysis draws on; every method returns the same object for the same input. */
export interface AnalysisStore {
  readonly environment: AnalysisEnvironment
  /** The work on `text` in a Markdown area. */
  area(area: MarkdownElement, text: string): AreaWork
  /** The work on a `qr_codes` value in its keyed QR element. */
  qr(element: KeyedQrElement, value: string): QrWork
  /** The work on an address block (its printed lines) in an address element. */
  address(
    element: AddressElement,
    senderLine: string,
    recipientLines: readonly string[]
  ): AddressWork
  /** The work on a URL-kind QR element's stored URL. */
  urlQr(element: UrlQrElement): QrWork
  /** A static `text` element laid out; `undefined` without fonts for its family. */
  staticText(element: TextElement): TextLayout | undefined
  /** A static `image` element checked. */
  image(element: ImageElement): ImageFacts
}

/** Bounds of a {@link createCachedStore} cache. */
export interface CacheBounds {
  /** Most texts, QR values and address blocks kept (default: `256`). */
  readonly maxEntries: number
  /**
   * Most characters (UTF-16 units) of the kept texts, QR values and address blocks together (default:
   * `100000`). A kept text holds its reading and its layout with glyph positions: about 200
   * bytes of heap per character (measured on Node 20 with the shipped fonts), so the default
   * bounds a cache to about 20 MB.
   */
  readonly maxCharacters: number
  /**
   * Whether a text seen once keeps its work while it waits among the fresh entries (default:
   * `true`), so that `validate` then `renderPreview` of one body read and lay it out once. A
   * server that never draws what it judges sets `false`: a text seen once is then remembered by
   * its key alone, and its work is kept from its second sight on, so unique traffic keeps no work
   * alive from one call to the next (work kept for a moment outlives the garbage collector's
   * young generation and is copied and promoted: about 0.85x the CPU per unique request of the
   * sandbox without it).
   */
  readonly keepFirstSight: boolean
}

/** The bounds a `Preflight` uses unless told otherwise. */
export const DEFAULT_CACHE_BOUNDS: CacheBounds = Object.freeze({
  maxEntries: 256,
  maxCharacters: 100_000,
  keepFirstSight: true,
})

/** What a {@link createCachedStore} cache holds right now. */
export interface CacheUsage {
  readonly entries: number
  readonly characters: number
}

/**
 * The static parts of a design, computed on first use and kept for the store's life. A class
 * with its maps made on first use: `validatePostcard` makes a store per body and most bodies
 * ask for none of them.
 */
class Statics {
  readonly environment: AnalysisEnvironment
  #texts: Map<TextElement, TextLayout | undefined> | undefined
  #images: Map<ImageElement, ImageFacts> | undefined
  #urlCodes: Map<UrlQrElement, QrWork> | undefined

  constructor(environment: AnalysisEnvironment) {
    this.environment = environment
  }

  urlQr(element: UrlQrElement): QrWork {
    const urlCodes = (this.#urlCodes ??= new Map())
    let work = urlCodes.get(element)
    if (!work) {
      work = new QrWork(element, element.url)
      urlCodes.set(element, work)
    }
    return work
  }

  staticText(element: TextElement): TextLayout | undefined {
    const texts = (this.#texts ??= new Map())
    if (!texts.has(element)) {
      const { fonts, profile } = this.environment
      texts.set(
        element,
        fonts?.has(element.font_family)
          ? layoutPlainText(element.text, element, fonts, undefined, { profile })
          : undefined
      )
    }
    return texts.get(element)
  }

  image(element: ImageElement): ImageFacts {
    const images = (this.#images ??= new Map())
    let facts = images.get(element)
    if (!facts) {
      facts = checkImage(element)
      images.set(element, facts)
    }
    return facts
  }
}

function checkImage(element: ImageElement): ImageFacts {
  const checked = readImageHref(element.href)
  if (!checked.ok) {
    return Object.freeze({
      href: undefined,
      problem: checked.reason,
      pixels: undefined,
      dpi: undefined,
      svg: undefined,
    })
  }
  const pixels = imagePixels(checked)
  return Object.freeze({
    href: checked.href,
    problem: undefined,
    pixels,
    dpi: pixels ? effectiveDpi(pixels, element) : undefined,
    svg: checked.mediaType === 'image/svg+xml' ? readSvgImage(checked.href) : undefined,
  })
}

/**
 * A store for one analysis: every object is made fresh and dropped with the analysis.
 *
 * @param environment Fonts, emoji pin and profile.
 * @returns The store.
 */
export function createTransientStore(environment: AnalysisEnvironment): AnalysisStore {
  return new TransientStore(environment)
}

/** The store of one analysis: a class, so a body costs one object and no closures. */
class TransientStore extends Statics implements AnalysisStore {
  area(area: MarkdownElement, text: string): AreaWork {
    return new AreaWork(area, text, this.environment)
  }

  qr(element: KeyedQrElement, value: string): QrWork {
    return new QrWork(element, value)
  }

  address(
    element: AddressElement,
    senderLine: string,
    recipientLines: readonly string[]
  ): AddressWork {
    return new AddressWork(element, senderLine, recipientLines, this.environment)
  }
}

/** One kept text or value. */
interface Entry {
  readonly slot: Map<string, Entry>
  readonly key: string
  /** `undefined` while a fresh entry is remembered by its key alone (`keepFirstSight: false`). */
  work: AreaWork | QrWork | AddressWork | undefined
  readonly characters: number
}

/**
 * Most entries seen only once that a cache keeps (fewer when `maxEntries` is smaller): enough for
 * the texts and values of a few bodies, so that `validate` then `analyze` of one body, or the
 * same text in the next keystroke or the next recipient, finds its work.
 */
const FRESH_ENTRIES = 32

/**
 * A store with a bounded cache of the per-text work (reading, layout, fit, emoji of each
 * distinct text per area; resolution, fit and symbol of each distinct QR value per element; the
 * layout of each distinct address block per address element) and the design's static parts
 * (static text layouts, images, URL-kind QR codes), made once. The bounds apply to the texts,
 * values and blocks together.
 *
 * A text, value or block seen once waits among at most {@link FRESH_ENTRIES} fresh entries (with
 * its work, or by its key alone when `bounds.keepFirstSight` is `false`); seen again while there,
 * it joins the least-recently-used entries that stay until the bounds
 * push them out. Unique traffic (a campaign, a new recipient per request) then keeps a few dozen
 * entries for a moment instead of filling the whole cache with work nobody asks for again: kept
 * longer, that work would outlive the young generation of the garbage collector and cost a full
 * collection each time the cache turns over. Past a bound, fresh entries go first (the newest
 * few stay), then the least recently used.
 *
 * @param environment Fonts, emoji pin and profile.
 * @param bounds Most entries and characters kept.
 * @returns The store, and a view of what it holds.
 */
export function createCachedStore(
  environment: AnalysisEnvironment,
  bounds: CacheBounds
): AnalysisStore & { usage(): CacheUsage; clear(): void } {
  const slots = new Map<object, Map<string, Entry>>()
  // Insertion order is age (fresh) and recency (kept): a hit moves its entry to the end of kept.
  const fresh = new Set<Entry>()
  const kept = new Set<Entry>()
  const freshMax = Math.min(bounds.maxEntries, FRESH_ENTRIES)
  // Fresh entries that stay when a bound pushes entries out.
  const freshFloor = Math.ceil(freshMax / 4)
  let characters = 0

  const drop = (entry: Entry): void => {
    fresh.delete(entry)
    kept.delete(entry)
    entry.slot.delete(entry.key)
    characters -= entry.characters
  }
  const oldest = (entries: Set<Entry>): Entry | undefined => {
    for (const entry of entries) return entry
    return undefined
  }

  const lookup = <W extends AreaWork | QrWork | AddressWork>(
    owner: object,
    key: string,
    make: () => W
  ): W => {
    let slot = slots.get(owner)
    if (!slot) {
      slot = new Map()
      slots.set(owner, slot)
    }
    const found = slot.get(key)
    if (found) {
      // Seen again: fresh or kept, it becomes the most recently used kept entry.
      fresh.delete(found)
      kept.delete(found)
      kept.add(found)
      found.work ??= make()
      return found.work as W
    }
    const work = make()
    const entry: Entry = {
      slot,
      key,
      work: bounds.keepFirstSight ? work : undefined,
      characters: key.length,
    }
    // A value larger than the whole cache is analysed but not kept.
    if (entry.characters > bounds.maxCharacters) return work
    slot.set(key, entry)
    fresh.add(entry)
    characters += entry.characters
    if (fresh.size > freshMax) drop(oldest(fresh) as Entry)
    while (fresh.size + kept.size > bounds.maxEntries || characters > bounds.maxCharacters) {
      const victim =
        fresh.size > freshFloor || kept.size === 0 ? oldest(fresh) : (oldest(kept) ?? oldest(fresh))
      if (!victim) break
      drop(victim)
    }
    return work
  }

  const statics = new Statics(environment)
  return {
    environment,
    area: (area, text) => lookup(area, text, () => new AreaWork(area, text, environment)),
    qr: (element, value) => lookup(element, value, () => new QrWork(element, value)),
    // The sender line has no line break: it is the key's first line, the recipient lines follow.
    address: (element, senderLine, recipientLines) =>
      lookup(
        element,
        `${senderLine}\n${recipientLines.join('\n')}`,
        () => new AddressWork(element, senderLine, recipientLines, environment)
      ),
    urlQr: (element) => statics.urlQr(element),
    staticText: (element) => statics.staticText(element),
    image: (element) => statics.image(element),
    usage: () => ({ entries: fresh.size + kept.size, characters }),
    clear() {
      for (const entry of [...fresh, ...kept]) drop(entry)
    },
  }
}
