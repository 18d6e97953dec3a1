/**
 * The demo page end to end: the BUILT page (`dist-demo/`, built here when stale) served by the
 * Node sandbox server on a free port, driven in headless Chromium like a person would use it.
 * The oracles are the sandbox server's own answers and the core run in Node, never the page.
 */
import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { promisify } from 'node:util'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sandboxConfig from '../../config/sandbox.json' with { type: 'json' }
import { parseDesign } from '../../src/design/parse-design.ts'
import type { Design } from '../../src/design/types.ts'
import { checkFit } from '../../src/layout/check-fit.ts'
import { measureFit } from '../../src/analysis/measure-fit.ts'
import { analyzePostcard } from '../../src/analysis/analyze-postcard.ts'
import { createMessages } from '../../src/i18n/create-messages.ts'
import { loadFontSources } from '../../src/node/load-fonts.ts'
import { startSandboxServer, type SandboxServer } from '../../src/node/serve.ts'
import { validatePostcard } from '../../src/postcard/validate-postcard.ts'
import { createFontRegistry } from '../../src/text/font-registry.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import { chromiumOptions, distDemo, ensureDemoBuilt, repository } from './demo-build.ts'

const run = promisify(execFile)

/** A message that overflows the back's Message area (68 × 60 mm, Inter 10 pt). */
const LONG_MESSAGE = `Spring has arrived at Bloom & Co.\n\n${'Our gardeners picked the first tulips of the year, and every bouquet comes with a card written by hand. '.repeat(9)}`
const SHORT_MESSAGE =
  "Spring has arrived.\n\n- 15 % off every bouquet\n- free delivery until Sunday\n\nLet's meet!"

let sandbox: SandboxServer
let browser: Browser
let page: Page
let design: Design
let fonts: FontRegistry
const requests: string[] = []

/** The font faces the page fetched so far, e.g. `Inter-Bold`, sorted. */
function fontFiles(): string[] {
  return requests
    .filter((url) => url.endsWith('.ttf'))
    .map((url) => /\/([A-Za-z]+-[A-Za-z]+)-[\w-]+\.ttf$/.exec(url)?.[1] ?? url)
    .sort()
}

/** Waits until the page has no check scheduled or running. */
async function settled(): Promise<void> {
  await page.waitForSelector('#app[data-state="ready"]:not([data-pending])', { timeout: 10_000 })
}

/** The texts of a list, e.g. the errors next to a field. */
async function items(selector: string): Promise<string[]> {
  return page.locator(`${selector} li`).allTextContents()
}

/** Replaces a field's text the way a person does: select all, then type (the end key by key). */
async function retype(label: string, text: string): Promise<void> {
  const field = page.getByLabel(label, { exact: true })
  await field.fill(text.slice(0, -8))
  await field.press('End')
  await field.pressSequentially(text.slice(-8))
  await settled()
}

/** Clicks a button and waits for the sandbox's answer to show. */
async function send(button: string): Promise<{ status: string; body: unknown; bodyText: string }> {
  const before = await page.locator('#answer-body').textContent()
  const id = await page.locator('#request-id').inputValue()
  await page.getByRole('button', { name: button, exact: true }).click()
  await page.waitForFunction(
    ([previous, previousId]) =>
      !document.querySelector('#answer')?.hasAttribute('aria-busy') &&
      !(document.querySelector('#send') as HTMLButtonElement).disabled &&
      (document.querySelector('#answer-body')?.textContent !== previous ||
        (document.querySelector('#request-id') as HTMLInputElement).value !== previousId ||
        document.querySelector('#answer-status')?.textContent === '409 Conflict'),
    [before, id] as const
  )
  const bodyText = (await page.locator('#answer-body').textContent()) ?? ''
  return {
    status: (await page.locator('#answer-status').textContent()) ?? '',
    body: JSON.parse(bodyText) as unknown,
    bodyText,
  }
}

/**
 * The page never shows an answer beside a verdict it does not belong to: an answer of the
 * sandbox that is not marked stale agrees with the live verdict (422 with "would answer 422",
 * 201/202/409 with "would accept"), and a stale one says so.
 */
async function expectCoherent(): Promise<void> {
  const answer = page.locator('#answer')
  if (await answer.isHidden()) return
  const stale = (await answer.getAttribute('data-stale')) === 'true'
  expect(await page.locator('#answer-stale').isVisible()).toBe(stale)
  if (stale) {
    expect(await page.locator('#answer-compare').isVisible()).toBe(false)
    return
  }
  const status = (await answer.getAttribute('data-status')) ?? ''
  const verdict = await page.locator('#verdict-text').textContent()
  if (status === '422') expect(verdict).toBe('The API would answer 422')
  else if (/^20[12]$|^409$/.test(status)) {
    expect(verdict).toBe('The API would accept this postcard')
  }
}

