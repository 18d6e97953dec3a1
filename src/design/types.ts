/**
 * The design document of `docs/design-format.md`: what a flow's postcard looks like.
 * All lengths are millimetres, font sizes points, `line_height` a multiplier of the font size.
 * Coordinates run from the top-left corner of each side's trim box.
 *
 * @module
 */

/** Horizontal alignment of a text block (CSS `text-align`). */
export type TextAlign = 'left' | 'center' | 'right'

/** QR error-correction level (ISO/IEC 18004). */
export type ErrorCorrectionLevel = 'L' | 'M' | 'Q' | 'H'

/** Fields every placed element has. */
export interface Placement {
  /** Left edge in mm from the trim box's left edge. */
  readonly x_mm: number
  /** Top edge in mm from the trim box's top edge. */
  readonly y_mm: number
}

/** Fields of a box with text set in one font. */
export interface TextStyle {
  /** A family of the font registry, e.g. `Inter`. */
  readonly font_family: string
  /** Font size in points (1 pt = 25.4/72 mm). */
  readonly font_size_pt: number
  /** Line height as a multiplier of the font size (CSS `line-height: 1.3`). */
  readonly line_height: number
}

/** A Markdown area filled from `content.<key>` (spec 2.5). */
export interface MarkdownElement extends Placement, TextStyle {
  readonly type: 'markdown'
  /** API field name under `content` (pattern `^[a-z][a-z0-9_]{0,63}$`). */
  readonly key: string
  /** Human name, used in `markdown_fit_errors`. */
  readonly label: string
  readonly width_mm: number
  readonly height_mm: number
  /** Text colour (default `#000000`). */
  readonly color: string
  /** Alignment (default `left`). */
  readonly align: TextAlign
}

/** QR fields shared by the keyed and the URL kind. */
export interface QrBase extends Placement {
  readonly type: 'qr'
  readonly label: string
  /** Side of the square in mm, quiet zone included. */
  readonly size_mm: number
  /** Error-correction level (default `M`). */
  readonly error_correction: ErrorCorrectionLevel
  /** Smallest printable module in mm (default `0.4`). */
  readonly min_module_mm: number
  /** Quiet zone in modules on each side (default `4`). */
  readonly quiet_zone_modules: number
}

/** A QR placeholder filled from `qr_codes.<key>` (spec 2.6). */
export interface KeyedQrElement extends QrBase {
  readonly key: string
}

/** A QR code of the URL kind: its target lives in the design (spec 2.6 rule 5). */
export interface UrlQrElement extends QrBase {
  readonly url: string
}

/** Either kind of QR element; tell them apart with `'key' in element`. */
export type QrElement = KeyedQrElement | UrlQrElement

/** Static text of the design (plain, may wrap). */
export interface TextElement extends Placement, TextStyle {
  readonly type: 'text'
  readonly text: string
  readonly width_mm: number
  readonly height_mm: number
  readonly color: string
  readonly align: TextAlign
}

/** Static artwork: a `data:` URI of PNG, JPEG or SVG, never a network URL. */
export interface ImageElement extends Placement {
  readonly type: 'image'
  readonly href: string
  readonly width_mm: number
  readonly height_mm: number
}

/** A filled rectangle. */
export interface RectElement extends Placement {
  readonly type: 'rect'
  readonly width_mm: number
  readonly height_mm: number
  readonly fill: string
}

/** Where the recipient (`to`) is printed, optionally with a one-line sender (`from`) above. */
export interface AddressElement extends Placement, TextStyle {
  readonly type: 'address'
  readonly width_mm: number
  readonly height_mm: number
  /** Print the sender line above the recipient (default `true`). */
  readonly sender_line: boolean
}

/** Any element of a side, drawn in order. */
export type DesignElement =
  MarkdownElement | QrElement | TextElement | ImageElement | RectElement | AddressElement

/** One side of the card. */
export interface DesignSide {
  /** Background colour of the side (default `#ffffff`). */
  readonly background: string
  readonly elements: readonly DesignElement[]
}

/** Trim size and bleed. */
export interface DesignFormat {
  readonly width_mm: number
  readonly height_mm: number
  /** Bleed beyond the trim box on each side (default `0`). */
  readonly bleed_mm: number
}

/** Which side an element is on. */
export type SideName = 'front' | 'back'

/**
 * The sides of a card in the order the spec lists them: the order of every walk over both. A
 * readonly tuple, not frozen: V8 walks a frozen array several times slower, and the walks over
 * the sides run for every body.
 */
export const SIDE_NAMES = ['front', 'back'] as const satisfies readonly SideName[]

/**
 * A parsed, defaults-filled design. Produced by `parseDesign`; every optional field of the
 * JSON document has its default here, so consumers never re-apply defaults.
 */
export interface Design {
  readonly id: string
  readonly name: string
  readonly format: DesignFormat
  readonly sides: { readonly front: DesignSide; readonly back: DesignSide }
  /** Markdown areas in document order (front, then back): the keys `content` must carry. */
  readonly markdownAreas: readonly MarkdownElement[]
  /** Keyed QR elements in document order: the keys `qr_codes` must carry. */
  readonly keyedQrCodes: readonly KeyedQrElement[]
  /** QR elements of the URL kind. */
  readonly urlQrCodes: readonly UrlQrElement[]
}
