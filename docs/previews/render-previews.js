// Renders the checked-in preview fixtures of the sample designs to PNG with headless Chromium,
// for the README: `node docs/previews/render-previews.js` (after `UPDATE=1` regenerated the
// fixtures, if they changed). Each PNG is the SVG file as the browser draws it, at 2× of 96 dpi.
import { readFile, writeFile } from 'node:fs/promises'
import { chromium } from 'playwright-core'

const fixtures = new URL('../../test/fixtures/preview/', import.meta.url)
const out = new URL('./', import.meta.url)
const previews = [
  'a6-greeting.front',
  'a6-greeting.back',
  'a5-ten-areas.front',
  'a5-ten-areas.back',
  'dl-plain.front',
  'dl-plain.back',
  'a6-overflow.back',
]

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
})
try {
  const page = await browser.newPage({ deviceScaleFactor: 2 })
  for (const name of previews) {
    const svg = await readFile(new URL(`${name}.svg`, fixtures), 'utf8')
    const [, width, height] = /^<svg [^>]*width="([\d.]+)mm" height="([\d.]+)mm"/.exec(svg) ?? []
    if (!width || !height) throw new Error(`No size in mm in ${name}.svg`)
    const px = (mm) => Math.round((Number(mm) * 96) / 25.4)
    await page.setViewportSize({ width: px(width), height: px(height) })
    await page.setContent(
      `<!doctype html><style>html,body{margin:0}img{display:block;width:100vw;height:100vh}</style>` +
        `<img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}">`
    )
    await page.locator('img').evaluate((image) => image.decode())
    const png = await page.screenshot({ type: 'png' })
    await writeFile(new URL(`${name.replace('.', '-')}.png`, out), png)
    console.log(`docs/previews/${name.replace('.', '-')}.png`)
  }
} finally {
  await browser.close()
}
