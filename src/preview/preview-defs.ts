/**
 * The `<defs>` of one preview side: every glyph outline, every emoji artwork and every clip path
 * used on the side, each defined once and placed with `<use>` (or referenced), under stable ids.
 *
 * @module
 */
import type { SanitizedArtwork } from '../scene/emoji-artworks.ts'
import { glyphOutline } from '../scene/glyph-outline.ts'
import type { ExclusionClip } from '../scene/scene-types.ts'
import { faceStore, type MemoSlot } from '../text/face-memo.ts'
import type { Face } from '../text/types.ts'
import { formatNumber } from './format-number.ts'
import { svgTreeMarkup } from '../svg/sanitize-svg.ts'
import {
  appendMarkup,
  escapedAttribute,
  joinMarkup,
  svgElement,
  svgPathDefinition,
  type EscapedAttribute,
  type SvgMarkup,
} from './svg-element.ts'

/** Collects definitions while a side is written; ids depend only on what is used and in which order. */
export interface PreviewDefs {
  /**
   * The escaped `href` of a glyph outline's `<use>` (`#` and its id; the outline defined on first
   * use), for `svgGlyphUse`, or `undefined` for a glyph without outline (a space), which needs
   * no `<use>`.
   */
  glyphHref(face: Face, glyphId: number): EscapedAttribute | undefined
  /** {@link PreviewDefs.glyphHref} of one face, for the glyphs of a run (the face looked up once). */
  glyphHrefs(face: Face): (glyphId: number) => EscapedAttribute | undefined
  /** The id of an artwork's symbol (defined on first use of the artwork object). */
  artwork(artwork: SanitizedArtwork): string
  /** The id of a clip path keeping drawing off some boxes (defined on first use). */
  clip(clip: ExclusionClip): string
  /** A new prefix for the ids of one inlined SVG image: `{prefix}i{n}-`. */
  imagePrefix(): string
  /** The `<defs>` element, or nothing when nothing was used. */
  markup(): SvgMarkup
}

/** A defined glyph: the escaped `href` of its `<use>`; `null` without outline. */
type GlyphUse = EscapedAttribute | null

/** A face used on the side: its number in the ids, and its glyphs defined so far. */
interface FaceUses {
  readonly index: number
  readonly glyphs: Map<number, GlyphUse>
}

const idSafe = /^[a-z0-9][a-z0-9-]{0,127}$/i

/**
 * Outlines of a face as escaped `d` values by glyph id, on the face's memo beside the compacted
 * outlines ({@link glyphOutline}): escaping scans the whole path data, most of a preview's bytes,
 * so a glyph is escaped once per registry, not once per preview (at most one entry per glyph).
 */
const SVG_OUTLINES: MemoSlot<Map<number, EscapedAttribute>> = Object.freeze({
  name: 'escaped SVG outlines',
  create: () => new Map<number, EscapedAttribute>(),
})

/** The outline of a glyph as an escaped attribute value (`''` for a glyph without outline). */
function svgOutline(face: Face, glyphId: number): EscapedAttribute {
  const cache = faceStore(face, SVG_OUTLINES)
  let d = cache?.get(glyphId)
  if (d === undefined) {
    d = escapedAttribute(glyphOutline(face, glyphId))
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
 * `{prefix}missing-emoji` for the marker; `{prefix}clip{n}` for clip paths; `{prefix}i{n}-` before the ids of an inlined SVG image. Glyphs are written in
 * font units (y up); the `<use>` flips them; their path data is compacted once per face and
 * glyph ({@link glyphOutline}).
 *
 * @param prefix Prefix of every id, e.g. `pp-f-`.
 * @returns The collector.
 */
export function createPreviewDefs(prefix: string): PreviewDefs {
  const faces = new Map<Face, FaceUses>()
  const artworks = new Map<SanitizedArtwork['body'], string>()
  const clips = new Map<ExclusionClip, string>()
  const parts: SvgMarkup[] = []
  let images = 0

  /** A face's uses on the side, numbered on its first use. */
  const faceUses = (face: Face): FaceUses => {
    let used = faces.get(face)
    if (used === undefined) {
      used = { index: faces.size, glyphs: new Map() }
      faces.set(face, used)
    }
    return used
  }
  /** A glyph's `href`, its definition made on first use; `null` for a glyph without outline. */
  const glyphUse = (face: Face, used: FaceUses, glyphId: number): GlyphUse => {
    let known = used.glyphs.get(glyphId)
    if (known !== undefined) return known
    const d = svgOutline(face, glyphId)
    if (d === '') {
      known = null
    } else {
      const id = `${prefix}g${used.index}-${glyphId}`
      known = escapedAttribute(`#${id}`)
      parts.push(svgPathDefinition(id, d))
    }
    used.glyphs.set(glyphId, known)
    return known
  }

  return {
    glyphHref: (face, glyphId) => glyphUse(face, faceUses(face), glyphId) ?? undefined,
    glyphHrefs(face) {
      const used = faceUses(face)
      return (glyphId) => glyphUse(face, used, glyphId) ?? undefined
    },
    artwork(artwork) {
      const known = artworks.get(artwork.body)
      if (known !== undefined) return known
      const token =
        artwork.key === 'missing-emoji'
          ? 'missing-emoji'
          : `e-${idSafe.test(artwork.key) ? artwork.key : `n${artworks.size}`}`
      const id = `${prefix}${token}`
      artworks.set(artwork.body, id)
      parts.push(
        svgElement('symbol', { id, viewBox: artwork.viewBox }, [
          svgTreeMarkup(artwork.body, `${id}-`),
        ])
      )
      return id
    },
    clip(clip) {
      const known = clips.get(clip)
      if (known !== undefined) return known
      const id = `${prefix}clip${clips.size}`
      clips.set(clip, id)
      // Even-odd: inside the bounds and outside every (disjoint) hole.
      const d = [clip.bounds, ...clip.holes]
        .map(
          (box) =>
            `M${formatNumber(box.x)} ${formatNumber(box.y)}h${formatNumber(box.width)}v${formatNumber(box.height)}h${formatNumber(-box.width)}z`
        )
        .join('')
      parts.push(
        svgElement('clipPath', { id }, [svgElement('path', { d, 'clip-rule': 'evenodd' })])
      )
      return id
    },
    imagePrefix() {
      return `${prefix}i${images++}-`
    },
    markup() {
      // One fragment appended, not joined: the document's join copies the definitions once.
      let definitions = joinMarkup([])
      for (const part of parts) definitions = appendMarkup(definitions, part)
      return definitions === '' ? definitions : svgElement('defs', {}, [definitions])
    },
  }
}
