/**
 * The one reader of image `data:` URIs (RFC 2397): a design's `image.href` when the design is
 * parsed and when it is drawn, and a raster `<image>` inside an SVG. One reader gives one
 * verdict: a design the parser accepts is a design the preview draws.
 *
 * The rules, strict where browsers are lenient (the WHATWG data: URL processor forgives
 * whitespace, missing padding and stray parameters, each engine a little differently):
 * - `data:` (any case), a media type `type/subtype` (any case, RFC 2045 §5.1) of PNG, JPEG or SVG,
 *   parameters `;name=value` (dropped), then `;base64` or nothing, then `,` and the data;
 * - base64 data is canonical (RFC 4648 §4: its alphabet, `=` padding to a multiple of four
 *   characters, nothing else), so the same bytes reach every renderer;
 * - other data is percent-encoded (RFC 3986 §2.1): `%` starts an escape of two hex digits, and a
 *   raw `#` would start the URI's fragment, so the SVG after it would never be read;
 * - the media type is what the bytes are: PNG and JPEG by their signature, SVG by being UTF-8
 *   text (its markup is then judged by the SVG sanitiser).
 *
 * @module
 */
import { showValue } from '../verdict/shorten.ts'
import { decodeBase64, isCanonicalBase64 } from './base64.ts'

/** The image formats a `data:` URI may carry. */
export type ImageMediaType = 'image/png' | 'image/jpeg' | 'image/svg+xml'

/** What {@link readDataUri} read: the bytes of a raster image, the text of an SVG, or why not. */
export type DataUriImage =
  | {
      readonly ok: true
      readonly mediaType: 'image/png' | 'image/jpeg'
      /** The image's bytes as canonical base64 (the URI's data as written). */
      readonly base64: string
    }
  | {
      readonly ok: true
      readonly mediaType: 'image/svg+xml'
      /** The SVG source, decoded as UTF-8 (not yet sanitised). */
      readonly text: string
    }
  | {
      readonly ok: false
      /** Why, in the message grammar, naming the field (`href`). */
      readonly reason: string
    }

/** Every format, in the order messages name them. */
export const IMAGE_MEDIA_TYPES: readonly ImageMediaType[] = Object.freeze([
  'image/png',
  'image/jpeg',
  'image/svg+xml',
])

