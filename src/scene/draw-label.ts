/**
 * Short annotation labels of a drawing ("overflow 3.21 mm"), drawn as glyph outlines of a
 * registered face, since neither the preview nor the proof has fonts of its own. Labels are our
 * own text, never user text, so a plain advance-and-kern layout on one line is all they need.
 *
 * @module
 */
import type { Face } from '../text/types.ts'
import type { Box, PlacedGlyph, SceneNode } from './scene-types.ts'

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

/** A laid-out label and its size, so callers can place it. */
export interface Label {
  /** Draws the label with its top-left corner at (`x`, `y`) mm. */
  readonly draw: (x: number, y: number) => readonly SceneNode[]
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
 * @returns The label with its size.
 */
export function createLabel(text: string, face: Face, style: LabelStyle): Label {
  const sizeMm = style.sizePt * PT_TO_MM
  const scale = sizeMm / face.unitsPerEm
  const padding = style.background === undefined ? 0 : sizeMm * 0.4
  const glyphs: PlacedGlyph[] = []
  let pen = 0
  let previous: number | undefined
  for (const character of text) {
    const glyphId = face.glyphId(character.codePointAt(0) ?? 0)
    if (previous !== undefined) pen += face.kerning(previous, glyphId)
    glyphs.push({ glyphId, offset: pen })
    pen += face.advance(glyphId)
    previous = glyphId
  }
  const contentHeight = ((face.ascender - face.descender) / face.unitsPerEm) * sizeMm
  const width = pen * scale + 2 * padding
  const height = contentHeight + 2 * padding
  const draw = (x: number, y: number): SceneNode[] => {
    const parts: SceneNode[] = []
    if (style.background !== undefined) {
      const box: Box = { x, y, width, height }
      parts.push({ kind: 'rect', box, radius: height / 4, fill: style.background })
    }
    if (glyphs.length > 0) {
      parts.push({
        kind: 'glyphs',
        face,
        color: style.color,
        x: x + padding,
        baseline: y + padding + (face.ascender / face.unitsPerEm) * sizeMm,
        scale,
        glyphs,
      })
    }
    return parts
  }
  return { draw, width_mm: width, height_mm: height }
}
