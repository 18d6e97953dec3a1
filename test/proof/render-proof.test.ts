/**
 * `renderProof` in Node and in Chromium: the same bytes in both (SHA-256 of every fixture case
 * against `test/fixtures/proof/proofs.json`, written in Node with `UPDATE=1`), the file's
 * structure, its options and its misuse errors. Rasters, fonts and boxes are checked with
 * poppler and qpdf in test/node/proof-poppler.test.ts.
 */
import { unzlibSync } from 'fflate'
import fc from 'fast-check'
import { beforeAll, describe, expect, test } from 'vitest'
import { analyzePostcard } from '../../src/analysis/analyze-postcard.ts'
import type { EmojiArtwork } from '../../src/emoji/types.ts'
import { renderProof, ProofOptionsError } from '../../src/proof/render-proof.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import {
  caseNames,
  inNode,
  loadArtworkFixture,
  loadCase,
  readText,
  testRegistry,
  updating,
  writeText,
} from '../preview/preview-cases.ts'

let fonts: FontRegistry
let artwork: ReadonlyMap<string, EmojiArtwork>

beforeAll(async () => {
  fonts = await testRegistry()
  artwork = await loadArtworkFixture()
})

async function sha256(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>)
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

const hashesUrl = new URL('../fixtures/proof/proofs.json', import.meta.url)

/** The variants each case is rendered in for the hash fixture. */
const variants = {
  default: {},
  cmyk: { colorSpace: 'cmyk', marks: true },
  annotated: { overflow: true, guides: true, safeZoneMm: 5 },
} as const

/** The PDF as text: its syntax is ASCII, streams are binary (read as Latin-1). */
function text(pdf: Uint8Array): string {
  return new TextDecoder('latin1').decode(pdf)
}

/** Every stream of the file, inflated when it is Flate-compressed (fflate, a decoder of its own). */
function streams(pdf: Uint8Array): string[] {
  const source = text(pdf)
  const found: string[] = []
  const pattern = /<<((?:[^<>]|<<(?:[^<>]|<<[^<>]*>>)*>>|<[^<>]*>)*)>>\nstream\n/g
  for (const match of source.matchAll(pattern)) {
    const length = Number(/\/Length (\d+)/.exec(match[1] ?? '')?.[1])
    const start = (match.index ?? 0) + match[0].length
    const data = pdf.subarray(start, start + length)
    if (/\/Filter\/FlateDecode/.test(match[1] ?? '') && !/\/DecodeParms/.test(match[1] ?? '')) {
      found.push(new TextDecoder('latin1').decode(unzlibSync(data)))
    } else {
      found.push(new TextDecoder('latin1').decode(data))
    }
  }
  return found
}

describe('renderProof fixtures', () => {
  test('should give the checked-in bytes for every case, in Node and in Chromium', async () => {
    const hashes: Record<string, string> = {}
    for (const name of caseNames) {
      const { body, design } = await loadCase(name)
      const analysis = analyzePostcard(body, design, { fonts })
      for (const [variant, options] of Object.entries(variants)) {
        const pdf = renderProof(analysis, { emojiArtwork: artwork, ...options })
        hashes[`${name} ${variant}`] = await sha256(pdf)
      }
    }
    if (updating) await writeText(hashesUrl, `${JSON.stringify(hashes, null, 2)}\n`)
    expect(hashes).toEqual(JSON.parse(await readText(hashesUrl)))
  })
})

