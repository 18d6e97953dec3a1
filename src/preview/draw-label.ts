/**
 * Short annotation labels of a preview ("overflow 3.21 mm"), drawn as glyph outlines of a
 * registered face, since a preview has no `<text>` and no web fonts. Labels are our own text,
 * never user text, so a plain advance-and-kern layout on one line is all they need.
 *
 * @module
 */
import type { Face } from '../text/types.ts'
import { formatNumber } from './format-number.ts'
import type { PreviewDefs } from './preview-defs.ts'
import { joinMarkup, svgElement, type SvgMarkup } from './svg-element.ts'

const PT_TO_MM = 25.4 / 72

/** A label's look. */
export interface LabelStyle {
  /** Font size in points. */
  readonly sizePt: number
  /** Text colour. */
  readonly color: string
  /** Pill behind the text, or none. */
  readonly background?: string
}

/** A drawn label and its size, so callers can place it. */
export interface Label {
  /** Draws the label with its top-left corner at (`x`, `y`) mm. */
  readonly draw: (x: number, y: number) => SvgMarkup
  /** Width in mm, padding included. */
  readonly width_mm: number
  /** Height in mm, padding included. */
  readonly height_mm: number
}

/**
 * Lays a one-line label out in a face (cmap, advances, pair kerning) and returns a drawer.
 *
 * @param text The label text.
 * @param face The face to draw with.
 * @param style Size, colour and background.
 * @param defs Where the glyph outlines are defined.
 * @returns The label with its size.
 */
export function createLabel(text: string, face: Face, style: LabelStyle, defs: PreviewDefs): Label {
  const sizeMm = style.sizePt * PT_TO_MM
  const scale = sizeMm / face.unitsPerEm
  const padding = style.background === undefined ? 0 : sizeMm * 0.4
  const glyphs: { readonly id: string | undefined; readonly x: number }[] = []
  let pen = 0
  let previous: number | undefined
  for (const character of text) {
    const glyphId = face.glyphId(character.codePointAt(0) ?? 0)
    if (previous !== undefined) pen += face.kerning(previous, glyphId)
    glyphs.push({ id: defs.glyph(face, glyphId), x: pen })
    pen += face.advance(glyphId)
    previous = glyphId
  }
  const contentHeight = ((face.ascender - face.descender) / face.unitsPerEm) * sizeMm
  const width = pen * scale + 2 * padding
  const height = contentHeight + 2 * padding
  const draw = (x: number, y: number): SvgMarkup => {
    const parts: SvgMarkup[] = []
    if (style.background !== undefined) {
      parts.push(
        svgElement('rect', { x, y, width, height, rx: height / 4, fill: style.background })
      )
    }
    const uses = glyphs.flatMap((glyph) =>
      glyph.id === undefined
        ? []
        : [svgElement('use', { href: `#${glyph.id}`, x: formatNumber(glyph.x, 1) })]
    )
    const s = formatNumber(scale, 9)
    const baseline = y + padding + (face.ascender / face.unitsPerEm) * sizeMm
    const transform = `matrix(${s} 0 0 -${s} ${formatNumber(x + padding)} ${formatNumber(baseline)})`
    if (uses.length > 0) parts.push(svgElement('g', { fill: style.color, transform }, uses))
    return joinMarkup(parts)
  }
  return { draw, width_mm: width, height_mm: height }
}
