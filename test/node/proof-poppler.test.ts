/**
 * The proofs through tools we did not write (Debian `poppler-utils` and `qpdf`, installed by
 * `.ci/run`): every fixture case's proof passes `qpdf --check`, `pdfinfo -box` shows its trim
 * and bleed boxes, `pdffonts` lists no font, and poppler's raster of each page agrees with
 * Chromium's raster of the SVG preview of the same analysis at 12 px per mm (the measure of
 * `rasterAgreement`: at most 16 of 255 per channel, anti-aliasing aside; at least 99.5 % of the
 * pixels), and jsQR decodes every QR code of poppler's raster to the URL the service encodes.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import jsQRModule from 'jsqr'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { analyzePostcard } from '../../src/analysis/analyze-postcard.ts'
import type { QrElement } from '../../src/design/types.ts'
import type { EmojiArtwork } from '../../src/emoji/types.ts'
import { renderPreview } from '../../src/preview/render-preview.ts'
import { renderProof } from '../../src/proof/render-proof.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import { startChromiumRasterizer, type ChromiumRasterizer } from '../helpers/chromium-raster.ts'
import {
  cropRaster,
  decodePpm,
  rasterAgreement,
  toRgba,
  type Raster,
} from '../helpers/raster-pixels.ts'
import {
  caseNames,
  loadArtworkFixture,
  loadCase,
  scannableQrCodes,
  testRegistry,
} from '../preview/preview-cases.ts'

type Decode = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null
const loaded = jsQRModule as unknown as Decode | { default: Decode }
const jsQR: Decode = typeof loaded === 'function' ? loaded : loaded.default

const PX_PER_MM = 12
const MIN_AGREEMENT = 0.995
const PT_PER_MM = 72 / 25.4

let fonts: FontRegistry
let artwork: ReadonlyMap<string, EmojiArtwork>
let chromium: ChromiumRasterizer
let folder: string

beforeAll(async () => {
  fonts = await testRegistry()
  artwork = await loadArtworkFixture()
  chromium = await startChromiumRasterizer()
  folder = await mkdtemp(join(tmpdir(), 'preflight-proof-'))
}, 60_000)

afterAll(async () => {
  await chromium?.close()
  if (folder) await rm(folder, { recursive: true, force: true })
})

function run(command: string, args: readonly string[]): string {
  return execFileSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
}

/** Writes a PDF and rasterises its pages with poppler to exactly `width × height` pixels. */
async function popplerPages(
  pdf: Uint8Array,
  name: string,
  width: number,
  height: number
): Promise<Raster[]> {
  const file = join(folder, `${name}.pdf`)
  await writeFile(file, pdf)
  const result = spawnSync(
    'pdftoppm',
    ['-scale-to-x', String(width), '-scale-to-y', String(height), file, join(folder, name)],
    { encoding: 'utf8' }
  )
  expect(result.status).toBe(0)
  // poppler reports what it cannot read (a broken ICC profile, a bad image) on stderr.
  expect(result.stderr).toBe('')
  return Promise.all(
    [1, 2].map(async (page) => decodePpm(await readFile(join(folder, `${name}-${page}.ppm`))))
  )
}

/** The boxes `pdfinfo -box` reports for the first page, in points. */
function boxes(file: string): Record<string, number[]> {
  const out = run('pdfinfo', ['-box', file])
  const found: Record<string, number[]> = {}
  for (const line of out.split('\n')) {
    const [name, ...values] = line.trim().split(/\s+/)
    if (name?.endsWith('Box:')) found[name.slice(0, -1)] = values.map(Number)
  }
  return found
}

