/**
 * Glyph outlines as PDF form XObjects: each glyph a filled path in its font units, drawn with
 * `Do` wherever it is placed (the PDF counterpart of the preview's `<defs>` and `<use>`), so
 * the proof holds no font and `pdffonts` lists none. The outline is the preview's own compacted
 * outline; quadratic segments (TrueType) become cubic ones exactly: the form is written in
 * thirds of a font unit, where the cubic control points of a quadratic on whole units
 * (P0 + 2/3 (Q − P0)) are whole numbers again.
 *
 * @module
 */
import { glyphOutline } from '../scene/glyph-outline.ts'
import { faceStore, type MemoSlot } from '../text/face-memo.ts'
import type { Face } from '../text/types.ts'
import { deflate } from './flate.ts'
import type { BBox, PdfResources } from './pdf-resources.ts'
import type { PdfRef } from './pdf-syntax.ts'
import { parsePathData, pathBounds, pathOperators } from './path-geometry.ts'

/** A glyph's form content, compressed, and its box, both in thirds of a font unit. */
interface GlyphStream {
  readonly encoded: Uint8Array
  readonly bbox: BBox
}

/**
 * Compressed glyph forms by glyph id, on the face's memo for the life of the face: a glyph is
 * converted and compressed once per registry, then reused by every proof (at most one entry per
 * glyph of the font).
 */
const PDF_GLYPHS: MemoSlot<Map<number, GlyphStream | null>> = Object.freeze({
  name: 'PDF glyph forms',
  create: () => new Map<number, GlyphStream | null>(),
})

/** Glyph forms of one proof. */
export interface GlyphForms {
  /** The name of a glyph's form, or `undefined` for a glyph without outline (a space). */
  name(face: Face, glyphId: number): string | undefined
}

/** Units of a glyph form per font unit. */
export const GLYPH_FORM_SCALE = 3

/**
 * Starts the glyph forms of a proof.
 *
 * @param resources The proof's resources.
 * @returns The lookup.
 */
export function createGlyphForms(resources: PdfResources): GlyphForms {
  const written = new Map<Face, Map<number, string | undefined>>()
  return {
    name(face, glyphId) {
      let forms = written.get(face)
      if (!forms) {
        forms = new Map()
        written.set(face, forms)
      }
      if (forms.has(glyphId)) return forms.get(glyphId)
      const stream = glyphStream(face, glyphId)
      let name: string | undefined
      if (stream) {
        const ref: PdfRef = resources.form('', stream.bbox, {
          encoded: stream.encoded,
          plain: true,
        })
        name = resources.xobject(ref)
      }
      forms.set(glyphId, name)
      return name
    },
  }
}

function glyphStream(face: Face, glyphId: number): GlyphStream | undefined {
  const cache = faceStore(face, PDF_GLYPHS)
  const known = cache?.get(glyphId)
  if (known !== undefined) return known ?? undefined
  const d = glyphOutline(face, glyphId)
  const content = outlineContent(d) ?? generalContent(d)
  const stream = content
    ? { encoded: deflate(new TextEncoder().encode(content.operators)), bbox: content.bbox }
    : undefined
  cache?.set(glyphId, stream ?? null)
  return stream
}

const token = /[mlhvqcz]|-?\d+/g
const arity: Readonly<Record<string, number>> = { m: 2, l: 2, h: 1, v: 1, q: 4, c: 6, z: 0 }

/**
 * Converts compacted outline data (relative `m l h v q c z` on whole font units) to PDF path
 * operators in thirds of a unit, filled with the non-zero rule as fonts are.
 *
 * @param d The outline from `glyphOutline`.
 * @returns The operators and the box of every point, or `undefined` for an empty outline.
 */
export function outlineContent(d: string): { operators: string; bbox: BBox } | undefined {
  const tokens = d.match(token)
  if (!tokens || tokens.length === 0) return undefined
  const parts: string[] = []
  let x = 0
  let y = 0
  let startX = 0
  let startY = 0
  let x0 = Infinity
  let y0 = Infinity
  let x1 = -Infinity
  let y1 = -Infinity
  const point = (px: number, py: number): string => {
    x0 = Math.min(x0, px)
    y0 = Math.min(y0, py)
    x1 = Math.max(x1, px)
    y1 = Math.max(y1, py)
    return `${px} ${py}`
  }
  let command = ''
  let index = 0
  while (index < tokens.length) {
    const current = tokens[index] as string
    if (/^[a-z]$/.test(current)) {
      command = current
      index++
      if (command === 'z') {
        parts.push('h')
        x = startX
        y = startY
        continue
      }
    } else if (command === '' || command === 'z') {
      return undefined
    }
    const count = arity[command] ?? 0
    const v: number[] = []
    for (let n = 0; n < count; n++) v.push(Number(tokens[index++]))
    if (v.some((value) => !Number.isFinite(value))) return undefined
    const a = (n: number): number => v[n] as number
    switch (command) {
      case 'm':
        x = startX = x + a(0)
        y = startY = y + a(1)
        parts.push(`${point(3 * x, 3 * y)} m`)
        command = 'l'
        break
      case 'l':
      case 'h':
      case 'v':
        if (command === 'l') {
          x += a(0)
          y += a(1)
        } else if (command === 'h') x += a(0)
        else y += a(0)
        parts.push(`${point(3 * x, 3 * y)} l`)
        break
      case 'q': {
        const qx = x + a(0)
        const qy = y + a(1)
        const ex = x + a(2)
        const ey = y + a(3)
        // Degree elevation in thirds: 3·(P0 + 2/3 (Q − P0)) = P0 + 2Q, 3·(P2 + 2/3 (Q − P2)) = P2 + 2Q.
        parts.push(
          `${point(x + 2 * qx, y + 2 * qy)} ${point(ex + 2 * qx, ey + 2 * qy)} ${point(3 * ex, 3 * ey)} c`
        )
        x = ex
        y = ey
        break
      }
      case 'c': {
        const ex = x + a(4)
        const ey = y + a(5)
        parts.push(
          `${point(3 * (x + a(0)), 3 * (y + a(1)))} ${point(3 * (x + a(2)), 3 * (y + a(3)))} ${point(3 * ex, 3 * ey)} c`
        )
        x = ex
        y = ey
        break
      }
    }
  }
  if (parts.length === 0 || !(x0 <= x1)) return undefined
  parts.push('f')
  return { operators: parts.join('\n'), bbox: [x0, y0, x1, y1] }
}

/** Outline data the compactor left as it was (not plain absolute commands): any SVG path data. */
function generalContent(d: string): { operators: string; bbox: BBox } | undefined {
  const segments = parsePathData(d)
  const bounds = pathBounds(segments)
  if (!bounds) return undefined
  const scale = GLYPH_FORM_SCALE
  return {
    operators: `${pathOperators(segments, [scale, 0, 0, scale, 0, 0], 2)}\nf`,
    bbox: [bounds[0] * scale, bounds[1] * scale, bounds[2] * scale, bounds[3] * scale],
  }
}
