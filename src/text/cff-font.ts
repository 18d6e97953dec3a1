/**
 * The structure of a `CFF ` (Adobe TN #5176, "The Compact Font Format Specification") or `CFF2`
 * (OpenType "CFF2 — Compact Font Format (CFF) Version 2") table, read from the raw bytes: what
 * the charstring interpreter needs to draw a glyph: its charstring, the global and the local
 * subroutines of its font DICT, and for CFF2 the variation store and the default `vsindex`.
 * Hints, encodings and names are not read (outlines only).
 *
 * @module
 */

/** A CFF INDEX: an array of byte strings. */
export interface CffIndex {
  readonly count: number
  /** Item `index` as a view into the font bytes (empty outside the index). */
  item(index: number): Uint8Array
}

/** What drawing one glyph needs. */
export interface CffGlyphProgram {
  readonly charstring: Uint8Array
  readonly localSubrs: CffIndex
}

/** A parsed CFF or CFF2 table. */
export interface CffFont {
  /** 1 for `CFF `, 2 for `CFF2`. */
  readonly version: 1 | 2
  readonly glyphCount: number
  readonly globalSubrs: CffIndex
  /** The charstring and local subroutines of a glyph (`undefined` outside the font). */
  program(glyphId: number): CffGlyphProgram | undefined
  /** CFF2: the `vsindex` a glyph's charstring starts with (its Private DICT's, else 0). */
  defaultVsIndex(glyphId: number): number
  /** CFF2: absolute offset of the ItemVariationStore (after its 2-byte length), if any. */
  readonly variationStore: number | undefined
  /**
   * CFF 1: the glyph whose charset name is a Standard Encoding code, for `seac` accents (`-1`
   * when none).
   */
  glyphOfStandardCode(code: number): number
}

const EMPTY_INDEX: CffIndex = { count: 0, item: () => new Uint8Array(0) }

/** Reads an INDEX at `offset`; returns it and the offset just after it. */
function readIndex(
  bytes: Uint8Array,
  view: DataView,
  offset: number,
  version: 1 | 2
): [CffIndex, number] {
  const count = version === 2 ? view.getUint32(offset) : view.getUint16(offset)
  const header = version === 2 ? 4 : 2
  if (count === 0) return [EMPTY_INDEX, offset + header]
  const offSize = view.getUint8(offset + header)
  if (offSize < 1 || offSize > 4) throw new RangeError(`INDEX offset size ${offSize}`)
  const offsets = offset + header + 1
  const data = offsets + (count + 1) * offSize - 1
  const read = (index: number): number => {
    let value = 0
    for (let byte = 0; byte < offSize; byte++) {
      value = value * 256 + view.getUint8(offsets + index * offSize + byte)
    }
    return value
  }
  const end = data + read(count)
  if (end > bytes.byteLength) throw new RangeError('INDEX beyond the table')
  return [
    {
      count,
      item(index) {
        if (index < 0 || index >= count) return new Uint8Array(0)
        const start = data + read(index)
        const stop = data + read(index + 1)
        return start <= stop && stop <= end ? bytes.subarray(start, stop) : new Uint8Array(0)
      },
    },
    end,
  ]
}

/** A DICT's operators with their operands (`12 x` operators as `1200 + x`). */
type Dict = Map<number, number[]>

function readDict(bytes: Uint8Array, start: number, end: number): Dict {
  const dict: Dict = new Map()
  let operands: number[] = []
  let at = start
  const byte = (): number => {
    if (at >= end) throw new RangeError('DICT ends early')
    return bytes[at++] as number
  }
  while (at < end) {
    const b0 = byte()
    if (b0 <= 21 || b0 === 23 || b0 === 24) {
      const operator = b0 === 12 ? 1200 + byte() : b0
      dict.set(operator, operands)
      operands = []
    } else if (b0 === 28) {
      operands.push(((byte() << 24) | (byte() << 16)) >> 16)
    } else if (b0 === 29) {
      operands.push((byte() << 24) | (byte() << 16) | (byte() << 8) | byte())
    } else if (b0 === 30) {
      // A real number in nibbles; only offsets and sizes are read, so its value is not needed.
      let last = 0
      while ((last & 0x0f) !== 0x0f && last >> 4 !== 0x0f) last = byte()
      operands.push(0)
    } else if (b0 >= 32 && b0 <= 246) {
      operands.push(b0 - 139)
    } else if (b0 >= 247 && b0 <= 250) {
      operands.push((b0 - 247) * 256 + byte() + 108)
    } else if (b0 >= 251 && b0 <= 254) {
      operands.push(-(b0 - 251) * 256 - byte() - 108)
    } else {
      throw new RangeError(`DICT byte ${b0}`)
    }
  }
  return dict
}

