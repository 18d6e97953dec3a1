/**
 * Our own cmap, TrueType and CFF outline readers against opentype.js 2.0 (a parser we did not
 * write, the one the core used before issue 7): every glyph of every shipped face and of the
 * Source Sans 3 CFF faces must give the same commands, and every code point the same glyph id.
 */
import opentype from 'opentype.js'
import { beforeAll, describe, expect, test } from 'vitest'
import { readCharacterMap } from '../../src/text/character-map.ts'
import { parseFont } from '../../src/text/font.ts'
import { createFontRegistry } from '../../src/text/font-registry.ts'
import { serializePath } from '../../src/text/glyph-path.ts'
import { readSfnt } from '../../src/text/sfnt.ts'
import {
  CUSTOMER_FONT_FILES,
  loadPackageFile,
  loadTestFonts,
  type FaceSlot,
  type FamilyBytes,
} from '../helpers/fonts.ts'
import { readOutlinesWithOpentype } from '../helpers/opentype-outlines.ts'

const SLOTS: readonly FaceSlot[] = ['regular', 'bold', 'italic', 'bold_italic']
const FACES = ['Inter', 'Roboto', 'Lora'].flatMap((family) =>
  SLOTS.map((slot) => [family, slot] as const)
)
const REGULAR = { bold: false, italic: false }

/** What the test reads of opentype.js beyond `src/text/opentype-js.d.ts`. */
interface OpentypeInternals {
  readonly numGlyphs: number
  readonly tables: { readonly cmap: { readonly glyphIndexMap: Record<string, number> } }
}

let bytes: Record<string, FamilyBytes>

/** One component of a hand-made composite glyph: flags, glyph (by character), args, scales. */
interface TestComponent {
  readonly flags: number
  readonly glyph: string
  readonly args: readonly number[]
  readonly scales: readonly number[]
}

function comp(
  flags: number,
  glyph: string,
  args: readonly number[],
  scales: readonly number[] = []
): TestComponent {
  return { flags, glyph, args, scales }
}

function u16(value: number): number[] {
  return [(value >> 8) & 0xff, value & 0xff]
}

beforeAll(async () => {
  bytes = await loadTestFonts()
})

function fontBytes(family: string, slot: FaceSlot): Uint8Array {
  const data = bytes[family]?.[slot]
  if (!data) throw new Error(`no font ${family}/${slot}`)
  return data
}

