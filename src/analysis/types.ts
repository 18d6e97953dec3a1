/**
 * The analysis of a postcard: the one pass over a body that every output derives from. The
 * verdict (spec 7.1), the SVG preview, the PDF proof, the fit meter, the Standard Schema issues
 * and the repair all read this data; none of them parses, measures or lays out again.
 *
 * Plain, typed, immutable data (frozen where it is built). Layouts carry `Face` objects (the
 * font registry's parsed faces) so a drawer can fetch glyph outlines; nothing else in it is
 * behaviour.
 *
 * @module
 */
import type {
  AddressElement,
  Design,
  ImageElement,
  MarkdownElement,
  QrElement,
  RectElement,
  SideName,
  TextElement,
} from '../design/types.ts'
import type { PinnedEmojiVersion } from '../emoji/emoji-version.ts'
import type { EmojiFinding } from '../emoji/types.ts'
import type { FitSuggestion } from '../layout/check-fit.ts'
import type { FitMeasurement } from '../layout/measure-fit.ts'
import type { RendererProfile } from '../layout/renderer-profile.ts'
import type { TextLayout } from '../layout/types.ts'
import type { MarkdownViolation } from '../markdown/types.ts'
import type { QrMatrix } from '../qr/qr-matrix.ts'
import type { QrUrlElementResult, QrValueResult } from '../qr/types.ts'
import type { SvgImage } from '../scene/svg-image.ts'
import type { FontRegistry } from '../text/types.ts'
import type {
  FieldError,
  MarkdownFitError,
  UnprocessableMeta,
  Verdict,
  Warning,
} from '../verdict/types.ts'

// The renderer profile lives with the layout rules it selects (docs/layout.md); the fit verdict,
// the 422 body, the fit meter, the preview and the proof all use the profile of their analysis.
export type { RendererProfile }

/** Options of an analysis (and so of `validatePostcard`, `renderPreview`, `createPreflight`). */
export interface AnalyzeOptions {
  /**
   * The fonts of the design, for the rules that measure text (fit, glyph coverage, address
   * lines). Without them those rules are skipped and nothing is laid out (default: none).
   */
  readonly fonts?: FontRegistry | undefined
  /** The service's pinned emoji set (spec 2.3) (default: `DEFAULT_PINNED_EMOJI_VERSION`). */
  readonly emojiVersion?: PinnedEmojiVersion | undefined
  /** The renderer profile of every layout (default: `chromium`). */
  readonly profile?: RendererProfile | undefined
}

/** What a body holds for one field, read once and never again (a getter runs at most once). */
export type FieldValue = string | undefined

/** The fields of a body as read once: own string members only, each clipped to its limit. */
export interface PostcardFields {
  /** `content` values that are strings, by key (clipped to 8000 code points for layout). */
  readonly content: ReadonlyMap<string, string>
  /** `qr_codes` values that are strings, by key. */
  readonly qrCodes: ReadonlyMap<string, string>
  /** String fields of `to` (address object of spec 2.3). */
  readonly to: Readonly<Record<string, string>>
  /** String fields of `from`. */
  readonly from: Readonly<Record<string, string>>
}

/** What the Markdown whitelist found in a value (spec 2.5), from its one parse. */
export interface SyntaxAnalysis {
  /** Unsupported constructs, in text order (empty when the value is accepted). */
  readonly violations: readonly MarkdownViolation[]
  /** `false` when the text needs more emphasis work than the parser's bound. */
  readonly emphasisResolved: boolean
  /** Maximal `*`/`_` runs of the text. */
  readonly emphasisRuns: number
}

/** A Markdown area of the design and what its `content` value is (spec 2.5). */
export interface AreaAnalysis {
  readonly type: 'markdown'
  readonly element: MarkdownElement
  /** `content.<key>`. */
  readonly path: string
  /** The value when it is a string (clipped to 8000 code points), else `undefined`. */
  readonly text: FieldValue
  /**
   * Whether the key, length and syntax rules passed, so the fit was judged. A value that fails
   * them is still parsed and laid out (the preview draws it), but never fit-checked.
   */
  readonly judged: boolean
  /** The whitelist's findings, when the value is a string. */
  readonly syntax: SyntaxAnalysis | undefined
  /**
   * The value laid out in its area: lines with glyph positions (what the preview and the proof
   * draw, what the fit is measured from). `undefined` without fonts or without a string value.
   */
  readonly layout: TextLayout | undefined
  /** The fit meter of the layout; `undefined` when there is no layout. */
  readonly fit: FitMeasurement | undefined
  /** The `markdown_fit_errors` item (spec 7.1) when the judged value does not fit. */
  readonly fitError: MarkdownFitError | undefined
  /**
   * The numbers `fitError.suggested_action` words (characters to cut, line boxes over, a font
   * size that fits), for a fit meter or a message in another language; with `fitError`.
   */
  readonly fitSuggestion: FitSuggestion | undefined
  /** Emoji graphemes of the value (in and out of the pinned set). */
  readonly emoji: readonly EmojiFinding[]
}

