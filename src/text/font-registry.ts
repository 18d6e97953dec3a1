/**
 * The font registry: families of faces given as bytes (or instances of variable fonts), parsed
 * lazily, one face per style. `createFontRegistry` is synchronous and reads TTF, OTF and WOFF;
 * `loadFontRegistry` also reads WOFF2, whose Brotli decoder (with its 120 kB dictionary) it
 * loads only when a face needs it, so the core bundle stays small for everyone else.
 *
 * @module
 */
import { parseFont } from './font.ts'
import { FontError } from './font-error.ts'
import { fontFormat, type FontFormat } from './sfnt.ts'
import type {
  Face,
  FaceSource,
  FaceStyle,
  FamilySources,
  FontBytes,
  FontRegistry,
} from './types.ts'
import { unpackFont, woff2NeedsDecoder, type Woff2Decoder } from './unpack-font.ts'

type Slot = keyof FamilySources

const SLOTS: readonly Slot[] = ['regular', 'bold', 'italic', 'bold_italic']

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

function isBytes(value: unknown): value is FontBytes {
  return value instanceof Uint8Array || value instanceof ArrayBuffer
}

/** A face source split into its bytes and axes, checked for shape. */
interface CheckedSource {
  readonly bytes: FontBytes
  readonly axes: Readonly<Record<string, number>> | undefined
  readonly format: FontFormat
}

function checkSource(value: unknown, name: string): CheckedSource {
  const instance = typeof value === 'object' && value !== null && !isBytes(value)
  const bytes = instance ? (value as { bytes?: unknown }).bytes : value
  const axes = instance ? (value as { axes?: unknown }).axes : undefined
  if (!isBytes(bytes)) {
    throw new FontError(
      'invalid-sources',
      `Unexpected value for face \`${name}\`, expected font bytes (\`Uint8Array\` or \`ArrayBuffer\`) or \`{ bytes, axes }\``
    )
  }
  if (axes !== undefined && (typeof axes !== 'object' || axes === null || Array.isArray(axes))) {
    throw new FontError(
      'invalid-variation',
      `Unexpected \`axes\` for face \`${name}\`, expected an object of axis values such as \`{ "wght": 700 }\``
    )
  }
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)
  return {
    bytes,
    axes: axes as Readonly<Record<string, number>> | undefined,
    format: fontFormat(view, name),
  }
}

/**
 * The registry over checked sources. WOFF and WOFF2 bytes used by several faces (two instances
 * of one variable file) are unpacked once; the registry owns that cache, as big as its sources.
 */
function buildRegistry(
  sources: Readonly<Record<string, FamilySources>>,
  checked: ReadonlyMap<string, CheckedSource>,
  woff2: Woff2Decoder | undefined
): FontRegistry {
  const families = Object.keys(sources)
  const uses = new Map<FontBytes, number>()
  for (const source of checked.values()) uses.set(source.bytes, (uses.get(source.bytes) ?? 0) + 1)
  const unpacked = new Map<FontBytes, Uint8Array>()
  const parsed = new Map<string, Face>()
  const load = (family: string, slot: Slot): Face => {
    const key = `${family}\u0000${slot}`
    let face = parsed.get(key)
    if (!face) {
      const source = checked.get(key) as CheckedSource
      const name = `${family} ${slot.replace('_', ' ')}`
      let bytes: FontBytes = source.bytes
      if (source.format !== 'sfnt' && (uses.get(bytes) ?? 0) > 1) {
        let sfnt = unpacked.get(bytes)
        if (!sfnt) {
          sfnt = unpackFont(bytes, name, woff2)
          unpacked.set(source.bytes, sfnt)
        }
        bytes = sfnt
      }
      face = parseFont(bytes, family, STYLE_OF[slot], { axes: source.axes, woff2 })
      parsed.set(key, face)
    }
    return face
  }
  const has = (family: string): boolean => Object.prototype.hasOwnProperty.call(sources, family)
  // The face each family and style resolves to, found once (layouts and rules ask for it per
  // run and per field): at most four per registered family.
  const chosen = new Map<string, Face[]>()
  const choose = (family: string, style: FaceStyle): Face => {
    for (const slot of slotsFor(style)) {
      if (checked.has(`${family}\u0000${slot}`)) return load(family, slot)
    }
    return load(family, 'regular')
  }
  return {
    families,
    has,
    face(family: string, style: FaceStyle = REGULAR): Face {
      const index = (style.bold ? 2 : 0) + (style.italic ? 1 : 0)
      const kept = chosen.get(family)?.[index]
      if (kept) return kept
      if (!has(family)) {
        const known = families.map((name) => `\`${name}\``).join(', ')
        throw new FontError(
          'unknown-family',
          `Unexpected font family \`${family}\`, expected ${families.length > 0 ? `one of ${known}` : 'a registered family'}`
        )
      }
      const face = choose(family, style)
      let faces = chosen.get(family)
      if (!faces) {
        faces = []
        chosen.set(family, faces)
      }
      faces[index] = face
      return face
    },
  }
}

