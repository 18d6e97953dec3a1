/**
 * Test helper: real findings of every code and every variant of its message, made by the rules
 * themselves (`analyzePostcard`, `validateCampaign`, `renderPreview`) from bodies written to
 * trigger them. The catalogues are checked against these, never against findings made by hand.
 */
import { analyzePostcard } from '../../src/analysis/analyze-postcard.ts'
import { campaignRules, createCampaignContext } from '../../src/campaign/validate-campaign.ts'
import type { AddressElement, Design, KeyedQrElement } from '../../src/design/types.ts'
import { renderPreview } from '../../src/preview/render-preview.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import { createCollector } from '../../src/verdict/create-report.ts'
import { runRules } from '../../src/verdict/define-rule.ts'
import type { FieldError, Warning } from '../../src/verdict/types.ts'
import { berlin, FLOW_ID, makeDesign } from '../postcard/make-design.ts'

/** A finding and the case that made it. */
export interface CorpusEntry {
  /** `code (case)`, unique. */
  readonly name: string
  readonly finding: FieldError | Warning
}

const design = makeDesign({ markdown: ['greeting'], qr: ['coupon_url'], urlQr: ['Website'] })

/** A design whose one keyed QR code has a given size and error-correction level. */
function qrDesign(size_mm: number, level: KeyedQrElement['error_correction']): Design {
  const base = makeDesign({ markdown: ['greeting'], qr: ['coupon_url'], qrSizeMm: size_mm })
  const code: KeyedQrElement = {
    ...(base.keyedQrCodes[0] as KeyedQrElement),
    error_correction: level,
  }
  return {
    ...base,
    keyedQrCodes: [code],
    sides: {
      ...base.sides,
      back: { ...base.sides.back, elements: [...base.markdownAreas, code] },
    },
  }
}

const valid = {
  flow_id: FLOW_ID,
  from: berlin,
  to: berlin,
  content: { greeting: 'Hello **Erika**!' },
  qr_codes: { coupon_url: 'https://example.com/c/1' },
}

const campaign = {
  name: 'Spring 2026',
  processingType: 'automatic',
  addressVerification: true,
  segment: { source: 'csv', id: 'b2c9a3f4-1d2e-4f5a-8b6c-7d8e9f0a1b2c' },
  design: { postcardDesignId: 'dc1cad55-9ea0-4da4-a1ef-91225258fbcd' },
  delivery: { deliveryPeriodEndAt: '2026-05-31' },
  billing: { paymentMethod: 'rechnung', invoiceEmail: 'billing@bloom.example' },
}

const longText = 'Thank you for growing with us this spring, dear Erika. '.repeat(12)
const url = (length: number) => `https://example.com/${'a'.repeat(length - 20)}`