const CHARSTRINGS = 17
const PRIVATE = 18
const SUBRS = 19
const VSINDEX = 22
const VSTORE = 24
const CHARSET = 15
const ROS = 1230
const FD_ARRAY = 1236
const FD_SELECT = 1237

/** Subroutine numbers are biased by the size of their INDEX (TN #5177 §4.7). */
export function subrBias(index: CffIndex): number {
  return index.count < 1240 ? 107 : index.count < 33900 ? 1131 : 32768
}

/**
 * Standard Encoding codes 161 and above that name a glyph, in SID order from 96 (TN #5176,
 * Appendix B); codes 32 to 126 are SIDs 1 to 95.
 */
const HIGH_STANDARD_CODES = [
  161, 162, 163, 164, 165, 166, 167, 168, 169, 170, 171, 172, 173, 174, 175, 177, 178, 179, 180,
  182, 183, 184, 185, 186, 187, 188, 189, 191, 193, 194, 195, 196, 197, 198, 199, 200, 202, 203,
  205, 206, 207, 208, 225, 227, 232, 233, 234, 235, 241, 245, 248, 249, 250, 251,
]

function standardCodeSid(code: number): number {
  if (code >= 32 && code <= 126) return code - 31
  const index = HIGH_STANDARD_CODES.indexOf(code)
  return index < 0 ? -1 : 96 + index
}

/**
 * Parses a `CFF ` or `CFF2` table.
 *
 * @param view The font bytes.
 * @param offset Absolute offset of the table.
 * @param length Its length.
 * @param version 1 for `CFF `, 2 for `CFF2`.
 * @returns The parsed table.
 * @throws {RangeError} On a table it cannot read (the face then draws nothing).
 */
