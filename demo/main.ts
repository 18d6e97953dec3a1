/**
 * The demo page: pick a sample design, type the postcard, and see as you type what the
 * Direct-Mail API v1 will say about it (every check of the core runs in the page), how much room
 * each text has left, and the card itself; then send it to the sandbox.
 *
 * @module
 */
import sandboxConfig from '../config/sandbox.json' with { type: 'json' }
import fontsManifest from '../fonts/fonts.json' with { type: 'json' }
import { createMessages, LOCALES, type Locale, type Messages } from '../src/forms/index.ts'
import {
  parseDesign,
  previewEmojiKeys,
  type Design,
  type FontRegistry,
  type Verdict,
} from '../src/index.ts'
import { DEMO_TEXTS, type DemoTexts, type StaticText } from './demo-texts.ts'
import { byId, h, setItems, setText } from './dom.ts'
import { createHttpEmojiArtwork } from './emoji-artwork-source.ts'
import { faceNeeds, markdownFaces } from './face-needs.ts'
import { createFontLoader, type FaceSlot } from './font-loader.ts'
import { createLiveCheck, type FormBody, type LiveCheck, type LiveResult } from './live-check.ts'
import {
  createPostcardForm,
  showFindings,
  type FindingSlot,
  type PostcardForm,
} from './postcard-form.ts'
import {
  createSandboxCatalog,
  byRepositoryPath,
  type CatalogDesign,
  type CatalogFlow,
} from './sandbox-catalog.ts'
import { SAMPLE_FROM, SAMPLE_TO, sampleContent, sampleQrCodes } from './sample-postcard.ts'
import { setUpSendPanel, type SendPanel } from './send-panel.ts'

/** Quiet time after a keystroke before the page checks (typing bursts are checked once). */
const DEBOUNCE_MS = 60

/** Name of the User Timing measure of each update (read by bench/demo.bench.js). */
const UPDATE_MEASURE = 'preflight:update'

const designJson = import.meta.glob<unknown>('../designs/*.json', {
  import: 'default',
  eager: true,
})
const fontUrls = import.meta.glob<string>('../fonts/*.{ttf,otf}', {
  query: '?url',
  import: 'default',
  eager: true,
})

const catalog = createSandboxCatalog(
  sandboxConfig,
  'config/sandbox.json',
  byRepositoryPath(
    Object.fromEntries(
      Object.entries(designJson).map(([path, json]) => [path, () => Promise.resolve(json)])
    ),
    'demo/'
  )
)
const fonts = createFontLoader({
  manifest: fontsManifest,
  urlOf: (file) => fontUrls[`../fonts/${file}`],
})
const emoji = createHttpEmojiArtwork(new URL('/emoji/', location.href).href)

const app = byId('app', HTMLElement)
const designSelect = byId('design', HTMLSelectElement)
const designHint = byId('design-hint', HTMLElement)
const flowInput = byId('f-flow_id', HTMLInputElement)
const flowHint = byId('flow-hint', HTMLElement)
const tokenSelect = byId('token', HTMLSelectElement)
const fieldsHost = byId('design-fields', HTMLElement)
const guides = byId('guides', HTMLInputElement)
const downloadProof = byId('download-proof', HTMLButtonElement)
const front = byId('front', HTMLElement)
const back = byId('back', HTMLElement)
const timing = byId('timing', HTMLElement)
const verdictBox = byId('verdict', HTMLElement)
const verdictText = byId('verdict-text', HTMLElement)
const verdictDetail = byId('verdict-detail', HTMLElement)
const otherErrors = byId('e-other', HTMLUListElement)
const otherWarnings = byId('w-other', HTMLUListElement)
const languageSelect = byId('language', HTMLSelectElement)

/** The page's language: `?lang=de`, else the browser's languages, else English. */
let messages: Messages = createMessages([
  ...(new URLSearchParams(location.search).get('lang') ?? '').split(',').filter(Boolean),
  ...navigator.languages,
])
let texts: DemoTexts = DEMO_TEXTS[messages.locale]

const flowSlot: FindingSlot = {
  control: flowInput,
  errors: byId('e-flow_id', HTMLUListElement),
  warnings: byId('w-flow_id', HTMLUListElement),
}

