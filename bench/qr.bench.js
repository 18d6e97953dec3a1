// QR fit check per URL (budget: checkQrValue ≤ 25 µs) against rendering with QRCode.create
// (~0.5 ms: it also masks the symbol), plus the steps it is made of.
// Imports the BUILT code: run `npx tsc -p tsconfig.build.json` first (`npm run bench` does).
import QRCode from 'qrcode/lib/core/qrcode.js'
import ECLevel from 'qrcode/lib/core/error-correction-level.js'
import Segments from 'qrcode/lib/core/segments.js'
import Version from 'qrcode/lib/core/version.js'
import { Bench } from 'tinybench'
import { checkQrValue } from '../dist/qr/check-qr-value.js'
import { minimalVersion } from '../dist/qr/qr-capacity.js'
import { qrMatrix } from '../dist/qr/qr-matrix.js'
import { resolveQrUrl } from '../dist/qr/resolve-qr-url.js'
import { personalisedPostcard } from './personalised.js'

const BUDGET_CHECK_US = 25

/** 256 distinct campaign URLs, 60-140 characters: coupon codes, UTM parameters, ids, IDN. */
function urls() {
  const hosts = ['www.example-shop.com', 'gutschein.bücher.de', 'EXAMPLE.NL', 'shop.example.ch']
  const paths = ['/coupon', '/landing/spring-sale', '/p/8F3K2', '/angebote/frühling']
  const result = []
  for (let i = 0; i < 256; i++) {
    const host = hosts[i % hosts.length]
    const path = paths[(i >> 2) % paths.length]
    const id = ((i * 2654435761) >>> 0).toString(36)
    const query =
      i % 3 === 0
        ? `?code=SUMMER${i}`
        : `?utm_source=postcard&utm_medium=print&utm_campaign=spring${i}&id=${id}`
    result.push(`https://${host}${path}${query}`)
  }
  return result
}

export async function run() {
  const values = urls()
  const resolved = values.map((value) => new URL(value).href)
  // The coupon URLs of validate.bench.js: already in the form the URL parser gives.
  const coupons = Array.from(
    { length: 256 },
    (_, index) =>
      personalisedPostcard({ to: {}, content: {}, qr_codes: {} }, index).qr_codes.coupon_url
  )
  const element = {
    type: 'qr',
    key: 'coupon',
    label: 'Coupon',
    x_mm: 10,
    y_mm: 10,
    size_mm: 25,
    error_correction: 'M',
    min_module_mm: 0.4,
    quiet_zone_modules: 4,
  }
  let i = 0
  const next = (list) => list[i++ & 255]

  const bench = new Bench({ time: 500, warmupTime: 100 })
  bench
    .add('checkQrValue (URL rules + fit), per URL', () => checkQrValue(next(values), element))
    .add('checkQrValue, a personalised coupon URL of validate.bench.js, per URL', () =>
      checkQrValue(next(coupons), element)
    )
    .add('resolveQrUrl (URL rules, WHATWG href), per URL', () => resolveQrUrl(next(values)))
    .add('minimalVersion (qrcode segmentation, one dynamic-programming pass), per URL', () =>
      minimalVersion(next(resolved), 'M')
    )
    .add('qrcode rawSplit + fromString + getBestVersionForData, per URL', () => {
      const text = next(resolved)
      const estimate = Version.getBestVersionForData(Segments.rawSplit(text), ECLevel.M)
      return Version.getBestVersionForData(Segments.fromString(text, estimate || 40), ECLevel.M)
    })
    .add('qrMatrix (symbol built and masked as QRCode.create does), per URL', () =>
      qrMatrix(next(resolved), 'M')
    )
    .add('QRCode.create (renders and masks), per URL', () =>
      QRCode.create(next(resolved), { errorCorrectionLevel: 'M' })
    )
  await bench.run()
  return bench.tasks.map((task) => {
    const result = task.result
    if (result.state !== 'completed') return { name: task.name, note: result.state }
    const median = result.latency.p50 * 1000
    const first = task.name.startsWith('checkQrValue')
    return {
      name: task.name,
      median_us: median,
      p99_us: result.latency.p99 * 1000,
      note: first
        ? `budget ≤ ${BUDGET_CHECK_US} µs: ${median <= BUDGET_CHECK_US ? 'met' : 'MISSED'}`
        : undefined,
    }
  })
}
