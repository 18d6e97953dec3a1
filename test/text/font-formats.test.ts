/**
 * WOFF and WOFF2 decoding against oracles we did not write: Adobe's own WOFF and WOFF2 builds of
 * Source Sans 3 must decode to the TTF/OTF files they were made from (tables byte for byte,
 * rebuilt `glyf` glyph for glyph), and fontkit, which decodes WOFF2 itself, must read the same
 * advances and glyph boxes from Fontsource's WOFF2 Inter.
 */
import fc from 'fast-check'
import { create } from 'fontkit'
import { beforeAll, describe, expect, test } from 'vitest'
import { buildSfnt } from '../../src/text/build-sfnt.ts'
import { decodeBrotli, decodeWoff2Font } from '../../src/text/woff2-decoder.ts'
import { parseFont } from '../../src/text/font.ts'
import { FontError } from '../../src/text/font-error.ts'
import { createFontRegistry, loadFontRegistry } from '../../src/text/font-registry.ts'
import { readSfnt, type Sfnt } from '../../src/text/sfnt.ts'
import { unpackFont } from '../../src/text/unpack-font.ts'
import { CUSTOMER_FONT_FILES, loadPackageFile } from '../helpers/fonts.ts'
import { pathBox } from './path-box.ts'

const REGULAR = { bold: false, italic: false }

/** Pairs of a packed file and the file it was made from, in the `source-sans` package. */
const PACKED = [
  ['WOFF2/TTF/SourceSans3-Regular.ttf.woff2', 'TTF/SourceSans3-Regular.ttf'],
  ['WOFF2/TTF/SourceSans3-BoldIt.ttf.woff2', 'TTF/SourceSans3-BoldIt.ttf'],
  ['WOFF2/OTF/SourceSans3-Regular.otf.woff2', 'OTF/SourceSans3-Regular.otf'],
  ['WOFF2/VF/SourceSans3VF-Upright.ttf.woff2', 'VF/SourceSans3VF-Upright.ttf'],
  ['WOFF2/VF/SourceSans3VF-Upright.otf.woff2', 'VF/SourceSans3VF-Upright.otf'],
  ['WOFF/TTF/SourceSans3-Regular.ttf.woff', 'TTF/SourceSans3-Regular.ttf'],
  ['WOFF/OTF/SourceSans3-It.otf.woff', 'OTF/SourceSans3-It.otf'],
  ['WOFF/VF/SourceSans3VF-Italic.ttf.woff', 'VF/SourceSans3VF-Italic.ttf'],
] as const

/**
 * Tables that differ in Adobe's static `.ttf.woff2` files: the transform rebuilds `glyf`, `loca`
 * and `hmtx`, and those files were made from the unhinted TTF build (no instructions, so
 * `maxp`'s hinting limits and the `name` strings differ too). Their glyphs are compared instead.
 */
const REBUILT = new Set(['glyf', 'loca', 'hmtx', 'maxp', 'name'])

function tableBytes(sfnt: Sfnt, tag: string): Uint8Array {
  const table = sfnt.tables.get(tag)
  if (!table) throw new Error(`no ${tag}`)
  return new Uint8Array(sfnt.buffer, table.offset, table.length)
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && a.every((byte, index) => byte === b[index])
}

/** The checksums of an sfnt's table directory, by tag. */
function directoryChecksums(bytes: Uint8Array): Map<string, number> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const checksums = new Map<string, number>()
  for (let index = 0; index < view.getUint16(4); index++) {
    const record = 12 + index * 16
    const tag = String.fromCharCode(...bytes.subarray(record, record + 4))
    checksums.set(tag, view.getUint32(record + 4))
  }
  return checksums
}

/**
 * The OpenType checksum the plain way: big-endian words, the last one padded with zeros; in
 * `head` the checkSumAdjustment (bytes 8-11) counts as 0.
 */
