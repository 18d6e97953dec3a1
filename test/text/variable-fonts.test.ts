/**
 * Instances of variable fonts against fontkit (a font engine we did not write; it reads fvar,
 * avar, gvar, HVAR, CFF2 blend and the GDEF deltas of GPOS): advances, kerning and outlines of
 * every glyph at `wght` 400 and 700, for a WOFF2 variable family of Fontsource (Inter), Adobe's
 * TrueType and CFF2 variable Source Sans 3, and a copy without HVAR (advances from phantom
 * points). Tolerances, and why:
 * - advances: ours are fontkit's rounded to whole units (Chromium rounds them so, measured in
 *   test/browser/variable-fonts.test.ts); fontkit keeps the fraction;
 * - kerning: within 0.02 units: fontkit normalises axis values without rounding them to F2Dot14
 *   first, as HarfBuzz and we do;
 * - TrueType outlines: control boxes within 1 unit: fontkit rounds points after every tuple,
 *   HarfBuzz and FreeType (and we) add the deltas unrounded;
 * - CFF2 outlines: every command's coordinates within 0.02 units (normalisation as above).
 */
import { create, type FontkitFont } from 'fontkit'
import { beforeAll, describe, expect, test } from 'vitest'
import { buildSfnt } from '../../src/text/build-sfnt.ts'
import { shapeText } from '../../src/text/shape.ts'
import { decodeWoff2Font } from '../../src/text/woff2-decoder.ts'
import { parseFont } from '../../src/text/font.ts'
import { FontError } from '../../src/text/font-error.ts'
import { readSfnt } from '../../src/text/sfnt.ts'
import type { Face } from '../../src/text/types.ts'
import { unpackFont } from '../../src/text/unpack-font.ts'
import { CUSTOMER_FONT_FILES, loadPackageFile } from '../helpers/fonts.ts'
import { layoutLatin } from './oracle.ts'
import { pathBox } from './path-box.ts'

const REGULAR = { bold: false, italic: false }
const WEIGHTS = [400, 700] as const
/** Characters whose pairs are kerned: Latin letters, digits and punctuation of German text. */
const KERNED =
  'AÄBCDEFGHIJKLMNOÖPQRSTUÜVWXYZaäbcdefghijklmnoöpqrsßtuüvwxyz0123456789.,;:-–—!?„“"\'()/&@ '

interface Subject {
  readonly name: string
  /** sfnt bytes (fontkit cannot make instances of WOFF2 fonts, so WOFF2 is decoded first). */
  readonly bytes: Uint8Array
  readonly outlines: 'truetype' | 'cff2'
}

const subjects: Subject[] = []

beforeAll(async () => {
  const inter = await loadPackageFile(CUSTOMER_FONT_FILES.interVariable)
  const sourceTtf = await loadPackageFile(CUSTOMER_FONT_FILES.sourceSansVariableTtf)
  subjects.push(
    {
      name: 'Inter (Fontsource WOFF2)',
      bytes: unpackFont(inter, 'Inter', decodeWoff2Font),
      outlines: 'truetype',
    },
    { name: 'Source Sans 3 VF (TTF)', bytes: sourceTtf, outlines: 'truetype' },
    {
      name: 'Source Sans 3 VF (CFF2)',
      bytes: await loadPackageFile(CUSTOMER_FONT_FILES.sourceSansVariable),
      outlines: 'cff2',
    },
    {
      name: 'Source Sans 3 VF without HVAR',
      bytes: withoutTable(sourceTtf, 'HVAR'),
      outlines: 'truetype',
    }
  )
})

/** A copy of a font whose table `tag` is renamed, so that no reader finds it. */
function withoutTable(bytes: Uint8Array, tag: string): Uint8Array {
  const copy = bytes.slice()
  const sfnt = readSfnt(copy, tag)
  const index = [...sfnt.tables.keys()].indexOf(tag)
  copy[12 + index * 16] = 0x5f
  return copy
}

