import { beforeAll, describe, expect, test } from 'vitest'
import { parseFont } from '../../src/text/font.ts'
import { FontError } from '../../src/text/font-error.ts'
import { createFontRegistry } from '../../src/text/font-registry.ts'
import { formatNumber, serializePath } from '../../src/text/glyph-path.ts'
import type { Face } from '../../src/text/types.ts'
import { loadTestFonts, type FaceSlot, type FamilyBytes } from '../helpers/fonts.ts'
import { fontkitFont } from './oracle.ts'

const REGULAR = { bold: false, italic: false }
const SLOTS: readonly FaceSlot[] = ['regular', 'bold', 'italic', 'bold_italic']
const FAMILIES = ['Inter', 'Roboto', 'Lora'] as const

let bytes: Record<string, FamilyBytes>
const faces = new Map<string, Face>()

function face(family: string, slot: FaceSlot = 'regular'): Face {
  const key = `${family}/${slot}`
  let parsed = faces.get(key)
  if (!parsed) {
    const data = bytes[family]?.[slot]
    if (!data) throw new Error(`no font ${key}`)
    parsed = parseFont(data, family, {
      bold: slot.startsWith('bold'),
      italic: slot.endsWith('italic'),
    })
    faces.set(key, parsed)
  }
  return parsed
}

beforeAll(async () => {
  bytes = await loadTestFonts()
})

function errorOf(run: () => unknown): FontError {
  try {
    run()
  } catch (error) {
    if (error instanceof FontError) return error
    throw error
  }
  throw new Error('expected a FontError')
}

