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

async function readFontFile(file: string): Promise<Uint8Array> {
  const url = new URL(`../../fonts/${file}`, import.meta.url)
  if (typeof window === 'undefined') {
    const fs = await import('node:fs/promises')
    return new Uint8Array(await fs.readFile(url))
  }
  const response = await fetch(url)
  if (!response.ok) throw new Error(`Cannot load font \`${file}\`: ${response.status}`)
  return new Uint8Array(await response.arrayBuffer())
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
