/**
 * Test helper: the preview fixture cases (`test/fixtures/preview/cases/*.json`), their designs,
 * fonts and emoji artwork, read the same way in Node (fs) and in the browser (fetch from the
 * Vite dev server), and the expected SVG files beside them.
 */
import { parseDesign } from '../../src/design/parse-design.ts'
import type { Design } from '../../src/design/types.ts'
import type { EmojiArtwork } from '../../src/emoji/types.ts'
import { loadFontRegistry } from '../../src/text/font-registry.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import type { PreviewOptions } from '../../src/preview/types.ts'
import { loadCustomerFonts, loadTestFonts } from '../helpers/fonts.ts'

/** Names of the cases, in a fixed order. */
export const caseNames = [
  'a6-greeting',
  'a6-overflow',
  'a5-ten-areas',
  'dl-plain',
  'bad-body',
  'injection',
  'customer-fonts',
  'svg-artwork',
] as const

/**
 * QR codes of each case that must scan to their exact URL from a raster; the others hold no
 * complete URL and are drawn as placeholders, which must not scan.
 */
export const scannableQrCodes: Readonly<Record<(typeof caseNames)[number], number>> = {
  'a6-greeting': 2,
  'a6-overflow': 2,
  'a5-ten-areas': 1,
  'dl-plain': 1,
  'bad-body': 1,
  injection: 2,
  'customer-fonts': 0,
  'svg-artwork': 1,
}

/** One case: a design, a body and the options other than fonts and artwork. */
export interface PreviewCase {
  readonly name: string
  readonly design: Design
  readonly body: unknown
  readonly options: Omit<PreviewOptions, 'fonts' | 'emojiArtwork'>
}

/** Whether the test runs in Node (fixtures can only be written there). */
export const inNode = typeof window === 'undefined'

/** `UPDATE=1` regenerates the fixtures (Node only). */
export const updating = inNode && Boolean(globalThis.process?.env['UPDATE'])

// Through a variable: Vite rewrites literal `new URL(…, import.meta.url)` as an asset reference.
const here = import.meta.url

/** Reads a file relative to the repository's `test/fixtures/preview/` (or any URL) as text. */
export async function readText(url: URL): Promise<string> {
  if (inNode) {
    const fs = await import('node:fs/promises')
    return fs.readFile(url, 'utf8')
  }
  const response = await fetch(url)
  if (!response.ok) throw new Error(`Cannot load \`${url.pathname}\`: ${response.status}`)
  return response.text()
}

/** Writes a fixture file (Node only, under `UPDATE=1`). */
export async function writeText(url: URL, text: string): Promise<void> {
  const fs = await import('node:fs/promises')
  await fs.writeFile(url, text)
}

/** URL of a fixture file, e.g. `a6-greeting.front.svg`. */
export function fixtureUrl(file: string): URL {
  return new URL(`../fixtures/preview/${file}`, here)
}

let registry: Promise<FontRegistry> | undefined

/**
 * The shipped fonts and the customer fonts (WOFF2 variable Inter, CFF and CFF2 Source Sans 3)
 * as one registry (parsed once per test file).
 */
export function testRegistry(): Promise<FontRegistry> {
  registry ??= Promise.all([loadTestFonts(), loadCustomerFonts()]).then(([shipped, customer]) =>
    loadFontRegistry({ ...shipped, ...customer })
  )
  return registry
}

/** Loads a case with its parsed design. */
export async function loadCase(name: string): Promise<PreviewCase> {
  const json = JSON.parse(await readText(fixtureUrl(`cases/${name}.json`))) as {
    /** A sample design's name in `designs/`, or a design document of the case's own. */
    design: string | object
    body: unknown
    options: PreviewCase['options']
  }
  const design = parseDesign(
    typeof json.design === 'string'
      ? JSON.parse(await readText(new URL(`../../designs/${json.design}.json`, here)))
      : json.design
  )
  return { name, design, body: json.body, options: json.options }
}

/** The emoji artwork fixture: Twemoji bodies of every key the cases use. */
export async function loadArtworkFixture(): Promise<ReadonlyMap<string, EmojiArtwork>> {
  const json = JSON.parse(await readText(fixtureUrl('emoji-artwork.json'))) as Record<
    string,
    EmojiArtwork
  >
  return new Map(Object.entries(json))
}