/** Bodies of postcards, each with the design it is judged against. */
function postcardCases(): [string, unknown, Design][] {
  const qr = (value: string) => ({ ...valid, qr_codes: { coupon_url: value } })
  const text = (value: string) => ({ ...valid, content: { greeting: value } })
  return [
    ['missing flow_id', { ...valid, flow_id: undefined }, design],
    ['flow_id', { ...valid, flow_id: 'abc' }, design],
    ['to', { ...valid, to: 'Berlin' }, design],
    ['to.city', { ...valid, to: { ...berlin, city: 5, first_name: true } }, design],
    ['unknown content key', { ...valid, content: { greeting: 'Hi', body: 'x' } }, design],
    ['over-long text', text('a'.repeat(8001)), design],
    [
      'eleven keys, too long together',
      {
        ...valid,
        content: Object.fromEntries(
          Array.from({ length: 11 }, (_, index) => [`k${index}`, 'x'.repeat(2000)])
        ),
      },
      design,
    ],
    [
      'url-kind key',
      { ...valid, qr_codes: { coupon_url: 'https://example.com', website: 'x' } },
      design,
    ],
    [
      'url-kind codes only',
      { flow_id: FLOW_ID, from: berlin, to: berlin, qr_codes: { website: 'https://x.de' } },
      makeDesign({ urlQr: ['Website', 'Shop', 'Café'] }),
    ],
    ['link', text('Hello [Erika](https://example.com)\n\n# Spring\n\n```\ncode\n```'), design],
    ['placeholder', text('Dear {{first_name}},\n\n> quote'), design],
    [
      'more constructs',
      text(
        'See <https://example.com> and [x][y] ![i](a.png) ![j][k] `code`\n\n[y]: https://e.com\n\n    indented\n\nTitle\n=====\n\n<div>\nblock\n</div>'
      ),
      design,
    ],
    ['table', text('| a | b |\n| - | - |\n\n- one\n  - nested\n\n<b>x</b>\n\n---'), design],
    ['fit', text(longText), design],
    ['fit, wide word', text(`Hi ${'W'.repeat(80)}`), design],
    ['whitespace', qr(' https://example.com/c '), design],
    ['line break', qr('https://example.com/\nc'), design],
    ['tab', qr('https://example.com/\tc'), design],
    ['control', qr('https://example.com/\u0007c'), design],
    ['bare code', qr('SUMMER24'), design],
    ['fragment', qr('#offer'), design],
    ['relative', qr('/coupon'), design],
    ['scheme-relative', qr('//example.com/c'), design],
    ['missing scheme', qr('example.com/coupon'), design],
    ['unsupported scheme', qr('ftp://example.com/c'), design],
    ['missing slashes', qr('https:example.com/c'), design],
    ['missing host', qr('https:///c'), design],
    ['invalid host', qr('https://exa mple.com/c'), design],
    ['invalid port', qr('https://example.com:99999/c'), design],
    ['qr shorten or enlarge', qr(url(131)), qrDesign(20, 'M')],
    ['qr shorten', qr(url(1300)), qrDesign(20, 'H')],
    ['qr enlarge', qr(url(40)), qrDesign(10, 'M')],
    ['qr enlarge and shorten', qr(url(1300)), qrDesign(10, 'H')],
    [
      'warnings',
      {
        ...valid,
        content: { greeting: 'Hi 🫪 ℵ 😀' },
        to: { ...berlin, zip: '1234', country: 'DE', postal_code: '10115' },
        from: { ...berlin, country: 'NL', zip: '12345' },
        extra: true,
      },
      design,
    ],
    ['country', { ...valid, to: { ...berlin, country: 'France' } }, design],
    [
      'swiss and austrian zips',
      {
        ...valid,
        to: { ...berlin, zip: '12', country: 'CH' },
        from: { ...berlin, zip: '0123', country: 'AT' },
      },
      design,
    ],
    ['emphasis', text('*_a '.repeat(1333) + 'b' + '_*'.repeat(1333)), design],
    // The address rules (issue 15): each code and each variant of its message.
    ['german zip range', address({ country: 'DE', zip: '00123' }), design],
    ['dutch zip letters', address({ country: 'NL', zip: '1012 SS', city: 'Amsterdam' }), design],
    ['zip of another state', address({ country: 'US', zip: '90210', city: 'New York NY' }), design],
    ['unrecognised country', address({ country: 'Germoney' }), design],
    ['country not served', address({ country: 'Japan', zip: '100-0001' }), design],
    ['no state', address({ country: 'US', zip: '10001', city: 'New York' }), design],
    ['no province', address({ country: 'IT', zip: '56122', city: 'Pisa' }), design],
    ['address lines', valid, addressDesign({ height_mm: 16 })],
    [
      'wide address line',
      address({ address_line1: 'Bahnhofstrasse 4a, Hinterhaus, 3. Stock links' }),
      addressDesign({}),
    ],
    ['small address font', valid, addressDesign({ font_size_pt: 7.5 })],
  ]
}