beforeAll(async () => {
  const [, sources, json] = await Promise.all([
    ensureDemoBuilt(),
    loadFontSources(),
    readFile(`${repository}designs/a6-greeting.json`, 'utf8'),
  ])
  fonts = createFontRegistry(sources)
  design = parseDesign(JSON.parse(json))
  sandbox = await startSandboxServer({ port: 0, demo: distDemo })
  browser = await chromium.launch(chromiumOptions)
  page = await browser.newPage({ viewport: { width: 1440, height: 1000 } })
  page.on('request', (request) => requests.push(request.url()))
  await page.goto(`${sandbox.url}/`)
  await settled()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await sandbox?.close()
})

describe('the demo page', () => {
  it('should open on the first flow of the sandbox config with a card the API accepts', async () => {
    const flow = sandboxConfig.accounts[0]?.flows[0]
    expect(await page.locator('#design').inputValue()).toBe('designs/a6-greeting.json')
    expect(await page.locator('#f-flow_id').inputValue()).toBe(flow?.id)
    expect(await page.locator('#token').inputValue()).toBe(sandboxConfig.accounts[0]?.tokens[0])
    expect(await page.locator('#verdict-text').textContent()).toBe(
      'The API would accept this postcard'
    )
    // One Markdown editor per configured key, one URL input per keyed QR code, both addresses.
    const editors = page.locator('textarea')
    expect(await editors.count()).toBe(design.markdownAreas.length)
    for (const area of design.markdownAreas) {
      await expect(page.getByLabel(area.label, { exact: true }).getAttribute('name')).resolves.toBe(
        `content.${area.key}`
      )
    }
    expect(await page.locator('input[type="url"]').getAttribute('name')).toBe('qr_codes.coupon_url')
    expect(await page.locator('[name^="to."]').count()).toBe(8)
    expect(await page.locator('[name^="from."]').count()).toBe(8)
    // Only the regular faces the design's sample texts need; bold and italic come when typed.
    expect(fontFiles()).toEqual(['Inter-Regular', 'Lora-Regular', 'Roboto-Regular'])
  })

  it('should flag an overflowing text as it is typed, then show the fixed card', async () => {
    const backBefore = await page.locator('#back').innerHTML()
    await retype('Message', LONG_MESSAGE)

    // The fit meter, from the core run in Node on the same text and fonts.
    const area = design.markdownAreas.find((candidate) => candidate.key === 'body')
    if (!area) throw new Error('a6-greeting.json has no `body` area')
    const measured = measureFit(LONG_MESSAGE, area, fonts)
    const fitError = checkFit(LONG_MESSAGE, area, fonts)
    expect(measured.fits).toBe(false)
    const cut = /at least (\d+) characters/.exec(fitError?.suggested_action ?? '')?.[1]
    expect(await page.locator('#m-content-body .meter-text').textContent()).toBe(
      `overflows by ${(Math.ceil(measured.overflow_mm * 10 - 1e-9) / 10).toFixed(1)} mm: cut ${cut} characters`
    )
    expect(await page.locator('#m-content-body').getAttribute('data-state')).toBe('overflows')

    // The errors next to the field: exactly the messages of the verdict.
    const body = {
      flow_id: await page.locator('#f-flow_id').inputValue(),
      content: { greeting: await page.getByLabel('Greeting').inputValue(), body: LONG_MESSAGE },
    }
    const verdict = validatePostcard(body, design, { fonts })
    expect(verdict.ok).toBe(false)
    const expected = verdict.ok ? [] : (verdict.body.errors['content.body'] ?? [])
    expect(expected.length).toBeGreaterThan(0)
    expect(await items('#e-content-body')).toEqual(expected)
    expect(await page.getByLabel('Message').getAttribute('aria-invalid')).toBe('true')
    expect(await page.locator('#e-content-body').getAttribute('aria-live')).toBe('polite')
    expect(await page.locator('#verdict-text').textContent()).toBe('The API would answer 422')

    // The sandbox answers 422 with the very body the page predicted.
    const refused = await send('Send to sandbox')
    expect(refused.status).toBe('422 Unprocessable Content')
    expect((refused.body as { errors: Record<string, string[]> }).errors['content.body']).toEqual(
      expected
    )
    expect(await page.locator('#answer-compare').textContent()).toBe(
      'Same body as the live check predicted.'
    )
    expect(await page.locator('#answer').getAttribute('data-stale')).toBeNull()
    await expectCoherent()
    // The preview shows the overflow on the back.
    const backOverflowing = await page.locator('#back').innerHTML()
    expect(backOverflowing).not.toBe(backBefore)
    expect(backOverflowing).toContain('class="overflow"')

    await retype('Message', SHORT_MESSAGE)
    const fixed = measureFit(SHORT_MESSAGE, area, fonts)
    expect(fixed.fits).toBe(true)
    expect(await page.locator('#m-content-body .meter-text').textContent()).toBe(
      `${(Math.floor(fixed.remaining_mm * 10 + 1e-9) / 10).toFixed(1)} mm left`
    )
    expect(await items('#e-content-body')).toEqual([])
    expect(await page.getByLabel('Message').getAttribute('aria-invalid')).toBeNull()
    const backFixed = await page.locator('#back').innerHTML()
    expect(backFixed).not.toBe(backOverflowing)
    expect(backFixed).not.toContain('class="overflow"')
    expect(await page.locator('#verdict-text').textContent()).toBe(
      'The API would accept this postcard'
    )
    // The 422 answered the card before the fix: marked stale, never beside "would accept" as
    // if it were current (issue 13 item 14).
    expect(await page.locator('#answer').getAttribute('data-stale')).toBe('true')
    expect(await page.locator('#answer-stale').textContent()).toContain(
      'This answer is for an earlier version of the card'
    )
    await expectCoherent()
    // Back to the text that was sent: the answer is current again.
    await retype('Message', LONG_MESSAGE)
    expect(await page.locator('#answer').getAttribute('data-stale')).toBeNull()
    expect(await page.locator('#answer-compare').isVisible()).toBe(true)
    await expectCoherent()
    await retype('Message', SHORT_MESSAGE)
    expect(await page.locator('#answer').getAttribute('data-stale')).toBe('true')
  })

  it('should show the recipient as the post reads it, as it is typed (issue 15)', async () => {
    const lines = () => page.locator('#address-lines').textContent()
    expect(await lines()).toBe('Erika Mustermann\nHeidestraße 17\n51147 Köln')
    const set = async (name: string, value: string) => {
      await page.locator(`[name="to.${name}"]`).fill(value)
      await settled()
    }
    await set('country', 'NL')
    await set('zip', '1016gv')
    await set('city', 'Amsterdam')
    expect(await lines()).toBe('Erika Mustermann\nHeidestraße 17\n1016 GV  AMSTERDAM\nNIEDERLANDE')
    await set('country', 'DE')
    await set('zip', '51147')
    await set('city', 'Köln')
    expect(await lines()).toBe('Erika Mustermann\nHeidestraße 17\n51147 Köln')
  })

  it('should send to the sandbox: 201, then the 409 replay of the same X-Request-Id', async () => {
    const id = await page.locator('#request-id').inputValue()
    const first = await send('Send to sandbox')
    expect(first.status).toBe('201 Created')
    expect(first.body).toMatchObject({ request_id: id, status: 'queued' })
    const headers = await page.locator('#answer-headers').innerText()
    expect(headers).toMatch(/X-RateLimit-Limit\s+600/)
    expect(headers).toMatch(/X-RateLimit-Remaining\s+\d+/)
    expect(headers).toContain(`X-Request-Id\n${id}`)

    const replay = await send('Resend with the same id')
    expect(replay.status).toBe('409 Conflict')
    expect(replay.bodyText).toBe(first.bodyText)
    expect(await page.locator('#answer-explain').textContent()).toContain('(spec 4.1 rule 1)')

    const fresh = await send('Send with a new request id')
    expect(fresh.status).toBe('201 Created')
    const newId = await page.locator('#request-id').inputValue()
    expect(newId).not.toBe(id)
    expect(fresh.body).toMatchObject({ request_id: newId, status: 'queued' })
    expect(await page.locator('#answer').getAttribute('data-stale')).toBeNull()
    await expectCoherent()

    // Another token is another request: the answer is stale until the token is back.
    const token = await page.locator('#token').inputValue()
    const other = sandboxConfig.accounts[0]?.tokens[1] ?? ''
    await page.locator('#token').selectOption(other)
    expect(await page.locator('#answer').getAttribute('data-stale')).toBe('true')
    await page.locator('#token').selectOption(token)
    expect(await page.locator('#answer').getAttribute('data-stale')).toBeNull()
  })

  it('should copy a curl command that a POSIX shell sends as the page does', async () => {
    await retype('Message', SHORT_MESSAGE)
    await page.getByRole('button', { name: 'New request id', exact: true }).click()
    const id = await page.locator('#request-id').inputValue()
    await page.getByRole('button', { name: 'Copy as curl' }).click()
    await page.waitForFunction(() => document.querySelector('#curl')?.textContent !== '')
    const command = (await page.locator('#curl').textContent()) ?? ''
    // The message contains `'` (Let's): the quoting is checked by sh and curl, not by us.
    expect(command).toContain("Let'\\''s meet!")
    const { stdout } = await run('sh', ['-c', `${command} --silent --show-error`])
    expect(stdout).toMatch(/^HTTP\/1\.1 201 Created\r$/m)
    expect(stdout).toMatch(new RegExp(`^x-request-id: ${id}\\r$`, 'im'))
    expect(stdout).toMatch(/^x-ratelimit-limit: 600\r$/im)
  })

  it('should load emoji artwork per emoji and fonts per face, all from its own server', async () => {
    await retype('Greeting', 'Hello **Erika**! 🌷 *Spring*')
    expect(requests.filter((url) => url.includes('/emoji/'))).toEqual([
      `${sandbox.url}/emoji/1f337.svg`,
    ])
    const front = await page.locator('#front').innerHTML()
    expect(front).toContain('<symbol id="pp-f-e-1f337"')
    expect(front).not.toContain('missing-emoji')
    expect(await items('#w-content-greeting')).toEqual([])
    // Inter bold and italic only now that a text is set in them; never a face nobody uses.
    expect(fontFiles()).toEqual([
      'Inter-Bold',
      'Inter-Italic',
      'Inter-Regular',
      'Lora-Regular',
      'Roboto-Regular',
    ])
    for (const url of requests) expect(new URL(url).origin).toBe(sandbox.url)
  })

  it('should flag emoji newer than the pinned set and characters the fonts cannot draw', async () => {
    // 🫝 is Emoji 18.0 (the pin is 17.0); 你好 is not in Inter.
    const greeting = 'Hello 🫝 你好'
    await retype('Greeting', greeting)
    const body = {
      flow_id: await page.locator('#f-flow_id').inputValue(),
      content: { greeting, body: SHORT_MESSAGE },
    }
    const expected = validatePostcard(body, design, { fonts })
      .warnings.filter((warning) => warning.path === 'content.greeting')
      .map((warning) => warning.message)
    expect(expected.length).toBeGreaterThanOrEqual(2)
    expect(await items('#w-content-greeting')).toEqual(expected)
    expect(await page.locator('#w-content-greeting').getAttribute('aria-live')).toBe('polite')
    // Drawn as the "missing" marker, and no artwork asked for an emoji outside the set.
    expect(await page.locator('#front').innerHTML()).toContain('missing-emoji')
    expect(requests.some((url) => url.includes('1fadd'))).toBe(false)
    // Warnings never block: the API would still accept the card.
    expect(await page.locator('#verdict-text').textContent()).toBe(
      'The API would accept this postcard'
    )
  })

  it('should be usable with the keyboard alone', async () => {
    // Every control has a label.
    const unlabelled = await page.evaluate(() =>
      [...document.querySelectorAll('input, textarea, select')]
        .filter((control) => (control as HTMLInputElement).labels?.length === 0)
        .map((control) => control.id)
    )
    expect(unlabelled).toEqual([])
    await page.locator('#design').focus()
    await page.keyboard.press('ArrowUp')
    await settled()
    expect(await page.locator('#design').inputValue()).toBe('designs/a5-ten-areas.json')
    expect(await page.locator('textarea').count()).toBe(10)
    expect(await page.locator('#f-flow_id').inputValue()).toBe(
      sandboxConfig.accounts[1]?.flows[0]?.id
    )
    expect(await page.locator('#verdict-text').textContent()).toBe(
      'The API would accept this postcard'
    )
  })

  it('should word the page, the fit meters and the messages in German, Dutch or French', async () => {
    await page.locator('#design').selectOption('designs/a6-greeting.json')
    await settled()
    await retype('Message', LONG_MESSAGE)
    const flow = await page.locator('#f-flow_id').inputValue()
    const body = {
      flow_id: flow,
      content: { greeting: await page.getByLabel('Greeting').inputValue(), body: LONG_MESSAGE },
    }
    // The oracle: the findings and the meter of the core run in Node, worded by createMessages.
    const analysis = analyzePostcard(body, design, { fonts })
    const area = analysis.areas.find((candidate) => candidate.element.key === 'body')
    if (!area?.fit) throw new Error('expected a measured `body` area')
    const words = {
      de: ['Die API würde mit 422 antworten', 'Postleitzahl', 'Rückseite'],
      nl: ['De API zou met 422 antwoorden', 'Postcode', 'Achterkant'],
      fr: ['L’API répondrait 422', 'Code postal', 'Verso'],
      en: ['The API would answer 422', 'ZIP code', 'Back'],
    } as const
    for (const [locale, [verdict, zip, back]] of Object.entries(words)) {
      await page.locator('#language').selectOption(locale)
      await settled()
      const messages = createMessages(locale)
      expect(await page.locator('html').getAttribute('lang')).toBe(locale)
      expect(await page.locator('#m-content-body .meter-text').textContent()).toBe(
        messages.fit(area.fit, area.fitSuggestion)
      )
      expect(await items('#e-content-body')).toEqual(
        analysis.findings.errors
          .filter((error) => error.path === 'content.body')
          .map((error) => messages.message(error))
      )
      expect(await page.locator('#verdict-text').textContent()).toBe(verdict)
      expect(await page.locator('label[for="f-to-zip"]').textContent()).toBe(`${zip} *`)
      expect(await page.locator('[data-text="back"]').textContent()).toBe(back)
      // What was typed, the flow and the token stay.
      expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe(LONG_MESSAGE)
      expect(await page.locator('#f-flow_id').inputValue()).toBe(flow)
    }
    expect(await page.locator('#m-content-body .meter-text').textContent()).toMatch(
      /^overflows by \d+\.\d mm: cut \d+ characters$/
    )
  })

  it(
    'should download the PDF proof of the card, its code loaded on the first click only',
    {
      timeout: 60_000,
    },
    async () => {
      await page.locator('#design').selectOption('designs/a6-greeting.json')
      await settled()
      await retype('Greeting', 'Hello **Erika**! *Spring*')
      await retype('Message', SHORT_MESSAGE)
      const scripts = () => requests.filter((url) => url.endsWith('.js'))
      const before = scripts()
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download PDF proof', exact: true }).click(),
      ])
      expect(download.suggestedFilename()).toBe('proof-a6-greeting.pdf')
      expect(scripts().filter((url) => !before.includes(url)).length).toBeGreaterThan(0)
      const pdf = new Uint8Array(await readFile(await download.path()))

      // The oracle: the sandbox server (the core in Node) draws the entry of the same card.
      await page.getByRole('button', { name: 'New request id', exact: true }).click()
      const sent = await send('Send to sandbox')
      expect(sent.status).toBe('201 Created')
      const id = await page.locator('#request-id').inputValue()
      const token = await page.locator('#token').inputValue()
      const proof = await fetch(`${sandbox.url}/api/v1/entries/${id}/proof.pdf`, {
        headers: { authorization: `Bearer ${token}` },
      })
      expect(proof.status).toBe(200)
      expect(pdf).toEqual(new Uint8Array(await proof.arrayBuffer()))
      // A second click reuses the loaded chunk.
      const loaded = scripts()
      const [again] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download PDF proof', exact: true }).click(),
      ])
      expect(new Uint8Array(await readFile(await again.path()))).toEqual(pdf)
      expect(scripts()).toEqual(loaded)
    }
  )

  it('should take the screenshot the README shows (written to docs/demo.png with UPDATE=1)', async () => {
    await page.locator('#design').selectOption('designs/a6-greeting.json')
    await settled()
    await retype('Message', SHORT_MESSAGE.replace("Let's meet!", 'See you soon!'))
    await retype('Greeting', `Hello **Erika**!\n${'Thank you for growing with us. '.repeat(12)}`)
    expect(await page.locator('#m-content-greeting').getAttribute('data-state')).toBe('overflows')
    // One coherent moment: the live check says 422, and the sandbox's answer to this very card
    // is that 422, as predicted.
    const refused = await send('Send with a new request id')
    expect(refused.status).toBe('422 Unprocessable Content')
    expect(await page.locator('#answer-compare').textContent()).toBe(
      'Same body as the live check predicted.'
    )
    await expectCoherent()
    // No passing note of an earlier step ("Copied to the clipboard.") in the picture.
    await page.waitForFunction(() => document.querySelector('#copied')?.textContent === '')
    await page.evaluate(() => window.scrollTo(0, 0))
    const png = await page.screenshot({ fullPage: false, animations: 'disabled' })
    expect(png.subarray(1, 4).toString()).toBe('PNG')
    // Tests leave the tree clean: the tracked image is rewritten only when asked.
    if ('UPDATE' in process.env) await writeFile(`${repository}docs/demo.png`, png)
  })
})
