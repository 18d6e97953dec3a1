/**
 * Fonts for the page: fetched from the page's own server, face by face, only when the chosen
 * design and the text typed into it need them (a design in Inter, Lora and Roboto does not
 * download 12 faces to show regular text).
 *
 * @module
 */
import { createFontRegistry, type FamilySources, type FontRegistry } from '../src/index.ts'

/** The faces of a family, as named in `fonts/fonts.json`. */
export type FaceSlot = keyof FamilySources

/** Faces needed, by family. */
export type FaceNeeds = ReadonlyMap<string, ReadonlySet<FaceSlot>>

/** Every slot, in the order of `fonts/fonts.json`. */
export const FACE_SLOTS: readonly FaceSlot[] = ['regular', 'bold', 'italic', 'bold_italic']

/** A font could not be loaded: a family the manifest lacks, or a file the server does not have. */
export class FontLoadError extends Error {
  override readonly name = 'FontLoadError'
}

/** Options of {@link createFontLoader}. */
export interface FontLoaderOptions {
  /** The fonts manifest (`fonts/fonts.json` format of design-format.md). */
  readonly manifest: unknown
  /** The URL a font file of the manifest is served at, e.g. Vite's `?url` of `fonts/<file>`. */
  readonly urlOf: (file: string) => string | undefined
  /** The fetch to use (default: the global `fetch`). */
  readonly fetch?: typeof fetch
}

/** Loads faces on demand and keeps one registry of everything loaded so far. */
export interface FontLoader {
  /**
   * The registry, when every needed face is already loaded (the synchronous fast path of each
   * keystroke); `undefined` when something must be fetched first.
   */
  ready(needs: FaceNeeds): FontRegistry | undefined
  /**
   * Fetches the needed faces that are not loaded yet and returns the registry holding them. Slots
   * the manifest does not have are skipped: the registry falls back to the closest face, as the
   * server's registry does.
   *
   * @throws {FontLoadError} For a family the manifest lacks or a file that cannot be fetched.
   */
  load(needs: FaceNeeds): Promise<FontRegistry>
  /** Files fetched so far, in order (what the page transferred). */
  readonly files: readonly string[]
}

type Manifest = Readonly<Record<string, Partial<Record<FaceSlot, string>>>>

function readManifest(manifest: unknown): Manifest {
  const families =
    typeof manifest === 'object' && manifest !== null
      ? (manifest as { families?: unknown }).families
      : undefined
  return typeof families === 'object' && families !== null ? (families as Manifest) : {}
}

/**
 * Creates a loader. The registry object stays the same until a new face arrives, so callers can
 * cache measurements per registry.
 *
 * @param options The manifest, where its files are served, and `fetch`.
 * @returns The loader.
 */
export function createFontLoader(options: FontLoaderOptions): FontLoader {
  const manifest = readManifest(options.manifest)
  const fetchFont = options.fetch ?? ((input, init) => fetch(input, init))
  const bytes = new Map<string, Uint8Array>()
  const inFlight = new Map<string, Promise<Uint8Array>>()
  const files: string[] = []
  let registry: FontRegistry | undefined
  let registered = ''

  /** The manifest files of the needed faces (regular always comes along). */
  const filesOf = (needs: FaceNeeds): string[] => {
    const result: string[] = []
    for (const [family, slots] of needs) {
      const faces = Object.hasOwn(manifest, family) ? manifest[family] : undefined
      if (!faces || typeof faces.regular !== 'string') {
        const known = Object.keys(manifest)
          .map((name) => `\`${name}\``)
          .join(', ')
        throw new FontLoadError(
          `Unexpected font family \`${family}\`, expected one of the fonts manifest: ${known}`
        )
      }
      for (const slot of new Set<FaceSlot>(['regular', ...slots])) {
        const file = faces[slot]
        if (typeof file === 'string') result.push(file)
      }
    }
    return result
  }

  const fetchFile = (file: string): Promise<Uint8Array> => {
    let pending = inFlight.get(file)
    if (!pending) {
      const url = options.urlOf(file)
      pending = (async () => {
        if (url === undefined) {
          throw new FontLoadError(`Unexpected font file \`${file}\`, expected a file of fonts/`)
        }
        const response = await fetchFont(url)
        if (!response.ok) {
          throw new FontLoadError(`Cannot load the font \`${file}\`: HTTP ${response.status}`)
        }
        return new Uint8Array(await response.arrayBuffer())
      })()
      inFlight.set(file, pending)
      // A failed file may be tried again by a later call.
      pending.catch(() => inFlight.delete(file))
    }
    return pending
  }

  /** The registry of every loaded face; rebuilt only when the set of faces changed. */
  const build = (): FontRegistry => {
    const signature = [...bytes.keys()].sort().join('\n')
    if (registry && signature === registered) return registry
    const sources: Record<string, FamilySources> = {}
    for (const [family, faces] of Object.entries(manifest)) {
      const regular = typeof faces.regular === 'string' ? bytes.get(faces.regular) : undefined
      if (!regular) continue
      const loaded: Partial<Record<FaceSlot, Uint8Array>> = { regular }
      for (const slot of FACE_SLOTS) {
        const file = faces[slot]
        const data = typeof file === 'string' ? bytes.get(file) : undefined
        if (data) loaded[slot] = data
      }
      sources[family] = loaded as FamilySources
    }
    registry = createFontRegistry(sources)
    registered = signature
    return registry
  }

  return {
    files,
    ready(needs) {
      const wanted = filesOf(needs)
      return wanted.every((file) => bytes.has(file)) ? build() : undefined
    },
    async load(needs) {
      const wanted = filesOf(needs).filter((file) => !bytes.has(file))
      const loaded = await Promise.all(wanted.map(fetchFile))
      wanted.forEach((file, index) => {
        if (!bytes.has(file)) {
          bytes.set(file, loaded[index] as Uint8Array)
          files.push(file)
        }
      })
      return build()
    },
  }
}