function subject(name: string): Subject {
  const found = subjects.find((candidate) => candidate.name === name)
  if (!found) throw new Error(`no subject ${name}`)
  return found
}

const CASES = [
  'Inter (Fontsource WOFF2)',
  'Source Sans 3 VF (TTF)',
  'Source Sans 3 VF (CFF2)',
  'Source Sans 3 VF without HVAR',
].flatMap((name) => WEIGHTS.map((weight) => [name, weight] as const))

function instance(name: string, weight: number): { face: Face; oracle: FontkitFont } {
  const { bytes } = subject(name)
  return {
    face: parseFont(bytes, name, REGULAR, { axes: { wght: weight } }),
    oracle: create(bytes).getVariation({ wght: weight }),
  }
}

describe('variable font instances against fontkit', () => {
  test.each(CASES.filter(([name]) => !name.includes('without')))(
    'should give every glyph of %s at wght %i the advance fontkit gives, rounded',
    (name, weight) => {
      const { face, oracle } = instance(name, weight)
      expect(oracle.numGlyphs).toBeGreaterThan(500)
      let varied = 0
      const base = create(subject(name).bytes)
      for (let id = 0; id < oracle.numGlyphs; id++) {
        const expected = oracle.getGlyph(id).advanceWidth
        const actual = face.advance(id)
        if (Math.abs(actual - expected) > 0.51) {
          expect([id, actual]).toEqual([id, Math.round(expected)])
        }
        if (actual !== base.getGlyph(id).advanceWidth) varied++
      }
      // Inter's default is 400, Source Sans 3's 200: every other instance moves most advances.
      expect(varied).toBeGreaterThan(
        name.startsWith('Inter') && weight === 400 ? -1 : oracle.numGlyphs / 3
      )
    }
  )

  test.each(WEIGHTS)(
    'should take the advances of a font without HVAR at wght %i from its phantom points',
    (weight) => {
      // fontkit's phantom points are wrong for glyphs whose gvar lists only some of them
      // (dotlessi: 522 for 277), so the oracle is the same font's HVAR: its deltas encode the
      // same masters' advances.
      const withHvar = parseFont(subject('Source Sans 3 VF (TTF)').bytes, 'S', REGULAR, {
        axes: { wght: weight },
      })
      const { face } = instance('Source Sans 3 VF without HVAR', weight)
      let differ = 0
      for (let id = 0; id < 2478; id++) if (face.advance(id) !== withHvar.advance(id)) differ++
      expect(differ).toBe(0)
    }
  )

  test.each(CASES)('should kern the pairs of %s at wght %i as fontkit does', (name, weight) => {
    const { face, oracle } = instance(name, weight)
    let kerned = 0
    let worst = 0
    for (const left of KERNED) {
      for (const right of KERNED) {
        const run = layoutLatin(oracle, left + right)
        if (run.glyphs.length !== 2) continue
        const [first, second] = run.glyphs as unknown as [{ id: number }, { id: number }]
        const expected = (run.positions[0]?.xAdvance ?? 0) - oracle.getGlyph(first.id).advanceWidth
        const actual = face.kerning(first.id, second.id)
        worst = Math.max(worst, Math.abs(actual - expected))
        if (Math.abs(actual - expected) > 0.02)
          expect([left + right, actual]).toEqual([left + right, expected])
        if (actual !== 0) kerned++
      }
    }
    expect(kerned).toBeGreaterThan(300)
    expect(worst).toBeLessThan(0.02)
  })

  test.each(CASES)(
    'should draw every glyph of %s at wght %i where fontkit does',
    (name, weight) => {
      const { face, oracle } = instance(name, weight)
      const cff2 = subject(name).outlines === 'cff2'
      let drawn = 0
      for (let id = 0; id < oracle.numGlyphs; id++) {
        const path = oracle.getGlyph(id).path
        const actual = face.glyphPath(id)
        if (cff2) {
          const expected = fontkitNumbers(path.commands)
          const numbers = (actual.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number)
          expect([id, numbers.length]).toEqual([id, expected.length])
          numbers.forEach((value, index) => {
            const other = expected[index] as number
            // 0.005: our path data is rounded to 1/100 unit.
            if (Math.abs(value - other) > 0.025)
              expect([id, index, value]).toEqual([id, index, other])
          })
        } else {
          const box = path.cbox
          const expected = Number.isFinite(box.minX) ? [box.minX, box.minY, box.maxX, box.maxY] : []
          const got = pathBox(actual)
          expect([id, got.length]).toEqual([id, expected.length])
          got.forEach((value, index) => {
            if (Math.abs(value - (expected[index] as number)) > 1)
              expect([id, got]).toEqual([id, expected])
          })
          expect([id, (actual.match(/Z/g) ?? []).length]).toEqual([
            id,
            path.commands.filter((command) => command.command === 'closePath').length,
          ])
        }
        if (actual.length > 0) drawn++
      }
      expect(drawn).toBeGreaterThan(oracle.numGlyphs * 0.8)
    }
  )
})