describe('renderProof', () => {
  test('should write one PDF with the front and the back as pages, and no font', async () => {
    const { body, design } = await loadCase('a6-greeting')
    const pdf = renderProof(body, design, { fonts, emojiArtwork: artwork })
    const source = text(pdf)
    expect(source.startsWith('%PDF-1.6\n%\u00e2\u00e3\u00cf\u00d3\n')).toBe(true)
    expect(source.endsWith('%%EOF\n')).toBe(true)
    expect(source).toMatch(/\/Type\/Pages\/Kids\[\d+ 0 R \d+ 0 R\]\/Count 2/)
    expect(source).toContain('/PageLabels<</Nums[0 <</P(front)>> 1 <</P(back)>>]>>')
    expect(source).not.toMatch(/\/Font|\/Type\/Font|\/Encrypt/)
    // Trim box = the card (148 × 105 mm), bleed box = the card + 2 mm = the page, in points.
    expect(source).toContain('/MediaBox[0 0 430.8661 308.9764]')
    expect(source).toContain('/BleedBox[0 0 430.8661 308.9764]')
    expect(source).toContain('/TrimBox[5.6693 5.6693 425.1969 303.3071]')
    expect(source).toMatch(
      /\/OutputIntents\[<<\/Type\/OutputIntent\/S\/GTS_PDFX\/OutputConditionIdentifier\(sRGB IEC61966-2.1\)/
    )
    expect(source).toContain('/Trapped/False')
    expect(source).not.toContain('/CreationDate')
  })

  test('should draw the analysis it is given, the same as from the body', async () => {
    const { body, design } = await loadCase('a6-greeting')
    const analysis = analyzePostcard(body, design, { fonts })
    const fromBody = renderProof(body, design, { fonts, emojiArtwork: artwork })
    const fromAnalysis = renderProof(analysis, { emojiArtwork: artwork })
    expect(await sha256(fromAnalysis)).toBe(await sha256(fromBody))
  })

  test('should embed the sRGB profile, an ICC v4 display profile of 548 bytes', async () => {
    const { body, design } = await loadCase('a6-greeting')
    const pdf = renderProof(body, design, { fonts })
    const profile = streams(pdf).find((stream) => stream.slice(36, 40) === 'acsp')
    expect(profile).toBeDefined()
    expect(profile?.length).toBe(548)
    expect(profile?.slice(8, 24)).toBe('\u0004\u0030\u0000\u0000mntrRGB XYZ ')
  })

  test('should draw glyphs as forms in thirds of a font unit and place them without fonts', async () => {
    const { body, design } = await loadCase('a6-greeting')
    const all = streams(renderProof(body, design, { fonts }))
    // A page: runs scaled to mm and flipped, glyph forms placed with `Do`.
    const page = all.find((stream) => stream.includes(' re W n'))
    expect(page).toMatch(
      /q 0\.2 0\.2 0\.2 rg 0\.\d+ 0 0 -0\.\d+ [\d.]+ [\d.]+ cm\n\/X\d+ Do\n1 0 0 1 [\d.]+ 0 cm \/X\d+ Do/
    )
    // A glyph: integers only (quadratics elevated to cubics exactly), filled non-zero.
    const glyph = all.find((stream) => /^-?\d+ -?\d+ m\n/.test(stream))
    expect(glyph).toMatch(/^(?:-?\d+ -?\d+ [mlc]\n|(?:-?\d+ -?\d+ ){3}c\n|h\n)+f$/)
  })

  test('should convert every colour to DeviceCMYK, black text on the K plate alone', async () => {
    const { body, design } = await loadCase('a6-greeting')
    const pdf = renderProof(body, design, { fonts, emojiArtwork: artwork, colorSpace: 'cmyk' })
    const pages = streams(pdf).filter((stream) => stream.includes(' re W n'))
    expect(pages).toHaveLength(2)
    for (const page of pages) {
      expect(page).not.toMatch(/ (?:rg|RG)\b/)
      expect(page).toMatch(/ k\b/)
    }
    // The greeting's #333333: 80 % black, no colour; the message's black: K alone.
    expect(pages[0]).toContain('0 0 0 0.8 k')
    expect(pages[1]).toContain('0 0 0 1 k')
    expect(text(pdf)).toContain('/OutputConditionIdentifier(FOGRA39)')
  })

  test('should grow the page for crop marks, trim and bleed boxes kept on the card', async () => {
    const { body, design } = await loadCase('a6-greeting')
    const source = text(renderProof(body, design, { fonts, marks: true }))
    // 10 mm around the trim box: 3 mm gap, 5 mm marks, 2 mm margin.
    expect(source).toContain('/MediaBox[0 0 476.2205 354.3307]')
    expect(source).toContain('/BleedBox[22.6772 22.6772 453.5433 331.6535]')
    expect(source).toContain('/TrimBox[28.3465 28.3465 447.874 325.9843]')
  })

  test('should leave overflowing lines and guides out unless asked', async () => {
    const { body, design } = await loadCase('a6-overflow')
    const plain = renderProof(body, design, { fonts })
    const annotated = renderProof(body, design, {
      fonts,
      overflow: true,
      guides: true,
      safeZoneMm: 5,
    })
    const transparency = (pdf: Uint8Array): boolean => text(pdf).includes('/S/Transparency')
    expect(transparency(plain)).toBe(false)
    expect(transparency(annotated)).toBe(true)
    const dashes = (pdf: Uint8Array): number =>
      streams(pdf)
        .join('\n')
        .match(/\] 0 d/g)?.length ?? 0
    expect(dashes(plain)).toBe(0)
    // Trim and safe-zone lines on both sides, the overflow edge and the QR module mark.
    expect(dashes(annotated)).toBeGreaterThanOrEqual(6)
    expect(annotated.length).toBeGreaterThan(plain.length)
  })

  test('should write the date only when given, in UTC', async () => {
    const { body, design } = await loadCase('dl-plain')
    const source = text(
      renderProof(body, design, {
        fonts,
        date: new Date('2026-03-15T12:30:05+01:00'),
        title: 'Proof — März',
      })
    )
    expect(source).toContain('/CreationDate(D:20260315113005Z)/ModDate(D:20260315113005Z)')
    expect(source).toMatch(/\/Title<FEFF0050[0-9A-F]+>/)
  })

  test('should be deterministic, also with a freshly parsed registry', async () => {
    const { body, design } = await loadCase('svg-artwork')
    const first = renderProof(body, design, { fonts, emojiArtwork: artwork })
    const second = renderProof(structuredClone(body), design, { fonts, emojiArtwork: artwork })
    expect(await sha256(second)).toBe(await sha256(first))
  })

  test('should stay within 150 kB for a typical A6 card without photos', async () => {
    const { body, design } = await loadCase('a6-greeting')
    expect(renderProof(body, design, { fonts, emojiArtwork: artwork }).length).toBeLessThanOrEqual(
      150_000
    )
  })

  test('should never throw on any body', async () => {
    const { design } = await loadCase('a6-greeting')
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const pdf = renderProof(value, design, { fonts })
        expect(text(pdf.subarray(0, 8))).toBe('%PDF-1.6')
      }),
      { numRuns: inNode ? 25 : 10 }
    )
  })

  test.each([
    [
      { fonts: undefined },
      'Unexpected `options.fonts`, expected a font registry from `createFontRegistry`',
    ],
    [{ colorSpace: 'lab' }, 'Unexpected `options.colorSpace` `lab`, expected `rgb` or `cmyk`'],
    [
      { safeZoneMm: -1 },
      'Unexpected `options.safeZoneMm` `-1`, expected a number of mm of at least `0`',
    ],
    [{ date: new Date(Number.NaN) }, 'Unexpected `options.date`, expected a valid `Date`'],
    [{ title: 7 }, 'Unexpected `options.title`, expected a string'],
  ])('should throw ProofOptionsError for the misuse %j', async (options, message) => {
    const { body, design } = await loadCase('a6-greeting')
    const call = (): unknown => renderProof(body, design, { fonts, ...options } as never)
    expect(call).toThrow(ProofOptionsError)
    expect(call).toThrow(message)
  })

  test('should refuse an analysis without fonts, or with other fonts', async () => {
    const { body, design } = await loadCase('a6-greeting')
    expect(() => renderProof(analyzePostcard(body, design))).toThrow(
      'Unexpected analysis without fonts, expected an analysis made with `fonts`'
    )
    const analysis = analyzePostcard(body, design, { fonts })
    const other = { ...fonts }
    expect(() => renderProof(analysis, { fonts: other } as never)).toThrow(ProofOptionsError)
    expect(() => renderProof('body' as never)).toThrow(
      'Unexpected arguments, expected an analysis (`analyzePostcard`) or a body, a design and options'
    )
  })
})