function wordSum(table: Uint8Array, tag: string): number {
  let sum = 0
  for (let at = 0; at < table.byteLength; at += 4) {
    if (tag === 'head' && at === 8) continue
    const word = [0, 1, 2, 3].reduce((value, index) => value * 256 + (table[at + index] ?? 0), 0)
    sum = (sum + word) % 2 ** 32
  }
  return sum
}

function errorOf(run: () => unknown): FontError {
  try {
    run()
  } catch (error) {
    if (error instanceof FontError) return error
    throw error
  }
  throw new Error('expected a FontError')
}

describe('WOFF and WOFF2', () => {
  test.each(PACKED)('should unpack %s to the tables of %s', async (packed, original) => {
    const [packedBytes, originalBytes] = await Promise.all([
      loadPackageFile(`source-sans/${packed}`),
      loadPackageFile(`source-sans/${original}`),
    ])
    const unpacked = readSfnt(unpackFont(packedBytes, packed, decodeWoff2Font), packed)
    const expected = readSfnt(originalBytes, original)
    // Adobe's packed files leave out the signature (DSIG), and the static WOFF2 ones the
    // hinting tables (cvt, fpgm, prep, gasp); every table they keep must be restored.
    expect(unpacked.tables.size).toBeGreaterThanOrEqual(13)
    const transformed = packed.endsWith('.ttf.woff2')
    for (const tag of unpacked.tables.keys()) {
      expect([tag, expected.tables.has(tag)]).toEqual([tag, true])
      // `head` differs in its checksum and flags (WOFF2 sets bit 11), by the spec.
      if (tag === 'head' || (transformed && REBUILT.has(tag))) continue
      expect([tag, sameBytes(tableBytes(unpacked, tag), tableBytes(expected, tag))]).toEqual([
        tag,
        true,
      ])
    }
    // Rebuilt tables: every glyph has the original's outline and advance.
    expect(
      sameBytes(
        tableBytes(unpacked, 'head').subarray(18, 20),
        tableBytes(expected, 'head').subarray(18, 20)
      )
    ).toBe(true)
    const face = parseFont(unpackFont(packedBytes, packed, decodeWoff2Font), 'Packed', REGULAR)
    const reference = parseFont(originalBytes, 'Original', REGULAR)
    const glyphCount = new DataView(originalBytes.buffer).getUint16(
      (expected.tables.get('maxp')?.offset ?? 0) + 4
    )
    expect(glyphCount).toBeGreaterThan(1900)
    let drawn = 0
    for (let id = 0; id < glyphCount; id++) {
      const path = face.glyphPath(id)
      if (path !== reference.glyphPath(id))
        expect([id, path]).toEqual([id, reference.glyphPath(id)])
      if (face.advance(id) !== reference.advance(id)) {
        expect([id, face.advance(id)]).toEqual([id, reference.advance(id)])
      }
      if (path.length > 0) drawn++
    }
    expect(drawn).toBeGreaterThan(glyphCount * 0.9)
  })

  test.each(PACKED)(
    'should write the checksum of every table of %s as the original file has it',
    async (packed, original) => {
      const [packedBytes, originalBytes] = await Promise.all([
        loadPackageFile(`source-sans/${packed}`),
        loadPackageFile(`source-sans/${original}`),
      ])
      const unpacked = unpackFont(packedBytes, packed, decodeWoff2Font)
      const ours = directoryChecksums(unpacked)
      const theirs = directoryChecksums(originalBytes)
      const unpackedSfnt = readSfnt(unpacked, packed)
      const originalSfnt = readSfnt(originalBytes, original)
      let compared = 0
      for (const [tag, checksum] of ours) {
        // Adobe's tools wrote the original's directory: every table decoded byte for byte must
        // have its checksum; a rebuilt one the sum of its big-endian words.
        const same =
          originalSfnt.tables.has(tag) &&
          sameBytes(tableBytes(unpackedSfnt, tag), tableBytes(originalSfnt, tag))
        const expected = same ? theirs.get(tag) : wordSum(tableBytes(unpackedSfnt, tag), tag)
        expect([tag, checksum]).toEqual([tag, expected])
        if (same) compared++
      }
      expect(compared).toBeGreaterThanOrEqual(8)
    }
  )

  test('should read every glyph of a Fontsource WOFF2 as fontkit reads it', async () => {
    const bytes = await loadPackageFile(CUSTOMER_FONT_FILES.interVariable)
    const oracle = create(bytes)
    const face = parseFont(bytes, 'Inter', REGULAR, { woff2: decodeWoff2Font })
    expect(oracle.numGlyphs).toBeGreaterThan(500)
    for (let id = 0; id < oracle.numGlyphs; id++) {
      const glyph = oracle.getGlyph(id)
      expect([id, face.advance(id)]).toEqual([id, glyph.advanceWidth])
      const box = glyph.path.cbox
      const expected = Number.isFinite(box.minX) ? [box.minX, box.minY, box.maxX, box.maxY] : []
      expect([id, pathBox(face.glyphPath(id))]).toEqual([id, expected])
    }
    for (const codePoint of oracle.characterSet) {
      expect([codePoint, face.glyphId(codePoint)]).toEqual([
        codePoint,
        oracle.glyphForCodePoint(codePoint).id,
      ])
    }
  })
})

