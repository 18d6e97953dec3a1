/**
 * Test helper: a parsed `Design` built by hand (as `parseDesign` returns it), with Markdown areas,
 * keyed QR codes and URL-kind QR codes named by their keys and labels.
 */
import type {
  AddressElement,
  Design,
  KeyedQrElement,
  MarkdownElement,
  UrlQrElement,
} from '../../src/design/types.ts'

/** What the design holds. */
export interface DesignParts {
  readonly markdown?: readonly string[]
  readonly qr?: readonly string[]
  /** Labels of URL-kind QR codes. */
  readonly urlQr?: readonly string[]
  /** Side of the keyed QR codes in mm (default 30: a URL of about 450 bytes fits at M). */
  readonly qrSizeMm?: number
  /** An address element on the back, changed from the one of `designs/a6-greeting.json`. */
  readonly address?: Partial<AddressElement>
}

/** The address element of `designs/a6-greeting.json`. */
export const greetingAddress: AddressElement = {
  type: 'address',
  x_mm: 86,
  y_mm: 52,
  width_mm: 56,
  height_mm: 36,
  font_family: 'Roboto',
  font_size_pt: 10,
  line_height: 1.25,
  sender_line: true,
}

const qrBase = {
  type: 'qr',
  x_mm: 100,
  y_mm: 60,
  size_mm: 30,
  error_correction: 'M',
  min_module_mm: 0.4,
  quiet_zone_modules: 4,
} as const

/** A design with the given parts, all on the back. */
export function makeDesign(parts: DesignParts = {}): Design {
  const markdownAreas: MarkdownElement[] = (parts.markdown ?? []).map((key, index) => ({
    type: 'markdown',
    key,
    label: `${key[0]?.toUpperCase() ?? ''}${key.slice(1)}`,
    x_mm: 8,
    y_mm: 10 + index * 20,
    width_mm: 68,
    height_mm: 18,
    font_family: 'Inter',
    font_size_pt: 10,
    line_height: 1.3,
    color: '#000000',
    align: 'left',
  }))
  const keyedQrCodes: KeyedQrElement[] = (parts.qr ?? []).map((key) => ({
    ...qrBase,
    ...(parts.qrSizeMm === undefined ? {} : { size_mm: parts.qrSizeMm }),
    key,
    label: key,
  }))
  const urlQrCodes: UrlQrElement[] = (parts.urlQr ?? []).map((label) => ({
    ...qrBase,
    label,
    url: `https://example.com/${encodeURIComponent(label)}`,
  }))
  return {
    id: '3b9d6a52-4c1e-4f7e-9a51-0b6f1f2d8c10',
    name: 'Test design',
    format: { width_mm: 148, height_mm: 105, bleed_mm: 2 },
    sides: {
      front: { background: '#ffffff', elements: [] },
      back: {
        background: '#ffffff',
        elements: [
          ...markdownAreas,
          ...keyedQrCodes,
          ...urlQrCodes,
          ...(parts.address ? [{ ...greetingAddress, ...parts.address }] : []),
        ],
      },
    },
    markdownAreas,
    keyedQrCodes,
    urlQrCodes,
  }
}

/** A valid sender or recipient in Berlin. */
export const berlin = {
  company: null,
  first_name: 'Erika',
  last_name: 'Mustermann',
  address_line1: 'Invalidenstraße 117',
  address_line2: null,
  zip: '10115',
  city: 'Berlin',
  country: 'DE',
}

/** A valid flow id. */
export const FLOW_ID = 'a0e1c7f2-58d4-4b0c-9f1e-2d3c4b5a6978'
