/**
 * The drawn form of a QR code, memoised: the same URL at the same level always gives the same
 * modules, and building them (segmentation, Reed-Solomon, eight masks scored) costs far more
 * than drawing a whole side. URL-kind codes never change for a design, and keyed codes rarely
 * change while a person edits a card's text, so repeated previews reuse them.
 *
 * @module
 */
import type { ErrorCorrectionLevel } from '../design/types.ts'
import { qrMatrix } from '../qr/qr-matrix.ts'
import { qrPathData } from './qr-path.ts'

/** A QR code ready to draw. */
export interface QrCodePath {
  /** Modules per side of the symbol, quiet zone excluded. */
  readonly size: number
  /** Path data of the dark modules in module units, quiet zone included ({@link qrPathData}). */
  readonly d: string
}

/** Most codes kept; a card has a few, a batch preview of one flow repeats them. */
const CACHE_SIZE = 64
const cache = new Map<string, QrCodePath | null>()

/**
 * The path of the QR code of `text` (the exact string to encode) at `level`.
 *
 * @param text The resolved URL.
 * @param level Error-correction level.
 * @param quietZone Light modules on each side.
 * @returns The path, or `null` when even version 40 cannot hold the text.
 */
export function qrCodePath(
  text: string,
  level: ErrorCorrectionLevel,
  quietZone: number
): QrCodePath | null {
  const key = `${level}\u0000${quietZone}\u0000${text}`
  const cached = cache.get(key)
  if (cached !== undefined) {
    // Most recently used last, so the oldest entry is the one evicted.
    cache.delete(key)
    cache.set(key, cached)
    return cached
  }
  const symbol = qrMatrix(text, level)
  const path = symbol && { size: symbol.size, d: qrPathData(symbol, quietZone) }
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string)
  cache.set(key, path)
  return path
}