describe('sfnt checksums', () => {
  // `head` (summed without its checkSumAdjustment) has its own case below.
  const tags = ['OS/2', 'cmap', 'glyf', 'hmtx', 'name', 'post']
  const tableOf = (tag: string, data: Uint8Array) => ({ tag, data })
  /** Checks the directory of a built sfnt against the plain big-endian word sums. */
  const expectPlainSums = (tables: readonly { tag: string; data: Uint8Array }[]): void => {
    const sums = directoryChecksums(buildSfnt(0x00010000, tables))
    for (const { tag, data } of tables)
      expect([tag, sums.get(tag)]).toEqual([tag, wordSum(data, tag)])
  }

  test('should sum every table as big-endian words, whatever its bytes and length', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(fc.constantFrom(...tags), fc.uint8Array({ maxLength: 3000 })), {
          selector: ([tag]) => tag,
          minLength: 1,
        }),
        (tables) => expectPlainSums(tables.map(([tag, data]) => tableOf(tag, data)))
      ),
      { numRuns: 200, seed: 17 }
    )
  })

  test('should sum tables of the largest words over many blocks, and `head` without its adjustment', () => {
    expectPlainSums([
      tableOf('glyf', new Uint8Array(70001).fill(0xff)),
      tableOf('head', new Uint8Array(54).fill(0xff)),
      tableOf('hhea', Uint8Array.of(0xff, 0xfe, 0xfd)),
      tableOf('name', new Uint8Array(513).fill(0x80)),
    ])
  })
})

