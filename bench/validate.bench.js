// validatePostcard and validateCampaign on typical bodies: the structural checks of spec 2.1,
// 2.3, 2.5 and 2.6 (budget: a valid postcard at most 20 µs median, warm, in Node); then, with the
// shipped fonts (fit, glyph coverage), what a campaign sends: a different personalised body on
// every call (issue 11 budget: at most 50 µs median), alone and through a Preflight (what a
// server keeps per design), next to one body repeated through a Preflight (its cache answers).
// Imports the BUILT code: run `npx tsc -p tsconfig.build.json` first (`npm run bench` does).
import { readFile } from 'node:fs/promises'
import { Bench } from 'tinybench'
import { parseDesign } from '../dist/design/parse-design.js'
import { validatePostcard } from '../dist/postcard/validate-postcard.js'
import { validateCampaign } from '../dist/campaign/validate-campaign.js'
import { validate as validatePostcardSchema } from '../dist/schema/postcard.generated.js'
import { loadFontSources } from '../dist/node/load-fonts.js'
import { createFontRegistry } from '../dist/text/font-registry.js'
import { createPreflight } from '../dist/analysis/create-preflight.js'
import { personalisedPostcard } from './personalised.js'

const json = async (path) => JSON.parse(await readFile(new URL(path, import.meta.url), 'utf8'))

/** The median budget of a valid postcard (issue 2). */
const BUDGET_US = 20
/** The median budget of a unique personalised A6 postcard with fonts (issue 11). */
const UNIQUE_BUDGET_US = 50
/** Calls of each unique-body row (warm-up included): no body is ever sent twice. */
const UNIQUE_WARMUP = 1000
const UNIQUE_CALLS = 5000

export async function run() {
  const design = parseDesign(await json('../designs/a6-greeting.json'))
  const address = {
    company: null,
    first_name: 'Anna',
    last_name: 'de Vries',
    address_line1: 'Prinsengracht 263',
    address_line2: null,
    zip: '1016 GV',
    city: 'Amsterdam',
    country: 'NL',
  }
  const postcard = {
    flow_id: '9f1c2e4a-6b7d-4e8f-a0b1-c2d3e4f5a6b7',
    from: { ...address, company: 'Bloom & Co. GmbH', zip: '80331', city: 'München', country: 'DE' },
    to: address,
    content: {
      greeting: 'Hallo **Anna**!',
      body: 'Der Frühling ist da.\n\n- 20 % auf alles\n- nur bis *Sonntag*',
    },
    qr_codes: { coupon_url: 'https://bloom.example/c/SPRING-2026?r=anna' },
  }
  const broken = {
    flow_id: 'nope',
    from: 'Berlin',
    to: { ...address, zip: null, city: 5 },
    content: { hello: 'x', body: 5 },
    qr_codes: { spring_collection: 'https://x.de' },
  }
  const campaign = {
    name: 'Spring 2026',
    description: null,
    metadata: ['crm-4711'],
    processingType: 'automatic',
    addressVerification: true,
    segment: { source: 'csv', id: 'b2c9a3f4-1d2e-4f5a-8b6c-7d8e9f0a1b2c' },
    design: { postcardDesignId: 'dc1cad55-9ea0-4da4-a1ef-91225258fbcd' },
    delivery: { deliveryPeriodEndAt: '2026-05-31' },
    billing: { paymentMethod: 'rechnung', invoiceEmail: 'billing@bloom.example' },
  }
  const shop = { ...campaign, segment: { ...campaign.segment, source: 'shopify' }, delivery: {} }

  // Sanity: the benchmarks measure the paths they name.
  if (!validatePostcard(postcard, design).ok || validatePostcard(broken, design).ok) {
    throw new Error('bench bodies do not give the expected verdicts')
  }
  if (!validateCampaign(campaign).ok || validateCampaign(shop).ok) {
    throw new Error('bench campaigns do not give the expected verdicts')
  }

  const bench = new Bench({ time: 500, warmupTime: 200 })
  bench
    .add('validatePostcard valid a6-greeting body (ok)', () => validatePostcard(postcard, design))
    .add('validatePostcard body with 9 errors (422 body)', () => validatePostcard(broken, design))
    .add('postcard.generated.js validate alone (ajv standalone)', () =>
      validatePostcardSchema(postcard)
    )
    .add('validateCampaign valid campaign (ok)', () => validateCampaign(campaign))
    .add('validateCampaign shop segment + missing date (422 body)', () => validateCampaign(shop))
  await bench.run()

  // With fonts: what a campaign sends (every call a new recipient), and one body over and over.
  const fonts = createFontRegistry(await loadFontSources())
  const withFonts = { fonts }
  const bodies = Array.from({ length: 2 * (UNIQUE_WARMUP + UNIQUE_CALLS) + 100 }, (_, index) =>
    personalisedPostcard(postcard, index)
  )
  for (const body of bodies.slice(0, 20)) {
    if (!validatePostcard(body, design, withFonts).ok) {
      throw new Error('a personalised body does not pass: the bench would measure the 422 path')
    }
  }
  let next = 100
  const repeated = personalisedPostcard(postcard, 1)
  const preflight = createPreflight({ design, fonts })
  const unique = new Bench({
    time: 0,
    iterations: UNIQUE_CALLS,
    warmupTime: 0,
    warmupIterations: UNIQUE_WARMUP,
  })
  unique
    .add('validatePostcard, unique personalised A6 body, fonts (what a campaign sends)', () =>
      validatePostcard(bodies[next++ % bodies.length], design, withFonts)
    )
    .add(
      'Preflight.validate, unique personalised A6 body (a server: one Preflight per design)',
      () => preflight.validate(bodies[next++ % bodies.length])
    )
    .add(
      'validatePostcard, one A6 body repeated, fonts (no Preflight: nothing kept but faces)',
      () => validatePostcard(repeated, design, withFonts)
    )
    .add(
      'Preflight.validate, one A6 body repeated (cache hit: readings and layouts kept per text)',
      () => preflight.validate(repeated)
    )
  await unique.run()

  return [...bench.tasks, ...unique.tasks].map((task) => {
    const result = task.result
    if (result.state !== 'completed') return { name: task.name, note: result.state }
    const median = result.latency.p50 * 1000
    const limit = task.name.startsWith('validatePostcard valid')
      ? BUDGET_US
      : task.name.startsWith('validatePostcard, unique') ||
          task.name.startsWith('Preflight.validate, unique')
        ? UNIQUE_BUDGET_US
        : undefined
    const budget =
      limit !== undefined && `budget ${limit} µs: ${median <= limit ? 'met' : 'MISSED'}`
    return {
      name: task.name,
      median_us: median,
      p99_us: result.latency.p99 * 1000,
      note: budget || undefined,
    }
  })
}