describe('glyph outlines', () => {
  test.each(FACES)(
    'should give every glyph of %s %s the commands opentype.js gives',
    (family, slot) => {
      const data = fontBytes(family, slot)
      const oracle = readOutlinesWithOpentype(data.slice().buffer)
      const face = parseFont(data, family, {
        bold: slot.startsWith('bold'),
        italic: slot.endsWith('italic'),
      })
      const glyphCount = (opentype.parse(data.slice().buffer) as unknown as OpentypeInternals)
        .numGlyphs
      expect(glyphCount).toBeGreaterThan(800)
      let composites = 0
      let quadratic = 0
      for (let id = 0; id < glyphCount; id++) {
        const expected = serializePath(oracle(id))
        const actual = face.glyphPath(id)
        if (actual !== expected) expect(`${id}: ${actual}`).toBe(`${id}: ${expected}`)
        if (actual.includes('Q')) quadratic++
        if (/Z./.test(actual)) composites++
      }
      // The faces exercise curves and multi-contour glyphs, so the comparison means something.
      expect(quadratic).toBeGreaterThan(glyphCount / 2)
      expect(composites).toBeGreaterThan(100)
    }
  )

  test.each([
    [
      'offsets in bytes and words, signed',
      [comp(0x03, 'A', [-5, 120])],
      [comp(0x02, 'o', [-7, 9])],
    ],
    ['a uniform scale', [comp(0x0b, 'A', [100, -40], [0x3000])]],
    ['x and y scales', [comp(0x43, 'o', [0, 10], [0x2000, 0xc000])]],
    ['a 2×2 transform', [comp(0x83, 'A', [300, 0], [0x3800, 0x0800, 0xf800, 0x4000])]],
    [
      'matched points (bytes and words) after a composite component',
      [comp(0x02, 'Ä', [0, 0]), comp(0x00, 'o', [2, 5]), comp(0x01, 'A', [7, 3])],
    ],
    ['a reference to itself, skipped', [comp(0x02, 'A', [0, 0]), comp(0x02, 'self', [1, 1])]],
  ])('should transform composite components like opentype.js: %s', (_, first, second = []) => {
    // The shipped faces use offsets only, so these composites are written into the last glyph
    // of a copy of Inter (long loca offsets), then read by both parsers.
    const data = fontBytes('Inter', 'regular')
    const sfnt = readSfnt(data, 'Inter regular')
    const characterMap = readCharacterMap(sfnt.view, sfnt.tables.get('cmap')?.offset ?? 0)
    if (typeof characterMap === 'string') throw new Error(characterMap)
    const glyphCount = sfnt.view.getUint16((sfnt.tables.get('maxp')?.offset ?? 0) + 4)
    const last = glyphCount - 1
    const components = [...first, ...second]
    const record: number[] = [0xff, 0xff, 0, 0, 0, 0, 0, 0, 0, 0]
    components.forEach((component, index) => {
      const id =
        component.glyph === 'self' ? last : characterMap(component.glyph.codePointAt(0) as number)
      const more = index < components.length - 1 ? 0x20 : 0
      record.push(...u16(component.flags | more), ...u16(id))
      for (const arg of component.args) {
        if (component.flags & 0x01) record.push(...u16(arg & 0xffff))
        else record.push(arg & 0xff)
      }
      for (const scale of component.scales) record.push(...u16(scale))
    })
    const start = (data.byteLength + 3) & ~3
    const font = new Uint8Array(start + record.length + 4)
    font.set(data)
    font.set(record, start)
    const view = new DataView(font.buffer)
    const glyf = sfnt.tables.get('glyf')?.offset ?? 0
    const loca = sfnt.tables.get('loca')?.offset ?? 0
    view.setUint32(loca + last * 4, start - glyf)
    view.setUint32(loca + last * 4 + 4, start - glyf + record.length)
    const expected = serializePath(readOutlinesWithOpentype(font.slice().buffer)(last))
    expect(expected.length).toBeGreaterThan(50)
    expect(parseFont(font, 'Inter', REGULAR).glyphPath(last)).toBe(expected)
  })

  test('should keep the exact numbers of composites (not just their formatting)', () => {
    // Lora's accented letters are composites of a base and a mark glyph.
    const data = fontBytes('Lora', 'regular')
    const oracle = readOutlinesWithOpentype(data.slice().buffer)
    const sfnt = readSfnt(data, 'Lora regular')
    const characterMap = readCharacterMap(sfnt.view, sfnt.tables.get('cmap')?.offset ?? 0)
    if (typeof characterMap === 'string') throw new Error(characterMap)
    for (const character of 'ÄéÅñŒ') {
      const id = characterMap(character.codePointAt(0) as number)
      expect(id).toBeGreaterThan(0)
      const face = parseFont(data, 'Lora', REGULAR)
      expect(face.glyphPath(id)).toBe(serializePath(oracle(id)))
      expect(face.glyphPath(id).length).toBeGreaterThan(20)
    }
  })
})