/**
 * A recipient line a hair (0.0047 mm) wider than its address area: the element's width is set
 * from the line's own width as the analysis measures it, so the overflow (beyond the layout's
 * tolerance) rounds to 0.00 mm and the message says "less than 0.01 mm".
 */
function hairlineCase(fonts: FontRegistry): [string, unknown, Design] {
  const body = address({ address_line1: 'Prinsengracht 263' })
  const wide = analyzePostcard(body, addressDesign({ width_mm: 100 }), { fonts })
  const block = wide.sides.back.find((element) => element.type === 'address')
  const widths =
    block?.type === 'address' ? block.recipientLayout?.lines.map((l) => l.width_mm) : []
  const width = Math.max(...(widths ?? []))
  return ['hairline address line', body, addressDesign({ width_mm: width - 0.0047 })]
}

/** The design with the greeting card's address element, changed by `address`. */
function addressDesign(address: Partial<AddressElement>): Design {
  return makeDesign({ markdown: ['greeting'], qr: ['coupon_url'], urlQr: ['Website'], address })
}

/** The valid body with a recipient changed by `fields`. */
function address(fields: Record<string, unknown>): unknown {
  return { ...valid, to: { ...berlin, ...fields } }
}

/**
 * Every finding of the corpus, named by code and case.
 *
 * @param fonts The shipped fonts (fit, glyphs and the preview need them).
 * @returns The entries, in a stable order.
 */
export function findingCorpus(fonts: FontRegistry): CorpusEntry[] {
  const entries: CorpusEntry[] = []
  const seen = new Set<string>()
  const kinds = new Set<string>()
  const add = (label: string, finding: FieldError | Warning) => {
    // One finding per case, code and Markdown construct: the eleven unknown keys of a case are
    // worded alike.
    const kind = [
      label,
      finding.code,
      String(finding.data?.['construct'] ?? ''),
      // Warnings of one code differ by field: a zip of each country, a field with a suggestion.
      finding.code === 'zip-format' || finding.code === 'unknown-field' ? finding.path : '',
    ].join('\u0000')
    if (kinds.has(kind)) return
    kinds.add(kind)
    let name = `${finding.code} (${label}, ${finding.path})`
    for (let index = 2; seen.has(name); index++)
      name = `${finding.code} (${label}, ${finding.path}, ${index})`
    seen.add(name)
    entries.push({ name, finding })
  }
  for (const [label, body, target] of [...postcardCases(), hairlineCase(fonts)]) {
    const analysis = analyzePostcard(body, target, { fonts, emojiVersion: '15.0' })
    for (const finding of [...analysis.findings.errors, ...analysis.findings.warnings]) {
      add(label, finding)
    }
    if (label === 'warnings') {
      // The preview's own warning: an emoji drawn without its artwork.
      for (const warning of renderPreview(analysis).verdict.warnings) {
        if (warning.code === 'emoji-artwork-missing') add(label, warning)
      }
    }
  }
  const campaigns: [string, unknown][] = [
    [
      'campaign formats',
      {
        ...campaign,
        processingType: 'weekly',
        addressVerification: 'yes',
        delivery: { deliveryPeriodEndAt: '31.05.2026' },
        billing: { paymentMethod: 'rechnung', invoiceEmail: 'nope' },
      },
    ],
    ['shop', { ...campaign, segment: { ...campaign.segment, source: 'shopify' } }],
    ['billing', { ...campaign, billing: { paymentMethod: 'paypal' } }],
    ['invoice', { ...campaign, billing: { paymentMethod: 'rechnung' } }],
  ]
  for (const [label, body] of campaigns) {
    // The campaign rules as `validateCampaign` runs them, keeping the findings as data.
    const collector = createCollector()
    runRules(campaignRules, createCampaignContext(body, {}), collector)
    const findings = collector.findings()
    for (const finding of [...findings.errors, ...findings.warnings]) add(label, finding)
  }
  return entries
}
