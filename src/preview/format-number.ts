/**
 * Deterministic number formatting for SVG output: the same number gives the same characters in
 * every engine and locale, so previews hash the same in Node and in Chromium.
 *
 * @module
 */

/**
 * Formats a number with at most `decimals` decimals, trailing zeros removed, never `-0`, never
 * exponent notation, never locale digits.
 *
 * `Number.prototype.toFixed` is exactly specified by ECMA-262 (the nearest multiple of
 * 10^-decimals, ties away from zero on the decimal value), unlike `toLocaleString` or
 * `toPrecision` after arithmetic, so Node and Chromium agree to the byte. A value that is not
 * finite is written `0`: an SVG attribute must never read `NaN` or `Infinity`.
 *
 * @param value The number to write.
 * @param decimals How many decimals to keep, 0 to 10 (default: `3`, i.e. 1 µm for millimetres).
 * @returns The shortest decimal string of the rounded value, e.g. `12.5`, `-0.003`, `7`.
 * @example
 *   formatNumber(148) // '148'
 *   formatNumber(-0.0001) // '0'
 *   formatNumber(1 / 3, 4) // '0.3333'
 */
export function formatNumber(value: number, decimals = 3): string {
  if (!Number.isFinite(value)) return '0'
  // Values beyond 1e21 would switch toFixed to exponent notation; nothing on a postcard is that big.
  const clamped = Math.max(-1e15, Math.min(1e15, value))
  const quick = roundedDecimal(clamped, decimals)
  if (quick !== undefined) return quick
  const text = clamped.toFixed(decimals)
  let end = text.length
  if (text.includes('.')) {
    while (text[end - 1] === '0') end--
    if (text[end - 1] === '.') end--
  }
  const trimmed = text.slice(0, end)
  return trimmed === '-0' ? '0' : trimmed
}

/** 10 to the power of 0 to 10: exact doubles. */
const POWERS = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10]

/**
 * `formatNumber` without `toFixed` where the result is certain, `undefined` elsewhere: a preview
 * formats a number per glyph, and `toFixed` is slow. `toFixed` takes the integer `n` nearest to
 * |value| · 10^decimals (the larger on a tie). Below 2^32 the product is within 2^-21 of the true
 * one, so unless its fraction lies within 10^-6 of one half (a tie, or too close to tell), the
 * nearest integer of the product is `n`; the digits of `n` are then written as `toFixed` would,
 * trailing zeros dropped.
 */
function roundedDecimal(value: number, decimals: number): string | undefined {
  const power = POWERS[decimals]
  if (power === undefined) return undefined
  const scaled = Math.abs(value) * power
  if (!(scaled < 2 ** 32)) return undefined
  const floor = Math.floor(scaled)
  const fraction = scaled - floor
  if (Math.abs(fraction - 0.5) < 1e-6) return undefined
  const n = fraction > 0.5 ? floor + 1 : floor
  if (n === 0) return '0'
  const sign = value < 0 ? '-' : ''
  const rest = n % power
  const whole = (n - rest) / power
  if (rest === 0) return `${sign}${whole}`
  let digits = String(rest).padStart(decimals, '0')
  let end = digits.length
  while (digits.charCodeAt(end - 1) === 0x30) end--
  digits = digits.slice(0, end)
  return `${sign}${whole}.${digits}`
}
