/**
 * Units of the layout: millimetres on the card, points for font sizes (design-format.md), CSS
 * pixels and Chromium's layout unit (1/64 px), in which the renderer profiles round
 * (`renderer-profile.ts`).
 *
 * @module
 */

/** Millimetres per point: 1 pt = 1/72 in = 25.4/72 mm. */
export const MM_PER_PT = 25.4 / 72

/** CSS pixels per point: 96 px = 72 pt = 1 in. */
export const PX_PER_PT = 96 / 72

/** CSS pixels per millimetre: 96 px = 25.4 mm. */
export const PX_PER_MM = 96 / 25.4

/** Chromium lays out in fixed point with 6 fractional bits: 1 layout unit = 1/64 px. */
export const LAYOUT_UNITS_PER_PX = 64

/**
 * Rounds millimetres to 0.01 mm, the precision of the fit error (spec 7.1 reports mm).
 *
 * @param mm A length in millimetres.
 * @returns The length rounded half away from zero to two decimals.
 */
export function roundMm(mm: number): number {
  const rounded = (Math.sign(mm) * Math.round(Math.abs(mm) * 100 + 1e-9)) / 100
  return rounded === 0 ? 0 : rounded
}