export function readCffFont(
  view: DataView,
  offset: number,
  length: number,
  version: 1 | 2
): CffFont {
  const bytes = new Uint8Array(view.buffer, view.byteOffset + offset, length)
  const table = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const headerSize = table.getUint8(2)
  let topDict: Dict
  let globalSubrs: CffIndex
  if (version === 1) {
    const [, afterNames] = readIndex(bytes, table, headerSize, 1)
    const [topDicts, afterTop] = readIndex(bytes, table, afterNames, 1)
    const [, afterStrings] = readIndex(bytes, table, afterTop, 1)
    ;[globalSubrs] = readIndex(bytes, table, afterStrings, 1)
    const top = topDicts.item(0)
    topDict = readDict(
      bytes,
      top.byteOffset - bytes.byteOffset,
      top.byteOffset - bytes.byteOffset + top.byteLength
    )
  } else {
    const topLength = table.getUint16(3)
    topDict = readDict(bytes, headerSize, headerSize + topLength)
    ;[globalSubrs] = readIndex(bytes, table, headerSize + topLength, 2)
  }
  const charStringsAt = topDict.get(CHARSTRINGS)?.[0]
  if (charStringsAt === undefined) throw new RangeError('no CharStrings')
  const [charStrings] = readIndex(bytes, table, charStringsAt, version)

  interface FontDict {
    readonly subrs: CffIndex
    readonly vsindex: number
  }
  const readPrivate = (dict: Dict): FontDict => {
    const [size, at] = dict.get(PRIVATE) ?? []
    if (size === undefined || at === undefined || size === 0)
      return { subrs: EMPTY_INDEX, vsindex: 0 }
    const privateDict = readDict(bytes, at, at + size)
    const subrsAt = privateDict.get(SUBRS)?.[0]
    return {
      subrs:
        subrsAt === undefined ? EMPTY_INDEX : readIndex(bytes, table, at + subrsAt, version)[0],
      vsindex: privateDict.get(VSINDEX)?.[0] ?? 0,
    }
  }

  const fdArrayAt = topDict.get(FD_ARRAY)?.[0]
  const isCid = version === 2 || topDict.has(ROS)
  let fonts: FontDict[]
  let fdOf: (glyph: number) => number = () => 0
  if (isCid && fdArrayAt !== undefined) {
    const [fdArray] = readIndex(bytes, table, fdArrayAt, version)
    fonts = []
    for (let index = 0; index < fdArray.count; index++) {
      const item = fdArray.item(index)
      const start = item.byteOffset - bytes.byteOffset
      fonts.push(readPrivate(readDict(bytes, start, start + item.byteLength)))
    }
    const selectAt = topDict.get(FD_SELECT)?.[0]
    if (selectAt !== undefined) fdOf = readFdSelect(table, selectAt, charStrings.count)
  } else {
    fonts = [readPrivate(topDict)]
  }

  let variationStore: number | undefined
  const vstoreAt = topDict.get(VSTORE)?.[0]
  if (version === 2 && vstoreAt !== undefined) variationStore = offset + vstoreAt + 2

  let charsetSids: Uint16Array | undefined
  const charsetOf = (): Uint16Array => {
    if (charsetSids) return charsetSids
    charsetSids = readCharset(table, topDict.get(CHARSET)?.[0] ?? 0, charStrings.count)
    return charsetSids
  }

  return {
    version,
    glyphCount: charStrings.count,
    globalSubrs,
    variationStore,
    program(glyphId) {
      if (glyphId < 0 || glyphId >= charStrings.count) return undefined
      const font = fonts[fdOf(glyphId)] ?? fonts[0]
      return { charstring: charStrings.item(glyphId), localSubrs: font?.subrs ?? EMPTY_INDEX }
    },
    defaultVsIndex: (glyphId) => (fonts[fdOf(glyphId)] ?? fonts[0])?.vsindex ?? 0,
    glyphOfStandardCode(code) {
      const sid = standardCodeSid(code)
      if (sid < 0 || isCid) return -1
      return charsetOf().indexOf(sid)
    },
  }
}

/** FDSelect formats 0, 3 and 4: glyph → font DICT. */
function readFdSelect(table: DataView, at: number, glyphCount: number): (glyph: number) => number {
  const format = table.getUint8(at)
  if (format === 0) return (glyph) => (glyph < glyphCount ? table.getUint8(at + 1 + glyph) : 0)
  const wide = format === 4
  const count = wide ? table.getUint32(at + 1) : table.getUint16(at + 1)
  const ranges = at + (wide ? 5 : 3)
  const size = wide ? 6 : 3
  const first = (index: number): number =>
    wide ? table.getUint32(ranges + index * size) : table.getUint16(ranges + index * size)
  const fd = (index: number): number =>
    wide ? table.getUint16(ranges + index * size + 4) : table.getUint8(ranges + index * size + 2)
  return (glyph) => {
    let low = 0
    let high = count - 1
    while (low <= high) {
      const middle = (low + high) >> 1
      if (first(middle) > glyph) high = middle - 1
      else if (middle + 1 < count && first(middle + 1) <= glyph) low = middle + 1
      else return fd(middle)
    }
    return 0
  }
}

/** The charset (glyph → SID) of a CFF 1 font; predefined charsets give no names. */
function readCharset(table: DataView, at: number, glyphCount: number): Uint16Array {
  const sids = new Uint16Array(glyphCount)
  if (at <= 2) return sids
  const format = table.getUint8(at)
  let cursor = at + 1
  let glyph = 1
  while (glyph < glyphCount) {
    if (format === 0) {
      sids[glyph++] = table.getUint16(cursor)
      cursor += 2
      continue
    }
    const first = table.getUint16(cursor)
    const left = format === 1 ? table.getUint8(cursor + 2) : table.getUint16(cursor + 2)
    cursor += format === 1 ? 3 : 4
    for (let index = 0; index <= left && glyph < glyphCount; index++) sids[glyph++] = first + index
  }
  return sids
}
