/**
 * Test helper: the shipped fonts as bytes, the same way in Node (fs) and in the browser (fetch
 * from the Vite dev server). The core never sees a path.
 */
import manifest from '../../fonts/fonts.json' with { type: 'json' }

/** Face slots of a family, as named in `fonts/fonts.json`. */
export type FaceSlot = 'regular' | 'bold' | 'italic' | 'bold_italic'

/** Bytes of every face of one family. */
export type FamilyBytes = Record<FaceSlot, Uint8Array>

const cache = new Map<string, Promise<Uint8Array>>()

/** Reads one file of `fonts/` as bytes. */
export function loadFontFile(file: string): Promise<Uint8Array> {
  let bytes = cache.get(file)
  if (!bytes) {
    bytes = readFontFile(file)
    cache.set(file, bytes)
  }
  return bytes
}

function readFontFile(file: string): Promise<Uint8Array> {
  return readUrl(new URL(`../../fonts/${file}`, import.meta.url))
}

/** Every shipped family with its four faces, keyed by family name. */
export async function loadTestFonts(): Promise<Record<string, FamilyBytes>> {
  const result: Record<string, FamilyBytes> = {}
  for (const [family, faces] of Object.entries(manifest.families)) {
    result[family] = {
      regular: await loadFontFile(faces.regular),
      bold: await loadFontFile(faces.bold),
      italic: await loadFontFile(faces.italic),
      bold_italic: await loadFontFile(faces.bold_italic),
    }
  }
  return result
}

/**
 * Font files as customers bring them, from dev dependencies (SIL OFL 1.1; fonts/README.md, "Fonts
 * the tests use", says where each comes from): a WOFF2 variable family of Fontsource, and Adobe's
 * Source Sans 3 as CFF (`.otf`), CFF2 variable, TrueType, WOFF and WOFF2.
 */
export const CUSTOMER_FONT_FILES = {
  interVariable: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  interVariableItalic: '@fontsource-variable/inter/files/inter-latin-wght-italic.woff2',
  sourceSansRegular: 'source-sans/OTF/SourceSans3-Regular.otf',
  sourceSansBold: 'source-sans/OTF/SourceSans3-Bold.otf',
  sourceSansItalic: 'source-sans/OTF/SourceSans3-It.otf',
  sourceSansBoldItalic: 'source-sans/OTF/SourceSans3-BoldIt.otf',
  sourceSansVariable: 'source-sans/VF/SourceSans3VF-Upright.otf',
  sourceSansVariableItalic: 'source-sans/VF/SourceSans3VF-Italic.otf',
  sourceSansVariableTtf: 'source-sans/VF/SourceSans3VF-Upright.ttf',
} as const

/**
 * Reads a file of an installed package (`node_modules/<path>`) as bytes, in Node (fs) and in the
 * browser (from the Vite dev server).
 *
 * @param path Package path, e.g. `source-sans/OTF/SourceSans3-Regular.otf`.
 * @returns The bytes.
 */
export function loadPackageFile(path: string): Promise<Uint8Array> {
  const key = `node_modules/${path}`
  let bytes = cache.get(key)
  if (!bytes) {
    bytes = readUrl(new URL(`../../node_modules/${path}`, here))
    cache.set(key, bytes)
  }
  return bytes
}

// Through a variable: Vite rewrites literal `new URL(…, import.meta.url)` as an asset reference.
const here = import.meta.url

async function readUrl(url: URL): Promise<Uint8Array> {
  if (typeof window === 'undefined') {
    const fs = await import('node:fs/promises')
    return new Uint8Array(await fs.readFile(url))
  }
  const response = await fetch(url)
  if (!response.ok) throw new Error(`Cannot load \`${url.pathname}\`: ${response.status}`)
  return new Uint8Array(await response.arrayBuffer())
}

/** Faces of one family for `loadFontRegistry`, as the manifest gives them. */
export type CustomerFamily = Record<
  FaceSlot,
  Uint8Array | { bytes: Uint8Array; axes: Record<string, number> }
>

/**
 * The customer families, ready for `loadFontRegistry`:
 * - `Inter Variable`: Fontsource's WOFF2 variable Inter (latin subset), `wght` 400 and 700;
 * - `Source Sans 3`: the static CFF `.otf` faces;
 * - `Source Sans 3 Variable`: the CFF2 variable `.otf` files, `wght` 400 and 700.
 */
export async function loadCustomerFonts(): Promise<Record<string, CustomerFamily>> {
  const file = (name: keyof typeof CUSTOMER_FONT_FILES): Promise<Uint8Array> =>
    loadPackageFile(CUSTOMER_FONT_FILES[name])
  const instance = (bytes: Uint8Array, wght: number) => ({ bytes, axes: { wght } })
  const [inter, interItalic, sourceVariable, sourceVariableItalic] = await Promise.all([
    file('interVariable'),
    file('interVariableItalic'),
    file('sourceSansVariable'),
    file('sourceSansVariableItalic'),
  ])
  return {
    'Inter Variable': {
      regular: instance(inter, 400),
      bold: instance(inter, 700),
      italic: instance(interItalic, 400),
      bold_italic: instance(interItalic, 700),
    },
    'Source Sans 3': {
      regular: await file('sourceSansRegular'),
      bold: await file('sourceSansBold'),
      italic: await file('sourceSansItalic'),
      bold_italic: await file('sourceSansBoldItalic'),
    },
    'Source Sans 3 Variable': {
      regular: instance(sourceVariable, 400),
      bold: instance(sourceVariable, 700),
      italic: instance(sourceVariableItalic, 400),
      bold_italic: instance(sourceVariableItalic, 700),
    },
  }
}