/** The chosen design and everything built for it. */
interface Page {
  readonly entry: CatalogDesign
  readonly design: Design
  readonly form: PostcardForm
  readonly live: LiveCheck
  readonly slots: ReadonlyMap<string, FindingSlot>
}

/** Parsed designs by file; a design that does not parse is listed with its problem. */
const designs = new Map<string, Design | Error>()
/** What the person typed per Markdown and QR key, kept across designs. */
const typed = { content: new Map<string, string>(), qr_codes: new Map<string, string>() }
/** Faces each Markdown key's text needs, cached by text. */
const faces = new Map<string, { text: string; faces: ReadonlySet<FaceSlot> }>()

let page: Page | undefined
let last: { result: LiveResult; body: FormBody } | undefined
/** The send panel, told what a send would send after every check (stale answers). */
let sendPanel: SendPanel | undefined
let timer: ReturnType<typeof setTimeout> | undefined
let generation = 0

function describeFlow(flow: CatalogFlow | undefined): string {
  if (!flow) return texts.flow.unknown
  return flow.paused
    ? texts.flow.paused(flow.accountId)
    : texts.flow.active(flow.accountId, flow.batch)
}

function flowOf(id: string): CatalogFlow | undefined {
  const wanted = id.trim().toLowerCase()
  for (const entry of catalog.designs) {
    const flow = entry.flows.find((candidate) => candidate.id.toLowerCase() === wanted)
    if (flow) return flow
  }
  return undefined
}

function readBody(current: Page): FormBody {
  return { flow_id: flowInput.value, ...current.form.read() }
}

function facesOf(current: Page, body: FormBody) {
  return faceNeeds(current.design, (key) => {
    const text = body.content?.[key] ?? ''
    let cached = faces.get(key)
    if (cached?.text !== text) {
      cached = { text, faces: markdownFaces(text) }
      faces.set(key, cached)
    }
    return cached.faces
  })
}

/** The SVG each side shows, to skip redrawing a side whose markup did not change. */
const shownSvg = new Map<HTMLElement, string>()

function showSide(host: HTMLElement, svg: string): void {
  if (shownSvg.get(host) === svg) return
  // The SVG is the core's output: text is drawn as glyph outlines and every value is escaped.
  host.innerHTML = svg
  shownSvg.set(host, svg)
}

function showVerdict(verdict: Verdict, flow: CatalogFlow | undefined): void {
  const warnings = verdict.warnings.length
  const note = warnings === 0 ? '' : texts.verdict.warnings(warnings, messages.format)
  verdictBox.dataset['ok'] = String(verdict.ok)
  if (verdict.ok) {
    setText(verdictText, texts.verdict.accept)
    const answer = !flow
      ? texts.verdict.notFound
      : flow.paused
        ? texts.verdict.paused
        : texts.verdict.queued
    setText(verdictDetail, `${answer}${note}`)
  } else {
    setText(verdictText, texts.verdict.refuse)
    // English shows the 422's own message; other languages say it in their words.
    setText(
      verdictDetail,
      `${messages.locale === 'en' ? verdict.body.message : texts.verdict.invalid}${note}`
    )
  }
}

function showProblem(message: string): void {
  verdictBox.dataset['ok'] = 'error'
  setText(verdictText, texts.verdict.unchecked)
  setText(verdictDetail, message)
}

/** The synchronous update path: check, measure and draw, then show. Measured as one unit. */
function commit(current: Page, body: FormBody, registry: FontRegistry): LiveResult {
  const start = performance.now()
  const result = current.live.update(body, {
    fonts: registry,
    emojiArtwork: emoji.artwork,
    guides: guides.checked,
    messages,
  })
  showSide(front, result.front)
  showSide(back, result.back)
  showFindings(current.slots, result.fields)
  current.form.showMeters(result.meters)
  current.form.showAddress(result.address)
  setItems(otherErrors, result.other.errors)
  setItems(
    otherWarnings,
    result.other.warnings.map((warning) => warning.message)
  )
  showVerdict(result.verdict, flowOf(body.flow_id))
  const end = performance.now()
  performance.measure(UPDATE_MEASURE, { start, end, detail: { remeasured: result.remeasured } })
  setText(timing, texts.timing(messages.format.number(end - start, 1)))
  return result
}

