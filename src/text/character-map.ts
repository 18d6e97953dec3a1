/**
 * The `cmap` table read from raw sfnt bytes: Unicode code point → glyph id. It picks the same
 * subtable and gives the same ids as opentype.js 2.0 did for us before (it is no longer in the
 * core bundle, issue 7), checked code point by code point against it on every shipped face.
 *
 * @module
 */

/** Maps one code point to a glyph id; `0` (.notdef) when the subtable has none. */
export type CharacterMap = (codePoint: number) => number

/** Encodings of platform 0 (Unicode) and 3 (Windows) whose subtables map Unicode code points. */
const UNICODE_PLATFORM_ENCODINGS = [0, 1, 2, 3, 4, 6]
const WINDOWS_PLATFORM_ENCODINGS = [0, 1, 10]

/** Ranges of code points sorted by start, with their glyph data (segments or groups). */
interface Ranges {
  readonly starts: Uint32Array
  readonly ends: Uint32Array
  /** Whether ranges are sorted and disjoint, so a binary search finds the only candidate. */
  readonly ordered: boolean
}

function isOrdered(starts: Uint32Array, ends: Uint32Array): boolean {
  for (let index = 0; index < starts.length; index++) {
    if ((starts[index] as number) > (ends[index] as number)) return false
    if (index > 0 && (starts[index] as number) <= (ends[index - 1] as number)) return false
  }
  return true
}

/**
 * The index of the range that decides a code point, or -1. Later ranges win over earlier ones
 * for a code point in both (opentype.js filled one map in table order), so a malformed table
 * with overlaps is searched from the end.
 */
function findRange(ranges: Ranges, codePoint: number): number {
  const { starts, ends } = ranges
  if (!ranges.ordered) {
    for (let index = starts.length - 1; index >= 0; index--) {
      if (codePoint >= (starts[index] as number) && codePoint <= (ends[index] as number)) {
        return index
      }
    }
    return -1
  }
  let low = 0
  let high = starts.length - 1
  while (low <= high) {
    const middle = (low + high) >>> 1
    if (codePoint > (ends[middle] as number)) low = middle + 1
    else if (codePoint < (starts[middle] as number)) high = middle - 1
    else return middle
  }
  return -1
}

/** Format 4 (OpenType cmap, segment mapping to delta values; BMP only). */
function readFormat4(view: DataView, offset: number): CharacterMap {
  const segmentCount = view.getUint16(offset + 6) >> 1
  const endsAt = offset + 14
  const startsAt = endsAt + segmentCount * 2 + 2
  const deltasAt = startsAt + segmentCount * 2
  const rangeOffsetsAt = deltasAt + segmentCount * 2
  // The last segment (0xFFFF by the spec) is skipped, as opentype.js skipped it.
  const count = Math.max(segmentCount - 1, 0)
  const starts = new Uint32Array(count)
  const ends = new Uint32Array(count)
  const deltas = new Int16Array(count)
  const rangeOffsets = new Uint16Array(count)
  for (let index = 0; index < count; index++) {
    ends[index] = view.getUint16(endsAt + index * 2)
    starts[index] = view.getUint16(startsAt + index * 2)
    deltas[index] = view.getInt16(deltasAt + index * 2)
    rangeOffsets[index] = view.getUint16(rangeOffsetsAt + index * 2)
  }
  const ranges: Ranges = { starts, ends, ordered: isOrdered(starts, ends) }
  return (codePoint) => {
    const index = findRange(ranges, codePoint)
    if (index < 0) return 0
    const delta = deltas[index] as number
    const rangeOffsetAt = rangeOffsetsAt + index * 2
    const rangeOffset = rangeOffsets[index] as number
    if (rangeOffset === 0) return (codePoint + delta) & 0xffff
    const at = rangeOffsetAt + rangeOffset + (codePoint - (starts[index] as number)) * 2
    if (at + 2 > view.byteLength) return 0
    const glyph = view.getUint16(at)
    return glyph === 0 ? 0 : (glyph + delta) & 0xffff
  }
}

/** Formats 12 (segmented coverage) and 13 (many-to-one range mappings). */
function readFormat12(view: DataView, offset: number, format: number): CharacterMap {
  const count = view.getUint32(offset + 12)
  const groupsAt = offset + 16
  if (groupsAt + count * 12 > view.byteLength) throw new RangeError('cmap groups out of bounds')
  const starts = new Uint32Array(count)
  const ends = new Uint32Array(count)
  const glyphs = new Uint32Array(count)
  for (let index = 0; index < count; index++) {
    starts[index] = view.getUint32(groupsAt + index * 12)
    ends[index] = view.getUint32(groupsAt + index * 12 + 4)
    glyphs[index] = view.getUint32(groupsAt + index * 12 + 8)
  }
  const ranges: Ranges = { starts, ends, ordered: isOrdered(starts, ends) }
  return (codePoint) => {
    const index = findRange(ranges, codePoint)
    if (index < 0) return 0
    const first = glyphs[index] as number
    return format === 12 ? first + codePoint - (starts[index] as number) : first
  }
}

/**
 * Reads the Unicode subtable of a `cmap` table. Like opentype.js, it takes the last encoding
 * record (in table order) for Windows Unicode (3/0, 3/1, 3/10) or Unicode (0/0-4, 0/6), and
 * reads subtable formats 4, 12 and 13 (Macintosh 1/0 records, which opentype.js also took, are
 * skipped: their format 0 covers only a legacy 8-bit encoding). Format 14 (variation sequences) only refines sequences
 * of base + selector, which the layout never looks up, so it is not read.
 *
 * @param view The font bytes.
 * @param offset Offset of the `cmap` table.
 * @returns The map, or a string saying what is missing when no subtable can be read.
 */
export function readCharacterMap(view: DataView, offset: number): CharacterMap | string {
  try {
    const count = view.getUint16(offset + 2)
    for (let index = count - 1; index >= 0; index--) {
      const record = offset + 4 + index * 8
      const platform = view.getUint16(record)
      const encoding = view.getUint16(record + 2)
      const unicode =
        (platform === 3 && WINDOWS_PLATFORM_ENCODINGS.includes(encoding)) ||
        (platform === 0 && UNICODE_PLATFORM_ENCODINGS.includes(encoding))
      if (!unicode) continue
      const subtable = offset + view.getUint32(record + 4)
      const format = view.getUint16(subtable)
      if (format === 4) return readFormat4(view, subtable)
      if (format === 12 || format === 13) return readFormat12(view, subtable, format)
      return `a Unicode subtable of format 4, 12 or 13, not ${format}`
    }
    return 'a Unicode subtable (platform 0, or 3 with encoding 0, 1 or 10)'
  } catch {
    return 'a complete table'
  }
}
