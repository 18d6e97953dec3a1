/**
 * Test helper (Node only): SVG documents rasterised by the machine's Chromium, as a page shows
 * them (an `<img>` of the document drawn onto a canvas at a given size), for tests that compare
 * Chromium with other renderers (librsvg, poppler).
 */
import { chromium, type Browser, type Page } from 'playwright-core'
import { chromiumOptions } from '../node/demo-build.ts'
import { decodePng, type Raster } from './raster-pixels.ts'

/** A running Chromium with one page. */
export interface ChromiumRasterizer {
  /** Rasterises an SVG document to `width × height` pixels. */
  rasterize(svg: string, width: number, height: number): Promise<Raster>
  close(): Promise<void>
}

/**
 * Starts Chromium.
 *
 * @returns The rasteriser; close it when done.
 */
export async function startChromiumRasterizer(): Promise<ChromiumRasterizer> {
  const browser: Browser = await chromium.launch(chromiumOptions)
  const page: Page = await browser.newPage()
  await page.setContent('<!doctype html><title>raster</title>')
  return {
    async rasterize(svg, width, height) {
      const png = await page.evaluate(
        async ({ svg, width, height }) => {
          const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }))
          try {
            const image = new Image()
            image.src = url
            await image.decode()
            const canvas = document.createElement('canvas')
            canvas.width = width
            canvas.height = height
            const context = canvas.getContext('2d')
            if (!context) throw new Error('No 2D context')
            context.drawImage(image, 0, 0, width, height)
            return canvas.toDataURL('image/png')
          } finally {
            URL.revokeObjectURL(url)
          }
        },
        { svg, width, height }
      )
      return decodePng(Buffer.from(png.slice(png.indexOf(',') + 1), 'base64'))
    },
    close: () => browser.close(),
  }
}
