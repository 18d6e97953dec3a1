/**
 * The HTML report of `check-list`, opened from disk in Debian Chromium (no server): it must
 * load with no page error and no Content-Security-Policy violation, show the summary, the
 * chart and the previews of the worst cards, worst first.
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { chromiumOptions } from '../demo-build.ts'
import { writeList } from './generate-list.ts'
import { buildOnce, inRoot, preflight } from './run-preflight.ts'

let dir = ''
let browser: Browser | undefined

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'check-list-html-'))
  await buildOnce()
  browser = await chromium.launch(chromiumOptions)
}, 300_000)

afterAll(async () => {
  await browser?.close()
  await rm(dir, { recursive: true, force: true })
})

test('should open the report from disk with no error, the chart and the previews of the worst cards', async () => {
  const list = join(dir, 'list.csv')
  await writeList(list, 200)
  const report = join(dir, 'report.html')
  const run = await preflight([
    'check-list',
    '--design',
    inRoot('designs/a6-greeting.json'),
    '--template',
    inRoot('test/fixtures/check-list/template.json'),
    '--html',
    report,
    '--previews',
    '5',
    '--progress',
    'none',
    list,
  ])
  expect(run.stderr).toBe('')
  expect(run.code).toBe(1)
  const html = await readFile(report, 'utf8')
  // Self-contained: no script, nothing fetched from elsewhere.
  expect(html).not.toMatch(/<script|<link|https?:\/\/(?!www\.w3\.org\/2000\/svg)[^"]*"/)

  const page = await (browser as Browser).newPage({ viewport: { width: 1200, height: 900 } })
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text())
  })
  page.on('request', (request) => {
    if (!request.url().startsWith('file:') && !request.url().startsWith('data:')) {
      problems.push(`request: ${request.url()}`)
    }
  })
  await page.goto(pathToFileURL(report).href)
  await page.waitForLoadState('load')

  expect(await page.title()).toBe('Recipient list check')
  const counts = await page.locator('.count').allInnerTexts()
  expect(counts.map((text) => text.replace(/\s+/g, ' ').trim())).toEqual([
    '200 rows',
    '172 accepted · 86.0 %',
    '28 rejected · 14.0 %',
    '0 malformed · 0.0 %',
  ])
  // The chart: one bar per Markdown area; the message area overflows in 28 rows.
  const chart = page.locator('.chart svg')
  await expect.poll(() => chart.boundingBox().then((box) => box?.width ?? 0)).toBeGreaterThan(500)
  expect(await chart.locator('text').allTextContents()).toEqual(
    expect.arrayContaining(['Greeting (content.greeting)', 'Message (content.body)', 'no overflow'])
  )
  expect((await chart.locator('text').allTextContents()).join(' ')).toMatch(
    /28 rows · mean [\d.]+ mm/
  )

  // Five cards, worst (largest overflow) first, each with both sides drawn at a visible size.
  const cards = page.locator('article.card')
  expect(await cards.count()).toBe(5)
  const headings = await cards.locator('h3').allInnerTexts()
  const overflows = headings.map((text) =>
    Number(/: \S+ \(content\.\w+\) (\d+\.\d+) mm over/.exec(text)?.[1])
  )
  expect(overflows.every((mm) => mm > 0)).toBe(true)
  expect([...overflows].sort((a, b) => b - a)).toEqual(overflows)
  for (const svg of await cards.locator('.sides svg').all()) {
    const box = await svg.boundingBox()
    expect(box?.width ?? 0).toBeGreaterThan(300)
    expect(box?.height ?? 0).toBeGreaterThan(200)
  }
  // Glyph outlines are drawn (`<use>` of the preview's own defs): the text is really there.
  expect(await cards.first().locator('svg use').count()).toBeGreaterThan(100)

  const screenshot = join(dir, 'report.png')
  await page.screenshot({ path: screenshot, fullPage: true })
  expect((await stat(screenshot)).size).toBeGreaterThan(50_000)
  // The first card's back marks where its message is cut (the preview's alert colour).
  const back = cards.first().locator('.sides figure').nth(1)
  expect(await back.locator('[fill="#d0021b"], [stroke="#d0021b"]').count()).toBeGreaterThan(0)
  await page.close()
  expect(problems).toEqual([])
}, 300_000)