/** A QR element and its value (spec 2.6): keyed from `qr_codes`, or of the URL kind. */
export interface QrAnalysis {
  readonly type: 'qr'
  readonly element: QrElement
  /** `qr_codes.<key>` for a keyed code; the element's design path for the URL kind. */
  readonly path: string
  /** The URL as sent (keyed) or as designed (URL kind); `undefined` when not a string. */
  readonly value: FieldValue
  /**
   * The URL rules and the capacity, computed once: the resolved URL and its version when it is
   * valid and fits (what the preview and the proof encode). `undefined` when there is no value
   * or an earlier rule rejected it.
   */
  readonly result: QrValueResult | QrUrlElementResult | undefined
  /**
   * The symbol drawn (quiet zone not included): the modules of the resolved URL whenever the value
   * is a complete http(s) URL that version 40 holds, also when it is too large for the area (the
   * preview marks its small modules) or an earlier rule rejected it (an over-long value is drawn
   * from its first 2048 characters). `undefined` otherwise.
   */
  readonly matrix: QrMatrix | undefined
}

/** A design `text` element laid out (static: the same for every body of a design). */
export interface StaticTextAnalysis {
  readonly type: 'text'
  readonly element: TextElement
  /** The element's design path, e.g. `sides.back.elements[2]`. */
  readonly path: string
  readonly layout: TextLayout | undefined
}

/** A design `image` element: its checked `href`, pixel size and print resolution. */
export interface ImageAnalysis {
  readonly type: 'image'
  readonly element: ImageElement
  readonly path: string
  /** The sanitised data URI to draw, or `undefined` when it was rejected (with a warning). */
  readonly href: string | undefined
  /** Why it was rejected, in the message grammar (the preview's `image-rejected` warning). */
  readonly problem: string | undefined
  /** Raster size in pixels (PNG, JPEG); `undefined` for vector (SVG) images. */
  readonly pixels: { readonly width: number; readonly height: number } | undefined
  /** Effective resolution at the printed size (the lower axis); `undefined` for vectors. */
  readonly dpi: number | undefined
  /**
   * An SVG image read back into its sanitised tree and viewport, what the preview inlines (read
   * once per design by a `Preflight`); `undefined` for raster images and unreadable ones.
   */
  readonly svg: SvgImage | undefined
}

/** A decoration of the design. */
export interface RectAnalysis {
  readonly type: 'rect'
  readonly element: RectElement
  readonly path: string
}

/**
 * An address element and the block printed in it (spec 2.3 address objects): the sender line
 * and the recipient lines as the posts read them (`formatAddress`: `from` as a return address
 * against the recipient's country, `to` against the sender's), laid out once in the element's
 * font. The preview draws these layouts and the address rules measure them.
 */
export interface AddressAnalysis {
  readonly type: 'address'
  readonly element: AddressElement
  readonly path: string
  /**
   * The sender line as printed: the sender's lines joined by `, `, `''` when none is printed
   * (the element has `sender_line: false`, or `from` has nothing to print).
   */
  readonly senderLine: string
  /** The recipient lines as printed, top to bottom (the country line last on international mail). */
  readonly recipientLines: readonly string[]
  /**
   * The sender line laid out in the element's font at 70 % of its size, one line box high;
   * `undefined` when none is printed or without fonts for the family. Lines never wrap.
   */
  readonly senderLayout: TextLayout | undefined
  /**
   * The recipient lines laid out below the sender line (relative to `recipientTop_mm`), one
   * line box each: a line wider than the element sticks out (`width_overflow_mm`), lines below
   * the element are marked `overflows`. `undefined` without lines or without fonts.
   */
  readonly recipientLayout: TextLayout | undefined
  /** Top of the recipient block in mm from the element's top edge. */
  readonly recipientTop_mm: number
  /**
   * How many recipient lines the element holds below the sender line (line boxes rounded as the
   * renderer profile rounds them; known without fonts).
   */
  readonly recipientCapacity: number
  /**
   * How far the recipient lines reach below the element in mm, unrounded (`0` when they fit):
   * what the recipient layout measures as `overflow_mm`, known without fonts too.
   */
  readonly recipientOverflow_mm: number
}

/** One element of a side, analysed; the array of a side parallels `design.sides[side].elements`. */
export type ElementAnalysis =
  AreaAnalysis | QrAnalysis | StaticTextAnalysis | ImageAnalysis | RectAnalysis | AddressAnalysis

/** Everything the rules found: the verdict is built from this alone. */
export interface Findings {
  /** Field errors in the order of the spec's tables (spec 7.1 `errors`). */
  readonly errors: readonly FieldError[]
  /** `meta` members, present only when relevant (spec 7.1). */
  readonly meta: UnprocessableMeta
  /** Non-blocking warnings, in rule order. */
  readonly warnings: readonly Warning[]
}

/**
 * The one analysis of a postcard body against a design. Build it with `analyzePostcard` or a
 * `Preflight` instance; derive the verdict (`toVerdict`), the preview, the proof, the fit meter
 * from it.
 */
export interface PostcardAnalysis {
  /** Brand, so an analysis is never mistaken for a body. */
  readonly kind: 'postcard-analysis'
  readonly design: Design
  /** The options it was made with, defaults filled in. */
  readonly options: {
    readonly fonts: FontRegistry | undefined
    readonly emojiVersion: PinnedEmojiVersion | undefined
    readonly profile: RendererProfile
  }
  /** The body's fields as read once. */
  readonly fields: PostcardFields
  /** Each side's elements analysed, parallel to `design.sides[side].elements`. */
  readonly sides: Readonly<Record<SideName, readonly ElementAnalysis[]>>
  /** The Markdown areas in design order (the same objects as in `sides`). */
  readonly areas: readonly AreaAnalysis[]
  /** The QR elements in design order, keyed and URL kind (the same objects as in `sides`). */
  readonly qrCodes: readonly QrAnalysis[]
  /** What the rules found. */
  readonly findings: Findings
  /** The verdict `validatePostcard` returns for this body (derived from `findings`). */
  readonly verdict: Verdict
}
