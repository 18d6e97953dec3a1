/**
 * The `<defs>` of one preview side: every glyph outline and every emoji artwork used on the side,
 * each defined once and placed with `<use>`, under stable ids.
 *
 * @module
 */
import { faceStore, type MemoSlot } from '../text/face-memo.ts'
import type { Face } from '../text/types.ts'
import { compactPathData } from './compact-path.ts'
import { sanitizeSvgFragment } from '../svg/sanitize-svg.ts'
import { escapeXmlAttribute, joinMarkup, svgElement, type SvgMarkup } from './svg-element.ts'

/** Artwork of one emoji as SVG elements in its own coordinate space (Twemoji: `0 0 36 36`). */
export interface SymbolArtwork {
  /** SVG elements, e.g. `<path fill="#ffcc4d" d="…"/>`; sanitised before use. */
  readonly body: string
  /** The symbol's `viewBox`. */
  readonly viewBox: string
}

/** Collects definitions while a side is drawn; ids depend only on what is used and in which order. */
export interface PreviewDefs {
  /**
   * The id of a glyph outline (defined on first use), or `undefined` for a glyph without
   * outline (a space), which needs no `<use>`.
   */
  glyph(face: Face, glyphId: number): string | undefined
  /** The id of an emoji symbol (defined on first use), or `undefined` when its body is rejected. */
  emoji(key: string, artwork: SymbolArtwork): string | undefined
  /** The id of the "missing emoji" marker symbol (a crossed square, 36 × 36). */
  missingEmoji(): string
  /** The `<defs>` element, or nothing when nothing was used. */
  markup(): SvgMarkup
}

const idSafe = /^[a-z0-9][a-z0-9-]{0,127}$/i

/**
 * Compacted outlines of a face by glyph id, on the face's memo for the life of the face: a glyph
 * is serialised once per registry, not once per preview (at most one entry per glyph of the font).
 * Kept escaped for an XML attribute, so a preview does not scan them again.
 */
const OUTLINES: MemoSlot<Map<number, string>> = Object.freeze({
  name: 'compacted outlines',
  create: () => new Map<number, string>(),
})

function outline(face: Face, glyphId: number): string {
  const cache = faceStore(face, OUTLINES)
  let d = cache?.get(glyphId)
  if (d === undefined) {
    d = escapeXmlAttribute(compactPathData(face.glyphPath(glyphId).trim()))
    cache?.set(glyphId, d)
  }
  return d
}

/**
 * Creates the definitions of one side.
 *
 * Ids: `{prefix}g{face}-{glyph id}` for glyphs, where `face` numbers the faces in order of first
 * use; `{prefix}e-{key}` for emoji (the artwork key, e.g. `1f469-1f3fd-200d-1f4bb`), whose inner
 * ids are prefixed with the symbol's id plus `-` so that two emoji never clash;
 * `{prefix}missing-emoji` for the marker. Glyphs are written in font units (y up); the `<use>`
 * flips them; their path data is compacted ({@link compactPathData}) once per face and glyph.
 *
 * @param prefix Prefix of every id, e.g. `pp-f-`.
 * @returns The collector.
 */
export function createPreviewDefs(prefix: string): PreviewDefs {
  const faces = new Map<Face, { readonly index: number; readonly ids: Map<number, string> }>()
  const emoji = new Map<string, string | undefined>()
  const parts: SvgMarkup[] = []
  let missing: string | undefined

  return {
    glyph(face, glyphId) {
      let used = faces.get(face)
      if (used === undefined) {
        used = { index: faces.size, ids: new Map() }
        faces.set(face, used)
      }
      const known = used.ids.get(glyphId)
      if (known !== undefined) return known === '' ? undefined : known
      const d = outline(face, glyphId)
      const id = d === '' ? '' : `${prefix}g${used.index}-${glyphId}`
      used.ids.set(glyphId, id)
      if (id === '') return undefined
      // svgElement('path', { id, d }), with `d` escaped once per face and glyph.
      parts.push(`<path id="${escapeXmlAttribute(id)}" d="${d}"/>` as SvgMarkup)
      return id
    },
    emoji(key, artwork) {
      const token = idSafe.test(key) ? key : `n${emoji.size}`
      const mapKey = `${key}\u0000${artwork.body}`
      if (emoji.has(mapKey)) return emoji.get(mapKey)
      const id = `${prefix}e-${token}`
      const body = sanitizeSvgFragment(artwork.body, `${id}-`)
      const used = body.ok ? id : undefined
      emoji.set(mapKey, used)
      if (body.ok) parts.push(svgElement('symbol', { id, viewBox: artwork.viewBox }, [body.markup]))
      return used
    },
    missingEmoji() {
      if (missing) return missing
      missing = `${prefix}missing-emoji`
      // A square in the emoji box, crossed: obviously not a glyph, obviously something missing.
      parts.push(
        svgElement('symbol', { id: missing, viewBox: '0 0 36 36' }, [
          svgElement('rect', {
            x: 2,
            y: 2,
            width: 32,
            height: 32,
            rx: 4,
            fill: '#fff0f3',
            stroke: '#d0021b',
            'stroke-width': 2.5,
          }),
          svgElement('path', {
            d: 'M10 10L26 26M26 10L10 26',
            stroke: '#d0021b',
            'stroke-width': 2.5,
            'stroke-linecap': 'round',
          }),
        ])
      )
      return missing
    },
    markup() {
      return parts.length === 0 ? joinMarkup([]) : svgElement('defs', {}, parts)
    },
  }
}
