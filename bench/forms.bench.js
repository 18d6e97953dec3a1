// The forms entry (issue 12): postcardSchema's validate against validatePostcard on what a form
// or a campaign sends, a different personalised body on every call (budget: the schema within
// 10 % of validatePostcard), and repairPostcard on a refused body whose 8,000-character text
// overflows its area, a different text on every call (budget: at most 5 ms median, and the
// repaired body passes). Imports the BUILT code: run `npx tsc -p tsconfig.build.json` first
// (`npm run bench` does).
import { readFile } from 'node:fs/promises'
import { Bench } from 'tinybench'
import { parseDesign } from '../dist/design/parse-design.js'
import { validatePostcard } from '../dist/postcard/validate-postcard.js'
import { loadFontSources } from '../dist/node/load-fonts.js'
import { createFontRegistry } from '../dist/text/font-registry.js'
import { postcardSchema } from '../dist/standard-schema/postcard-schema.js'
import { repairPostcard } from '../dist/repair/repair-postcard.js'
import { personalisedPostcard } from './personalised.js'

const json = async (path) => JSON.parse(await readFile(new URL(path, import.meta.url), 'utf8'))

/** The schema's median may exceed validatePostcard's by at most this share. */
const SCHEMA_OVERHEAD = 0.1
/** The median budget of a repair of an overflowing 8,000-character text, in µs. */
const REPAIR_BUDGET_US = 5000
const UNIQUE_WARMUP = 500
const UNIQUE_CALLS = 3000
const REPAIR_WARMUP = 10
const REPAIR_CALLS = 60

/** Sentences a long personalised text is made of; the order differs per recipient. */
const SENTENCES = [
  'Spring has arrived at Bloom & Co., and our gardeners picked the first tulips of the year.',
  'Every bouquet comes with a card written by hand, and **free delivery** until Sunday.',
  'Come and see the new bulbs, seeds and *climbing roses* in our shop on the market square.',
  'Members of our garden club get 15 % off every order, online and in the shop.',
  'Our workshop on Saturday shows how to plant a balcony box that flowers until October.',
  'Bring this card along and we will add a little bag of sunflower seeds to your order.',
]

/** An 8,000-character Markdown text of its own for recipient `index`. */
function longText(index) {
  let text = `Dear recipient ${index},\n\n`
  for (let sentence = index; text.length < 8000; sentence += 7) {
    text += `${SENTENCES[sentence % SENTENCES.length]} `
    if (sentence % 5 === 0) text += `(order ${index}-${sentence})\n\n`
  }
  const clipped = text.slice(0, 8000)
  return clipped.slice(0, clipped.lastIndexOf(' ')).trimEnd()
}

/** Median and 99th percentile of samples in µs. */
function summary(samples) {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (share) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]
  return { median: at(0.5), p99: at(0.99) }
}

function row(task, note) {
  const result = task.result
  if (result.state !== 'completed') return { name: task.name, note: result.state }
  return {
    name: task.name,
    median_us: result.latency.p50 * 1000,
    p99_us: result.latency.p99 * 1000,
    note,
  }
}

export async function run() {
  const design = parseDesign(await json('../designs/a6-greeting.json'))
  const fonts = createFontRegistry(await loadFontSources())
  const postcard = {
    flow_id: '9f1c2e4a-6b7d-4e8f-a0b1-c2d3e4f5a6b7',
    from: {
      company: 'Bloom & Co. GmbH',
      address_line1: 'Gartenweg 3',
      zip: '80331',
      city: 'München',
      country: 'DE',
    },
    to: {
      first_name: 'Anna',
      last_name: 'de Vries',
      address_line1: 'Prinsengracht 263',
      zip: '1016 GV',
      city: 'Amsterdam',
      country: 'NL',
    },
    content: {
      greeting: 'Hallo **Anna**!',
      body: 'Der Frühling ist da.\n\n- 20 % auf alles\n- nur bis *Sonntag*',
    },
    qr_codes: { coupon_url: 'https://bloom.example/c/SPRING-2026?r=anna' },
  }

  // Standard Schema against validatePostcard: unique bodies, the two interleaved per call pair.
  const schema = postcardSchema(design, { fonts })
  const bodies = Array.from({ length: 2 * (UNIQUE_WARMUP + UNIQUE_CALLS) + 100 }, (_, index) =>
    personalisedPostcard(postcard, index)
  )
  for (const body of bodies.slice(0, 20)) {
    if (schema['~standard'].validate(body).issues) {
      throw new Error('a personalised body has issues: the bench would measure the failure path')
    }
  }
  // Interleaved call by call, so that the machine's load changes both alike.
  const timings = { reference: [], standard: [] }
  let next = 0
  for (let call = 0; call < UNIQUE_WARMUP + UNIQUE_CALLS; call++) {
    const order = call % 2 === 0 ? ['reference', 'standard'] : ['standard', 'reference']
    for (const which of order) {
      const body = bodies[next++ % bodies.length]
      const start = performance.now()
      if (which === 'reference') validatePostcard(body, design, { fonts })
      else schema['~standard'].validate(body)
      if (call >= UNIQUE_WARMUP) timings[which].push((performance.now() - start) * 1000)
    }
  }
  const reference = summary(timings.reference)
  const standard = summary(timings.standard)
  const ratio = standard.median / reference.median
  const overhead = `${((ratio - 1) * 100).toFixed(1)} % against validatePostcard, calls interleaved (budget ≤ ${SCHEMA_OVERHEAD * 100} %: ${ratio <= 1 + SCHEMA_OVERHEAD ? 'met' : 'MISSED'})`

  // repairPostcard: a different overflowing 8,000-character text per call, with its 422 body
  // (what the client has in hand); the 422 bodies are made before the clock starts.
  const refused = Array.from({ length: REPAIR_WARMUP + REPAIR_CALLS }, (_, index) => {
    const body = { ...postcard, content: { ...postcard.content, body: longText(index) } }
    const verdict = validatePostcard(body, design, { fonts })
    if (verdict.ok) throw new Error('a long text fits: the bench would repair nothing')
    return { body, unprocessable: verdict.body }
  })
  let repairs = 0
  let passed = 0
  const repair = new Bench({
    time: 0,
    iterations: REPAIR_CALLS,
    warmupTime: 0,
    warmupIterations: REPAIR_WARMUP,
  })
  repair.add('repairPostcard, overflowing 8,000-character text, unique per call, fonts', () => {
    const { body, unprocessable } = refused[repairs++ % refused.length]
    const result = repairPostcard(body, unprocessable, { design, fonts })
    if (result.verdict.ok) passed++
  })
  await repair.run()
  const [repaired] = repair.tasks
  const median = repaired.result.latency.p50 * 1000
  const fits = `${passed} of ${repairs} repaired bodies pass; budget ${REPAIR_BUDGET_US / 1000} ms: ${median <= REPAIR_BUDGET_US && passed === repairs ? 'met' : 'MISSED'}`

  return [
    {
      name: 'validatePostcard, unique personalised A6 body, fonts (the reference)',
      median_us: reference.median,
      p99_us: reference.p99,
    },
    {
      name: "postcardSchema ['~standard'].validate, unique personalised A6 body, fonts",
      median_us: standard.median,
      p99_us: standard.p99,
      note: overhead,
    },
    row(repaired, fits),
  ]
}