/** The coordinates of fontkit's path commands in order, as our path data lists them. */
function fontkitNumbers(
  commands: readonly { command: string; args: readonly number[] }[]
): number[] {
  return commands.flatMap((command) => [...command.args])
}

describe('variable font axes', () => {
  let inter: Uint8Array
  beforeAll(() => {
    inter = subject('Inter (Fontsource WOFF2)').bytes
  })

  const errorOf = (run: () => unknown): FontError => {
    try {
      run()
    } catch (error) {
      if (error instanceof FontError) return error
      throw error
    }
    throw new Error('expected a FontError')
  }

  test('should clamp values outside an axis like CSS, and keep the default without axes', () => {
    const h = (axes?: Record<string, number>): number => {
      const face = parseFont(inter, 'Inter', REGULAR, axes ? { axes } : {})
      return face.advance(face.glyphId(0x48))
    }
    expect(h({ wght: 2000 })).toBe(h({ wght: 900 }))
    expect(h({ wght: 1 })).toBe(h({ wght: 100 }))
    expect(h()).toBe(h({ wght: 400 }))
    expect(h({ wght: 700 })).toBeGreaterThan(h({ wght: 400 }))
  })

  test.each([
    [
      'an axis the font lacks',
      () => parseFont(inter, 'Inter', REGULAR, { axes: { wdth: 80 } }),
      'Unexpected axis `wdth` for font `Inter regular`, expected one of `wght`',
    ],
    [
      'a value that is no number',
      () => parseFont(inter, 'Inter', REGULAR, { axes: { wght: '700' as never } }),
      'Unexpected value `700` of axis `wght` for font `Inter regular`, expected a number',
    ],
    [
      'axes for a static font',
      async () =>
        parseFont(await loadPackageFile(CUSTOMER_FONT_FILES.sourceSansRegular), 'Source', REGULAR, {
          axes: { wght: 700 },
        }),
      'Unexpected axis `wght` for font `Source regular`, expected a variable font (it has no `fvar` table): remove `axes`',
    ],
  ])('should reject %s with a FontError', async (_, run, message) => {
    let error: unknown
    try {
      await run()
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(FontError)
    expect([(error as FontError).code, (error as FontError).message]).toEqual([
      'invalid-variation',
      message,
    ])
    void errorOf
  })
})

describe('feature variations', () => {
  /**
   * Inter (decoded from Fontsource's WOFF2) with a GSUB 1.1 `FeatureVariations` table added: from
   * wght's normalised 0.5 up, the default feature `calt` is replaced by a feature holding the
   * lookups of `tnum` (tabular figures), the way fonts swap glyphs at heavy weights (`rvrn`).
   */
  function withFeatureVariation(bytes: Uint8Array): Uint8Array {
    const sfnt = readSfnt(bytes, 'Inter')
    const gsubRecord = sfnt.tables.get('GSUB')
    if (!gsubRecord) throw new Error('no GSUB')
    const old = new Uint8Array(sfnt.buffer, gsubRecord.offset, gsubRecord.length)
    const view = new DataView(old.buffer, old.byteOffset, old.byteLength)
    const featureList = view.getUint16(6)
    const featureCount = view.getUint16(featureList)
    let calt = -1
    let tnumLookups: number[] = []
    for (let index = 0; index < featureCount; index++) {
      const record = featureList + 2 + index * 6
      const tag = String.fromCharCode(...old.subarray(record, record + 4))
      const feature = featureList + view.getUint16(record + 4)
      const lookups = Array.from({ length: view.getUint16(feature + 2) }, (_, at) =>
        view.getUint16(feature + 4 + at * 2)
      )
      if (tag === 'calt' && calt < 0) calt = index
      if (tag === 'tnum') tnumLookups = lookups
    }
    expect(calt).toBeGreaterThanOrEqual(0)
    expect(tnumLookups.length).toBeGreaterThan(0)
    // New table: a 14-byte 1.1 header, the old body (its header offsets moved by 4), then the
    // FeatureVariations table with one record: condition wght in [0.5, 1], calt → tnum's lookups.
    const body = old.subarray(10)
    const variationsAt = (14 + body.byteLength + 3) & ~3
    const tail = [
      ...[0, 1, 0, 0, 0, 0, 0, 1], // version 1.0, one record
      ...u32(16), // condition set
      ...u32(30), // feature table substitution
      ...[0, 1, ...u32(6)], // condition set: one condition at +6
      ...[0, 1, 0, 0, 0x20, 0x00, 0x40, 0x00], // format 1, axis 0, 0.5 … 1.0
      ...[0, 1, 0, 0, 0, 1, ...u16(calt), ...u32(12)], // substitution: calt → +12
      ...[0, 0, ...u16(tnumLookups.length), ...tnumLookups.flatMap(u16)], // feature table
    ]
    const gsub = new Uint8Array(variationsAt + tail.length)
    const out = new DataView(gsub.buffer)
    out.setUint16(0, 1)
    out.setUint16(2, 1)
    for (const field of [4, 6, 8]) out.setUint16(field, view.getUint16(field) + 4)
    out.setUint32(10, variationsAt)
    gsub.set(body, 14)
    gsub.set(tail, variationsAt)
    const tables = [...sfnt.tables].map(([tag, table]) => ({
      tag,
      data: tag === 'GSUB' ? gsub : new Uint8Array(sfnt.buffer, table.offset, table.length),
    }))
    return buildSfnt(0x00010000, tables)
  }

  function u16(value: number): number[] {
    return [(value >> 8) & 0xff, value & 0xff]
  }

  function u32(value: number): number[] {
    return [...u16(value >>> 16), ...u16(value & 0xffff)]
  }

  test.each([400, 550, 700, 900])(
    'should apply the feature variation of wght %i as fontkit does',
    (weight) => {
      const bytes = withFeatureVariation(subject('Inter (Fontsource WOFF2)').bytes)
      const face = parseFont(bytes, 'Inter', REGULAR, { axes: { wght: weight } })
      const oracle = create(bytes).getVariation({ wght: weight })
      const text = 'Order 2024-0815 for 100 €'
      const expected = layoutLatin(oracle, text).glyphs.map((glyph) => glyph.id)
      expect(shapeText(face, text).glyphs).toEqual(expected)
      const digits = '0123456789'
      const plain = [...digits].map((digit) => face.glyphId(digit.codePointAt(0) as number))
      // From 0.5 (about wght 670 through avar) the figures are tabular; below they are not.
      expect(shapeText(face, digits).glyphs.join() !== plain.join()).toBe(weight >= 700)
    }
  )
})