/** Leading bytes of the raster formats: the PNG signature; the JPEG SOI marker and the next marker's `FF`. */
const SIGNATURES = [
  { mediaType: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mediaType: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
] as const

const FORMAT_NAMES: Readonly<Record<ImageMediaType, string>> = {
  'image/png': 'a PNG',
  'image/jpeg': 'a JPEG',
  'image/svg+xml': 'an SVG',
}

/** `data:` and the header up to the first comma (RFC 2397 `dataurl`). */
const DATA_URI = /^data:([^,]*),/i
/** A parameter: RFC 2045 `attribute "=" value`, the value a token or a quoted string. */
const PARAMETER = /^[!#$%&'*+.^`|~\w-]+=(?:[!#$%&'*+.^`|~\w-]+|"[^"]*")$/
/** A `%` that does not start an escape of two hex digits. */
const BROKEN_ESCAPE = /%(?![\da-f]{2})/i
const ESCAPE = /%([\da-f]{2})/gi

/**
 * The media type a `data:` URI declares, lower-cased, without reading its data: what
 * {@link readDataUri} judges the URI as (`undefined` for anything that is no `data:` URI).
 *
 * @param uri The URI, e.g. a design's `image.href`.
 * @returns E.g. `image/svg+xml`; `''` for a URI without a media type.
 */
export function declaredMediaType(uri: string): string | undefined {
  const header = DATA_URI.exec(uri)
  // RFC 2397: the type runs to the first `;`, as readDataUri splits it.
  return header === null ? undefined : ((header[1] ?? '').split(';', 1)[0] ?? '').toLowerCase()
}

/**
 * Reads an image `data:` URI.
 *
 * @param uri The URI, e.g. a design's `image.href`.
 * @param accepted The formats allowed here (default: PNG, JPEG and SVG; inside an SVG only the
 *   raster ones).
 * @returns The bytes (raster) or text (SVG), or the reason it is refused.
 * @example
 *   readDataUri('data:image/png;base64,iVBORw0KGgo') // { ok: false, reason: 'Unexpected base64 data in `href`, …' }
 */
export function readDataUri(
  uri: string,
  accepted: readonly ImageMediaType[] = IMAGE_MEDIA_TYPES
): DataUriImage {
  const header = DATA_URI.exec(uri)
  if (header === null) {
    return refuse(
      `Unexpected value \`${showValue(uri)}\` for \`href\`, expected a \`data:\` URI of ${formats(accepted)}, embed the image instead of linking it`
    )
  }
  const [type = '', ...parameters] = (header[1] ?? '').split(';')
  const base64 = parameters.at(-1)?.toLowerCase() === 'base64'
  if (base64) parameters.pop()
  const stray = parameters.find((parameter) => !PARAMETER.test(parameter))
  if (stray !== undefined) {
    return refuse(
      `Unexpected parameter \`${stray}\` in the \`data:\` URI of \`href\`, expected \`name=value\` such as \`charset=utf-8\` (RFC 2397), or none`
    )
  }
  const mediaType = accepted.find((candidate) => candidate === type.toLowerCase())
  if (mediaType === undefined) {
    const expected = listed(accepted.map((name) => `\`${name}\``))
    if (type === '') {
      return refuse(
        `Unexpected \`data:\` URI without a media type in \`href\`, expected ${expected}`
      )
    }
    const fix = type.toLowerCase() === 'image/jpg' ? ', use `image/jpeg`' : ''
    return refuse(`Unexpected media type \`${type}\` in \`href\`, expected ${expected}${fix}`)
  }
  const data = uri.slice(header[0].length)
  if (mediaType === 'image/svg+xml') return readSvg(data, base64)
  if (!base64) {
    return refuse(
      `Unexpected \`${mediaType}\` data without \`;base64\` in \`href\`, expected base64-encoded bytes`
    )
  }
  if (!isCanonicalBase64(data)) return refuse(notCanonical)
  const found = sniff(decodeBase64(data, 8) ?? new Uint8Array())
  if (found !== mediaType) return refuse(notThe(mediaType, found))
  return { ok: true, mediaType, base64: data }
}

const notCanonical =
  'Unexpected base64 data in `href`, expected canonical base64 (RFC 4648: letters, digits, `+` and `/`, padded with `=` to a multiple of 4 characters, no spaces or escapes)'

function readSvg(data: string, base64: boolean): DataUriImage {
  let bytes: Uint8Array | undefined
  if (base64) {
    bytes = decodeBase64(data)
    if (bytes === undefined) return refuse(notCanonical)
  } else {
    // A raw `#` starts the URI's fragment: everything after it never reaches the SVG parser.
    if (data.includes('#')) {
      return refuse('Unexpected `#` in the SVG data of `href`, expected `%23`, percent-encode it')
    }
    if (BROKEN_ESCAPE.test(data)) {
      return refuse(
        'Unexpected `%` in the SVG data of `href`, expected `%` and two hex digits, write `%25` for a `%`'
      )
    }
    bytes = percentDecode(data)
  }
  const found = sniff(bytes)
  if (found !== undefined) return refuse(notThe('image/svg+xml', found))
  try {
    return {
      ok: true,
      mediaType: 'image/svg+xml',
      text: new TextDecoder('utf-8', { fatal: true }).decode(bytes),
    }
  } catch {
    return refuse(
      'Unexpected data in `href`, expected the bytes of an SVG image as declared by `image/svg+xml` (UTF-8 text)'
    )
  }
}

/** The raster format whose signature starts `head`, if any. */
function sniff(head: Uint8Array): ImageMediaType | undefined {
  return SIGNATURES.find(({ bytes }) => bytes.every((byte, index) => head[index] === byte))
    ?.mediaType
}

function notThe(mediaType: ImageMediaType, found: ImageMediaType | undefined): string {
  const fix =
    found === undefined
      ? ''
      : `, these are the bytes of ${FORMAT_NAMES[found]} image: declare \`${found}\``
  return `Unexpected data in \`href\`, expected the bytes of ${FORMAT_NAMES[mediaType]} image as declared by \`${mediaType}\`${fix}`
}

function formats(accepted: readonly ImageMediaType[]): string {
  return listed(accepted.map((type) => FORMAT_NAMES[type].replace(/^an? /, '')))
}

/** `a`, `a or b`, `a, b or c`. */
function listed(items: readonly string[]): string {
  return items.length < 2
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} or ${items.at(-1) ?? ''}`
}

/** Percent-decoding (RFC 3986 §2.1) of data whose escapes are checked; other characters as UTF-8. */
function percentDecode(data: string): Uint8Array {
  const encoder = new TextEncoder()
  const bytes: number[] = []
  let last = 0
  const text = (end: number): void => {
    for (const byte of encoder.encode(data.slice(last, end))) bytes.push(byte)
  }
  for (const match of data.matchAll(ESCAPE)) {
    text(match.index)
    bytes.push(Number.parseInt(match[1] ?? '', 16))
    last = match.index + 3
  }
  text(data.length)
  return Uint8Array.from(bytes)
}

function refuse(reason: string): DataUriImage {
  return { ok: false, reason }
}
