/**
 * The legacy TrueType `kern` table (format 0 pairs, Microsoft and Apple headers): the kerning
 * source for fonts without a GPOS `kern` feature, as HarfBuzz and fontkit use it.
 *
 * @module
 */
import type { TableView } from './open-type-layout.ts'

/** Pair kerning from a `kern` table: left glyph, right glyph → design units. */
export interface KernTable {
  pair(left: number, right: number): number
}

/**
 * Reads the horizontal, non-cross-stream format 0 subtables of a `kern` table into one pair
 * map (values of several subtables add up; an "override" subtable replaces).
 *
 * @param table The `kern` table.
 * @returns The pair kerning, or `undefined` when the table has no usable subtable.
 */
export function readKernTable(table: TableView): KernTable | undefined {
  const { view, offset } = table
  const pairs = new Map<number, number>()
  const apple = view.getUint16(offset) === 1
  const count = apple ? view.getUint32(offset + 4) : view.getUint16(offset + 2)
  let subtable = offset + (apple ? 8 : 4)
  for (let index = 0; index < count; index++) {
    let length: number
    let format: number
    let horizontal: boolean
    let override = false
    let header: number
    if (apple) {
      length = view.getUint32(subtable)
      const coverage = view.getUint16(subtable + 4)
      format = coverage & 0xff
      // Apple: bit 15 vertical, bit 14 cross-stream, bit 13 variation.
      horizontal = (coverage & 0xe000) === 0
      header = 8
    } else {
      length = view.getUint16(subtable + 2)
      const coverage = view.getUint16(subtable + 4)
      format = coverage >> 8
      // Microsoft: bit 0 horizontal, bit 1 minimum, bit 2 cross-stream, bit 3 override.
      horizontal = (coverage & 0x7) === 1
      override = (coverage & 0x8) !== 0
      header = 6
    }
    if (format === 0 && horizontal) {
      const pairCount = view.getUint16(subtable + header)
      for (let pair = 0; pair < pairCount; pair++) {
        const record = subtable + header + 8 + pair * 6
        const key = view.getUint16(record) * 0x10000 + view.getUint16(record + 2)
        const value = view.getInt16(record + 4)
        pairs.set(key, override ? value : (pairs.get(key) ?? 0) + value)
      }
    }
    if (length === 0) break
    subtable += length
  }
  if (pairs.size === 0) return undefined
  return { pair: (left, right) => pairs.get(left * 0x10000 + right) ?? 0 }
}
