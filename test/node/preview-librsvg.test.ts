/**
 * Previews look the same in Chromium and in librsvg (issue 13 item 16): `rsvg-convert` (Debian
 * `librsvg2-bin`) is what `sharp` uses for SVG, so a Node host that makes thumbnails of previews
 * sees librsvg's rendering. Every checked-in preview fixture is rasterised by both at 12 px per
 * mm and compared pixel by pixel with the measure of `rasterAgreement`: at most 16 of 255 on
 * each channel, anti-aliasing aside (an edge pixel may lie anywhere between its neighbours); at
 * least 99.5 % of the pixels must agree.
 */
import { execFileSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startChromiumRasterizer, type ChromiumRasterizer } from '../helpers/chromium-raster.ts'
import { decodePng, rasterAgreement } from '../helpers/raster-pixels.ts'
import { caseNames, fixtureUrl } from '../preview/preview-cases.ts'

const PX_PER_MM = 12
const MIN_AGREEMENT = 0.995

let chromium: ChromiumRasterizer

beforeAll(async () => {
  chromium = await startChromiumRasterizer()
}, 60_000)

afterAll(async () => {
  await chromium?.close()
})

/** The viewBox size of a preview in mm. */
function sizeOf(svg: string): { width: number; height: number } {
  const match = /viewBox="-?[\d.]+ -?[\d.]+ ([\d.]+) ([\d.]+)"/.exec(svg)
  if (!match) throw new Error('No viewBox')
  return { width: Number(match[1]), height: Number(match[2]) }
}

describe('previews in Chromium and librsvg', () => {
  test.each(caseNames.flatMap((name) => [`${name}.front`, `${name}.back`]))(
    'should rasterise `%s` alike',
    async (file) => {
      const svg = await readFile(fixtureUrl(`${file}.svg`), 'utf8')
      const { width, height } = sizeOf(svg)
      const w = Math.round(width * PX_PER_MM)
      const h = Math.round(height * PX_PER_MM)
      const png = execFileSync('rsvg-convert', ['-w', String(w), '-h', String(h), '-f', 'png'], {
        input: svg,
        maxBuffer: 256 * 1024 * 1024,
      })
      const librsvg = decodePng(png)
      const chrome = await chromium.rasterize(svg, w, h)
      const agreement = rasterAgreement(chrome, librsvg, { tolerance: 16, reach: 1 })
      expect(agreement.within, JSON.stringify(agreement)).toBeGreaterThanOrEqual(MIN_AGREEMENT)
    }
  )
})
