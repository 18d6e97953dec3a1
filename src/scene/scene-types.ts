/**
 * The geometry of a drawn side, in millimetres on the card (origin at the trim box's top-left
 * corner, y down), free of any output format: what the SVG preview and the PDF proof both write.
 * Every position, size, colour, glyph and symbol is decided once, here; a writer only translates.
 *
 * @module
 */
import type { SvgTreeNode } from '../svg/sanitize-svg.ts'
import type { Face } from '../text/types.ts'
import type { SvgImage } from './svg-image.ts'

/** An axis-aligned box on the card, in mm. */
export interface Box {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

/** A stroke: colour (`#rrggbb`), width and dash pattern in mm. */
export interface Stroke {
  readonly color: string
  readonly width: number
  /** Dash and gap lengths in mm; none for a solid line. */
  readonly dash?: readonly number[]
}

/** A filled and/or stroked rectangle. */
export interface RectNode {
  readonly kind: 'rect'
  readonly box: Box
  /** Corner radius in mm. */
  readonly radius?: number
  /** Fill colour (`#rrggbb`) or `none`. */
  readonly fill: string
  readonly stroke?: Stroke
  /** What it is, for readers of the output (an SVG `class`). */
  readonly name?: string
}

/**
 * Straight lines: absolute path data of `M`, `L`, `H`, `V` and `Z` commands in mm (what the
 * marks of a preview need).
 */
export interface PathNode {
  readonly kind: 'path'
  readonly d: string
  /** Fill colour, or `none`; absent: not filled (a path of open lines). */
  readonly fill?: string
  readonly stroke?: Stroke
}

/** One glyph of a run: its id in the face and its pen position in font units from the run's origin. */
export interface PlacedGlyph {
  readonly glyphId: number
  readonly offset: number
}

/**
 * A run of glyphs of one face and colour on one baseline. Outlines are in font units (y up): a
 * glyph is drawn at `(x + offset · scale, baseline)` scaled by `scale` and flipped.
 */
export interface GlyphRunNode {
  readonly kind: 'glyphs'
  readonly face: Face
  readonly color: string
  /** Left of the run's origin, mm. */
  readonly x: number
  /** Baseline, mm. */
  readonly baseline: number
  /** Millimetres per font unit. */
  readonly scale: number
  readonly glyphs: readonly PlacedGlyph[]
}

/**
 * Vector artwork (an emoji, the missing-emoji marker) drawn into a square box: sanitised SVG
 * nodes in the coordinate space of `viewBox`, fitted as `<symbol>`s are (centred, aspect kept).
 */
export interface ArtworkNode {
  readonly kind: 'artwork'
  /** Artwork key (`1f337`), the same for every use of the same artwork. */
  readonly key: string
  /** The artwork's `viewBox`: four numbers `minX minY width height`. */
  readonly viewBox: string
  /** The sanitised artwork; one object per artwork, shared by every use of it. */
  readonly body: readonly SvgTreeNode[]
  readonly box: Box
}

/** A QR symbol: its modules scaled to mm, the quiet zone included in the box. */
export interface QrNode {
  readonly kind: 'qr'
  /** Modules per side (without quiet zone) and the dark modules, row by row. */
  readonly symbol: { readonly size: number; readonly modules: Uint8Array }
  /** Light modules on each side. */
  readonly quiet: number
  /** Top-left corner of the quiet zone, mm. */
  readonly x: number
  readonly y: number
  /** Side of one module, mm. */
  readonly module: number
}

/** A design image (a checked `data:` URI) stretched to its box, as the design places it. */
export interface ImageNode {
  readonly kind: 'image'
  readonly box: Box
  /** The sanitised `data:` URI (PNG, JPEG or SVG). */
  readonly href: string
  /** An SVG image's tree and viewport (the analysis' `ImageAnalysis.svg`); else `undefined`. */
  readonly svg: SvgImage | undefined
}

/** Everything but some boxes: a clip region that keeps drawing off other elements. */
export interface ExclusionClip {
  /** The region drawn in (the canvas). */
  readonly bounds: Box
  /** Disjoint boxes inside `bounds` that nothing of the group may cover. */
  readonly holes: readonly Box[]
}

/** Nodes drawn together: named, faded as one, or clipped. */
export interface GroupNode {
  readonly kind: 'group'
  /** What it is (an SVG `class`), e.g. `qr`, `overflow`. */
  readonly name?: string
  /** Accessible text (an SVG `aria-label`), e.g. `overflow 3.21 mm`. */
  readonly label?: string
  /** Group opacity, 0 to 1 (absent: opaque). */
  readonly opacity?: number
  readonly clip?: ExclusionClip
  readonly children: readonly SceneNode[]
}

/** One drawing instruction of a side. */
export type SceneNode =
  RectNode | PathNode | GlyphRunNode | ArtworkNode | QrNode | ImageNode | GroupNode