describe('font container errors', () => {
  let woff2: Uint8Array
  let woff: Uint8Array
  beforeAll(async () => {
    woff2 = await loadPackageFile('source-sans/WOFF2/TTF/SourceSans3-Regular.ttf.woff2')
    woff = await loadPackageFile('source-sans/WOFF/TTF/SourceSans3-Regular.ttf.woff')
  })

  const parse = (bytes: Uint8Array): unknown =>
    parseFont(bytes, 'Brand', REGULAR, { woff2: decodeWoff2Font })

  test('should refuse WOFF2 in the synchronous registry and say what to call', () => {
    const error = errorOf(() => createFontRegistry({ Brand: { regular: woff2 } }))
    expect(error.code).toBe('unsupported-format')
    expect(error.message).toBe(
      'Unexpected WOFF2 font `Brand regular` in `createFontRegistry`, expected TTF, OTF, WOFF there (create the registry with `await loadFontRegistry(sources)`, which loads the WOFF2 decoder)'
    )
  })

  test('should read WOFF2 through loadFontRegistry, and WOFF in both', async () => {
    const fonts = await loadFontRegistry({ Brand: { regular: woff2, bold: woff } })
    const regular = fonts.face('Brand')
    const bold = fonts.face('Brand', { bold: true, italic: false })
    expect(regular.glyphPath(regular.glyphId(0x41))).toBe(bold.glyphPath(bold.glyphId(0x41)))
    expect(
      createFontRegistry({ Brand: { regular: woff } })
        .face('Brand')
        .advance(36)
    ).toBe(regular.advance(36))
  })

  test.each([
    [
      'a truncated header',
      (bytes: Uint8Array) => bytes.slice(0, 40),
      'Unexpected 40-byte header in WOFF2 font `Brand regular`, expected a complete WOFF2 file',
    ],
    [
      'compressed data cut short',
      (bytes: Uint8Array) => bytes.slice(0, 2000),
      'Unexpected compressed data beyond the end in WOFF2 font `Brand regular`, expected a complete WOFF2 file',
    ],
    [
      'a broken Brotli stream',
      (bytes: Uint8Array) => {
        const copy = bytes.slice()
        for (let at = 400; at < 440; at++) copy[at] = 0xff
        return copy
      },
      'Unexpected broken Brotli stream in WOFF2 font `Brand regular`, expected a complete WOFF2 file',
    ],
    [
      'a glyf transform whose streams are too long',
      (bytes: Uint8Array) =>
        withGlyfTransform(bytes, (table) =>
          new DataView(table.buffer, table.byteOffset).setUint32(8, 0x7fffffff)
        ),
      'Unexpected broken `glyf` transform (the contour count stream ends early) in WOFF2 font `Brand regular`, expected a complete WOFF2 file',
    ],
  ])('should reject a WOFF2 with %s with a FontError', (_, damage, message) => {
    const error = errorOf(() => parse(damage(woff2)))
    expect(error.code).toBe('invalid-font')
    expect(error.message).toBe(message)
  })

  test('should reject a WOFF whose zlib data is broken, naming the table', () => {
    const copy = woff.slice()
    const view = new DataView(copy.buffer)
    // The first compressed table's data gets garbage after its zlib header.
    let entry = 44
    while (view.getUint32(entry + 8) === view.getUint32(entry + 12)) entry += 20
    const offset = view.getUint32(entry + 4)
    for (let at = offset + 2; at < offset + 40; at++) copy[at] = 0xff
    const error = errorOf(() => parse(copy))
    expect(error.code).toBe('invalid-font')
    expect(error.message).toMatch(
      /^Unexpected broken zlib data of table `[\w/ ]{4}` in WOFF font `Brand regular`, expected a complete WOFF file$/
    )
  })

  test.each([
    [
      'a zlib header that is not deflate',
      (copy: Uint8Array, offset: number) => void (copy[offset] = 0x79),
      /^Unexpected broken zlib data of table `[\w/ ]{4}` in WOFF font `Brand regular`/,
    ],
    [
      'a table that decodes longer than its stated length',
      (copy: Uint8Array, _: number, entry: number) => {
        const view = new DataView(copy.buffer)
        view.setUint32(entry + 12, view.getUint32(entry + 12) - 4)
      },
      /^Unexpected table `[\w/ ]{4}` of \d+ bytes in WOFF font `Brand regular`/,
    ],
    [
      'a table that decodes shorter than its stated length',
      (copy: Uint8Array, _: number, entry: number) => {
        const view = new DataView(copy.buffer)
        view.setUint32(entry + 12, view.getUint32(entry + 12) + 4)
      },
      /^Unexpected table `[\w/ ]{4}` of \d+ bytes in WOFF font `Brand regular`/,
    ],
  ])('should reject a WOFF with %s, naming the table', (_, damage, message) => {
    const copy = woff.slice()
    const view = new DataView(copy.buffer)
    let entry = 44
    while (view.getUint32(entry + 8) === view.getUint32(entry + 12)) entry += 20
    damage(copy, view.getUint32(entry + 4), entry)
    const error = errorOf(() => parse(copy))
    expect(error.code).toBe('invalid-font')
    expect(error.message).toMatch(message)
  })

  test('should refuse a font collection, and bytes that are no font', () => {
    const collection = new Uint8Array(64)
    collection.set([0x74, 0x74, 0x63, 0x66])
    const error = errorOf(() => createFontRegistry({ Brand: { regular: collection } }))
    expect([error.code, error.message]).toEqual([
      'unsupported-format',
      'Unexpected font collection (TTC) `Brand regular`, expected a TTF, OTF, WOFF or WOFF2 file (extract one face first, for example with fonttools)',
    ])
    const text = new TextEncoder().encode('<!doctype html><html>')
    expect(errorOf(() => createFontRegistry({ Brand: { regular: text } })).message).toBe(
      'Unexpected data `3c21646f` at the start of font `Brand regular`, expected a TTF, OTF, WOFF or WOFF2 file'
    )
  })
})