/** Checks every family and face of the sources (shape and container format), eagerly. */
function checkSources(
  sources: Readonly<Record<string, FamilySources>>
): Map<string, CheckedSource> {
  const checked = new Map<string, CheckedSource>()
  for (const family of Object.keys(sources)) {
    const faces = sources[family] as FamilySources
    if (faces?.regular === undefined) {
      throw new FontError(
        'invalid-sources',
        `Unexpected family \`${family}\` without a \`regular\` face, expected its font bytes`
      )
    }
    for (const slot of SLOTS) {
      const source: FaceSource | undefined = faces[slot]
      if (source !== undefined) {
        checked.set(
          `${family}\u0000${slot}`,
          checkSource(source, `${family} ${slot.replace('_', ' ')}`)
        )
      }
    }
  }
  return checked
}

/**
 * Creates a registry from font bytes per family. Each face is parsed on first use (Inter takes
 * a few ms), so faces a design never uses cost nothing. A face is TTF, OTF or
 * WOFF bytes, or `{ bytes, axes }` for an instance of a variable font. Throws a `FontError` at
 * once for a family without `regular`, for bytes that are a collection, no font at all, or
 * WOFF2 (use {@link loadFontRegistry}); the registry never throws on user text.
 *
 * @param sources Faces of each family, keyed by family name (`fonts/fonts.json` shape).
 * @returns The registry.
 * @example
 * ```ts
 * const fonts = createFontRegistry({ Inter: { regular: interRegular, bold: interBold } })
 * fonts.face('Inter', { bold: true, italic: true }) // Inter bold (closest face)
 * ```
 */
export function createFontRegistry(sources: Readonly<Record<string, FamilySources>>): FontRegistry {
  const checked = checkSources(sources)
  for (const [key, source] of checked) {
    if (source.format === 'woff2')
      throw woff2NeedsDecoder(key.replace('\u0000', ' ').replace('_', ' '))
  }
  return buildRegistry(sources, checked, undefined)
}

/**
 * Creates a registry like {@link createFontRegistry}, and also reads WOFF2: when a face is
 * WOFF2, it first loads the WOFF2 decoder with its pure-JS Brotli (a separate chunk of about
 * 63 kB gzipped, fetched once per page). Faces are still parsed on first use, synchronously.
 *
 * @param sources Faces of each family, keyed by family name.
 * @returns The registry, once the decoder is loaded (at once when no face needs it).
 * @example
 * ```ts
 * const bytes = new Uint8Array(await (await fetch('/fonts/InterVariable.woff2')).arrayBuffer())
 * const fonts = await loadFontRegistry({
 *   Inter: { regular: { bytes, axes: { wght: 400 } }, bold: { bytes, axes: { wght: 700 } } },
 * })
 * ```
 */
export async function loadFontRegistry(
  sources: Readonly<Record<string, FamilySources>>
): Promise<FontRegistry> {
  const checked = checkSources(sources)
  const needsWoff2 = [...checked.values()].some((source) => source.format === 'woff2')
  const woff2 = needsWoff2 ? (await import('./woff2-decoder.ts')).decodeWoff2Font : undefined
  return buildRegistry(sources, checked, woff2)
}
