/**
 * What the form holds when a design is first chosen: sample addresses and, per Markdown area and
 * QR field, a text that fits, so the page opens on a card the API would accept.
 *
 * @module
 */
import type { Design } from '../src/index.ts'

/** The fields of an address object (spec 2.3), in the order of the spec's table. */
export const ADDRESS_FIELDS = [
  'company',
  'first_name',
  'last_name',
  'address_line1',
  'address_line2',
  'zip',
  'city',
  'country',
] as const

/** One field of an address object. */
export type AddressField = (typeof ADDRESS_FIELDS)[number]

/** Required fields of an address object (spec 2.3): the rest may be omitted. */
export const REQUIRED_ADDRESS_FIELDS: ReadonlySet<AddressField> = new Set([
  'address_line1',
  'zip',
  'city',
  'country',
])

/** The sample recipient (`to`). */
export const SAMPLE_TO: Readonly<Record<AddressField, string>> = {
  company: '',
  first_name: 'Erika',
  last_name: 'Mustermann',
  address_line1: 'Heidestraße 17',
  address_line2: '',
  zip: '51147',
  city: 'Köln',
  country: 'DE',
}

/** The sample sender (`from`). */
export const SAMPLE_FROM: Readonly<Record<AddressField, string>> = {
  company: 'Bloom & Co.',
  first_name: '',
  last_name: '',
  address_line1: 'Gartenweg 3',
  address_line2: '',
  zip: '10115',
  city: 'Berlin',
  country: 'DE',
}

/**
 * Texts for the Markdown keys of the sample designs. The A6 texts (the page opens on A6) use no
 * bold or italic, so the first load fetches only the regular faces; typing `**bold**` fetches
 * the bold face then.
 */
const SAMPLE_TEXTS: Readonly<Record<string, string>> = {
  greeting: 'Hello Erika!\nThank you for growing with us since 2021.',
  body: 'Spring has arrived at Bloom & Co.\n\n- 15 % off every bouquet\n- free delivery until Sunday\n\nSee you soon!',
  line_1: '**Risotto ai funghi**',
  line_2: '*with parmesan and fresh thyme*',
  line_3: 'Tuesday to Friday, 12:00–14:30 and 18:00–22:00',
  line_4: 'Book a table for two: the **dessert is on us**',
  line_5: '**Monday:** minestrone',
  line_6: '**Tuesday:** lasagne al forno',
  line_7: '**Wednesday:** saltimbocca',
  line_8: '**Thursday:** gnocchi',
  line_9: '**Friday:** branzino',
  line_10: 'Prices include VAT. Allergens on request.',
}

/** URLs for the QR keys of the sample designs. */
const SAMPLE_URLS: Readonly<Record<string, string>> = {
  coupon_url: 'https://bloom.example/c/SPRING-2026?r=erika',
  offer_url: 'https://trattoria.example/book?table=2',
}

/**
 * The sample `content` of a design: the text written for its key, else a short greeting.
 *
 * @param design The design.
 * @returns A text per Markdown key.
 */
export function sampleContent(design: Design): Record<string, string> {
  return Object.fromEntries(
    design.markdownAreas.map((area) => [
      area.key,
      (Object.hasOwn(SAMPLE_TEXTS, area.key) ? SAMPLE_TEXTS[area.key] : undefined) ??
        `Hello **Erika**, this is the ${area.label.toLowerCase()}.`,
    ])
  )
}

/**
 * The sample `qr_codes` of a design: the URL written for its key, else the example domain.
 *
 * @param design The design.
 * @returns A URL per QR key.
 */
export function sampleQrCodes(design: Design): Record<string, string> {
  return Object.fromEntries(
    design.keyedQrCodes.map((code) => [
      code.key,
      (Object.hasOwn(SAMPLE_URLS, code.key) ? SAMPLE_URLS[code.key] : undefined) ??
        `https://example.com/${code.key.replaceAll('_', '-')}`,
    ])
  )
}
