// formatAddress and the address rules (issue 15). Budgets: formatAddress at most 5 µs per
// address warm; the address rules add at most 10 µs to validatePostcard.
// Unique traffic: every call gets another address (names, streets, postal codes and countries
// vary), as a campaign sends one recipient per request; no analysis is cached between calls
// (each call has a fresh store, as validatePostcard; the fonts' per-face memos of shaped and
// measured words stay warm, as in a server).
// The rule rows run what validatePostcard runs for addresses: `from` and `to` resolved once
// (readAddresses), then the five address rules of the registry; with fonts the rules measure the
// widths of the recipient lines from their words' advances (no layout: the analysis lays the block
// out once, for the preview and the proof).
// Imports the BUILT code: run `npx tsc -p tsconfig.build.json` first (`npm run bench` does).
import { readFile } from 'node:fs/promises'
import { Bench } from 'tinybench'
import { formatAddress } from '../dist/address/format-address.js'
import { createTransientStore } from '../dist/analysis/analysis-store.js'
import { readAddresses } from '../dist/analysis/read-addresses.js'
import { parseDesign } from '../dist/design/parse-design.js'
import { postcardRules } from '../dist/postcard/rules.js'
import { validatePostcard } from '../dist/postcard/validate-postcard.js'
import { createFontRegistry } from '../dist/text/font-registry.js'
import { createCollector } from '../dist/verdict/create-report.js'
import { runRules } from '../dist/verdict/define-rule.js'

const json = async (path) => JSON.parse(await readFile(new URL(path, import.meta.url), 'utf8'))

const FORMAT_BUDGET_US = 5
const CHECKS_BUDGET_US = 10

/** Destinations as people send them: codes and names, domestic and international. */
const PLACES = [
  { country: 'DE', zip: (i) => String(10115 + (i % 8000)).padStart(5, '0'), city: 'Berlin' },
  { country: 'Deutschland', zip: (i) => String(80331 + (i % 900)), city: 'München' },
  { country: 'NL', zip: (i) => `${1011 + (i % 900)}${i % 2 ? 'ab' : ' GV'}`, city: 'Amsterdam' },
  { country: 'AT', zip: (i) => String(1010 + (i % 900)), city: 'Wien' },
  { country: 'Schweiz', zip: (i) => String(8001 + (i % 900)), city: 'Zürich' },
  { country: 'GB', zip: (i) => `SW1A ${(i % 9) + 1}AA`, city: 'London' },
  { country: 'US', zip: (i) => String(10001 + (i % 200)), city: 'New York, NY' },
  { country: 'France', zip: (i) => String(75001 + (i % 20)), city: 'Paris' },
]
const ORIGINS = ['DE', 'NL', 'CH', 'AT']

function addresses(count) {
  return Array.from({ length: count }, (_, i) => {
    const place = PLACES[i % PLACES.length]
    return {
      company: i % 3 === 0 ? `Firma ${i}` : null,
      first_name: `Anna${i}`,
      last_name: `de Vries ${i % 97}`,
      address_line1: `Hauptstraße ${i % 300}`,
      address_line2: i % 5 === 0 ? `${i % 7}. OG` : null,
      zip: place.zip(i),
      city: place.city,
      country: place.country,
    }
  })
}

export async function run() {
  const design = parseDesign(await json('../designs/a6-greeting.json'))
  const manifest = await json('../fonts/fonts.json')
  const families = {}
  for (const [family, faces] of Object.entries(manifest.families)) {
    families[family] = {}
    for (const [slot, file] of Object.entries(faces))
      families[family][slot] = new Uint8Array(
        await readFile(new URL(`../fonts/${file}`, import.meta.url))
      )
  }
  const fonts = createFontRegistry(families)
  const pool = addresses(4096)
  const bodies = pool.map((to, i) => ({
    flow_id: '9f1c2e4a-6b7d-4e8f-a0b1-c2d3e4f5a6b7',
    from: pool[(i + 1) % pool.length],
    to,
    content: { greeting: 'Hallo **Anna**!', body: 'Der Frühling ist da.' },
    qr_codes: { coupon_url: 'https://bloom.example/c/SPRING-2026?r=anna' },
  }))
  const addressRules = postcardRules.filter((rule) => rule.id.startsWith('address-'))
  if (addressRules.length !== 5) throw new Error('expected the five address rules')
  // What validatePostcard does for the addresses of a body, nothing else.
  const judgeAddresses = (body, fontsOrNone) => {
    const store = createTransientStore({
      fonts: fontsOrNone,
      emojiVersion: undefined,
      profile: 'chromium',
    })
    const context = {
      addresses: readAddresses(body.from, body.to, design, store),
      fonts: fontsOrNone,
    }
    const collector = createCollector()
    runRules(addressRules, context, collector)
    return collector
  }
  // Sanity: the rows measure what they name.
  if (formatAddress(pool[2], { from: 'DE' }).at(-1) !== 'NIEDERLANDE')
    throw new Error('formatAddress does not give the expected lines')
  if (!validatePostcard(bodies[0], design).ok) throw new Error('the bench body is not valid')
  const store = createTransientStore({ fonts, emojiVersion: undefined, profile: 'chromium' })
  const [block] = readAddresses(bodies[0].from, bodies[0].to, design, store).blocks()
  if (!block?.recipientLayout) throw new Error('the address block is not laid out with fonts')

  let i = 0
  const next = () => (i = (i + 1) & 4095)
  const bench = new Bench({ time: 500, warmupTime: 200 })
  bench
    .add('formatAddress, domestic (4096 distinct addresses)', () => formatAddress(pool[next()]))
    .add('formatAddress, international from DE/NL/CH/AT (country line)', () =>
      formatAddress(pool[next()], { from: ORIGINS[i & 3] })
    )
    .add('address rules of validatePostcard (from + to, no fonts)', () =>
      judgeAddresses(bodies[next()], undefined)
    )
    .add('address rules with fonts (line widths measured, no layout)', () =>
      judgeAddresses(bodies[next()], fonts)
    )
    .add('validatePostcard, unique a6-greeting body, no fonts (for the ratio)', () =>
      validatePostcard(bodies[next()], design)
    )
    .add('validatePostcard, unique a6-greeting body, with fonts (for the ratio)', () =>
      validatePostcard(bodies[next()], design, { fonts })
    )
  await bench.run()
  return bench.tasks.map((task) => {
    const result = task.result
    if (result.state !== 'completed') return { name: task.name, note: result.state }
    const median = result.latency.p50 * 1000
    const budget = task.name.startsWith('formatAddress')
      ? FORMAT_BUDGET_US
      : task.name.startsWith('address rules')
        ? CHECKS_BUDGET_US
        : undefined
    return {
      name: task.name,
      median_us: median,
      p99_us: result.latency.p99 * 1000,
      note: budget && `budget ${budget} µs: ${median <= budget ? 'met' : 'MISSED'}`,
    }
  })
}
