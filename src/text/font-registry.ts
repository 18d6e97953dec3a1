/**
 * The font registry: families of faces given as bytes, parsed lazily, one face per style.
 *
 * @module
 */
import { parseFont, type ParseFontOptions } from './font.ts'
import { FontError } from './font-error.ts'
import { checkFontSignature } from './sfnt.ts'
import type { Face, FaceStyle, FamilySources, FontBytes, FontRegistry } from './types.ts'

type Slot = keyof FamilySources

const REGULAR: FaceStyle = { bold: false, italic: false }

/** Slots to try for a style, closest first (bold italic → bold → italic → regular). */
function slotsFor(style: FaceStyle): readonly Slot[] {
  if (style.bold && style.italic) return ['bold_italic', 'bold', 'italic', 'regular']
  if (style.bold) return ['bold', 'regular']
  if (style.italic) return ['italic', 'regular']
  return ['regular']
}

const STYLE_OF: Readonly<Record<Slot, FaceStyle>> = {
  regular: REGULAR,
  bold: { bold: true, italic: false },
  italic: { bold: false, italic: true },
  bold_italic: { bold: true, italic: true },
}

/**
 * Creates a registry from font bytes per family. Each face is parsed on first use (Inter takes
 * a few ms, research §2.2), so faces a design never uses cost nothing. Throws a `FontError` at
 * once for a family without `regular` bytes or for bytes that are WOFF, WOFF2, a collection or
 * no font at all; the registry never throws on user text.
 *
 * @param sources Bytes of each family's faces, keyed by family name (`fonts/fonts.json` shape).
 * @param options How to read CFF outlines (see `ParseFontOptions`).
 * @returns The registry.
 * @example
 * ```ts
 * const fonts = createFontRegistry({ Inter: { regular: interRegular, bold: interBold } })
 * fonts.face('Inter', { bold: true, italic: true }) // Inter bold (closest face)
 * ```
 */
export function createFontRegistry(
  sources: Readonly<Record<string, FamilySources>>,
  options: ParseFontOptions = {}
): FontRegistry {
  const families = Object.keys(sources)
  for (const family of families) {
    const faces = sources[family] as FamilySources
    if (!(faces.regular instanceof Uint8Array || faces.regular instanceof ArrayBuffer)) {
      throw new FontError(
        'invalid-sources',
        `Unexpected family \`${family}\` without a \`regular\` face, expected its font bytes`
      )
    }
    for (const slot of ['regular', 'bold', 'italic', 'bold_italic'] as const) {
      const bytes = faces[slot]
      if (bytes !== undefined) {
        const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)
        checkFontSignature(view, `${family} ${slot.replace('_', ' ')}`)
      }
    }
  }
  const parsed = new Map<string, Face>()
  const load = (family: string, slot: Slot, bytes: FontBytes): Face => {
    const key = `${family}\u0000${slot}`
    let face = parsed.get(key)
    if (!face) {
      face = parseFont(bytes, family, STYLE_OF[slot], options)
      parsed.set(key, face)
    }
    return face
  }
  const has = (family: string): boolean => Object.prototype.hasOwnProperty.call(sources, family)
  return {
    families,
    has,
    face(family: string, style: FaceStyle = REGULAR): Face {
      if (!has(family)) {
        const known = families.map((name) => `\`${name}\``).join(', ')
        throw new FontError(
          'unknown-family',
          `Unexpected font family \`${family}\`, expected ${families.length > 0 ? `one of ${known}` : 'a registered family'}`
        )
      }
      const faces = sources[family] as FamilySources
      for (const slot of slotsFor(style)) {
        const bytes = faces[slot]
        if (bytes !== undefined) return load(family, slot, bytes)
      }
      return load(family, 'regular', faces.regular)
    },
  }
}
