/**
 * A sample submission for a flow, as the sandbox's banner shows it in its `curl` example.
 *
 * @module
 */
import type { Design } from '../design/types.ts'

/** The sample sender (`from`, spec 2.3). */
export const SAMPLE_SENDER = Object.freeze({
  company: 'Bloom & Co.',
  address_line1: 'Gartenweg 3',
  zip: '10115',
  city: 'Berlin',
  country: 'DE',
})

/** The sample recipient (`to`, spec 2.3). */
export const SAMPLE_RECIPIENT = Object.freeze({
  first_name: 'Erika',
  last_name: 'Mustermann',
  address_line1: 'Heidestraße 17',
  zip: '51147',
  city: 'Köln',
  country: 'DE',
})

/**
 * A submission the flow accepts: sample addresses (spec 2.3), a short text per Markdown area
 * (spec 2.5) and a URL per keyed QR code (spec 2.6).
 *
 * @param flow The flow's id and design.
 * @returns A fresh `POST /api/v1/postcards` body.
 */
export function samplePostcard(flow: {
  readonly id: string
  readonly design: Pick<Design, 'markdownAreas' | 'keyedQrCodes'>
}): Record<string, unknown> {
  const body: Record<string, unknown> = {
    flow_id: flow.id,
    from: { ...SAMPLE_SENDER },
    to: { ...SAMPLE_RECIPIENT },
  }
  if (flow.design.markdownAreas.length > 0) {
    body['content'] = Object.fromEntries(
      flow.design.markdownAreas.map((area) => [area.key, 'Hello **Erika**!'])
    )
  }
  if (flow.design.keyedQrCodes.length > 0) {
    body['qr_codes'] = Object.fromEntries(
      flow.design.keyedQrCodes.map((code) => [code.key, 'https://example.com/c/SPRING'])
    )
  }
  return body
}