describe('proofs through poppler and qpdf', () => {
  test.each(caseNames)('should check, rasterise and decode `%s` like the preview', async (name) => {
    const { body, design, options } = await loadCase(name)
    const analysis = analyzePostcard(body, design, { fonts })
    // The preview with its bleed shows the trim line: the proof is asked for the same guides.
    const safeZoneMm = options.safeZoneMm
    const preview = renderPreview(analysis, { emojiArtwork: artwork, bleed: true, safeZoneMm })
    const pdf = renderProof(analysis, {
      emojiArtwork: artwork,
      overflow: true,
      guides: true,
      safeZoneMm,
    })
    const { width_mm: width, height_mm: height, bleed_mm: bleed } = design.format
    const w = Math.round((width + 2 * bleed) * PX_PER_MM)
    const h = Math.round((height + 2 * bleed) * PX_PER_MM)
    const pages = await popplerPages(pdf, name, w, h)
    const file = join(folder, `${name}.pdf`)

    expect(spawnSync('qpdf', ['--check', file]).status).toBe(0)
    expect(run('pdffonts', [file]).trim().split('\n')).toHaveLength(2)
    const found = boxes(file)
    const pt = (mm: number): number => Math.round(mm * PT_PER_MM * 100) / 100
    expect(found['TrimBox']).toEqual([pt(bleed), pt(bleed), pt(width + bleed), pt(height + bleed)])
    expect(found['BleedBox']).toEqual([0, 0, pt(width + 2 * bleed), pt(height + 2 * bleed)])
    expect(found['MediaBox']).toEqual(found['BleedBox'])

    const qrCodes = (body as { qr_codes?: Record<string, unknown> }).qr_codes ?? {}
    let decoded = 0
    for (const [index, side] of (['front', 'back'] as const).entries()) {
      const poppler = pages[index] as Raster
      const chrome = await chromium.rasterize(preview[side], w, h)
      const agreement = rasterAgreement(chrome, poppler, { tolerance: 16, reach: 1 })
      expect(agreement.within, `${side}: ${JSON.stringify(agreement)}`).toBeGreaterThanOrEqual(
        MIN_AGREEMENT
      )

      for (const element of design.sides[side].elements) {
        if (element.type !== 'qr') continue
        const qr = element as QrElement
        const value = 'key' in qr ? qrCodes[qr.key] : qr.url
        const symbol = analysis.qrCodes.find((code) => code.element === qr)?.matrix
        if (symbol === undefined) continue
        // The URL the service encodes: the WHATWG serialisation (spec 2.6 rule 4).
        const expected = new URL(String(value)).href
        const region = cropRaster(
          poppler,
          Math.floor((qr.x_mm + bleed - 1) * PX_PER_MM),
          Math.floor((qr.y_mm + bleed - 1) * PX_PER_MM),
          Math.ceil((qr.size_mm + 2) * PX_PER_MM),
          Math.ceil((qr.size_mm + 2) * PX_PER_MM)
        )
        expect(jsQR(toRgba(region), region.width, region.height)?.data, `${side} ${qr.label}`).toBe(
          expected
        )
        decoded++
      }
    }
    // As the preview's raster test counts them: codes with no complete URL are placeholders.
    expect(decoded).toBe(scannableQrCodes[name])
  })

  test('should keep the boxes on the card when the page grows for crop marks', async () => {
    const { body, design } = await loadCase('a6-greeting')
    const file = join(folder, 'marks.pdf')
    await writeFile(file, renderProof(body, design, { fonts, marks: true }))
    expect(spawnSync('qpdf', ['--check', file]).status).toBe(0)
    expect(boxes(file)).toMatchObject({
      MediaBox: [0, 0, 476.22, 354.33],
      BleedBox: [22.68, 22.68, 453.54, 331.65],
      TrimBox: [28.35, 28.35, 447.87, 325.98],
    })
  })

  test('should give poppler a CMYK proof it reads without complaint, images through sRGB', async () => {
    const { body, design } = await loadCase('svg-artwork')
    const pdf = renderProof(body, design, {
      fonts,
      emojiArtwork: artwork,
      colorSpace: 'cmyk',
      marks: true,
    })
    const pages = await popplerPages(pdf, 'cmyk', 400, 300)
    expect(pages).toHaveLength(2)
    const file = join(folder, 'cmyk.pdf')
    expect(spawnSync('qpdf', ['--check', file]).status).toBe(0)
    // `pdfimages -list`: the JPEG and the RGB PNGs in the ICC-based sRGB space (the palette with
    // transparency decoded to RGB and an alpha mask), the grey one grey.
    const images = run('pdfimages', ['-list', file])
      .trim()
      .split('\n')
      .slice(2)
      .map((line) => line.trim().split(/\s+/))
    const colours = images.filter((row) => row[2] === 'image').map((row) => `${row[5]} ${row[8]}`)
    expect(colours).toEqual(['icc jpeg', 'icc image', 'icc image', 'gray image', 'icc image'])
    expect(images.filter((row) => row[2] === 'smask').map((row) => row[5])).toEqual([
      'gray',
      'gray',
    ])
  })
})
