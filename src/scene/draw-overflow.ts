/**
 * The overflow visuals of a text area: its edge marked where the text is cut, and a label with
 * the overflow in millimetres (the `overflow_mm` of spec 7.1 `markdown_fit_errors`).
 *
 * @module
 */
import { roundMm } from '../layout/units.ts'
import { formatNumber } from '../preview/format-number.ts'
import type { Face } from '../text/types.ts'
import { createLabel, type Label } from './draw-label.ts'
import { intersects } from './exclusion-clip.ts'
import type { Box, SceneNode } from './scene-types.ts'

/** Colour of every "this will not print as designed" mark. */
export const ALERT_COLOUR = '#d0021b'

/** A text area on the card, in mm. */
export interface AreaBox {
  readonly x_mm: number
  readonly y_mm: number
  readonly width_mm: number
  readonly height_mm: number
}

/** What overflows, in mm, unrounded (`LayoutMetrics` of the layout engine). */
export interface Overflow {
  /** Vertical overflow. */
  readonly overflow_mm: number
  /** How far the widest line sticks out on the right. */
  readonly width_overflow_mm: number
}

/** Where marks may go: the visible canvas, and boxes they must not cover. */
export interface MarkPlacement {
  /** The visible canvas on the card, mm. */
  readonly bounds: Box
  /** Boxes a label must keep clear of (QR codes, text lines, other labels), mm. */
  readonly avoid: readonly Box[]
}

/** The marks of an overflowing area, and the boxes its labels take. */
export interface OverflowMarks {
  readonly node: SceneNode | undefined
  /** The labels' boxes, for later labels to keep clear of. */
  readonly labels: readonly Box[]
}

const LABEL_SIZE_PT = 6
const EDGE_WIDTH_MM = 0.35
const EDGE_DASH = [1.2, 0.6]

/**
 * Marks the edges an overflowing text crosses: a dashed red line on the bottom edge (where the
 * print cuts the text) with the label `overflow 3.21 mm` hanging below it at the right, and for
 * a line too wide for the area a dashed line on the right edge with `width overflow … mm`. A
 * label that would cover a QR code or a line of text moves to the next free place around the
 * edge (below it at the left, then beside the area), so it never hides what it explains. The
 * millimetres are rounded as `markdown_fit_errors` reports `overflow_mm` (spec 7.1), and the
 * group carries the same words as its label.
 *
 * @param area The area on the card.
 * @param overflow What overflows.
 * @param face Face for the labels (the area's regular face).
 * @param placement The canvas and what labels keep clear of.
 * @returns The marks (nothing when the text fits) and the boxes of their labels.
 */
export function drawOverflow(
  area: AreaBox,
  overflow: Overflow,
  face: Face,
  placement: MarkPlacement
): OverflowMarks {
  const parts: SceneNode[] = []
  const labels: Box[] = []
  const left = area.x_mm
  const right = area.x_mm + area.width_mm
  const top = area.y_mm
  const bottom = area.y_mm + area.height_mm
  const style = { sizePt: LABEL_SIZE_PT, color: '#ffffff', background: ALERT_COLOUR }
  const texts: string[] = []
  const place = (label: Label, candidates: readonly (readonly [number, number])[]): void => {
    const boxes = candidates.map(([x, y]) => ({
      x,
      y,
      width: label.width_mm,
      height: label.height_mm,
    }))
    const avoid = [...placement.avoid, ...labels]
    const free =
      boxes.find(
        (box) => inside(box, placement.bounds) && !avoid.some((other) => intersects(box, other))
      ) ?? (boxes[0] as Box)
    parts.push(...label.draw(free.x, free.y))
    labels.push(free)
  }
  if (overflow.overflow_mm > 0) {
    const text = `overflow ${millimetres(overflow.overflow_mm)}`
    parts.push(edge(`M${formatNumber(left)} ${formatNumber(bottom)}H${formatNumber(right)}`))
    const label = createLabel(text, face, style)
    const below = bottom + EDGE_WIDTH_MM
    const centre = bottom - label.height_mm / 2
    place(label, [
      [right - label.width_mm, below],
      [left, below],
      [right + EDGE_WIDTH_MM, centre],
      [left - EDGE_WIDTH_MM - label.width_mm, centre],
    ])
    texts.push(text)
  }
  if (overflow.width_overflow_mm > 0) {
    const text = `width overflow ${millimetres(overflow.width_overflow_mm)}`
    parts.push(edge(`M${formatNumber(right)} ${formatNumber(top)}V${formatNumber(bottom)}`))
    const label = createLabel(text, face, style)
    place(label, [
      [right + EDGE_WIDTH_MM, top],
      [right + EDGE_WIDTH_MM, bottom - label.height_mm],
      [right - label.width_mm, top - EDGE_WIDTH_MM - label.height_mm],
    ])
    texts.push(text)
  }
  if (parts.length === 0) return { node: undefined, labels }
  return {
    node: { kind: 'group', name: 'overflow', label: texts.join(', '), children: parts },
    labels,
  }
}

function inside(box: Box, bounds: Box): boolean {
  return (
    box.x >= bounds.x &&
    box.y >= bounds.y &&
    box.x + box.width <= bounds.x + bounds.width &&
    box.y + box.height <= bounds.y + bounds.height
  )
}

// As spec 7.1 reports it (`roundMm`, 0.01 mm), so the label reads like `overflow_mm`; an
// overflow that rounds to nothing still says that there is one.
function millimetres(mm: number): string {
  const rounded = roundMm(mm)
  return rounded > 0 ? `${formatNumber(rounded, 2)} mm` : '< 0.01 mm'
}

function edge(d: string): SceneNode {
  return {
    kind: 'path',
    d,
    fill: 'none',
    stroke: { color: ALERT_COLOUR, width: EDGE_WIDTH_MM, dash: EDGE_DASH },
  }
}
