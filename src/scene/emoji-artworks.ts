/**
 * The emoji artwork of one drawing, each key sanitised once (the host hands in SVG bodies: they
 * are checked before anything draws them), and the marker of an emoji without artwork.
 *
 * @module
 */
import type { EmojiArtwork } from '../emoji/types.ts'
import { formatNumber } from '../preview/format-number.ts'
import { sanitizeSvgTree, type SvgTreeNode } from '../svg/sanitize-svg.ts'

/** Sanitised artwork, ready to draw into a box. */
export interface SanitizedArtwork {
  /** Artwork key, e.g. `1f337`; `missing-emoji` for the marker. */
  readonly key: string
  /** Four numbers: `minX minY width height`. */
  readonly viewBox: string
  readonly body: readonly SvgTreeNode[]
}

/** Artwork by key for one drawing. */
export interface EmojiArtworks {
  /** The artwork of a key, or `undefined` when it was not passed in or its body was rejected. */
  artwork(key: string): SanitizedArtwork | undefined
  /** The "missing emoji" marker: a crossed red square, 36 × 36. */
  readonly missing: SanitizedArtwork
}

const viewBoxPattern = /^-?\d+(?:\.\d+)? -?\d+(?:\.\d+)? \d+(?:\.\d+)? \d+(?:\.\d+)?$/

/** A square in the emoji box, crossed: obviously not a glyph, obviously something missing. */
const MISSING: SanitizedArtwork = Object.freeze({
  key: 'missing-emoji',
  viewBox: '0 0 36 36',
  body: Object.freeze([
    Object.freeze({
      name: 'rect',
      attributes: Object.freeze({
        x: '2',
        y: '2',
        width: '32',
        height: '32',
        rx: '4',
        fill: '#fff0f3',
        stroke: '#d0021b',
        'stroke-width': '2.5',
      }),
      children: Object.freeze([]),
    }),
    Object.freeze({
      name: 'path',
      attributes: Object.freeze({
        d: 'M10 10L26 26M26 10L10 26',
        stroke: '#d0021b',
        'stroke-width': '2.5',
        'stroke-linecap': 'round',
      }),
      children: Object.freeze([]),
    }),
  ]),
})

/**
 * The artwork of one drawing: each body sanitised on first use and kept for the drawing only.
 *
 * @param artwork The host's artwork by key.
 * @returns The lookup.
 */
export function createEmojiArtworks(artwork: ReadonlyMap<string, EmojiArtwork>): EmojiArtworks {
  const sanitized = new Map<string, SanitizedArtwork | undefined>()
  return {
    artwork(key) {
      if (sanitized.has(key)) return sanitized.get(key)
      const source = artwork.get(key)
      let result: SanitizedArtwork | undefined
      if (source) {
        const tree = sanitizeSvgTree(source.body)
        if (tree.ok) {
          const viewBox = viewBoxPattern.test(source.viewBox)
            ? source.viewBox
            : `0 0 ${formatNumber(source.width)} ${formatNumber(source.height)}`
          result = Object.freeze({ key, viewBox, body: tree.nodes })
        }
      }
      sanitized.set(key, result)
      return result
    },
    missing: MISSING,
  }
}