/**
 * Re-packs a WOFF2 after changing its transformed `glyf` table, so that the damage is inside a
 * valid Brotli stream (stored uncompressed, see {@link storedBrotli}).
 */
function withGlyfTransform(bytes: Uint8Array, change: (table: Uint8Array) => void): Uint8Array {
  // The glyf table is the first transformed table; find its offset in the decoded stream.
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const count = view.getUint16(12)
  let at = 48
  let offset = 0
  let glyfAt = -1
  const base128 = (): number => {
    let value = 0
    for (;;) {
      const byte = bytes[at++] as number
      value = value * 128 + (byte & 0x7f)
      if (!(byte & 0x80)) return value
    }
  }
  for (let index = 0; index < count; index++) {
    const flags = bytes[at++] as number
    if ((flags & 0x3f) === 0x3f) at += 4
    const length = base128()
    const glyphTable = (flags & 0x3f) === 10 || (flags & 0x3f) === 11
    const transformed = glyphTable ? flags >> 6 === 0 : flags >> 6 !== 0
    const stored = transformed ? base128() : length
    if ((flags & 0x3f) === 10) glyfAt = offset
    offset += stored
  }
  const compressed = bytes.subarray(at, at + view.getUint32(20))
  const data = decodeBrotli(compressed, offset)
  change(data.subarray(glyfAt))
  // Store the changed stream uncompressed: a Brotli stream of uncompressed meta-blocks.
  const stream = storedBrotli(data)
  const out = new Uint8Array(at + stream.byteLength)
  out.set(bytes.subarray(0, at))
  out.set(stream, at)
  const outView = new DataView(out.buffer)
  outView.setUint32(8, out.byteLength)
  outView.setUint32(20, stream.byteLength)
  return out
}

/**
 * A Brotli stream (RFC 7932) holding `data` in uncompressed meta-blocks of at most 65536 bytes:
 * enough to hand the decoder chosen bytes without a Brotli encoder.
 */
function storedBrotli(data: Uint8Array): Uint8Array {
  const bits: number[] = []
  const write = (value: number, count: number): void => {
    for (let bit = 0; bit < count; bit++) bits.push((value >> bit) & 1)
  }
  write(0, 1) // WBITS = 16
  const out: number[] = []
  const flush = (): void => {
    while (bits.length % 8 !== 0) bits.push(0)
    for (let index = 0; index < bits.length; index += 8) {
      let byte = 0
      for (let bit = 0; bit < 8; bit++) byte |= (bits[index + bit] as number) << bit
      out.push(byte)
    }
    bits.length = 0
  }
  for (let start = 0; start < data.byteLength; start += 65536) {
    const chunk = data.subarray(start, Math.min(start + 65536, data.byteLength))
    write(0, 1) // ISLAST = 0
    write(0, 2) // MNIBBLES = 4
    write(chunk.byteLength - 1, 16) // MLEN - 1
    write(1, 1) // ISUNCOMPRESSED
    flush()
    out.push(...chunk)
  }
  write(1, 1) // ISLAST
  write(1, 1) // ISLASTEMPTY
  flush()
  return new Uint8Array(out)
}
