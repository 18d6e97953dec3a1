/**
 * 16.16 fixed-point arithmetic as Fontations (Skia's font backend in Chromium) and FreeType do
 * it (`mul_div`, `FT_MulDiv`, `FT_DivFix`: rounding to nearest, halves away from zero), on
 * integers held in doubles (exact below 2^53). Chromium normalises axis values and weighs
 * `HVAR`, `MVAR`, `gvar` and CFF2 regions this way: float arithmetic instead moves some
 * advances of an instance by one unit (Inter `2` at `wght` 700: 1289 in floats, 1290 in
 * Chromium and here).
 *
 * @module
 */

/** 1.0 in 16.16. */
export const FIXED_ONE = 65536

/** `a * b / c`, rounded to nearest, halves away from zero (`mul_div`, `FT_MulDiv`). */
export function mulDiv(a: number, b: number, c: number): number {
  const sign = Math.sign(a) * Math.sign(b) * Math.sign(c)
  const ua = Math.abs(a)
  const ub = Math.abs(b)
  const uc = Math.abs(c)
  if (uc === 0) return sign < 0 ? -0x7fffffff : 0x7fffffff
  const quotient = Math.floor((ua * ub + Math.floor(uc / 2)) / uc)
  return sign < 0 ? -quotient : quotient
}

/** `a * 65536 / b` rounded (`FT_DivFix`). */
export function divFix(a: number, b: number): number {
  return mulDiv(a, FIXED_ONE, b)
}
