// validatePostcard and validateCampaign on typical bodies: the structural checks of spec 2.1,
// 2.3, 2.5 and 2.6 (budget: a valid postcard at most 20 µs median, warm, in Node).
// Imports the BUILT code: run `npx tsc -p tsconfig.build.json` first (`npm run bench` does).
import { readFile } from 'node:fs/promises'
import { Bench } from 'tinybench'
import { parseDesign } from '../dist/design/parse-design.js'
import { validatePostcard } from '../dist/postcard/validate-postcard.js'
import { validateCampaign } from '../dist/campaign/validate-campaign.js'
import { validate as validatePostcardSchema } from '../dist/schema/postcard.generated.js'

const json = async (path) => JSON.parse(await readFile(new URL(path, import.meta.url), 'utf8'))

/** The median budget of a valid postcard (issue 2). */
const BUDGET_US = 20

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
  return bench.tasks.map((task) => {
    const result = task.result
    if (result.state !== 'completed') return { name: task.name, note: result.state }
    const median = result.latency.p50 * 1000
    const budget =
      task.name.startsWith('validatePostcard valid') &&
      `budget ${BUDGET_US} µs: ${median <= BUDGET_US ? 'met' : 'MISSED'}`
    return {
      name: task.name,
      median_us: median,
      p99_us: result.latency.p99 * 1000,
      note: budget || undefined,
    }
  })
}