/** Loads what the body needs (fonts, emoji artwork), then commits; a newer run wins. */
async function run(): Promise<LiveResult | undefined> {
  const current = page
  if (!current) return undefined
  const run = ++generation
  app.dataset['pending'] = 'true'
  const body = readBody(current)
  try {
    const needs = facesOf(current, body)
    let registry = fonts.ready(needs)
    if (!registry) {
      app.dataset['state'] = 'loading'
      registry = await fonts.load(needs)
    }
    const keys = previewEmojiKeys(body, current.design)
    if (!emoji.has(keys)) await emoji.load(keys)
    if (run !== generation || page !== current) return undefined
    const result = commit(current, body, registry)
    last = { result, body }
    sendPanel?.showCurrent({ body, token: tokenSelect.value })
    app.dataset['state'] = 'ready'
    app.removeAttribute('aria-busy')
    settle(run)
    return result
  } catch (error) {
    if (run === generation) showProblem(error instanceof Error ? error.message : String(error))
    app.dataset['state'] = 'error'
    app.removeAttribute('aria-busy')
    settle(run)
    return undefined
  }
}

/**
 * Draws the card as checked last as a PDF proof and hands it to the browser as a download. The
 * proof code (`postcard-preflight/proof`) is loaded on the first click only, so the page's first
 * load stays within its budget; it draws the same analysis as the preview, with the same artwork.
 */
async function saveProof(): Promise<void> {
  clearTimeout(timer)
  timer = undefined
  const result = await run()
  if (!result || !page) return
  downloadProof.disabled = true
  try {
    const { renderProof } = await import('../src/proof/index.ts')
    const pdf = renderProof(result.analysis, { emojiArtwork: emoji.artwork })
    const url = URL.createObjectURL(
      new Blob([pdf as Uint8Array<ArrayBuffer>], { type: 'application/pdf' })
    )
    const link = h(
      'a',
      {
        href: url,
        download: `proof-${page.entry.file.replace(/^.*\//, '').replace(/\.json$/, '')}.pdf`,
      },
      []
    )
    link.click()
    setTimeout(() => URL.revokeObjectURL(url), 60_000)
  } catch (error) {
    showProblem(error instanceof Error ? error.message : String(error))
  } finally {
    downloadProof.disabled = false
  }
}

/** Marks the page busy while a check is scheduled or running (`data-pending`, for tests). */
function settle(run: number): void {
  if (timer === undefined && run === generation) delete app.dataset['pending']
}

function schedule(): void {
  clearTimeout(timer)
  app.dataset['pending'] = 'true'
  timer = setTimeout(() => {
    timer = undefined
    void run()
  }, DEBOUNCE_MS)
}

function onInput(path: string): void {
  const [kind, key] = path.split('.') as [string, string | undefined]
  if (page && key !== undefined && (kind === 'content' || kind === 'qr_codes')) {
    const control = document.getElementById(`f-${kind}-${key}`)
    if (control instanceof HTMLTextAreaElement || control instanceof HTMLInputElement) {
      typed[kind].set(key, control.value)
    }
  }
  schedule()
}

function chooseDesign(file: string): void {
  const entry = catalog.designs.find((candidate) => candidate.file === file)
  const design = designs.get(file)
  if (!entry || !(design && !(design instanceof Error))) {
    showProblem(design instanceof Error ? design.message : `No design \`${file}\``)
    return
  }
  const content = sampleContent(design)
  for (const key of Object.keys(content))
    content[key] = typed.content.get(key) ?? content[key] ?? ''
  const qrCodes = sampleQrCodes(design)
  for (const key of Object.keys(qrCodes))
    qrCodes[key] = typed.qr_codes.get(key) ?? qrCodes[key] ?? ''
  const previous = page?.form.read()
  const form = createPostcardForm(
    design,
    {
      content,
      qr_codes: qrCodes,
      to: { ...SAMPLE_TO, ...previous?.to },
      from: { ...SAMPLE_FROM, ...previous?.from },
    },
    onInput,
    texts
  )
  fieldsHost.replaceChildren(form.element)
  const slots = new Map(form.slots)
  slots.set('flow_id', flowSlot)
  page = {
    entry,
    design,
    form,
    live: createLiveCheck(design, slots.keys()),
    slots,
  }
  const flow = entry.flows[0]
  flowInput.value = flow?.id ?? ''
  if (flow?.tokens[0] !== undefined) tokenSelect.value = flow.tokens[0]
  setText(flowHint, describeFlow(flow))
  const { width_mm: width, height_mm: height } = design.format
  const size = `${messages.format.number(width)} × ${messages.format.mm(height)}`
  setText(
    designHint,
    `${texts.design(size, design.markdownAreas.length, design.keyedQrCodes.length, messages.format)} ${entry.file}`
  )
  designSelect.value = file
  history.replaceState(null, '', `#${file}`)
  shownSvg.clear()
  void run()
}

