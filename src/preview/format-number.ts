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
  const text = clamped.toFixed(decimals)
  let end = text.length
  if (text.includes('.')) {
    while (text[end - 1] === '0') end--
    if (text[end - 1] === '.') end--
  }
  const trimmed = text.slice(0, end)
  return trimmed === '-0' ? '0' : trimmed
}