describe('parseFont', () => {
  test.each(FAMILIES.flatMap((family) => SLOTS.map((slot) => [family, slot] as const)))(
    'should read the metrics fontkit reads for %s %s',
    async (family, slot) => {
      const oracle = await fontkitFont(family, slot)
      const parsed = face(family, slot)
      expect(parsed.unitsPerEm).toBe(oracle.unitsPerEm)
      expect(parsed.ascender).toBe(oracle.hhea.ascent)
      expect(parsed.descender).toBe(oracle.hhea.descent)
    }
  )

  test.each(FAMILIES)('should map code points and advances like fontkit in %s', async (family) => {
    const oracle = await fontkitFont(family, 'regular')
    const parsed = face(family)
    for (const character of 'AaÄäßéŒœ€„“«»–—…0123456789?!/@ ') {
      const codePoint = character.codePointAt(0) as number
      const expected = oracle.glyphForCodePoint(codePoint)
      expect(parsed.glyphId(codePoint)).toBe(expected.id)
      expect(parsed.hasCodePoint(codePoint)).toBe(true)
      expect(parsed.advance(parsed.glyphId(codePoint))).toBe(expected.advanceWidth)
    }
  })

  test('should report characters a face cannot draw as glyph 0', () => {
    const lora = face('Lora')
    expect(lora.glyphId(0x202f)).toBe(0)
    expect(lora.hasCodePoint(0x202f)).toBe(false)
    expect(lora.glyphId(0x4e2d)).toBe(0)
    expect(lora.glyphId(-1)).toBe(0)
    expect(lora.glyphId(0x110000)).toBe(0)
    expect(lora.advance(-1)).toBe(0)
    expect(lora.advance(1_000_000)).toBe(0)
  })

  test.each([
    // Inter keeps its class kerning in GPOS Extension lookups (type 9): opentype.js sees none.
    ['Inter', 'AV'],
    ['Inter', 'To'],
    ['Inter', 'Ta'],
    ['Roboto', 'AV'],
    ['Roboto', 'To'],
    ['Lora', 'AV'],
    ['Lora', 'To'],
  ])('should kern %s %s exactly as fontkit does', async (family, pair) => {
    const oracle = await fontkitFont(family, 'regular')
    const parsed = face(family)
    const [left, right] = [...pair].map((c) => parsed.glyphId(c.codePointAt(0) as number)) as [
      number,
      number,
    ]
    const run = oracle.layout(pair)
    const expected = (run.positions[0]?.xAdvance ?? 0) - parsed.advance(left)
    expect(expected).toBeLessThan(0)
    expect(parsed.kerning(left, right)).toBe(expected)
  })

  test('should give no kerning to a pair the font does not kern', () => {
    const inter = face('Inter')
    expect(inter.kerning(inter.glyphId(0x6f), inter.glyphId(0x6f))).toBe(0)
  })

  test('should serialise glyph outlines as closed, deterministic path data', async () => {
    const inter = face('Inter')
    const path = inter.glyphPath(inter.glyphId(0x41))
    expect(path).toMatch(/^M-?\d/)
    expect(path.endsWith('Z')).toBe(true)
    expect(inter.glyphPath(inter.glyphId(0x41))).toBe(path)
    expect(inter.glyphPath(inter.glyphId(0x20))).toBe('')
    expect(inter.glyphPath(-5)).toBe('')
    // Same outline as fontkit's: both start their contours elsewhere, so compare control boxes.
    const oracle = await fontkitFont('Inter', 'regular')
    for (const character of 'AgQ@ß&') {
      const id = inter.glyphId(character.codePointAt(0) as number)
      const numbers = [...inter.glyphPath(id).matchAll(/-?\d+(?:\.\d+)?/g)].map((m) => Number(m[0]))
      const xs = numbers.filter((_, index) => index % 2 === 0)
      const ys = numbers.filter((_, index) => index % 2 === 1)
      const box = oracle.getGlyph(id).path.cbox
      expect([Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]).toEqual([
        box.minX,
        box.minY,
        box.maxX,
        box.maxY,
      ])
    }
  })

  test.each([
    [
      'wOF2',
      'unsupported-format',
      'Unexpected WOFF2 font `Inter regular` in `createFontRegistry`, expected TTF, OTF, WOFF there (create the registry with `await loadFontRegistry(sources)`, which loads the WOFF2 decoder)',
    ],
    [
      'wOFF',
      'invalid-font',
      'Unexpected sfnt flavor `00000000` in WOFF font `Inter regular`, expected a complete WOFF file',
    ],
    [
      'ttcf',
      'unsupported-format',
      'Unexpected font collection (TTC) `Inter regular`, expected a TTF, OTF, WOFF or WOFF2 file (extract one face first, for example with fonttools)',
    ],
    [
      'GIF8',
      'invalid-font',
      'Unexpected data `47494638` at the start of font `Inter regular`, expected a TTF, OTF, WOFF or WOFF2 file',
    ],
  ])('should reject %s bytes with a FontError', (signature, code, message) => {
    const data = new Uint8Array(64)
    data.set([...signature].map((c) => c.charCodeAt(0)))
    const error = errorOf(() => parseFont(data, 'Inter', REGULAR))
    expect(error.name).toBe('FontError')
    expect(error.code).toBe(code)
    expect(error.message).toBe(message)
  })

  test('should reject too few bytes and a truncated directory', () => {
    expect(errorOf(() => parseFont(new Uint8Array(3), 'Inter', REGULAR)).message).toBe(
      'Unexpected 3 bytes for font `Inter regular`, expected a TTF, OTF, WOFF or WOFF2 file'
    )
    const truncated = new Uint8Array(20)
    truncated.set([0, 1, 0, 0, 0, 9])
    expect(errorOf(() => parseFont(truncated, 'Inter', REGULAR)).message).toBe(
      'Unexpected truncated table directory in font `Inter regular`, expected 9 tables'
    )
  })

  test('should never change the bytes it was given', () => {
    const data = (bytes['Inter'] as FamilyBytes).regular
    const before = data.slice()
    parseFont(data, 'Inter', REGULAR)
    expect(data.every((byte, index) => byte === before[index])).toBe(true)
  })

  test('should accept an ArrayBuffer and a view into a larger buffer', () => {
    const data = (bytes['Lora'] as FamilyBytes).regular
    const padded = new Uint8Array(data.byteLength + 16)
    padded.set(data, 8)
    const fromView = parseFont(padded.subarray(8, 8 + data.byteLength), 'Lora', REGULAR)
    const fromBuffer = parseFont(data.slice().buffer, 'Lora', REGULAR)
    expect(fromView.advance(fromView.glyphId(0x41))).toBe(
      face('Lora').advance(face('Lora').glyphId(0x41))
    )
    expect(fromBuffer.unitsPerEm).toBe(1000)
  })
})