/** Words the page in a language: its static texts, then the form and the findings again. */
function setLanguage(locale: Locale): void {
  messages = createMessages(locale)
  texts = DEMO_TEXTS[locale]
  document.documentElement.lang = locale
  languageSelect.value = locale
  for (const element of document.querySelectorAll<HTMLElement>('[data-text]')) {
    const key = element.dataset['text'] as StaticText
    if (Object.hasOwn(texts.page, key)) setText(element, texts.page[key])
  }
}

async function start(): Promise<void> {
  languageSelect.replaceChildren(
    ...LOCALES.map((locale) =>
      h('option', { value: locale, lang: locale }, [DEMO_TEXTS[locale].name])
    )
  )
  setLanguage(messages.locale)
  setText(verdictText, texts.page.loading)
  languageSelect.addEventListener('change', () => {
    setLanguage(languageSelect.value as Locale)
    if (!page) return
    // The form is built again in the new words; what was typed, the flow and the token stay.
    const flow = flowInput.value
    const token = tokenSelect.value
    chooseDesign(page.entry.file)
    flowInput.value = flow
    tokenSelect.value = token
    setText(flowHint, describeFlow(flowOf(flow)))
    void run()
  })
  for (const entry of catalog.designs) {
    try {
      designs.set(entry.file, parseDesign(await entry.load()))
    } catch (error) {
      designs.set(entry.file, error instanceof Error ? error : new Error(String(error)))
    }
  }
  designSelect.replaceChildren(
    ...catalog.designs.map((entry) => {
      const design = designs.get(entry.file)
      return design instanceof Error || !design
        ? h('option', { value: entry.file, disabled: true }, [`${entry.file} (invalid)`])
        : h('option', { value: entry.file }, [
            `${design.name} · ${design.format.width_mm} × ${design.format.height_mm} mm`,
          ])
    })
  )
  tokenSelect.replaceChildren(
    ...catalog.accounts.map((account) =>
      h(
        'optgroup',
        { label: `Account ${account.id}` },
        account.tokens.map((token) =>
          h('option', { value: token }, [
            `${token.startsWith(`${catalog.tokenPrefix}_live_`) ? 'live' : 'test'} · ${token}`,
          ])
        )
      )
    )
  )
  designSelect.addEventListener('change', () => chooseDesign(designSelect.value))
  flowInput.addEventListener('input', () => {
    setText(flowHint, describeFlow(flowOf(flowInput.value)))
    schedule()
  })
  guides.addEventListener('change', () => void run())
  downloadProof.addEventListener('click', () => void saveProof())
  tokenSelect.addEventListener('change', () => {
    if (last) sendPanel?.showCurrent({ body: last.body, token: tokenSelect.value })
  })
  sendPanel = setUpSendPanel(
    {
      async current() {
        clearTimeout(timer)
        timer = undefined
        await run()
        return {
          body: last?.body ?? {},
          token: tokenSelect.value,
          verdict: last?.result.verdict,
        }
      },
    },
    new URL('/api/v1/postcards', location.href).href
  )
  const wanted = decodeURIComponent(location.hash.slice(1))
  const first = catalog.firstFlowDesign
  const file = designs.get(wanted) instanceof Error || !designs.has(wanted) ? first : wanted
  chooseDesign(file ?? catalog.designs[0]?.file ?? '')
}

void start()