describe('character map', () => {
  test.each(FACES)('should map every code point of %s %s as opentype.js does', (family, slot) => {
    const data = fontBytes(family, slot)
    const sfnt = readSfnt(data, `${family} ${slot}`)
    const characterMap = readCharacterMap(sfnt.view, sfnt.tables.get('cmap')?.offset ?? 0)
    if (typeof characterMap === 'string') throw new Error(characterMap)
    const expected = (opentype.parse(data.slice().buffer) as unknown as OpentypeInternals).tables
      .cmap.glyphIndexMap
    const mapped = Object.keys(expected).map(Number)
    expect(mapped.length).toBeGreaterThan(700)
    for (const codePoint of mapped) {
      expect([codePoint, characterMap(codePoint)]).toEqual([codePoint, expected[codePoint]])
    }
    // Everything else in the BMP and around the supplementary planes' starts maps to .notdef.
    for (let codePoint = 0; codePoint <= 0x1ffff; codePoint++) {
      if (expected[codePoint] === undefined && characterMap(codePoint) !== 0) {
        expect([codePoint, characterMap(codePoint)]).toEqual([codePoint, 0])
      }
    }
  })

  test.each([
    [
      'a cmap without Unicode subtables',
      [0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 12, 0, 0],
      'a Unicode subtable (platform 0, or 3 with encoding 0, 1 or 10)',
    ],
    [
      'a format 6 subtable',
      [0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 12, 0, 6],
      'a Unicode subtable of format 4, 12 or 13, not 6',
    ],
    ['a truncated table', [0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 12], 'a complete table'],
  ])('should say what is missing for %s', (_, table, message) => {
    expect(readCharacterMap(new DataView(new Uint8Array(table).buffer), 0)).toBe(message)
  })

  test('should read formats 4, 12 and 13 from hand-made tables', () => {
    // Format 4: A-C → 10-12 by delta, a-b through glyphIdArray, and the final 0xFFFF segment.
    const format4 = [
      ...[0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 12],
      ...[0, 4, 0, 40, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0],
      ...[0, 0x43, 0, 0x62, 0xff, 0xff, 0, 0], // ends, reserved pad
      ...[0, 0x41, 0, 0x61, 0xff, 0xff], // starts
      ...[0xff, 0xc9, 0, 1, 0, 1], // deltas: -55, 1, 1
      ...[0, 0, 0, 4, 0, 0], // range offsets: none, to glyphIdArray
      ...[0, 20, 0, 0], // glyphIdArray: a → 20 + 1, b → 0 stays 0
    ]
    const map4 = readCharacterMap(new DataView(new Uint8Array(format4).buffer), 0)
    if (typeof map4 === 'string') throw new Error(map4)
    expect([0x40, 0x41, 0x43, 0x44, 0x61, 0x62, 0xffff].map(map4)).toEqual([0, 10, 12, 0, 21, 0, 0])
    const groups = (format: number): number[] => [
      ...[0, 0, 0, 1, 0, 3, 0, 10, 0, 0, 0, 12],
      ...[0, format, 0, 0, 0, 0, 0, 40, 0, 0, 0, 0, 0, 0, 0, 2],
      ...[0, 1, 0xf6, 0, 0, 1, 0xf6, 2, 0, 0, 0, 7],
      ...[0, 0, 0, 0x41, 0, 0, 0, 0x41, 0, 0, 0, 3],
    ]
    const map12 = readCharacterMap(new DataView(new Uint8Array(groups(12)).buffer), 0)
    const map13 = readCharacterMap(new DataView(new Uint8Array(groups(13)).buffer), 0)
    if (typeof map12 === 'string' || typeof map13 === 'string') throw new Error('unreadable')
    // Unordered groups are searched from the end, as opentype.js's last-wins map did.
    expect([0x41, 0x1f600, 0x1f602, 0x1f603].map(map12)).toEqual([3, 7, 9, 0])
    expect([0x41, 0x1f600, 0x1f602, 0x1f603].map(map13)).toEqual([3, 7, 7, 0])
  })
})

describe('CFF outlines', () => {
  test.each([
    'sourceSansRegular',
    'sourceSansBold',
    'sourceSansItalic',
    'sourceSansBoldItalic',
  ] as const)('should give every glyph of %s the commands opentype.js gives', async (name) => {
    const data = await loadPackageFile(CUSTOMER_FONT_FILES[name])
    const oracle = readOutlinesWithOpentype(data.slice().buffer)
    const face = parseFont(data, 'Source Sans 3', REGULAR)
    const glyphCount = (opentype.parse(data.slice().buffer) as unknown as OpentypeInternals)
      .numGlyphs
    expect(glyphCount).toBeGreaterThan(1900)
    let curves = 0
    let contours = 0
    for (let id = 0; id < glyphCount; id++) {
      const expected = serializePath(oracle(id))
      const actual = face.glyphPath(id)
      if (actual !== expected) expect(`${id}: ${actual}`).toBe(`${id}: ${expected}`)
      if (actual.includes('C')) curves++
      if (/Z./.test(actual)) contours++
    }
    // Subroutines, flex and hint masks are all exercised by these faces.
    expect(curves).toBeGreaterThan(glyphCount / 2)
    expect(contours).toBeGreaterThan(300)
  })

  test('should draw a CFF face in every engine with no reader passed in', async () => {
    const fonts = createFontRegistry({
      'Source Sans 3': { regular: await loadPackageFile(CUSTOMER_FONT_FILES.sourceSansRegular) },
    })
    const face = fonts.face('Source Sans 3')
    expect(face.glyphPath(face.glyphId(0x41))).toMatch(/^M[\d.-]+ [\d.-]+[LC].*Z$/)
  })
})