describe('createFontRegistry', () => {
  test('should fall back to the closest face: bold italic → bold → italic → regular', () => {
    const inter = bytes['Inter'] as FamilyBytes
    const registry = createFontRegistry({
      Full: inter,
      Bold: { regular: inter.regular, bold: inter.bold },
      Italic: { regular: inter.regular, italic: inter.italic },
      Plain: { regular: inter.regular },
    })
    const style = (family: string, bold: boolean, italic: boolean): string => {
      const found = registry.face(family, { bold, italic }).style
      return `${found.bold ? 'bold' : ''}${found.italic ? 'italic' : ''}` || 'regular'
    }
    // Twice: the second round answers from the faces the registry keeps per family and style.
    for (let round = 0; round < 2; round++) {
      expect(style('Full', true, true)).toBe('bolditalic')
      expect(style('Bold', true, true)).toBe('bold')
      expect(style('Italic', true, true)).toBe('italic')
      expect(style('Plain', true, true)).toBe('regular')
      expect(style('Italic', true, false)).toBe('regular')
      expect(style('Bold', false, true)).toBe('regular')
      expect(style('Full', false, true)).toBe('italic')
    }
    expect(registry.face('Full')).toBe(registry.face('Full', REGULAR))
    expect(registry.families).toEqual(['Full', 'Bold', 'Italic', 'Plain'])
    expect(registry.has('Full')).toBe(true)
    expect(registry.has('toString')).toBe(false)
  })

  test('should name the known families when asked for an unknown one', () => {
    const registry = createFontRegistry(bytes)
    const error = errorOf(() => registry.face('Comic Sans'))
    expect(error.code).toBe('unknown-family')
    expect(error.message).toBe(
      'Unexpected font family `Comic Sans`, expected one of `Inter`, `Roboto`, `Lora`'
    )
  })

  test('should reject a family without regular bytes, WOFF2 bytes and malformed faces at once', () => {
    const woff2 = new Uint8Array(64)
    woff2.set([0x77, 0x4f, 0x46, 0x32])
    expect(errorOf(() => createFontRegistry({ Inter: { regular: woff2 } })).message).toBe(
      'Unexpected WOFF2 font `Inter regular` in `createFontRegistry`, expected TTF, OTF, WOFF there (create the registry with `await loadFontRegistry(sources)`, which loads the WOFF2 decoder)'
    )
    const inter = (bytes['Inter'] as FamilyBytes).regular
    expect(
      errorOf(() => createFontRegistry({ Inter: { regular: 'Inter.ttf' as never } })).message
    ).toBe(
      'Unexpected value for face `Inter regular`, expected font bytes (`Uint8Array` or `ArrayBuffer`) or `{ bytes, axes }`'
    )
    const axes = errorOf(() =>
      createFontRegistry({ Inter: { regular: { bytes: inter, axes: 700 as never } } })
    )
    expect([axes.code, axes.message]).toEqual([
      'invalid-variation',
      'Unexpected `axes` for face `Inter regular`, expected an object of axis values such as `{ "wght": 700 }`',
    ])
    const error = errorOf(() =>
      createFontRegistry({ Inter: { bold: (bytes['Inter'] as FamilyBytes).bold } as never })
    )
    expect(error.code).toBe('invalid-sources')
    expect(error.message).toBe(
      'Unexpected family `Inter` without a `regular` face, expected its font bytes'
    )
  })
})

describe('formatNumber and serializePath', () => {
  test.each([
    [0, '0'],
    [-0, '0'],
    [12, '12'],
    [-6, '-6'],
    [0.5, '0.5'],
    [1.005, '1'],
    [2.456, '2.46'],
    [-0.001, '0'],
    [32767.499, '32767.5'],
    [-0.0000001, '0'],
  ])('should format %s as %s', (value, expected) => {
    expect(formatNumber(value)).toBe(expected)
  })

  test('should write M, L, Q, C and Z compactly', () => {
    expect(
      serializePath([
        { type: 'M', x: 10, y: -20 },
        { type: 'L', x: 30.25, y: 40 },
        { type: 'Q', x1: 1, y1: 2, x: 3, y: 4 },
        { type: 'C', x1: 5, y1: -6, x2: 7, y2: 8, x: 9, y: 10 },
        { type: 'Z' },
        { type: 'X' },
      ])
    ).toBe('M10-20L30.25 40Q1 2 3 4C5-6 7 8 9 10Z')
  })
})
