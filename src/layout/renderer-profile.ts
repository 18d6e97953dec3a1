/**
 * Renderer profiles: how the layout rounds its geometry. A browser does not lay text out in
 * real numbers: Chromium works in layout units of 1/64 px and rounds font sizes, line boxes and
 * widths on the way. The `chromium` profile (the default) applies those roundings, measured
 * against Chromium 156 on Linux (docs/layout.md "Renderer profiles"), so a text breaks and
 * stacks exactly as the browser that prints it does; `exact` keeps the unrounded geometry of
 * the CSS model.
 *
 * @module
 */
import { LAYOUT_UNITS_PER_PX, MM_PER_PT, PX_PER_MM, PX_PER_PT } from './units.ts'

/**
 * How text geometry is rounded: `chromium` snaps font sizes, line boxes and widths to 1/64 px
 * as Chromium does; `exact` keeps unrounded geometry. The fit verdict, the 422 body, the fit
 * meter, the preview and the proof of one analysis all use the same profile.
 */
export type RendererProfile = 'chromium' | 'exact'

/** The profile of every layout unless one is asked for: the renderer that prints. */
export const DEFAULT_RENDERER_PROFILE: RendererProfile = 'chromium'

/** Options of the layout entry points (`layoutMarkdown`, `checkFit`, `measureFit` …). */
export interface LayoutOptions {
  /** How geometry is rounded (default `chromium`). */
  readonly profile?: RendererProfile | undefined
}

/**
 * The geometry rules of one profile: sizes in pt, heights in mm (the layout's units), widths in
 * CSS px (where Chromium rounds). Pure functions of their arguments: a profile is data, not
 * state.
 */
export interface ProfileRules {
  readonly profile: RendererProfile
  /** Whether inline items (runs of one style) are rounded up to layout units one by one. */
  readonly snapsItems: boolean
  /** The font size glyph advances and emoji are scaled with, in pt. */
  shapingSizePt(fontSizePt: number): number
  /** Height of a line box in mm. */
  lineBoxMm(fontSizePt: number, lineHeight: number): number
  /** Height of the blank line between two blocks in mm (the CSS model's `margin-top: 1lh`). */
  blankLineMm(fontSizePt: number, lineHeight: number): number
  /** Width an inline item adds to its line in px (a run of one style, a list marker). */
  itemWidthPx(widthPx: number): number
  /** Whether content of a width fits a line box (px, hanging spaces excluded). */
  fits(contentPx: number, availablePx: number): boolean
  /**
   * Whether a break inside a word fits when the cut word is measured as shaped in its word
   * (kerning across the cut included), before the line end is reshaped (px).
   */
  fitsInContext(contextPx: number, availablePx: number): boolean
}

/** Absorbs float noise such as 4361.9999999 layout units that must count as 4362. */
const EPSILON = 1e-6
const UNITS = LAYOUT_UNITS_PER_PX
/** Points per CSS pixel, exactly (a power-of-two fraction: no rounding on the way back). */
const PT_PER_PX = 72 / 96

const floorUnits = (px: number): number => Math.floor(px * UNITS + EPSILON)

/**
 * The unrounded CSS model: the size as given, line boxes of exactly `size × line height`,
 * widths compared after snapping both down to layout units (a line 0.0024 px wider than its box
 * still fits, one 1/64 px wider does not).
 */
const EXACT: ProfileRules = Object.freeze({
  profile: 'exact',
  snapsItems: false,
  shapingSizePt: (fontSizePt: number) => fontSizePt,
  lineBoxMm: (fontSizePt: number, lineHeight: number) => fontSizePt * MM_PER_PT * lineHeight,
  blankLineMm: (fontSizePt: number, lineHeight: number) => fontSizePt * MM_PER_PT * lineHeight,
  itemWidthPx: (widthPx: number) => widthPx,
  fits: (contentPx: number, availablePx: number) =>
    floorUnits(contentPx) <= floorUnits(availablePx),
  // A word cut by a break is measured as its own shaped text, nothing else.
  fitsInContext: () => true,
} satisfies ProfileRules)

/**
 * Chromium 156 on Linux, each rule read back from the browser (test/browser/renderer-profile
 * and layout-fidelity tests):
 * - glyphs are scaled with the size rounded down to 1/64 px (FreeType takes sizes in 26.6
 *   fixed point): 8.5 pt = 11.333 px shapes at 11.328125 px;
 * - a line box is `⌊round(size × 64) × line height⌋` layout units: 16 px × 1.2 = 19.1875 px,
 *   8 pt × 1.35 = 14.40625 px;
 * - `1lh`, the blank line between blocks, is `⌊⌊size × 64⌋ × line height⌋` layout units:
 *   8 pt × 1.35 = 14.375 px, one unit less than the line box;
 * - each inline item (a run of one style on a line) is as wide as its glyphs rounded up to a
 *   layout unit, and a line's content fits when the sum is at most the box width (rounded
 *   down) plus one layout unit; the hyphen of a soft-hyphen break is an item of its own;
 * - a break inside a word (after `-`, a soft hyphen …) must also fit with the word's glyphs as
 *   shaped in the whole word, kerning across the break included: Chromium picks the break from
 *   that shaping before it reshapes the line end (Lora kerns `-v`: `gemeente-` needs 0.3 px
 *   more than its own width).
 */
const CHROMIUM: ProfileRules = Object.freeze({
  profile: 'chromium',
  snapsItems: true,
  shapingSizePt: (fontSizePt: number) => (floorUnits(fontSizePt * PX_PER_PT) / UNITS) * PT_PER_PX,
  lineBoxMm: (fontSizePt: number, lineHeight: number) =>
    Math.floor(Math.round(fontSizePt * PX_PER_PT * UNITS) * lineHeight + EPSILON) /
    UNITS /
    PX_PER_MM,
  blankLineMm: (fontSizePt: number, lineHeight: number) =>
    Math.floor(floorUnits(fontSizePt * PX_PER_PT) * lineHeight + EPSILON) / UNITS / PX_PER_MM,
  itemWidthPx: (widthPx: number) => Math.ceil(widthPx * UNITS - EPSILON) / UNITS,
  fits: (contentPx: number, availablePx: number) =>
    Math.ceil(contentPx * UNITS - EPSILON) <= floorUnits(availablePx) + 1,
  fitsInContext: (contextPx: number, availablePx: number) =>
    contextPx * UNITS <= floorUnits(availablePx) + 1 + EPSILON,
} satisfies ProfileRules)

/**
 * The rules of a profile.
 *
 * @param profile The profile (default {@link DEFAULT_RENDERER_PROFILE}).
 * @returns Its rules.
 * @throws {RangeError} For a name that is no profile (a host program's mistake).
 */
export function profileRules(profile: RendererProfile = DEFAULT_RENDERER_PROFILE): ProfileRules {
  if (profile === 'chromium') return CHROMIUM
  if (profile === 'exact') return EXACT
  throw new RangeError(
    `Unexpected renderer profile \`${String(profile)}\`, expected \`chromium\` or \`exact\``
  )
}
