/**
 * Node only: reads a fonts manifest (`fonts/fonts.json`, format in `docs/design-format.md`) and the font files it names,
 * as bytes for the core's font registry. WOFF2 files are decoded here with Node's own Brotli
 * (zlib, native, a few ms per face) into the TTF/OTF they hold, so that Node hosts can keep the
 * synchronous `createFontRegistry` and pay no pure-JS Brotli start-up; the decoded bytes are the
 * same the core's decoder gives (tested).
 *
 * @module
 */
import { readFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliDecompressSync, constants as zlibConstants } from 'node:zlib'
import { FontError } from '../text/font-error.ts'
import { normalizeAxes } from '../text/font-variations.ts'
import { FONT_FORMATS, fontFormat, readSfnt } from '../text/sfnt.ts'
import type { FaceSource, FamilySources } from '../text/types.ts'
import { unpackFont, type Woff2Decoder } from '../text/unpack-font.ts'
import { decodeWoff2, type BrotliDecode } from '../text/woff2.ts'

/** One problem of a fonts manifest: the manifest field it concerns and what is wrong. */
export interface FontManifestProblem {
  /** Field of the manifest, e.g. `families.Inter.bold`; `''` for the manifest itself. */
  readonly path: string
  /** One sentence following ``Unexpected `X`, expected `Y`[, fix]``, naming the file. */
  readonly message: string
}

/**
 * Thrown by {@link loadFontSources} when the manifest or a font file it names is missing or
 * malformed. Fonts are configuration of the host, so this is a misuse to fix, not a finding;
 * every problem is listed at once, each naming the file at fault.
 */
export class FontManifestError extends Error {
  override readonly name = 'FontManifestError'
  /** Absolute path of the manifest. */
  readonly manifest: string
  /** Every problem found, in manifest order; never empty. */
  readonly problems: readonly FontManifestProblem[]

  /**
   * @param manifest Absolute path of the manifest.
   * @param problems The problems found (at least one).
   * @param cause The underlying error, when there is a single one (file system, JSON syntax).
   */
  constructor(manifest: string, problems: readonly FontManifestProblem[], cause?: unknown) {
    const lines = problems.map(
      (problem) => `  - ${problem.path || '(manifest)'}: ${problem.message}`
    )
    super([`Invalid font manifest \`${manifest}\`:`, ...lines].join('\n'), { cause })
    this.manifest = manifest
    this.problems = Object.freeze([...problems])
  }
}

/**
 * Node's native Brotli, bounded by the decoded size the WOFF2 directory announces. The output is
 * one buffer of that size (`chunkSize`), not 16 kB chunks joined and copied afterwards: 1.2x
 * less CPU for the 300 kB stream of a 100 kB face.
 */
const nativeBrotli: BrotliDecode = (data, size) => {
  const decoded = brotliDecompressSync(data, {
    maxOutputLength: Math.max(size, 1),
    chunkSize: Math.max(size, zlibConstants.Z_MIN_CHUNK),
  })
  return new Uint8Array(decoded.buffer, decoded.byteOffset, decoded.byteLength)
}

/** WOFF2 with Node's Brotli. */
const nativeWoff2: Woff2Decoder = (bytes, name) => decodeWoff2(bytes, name, nativeBrotli)

/** An axis tag: four printable ASCII characters (OpenType `Tag`), e.g. `wght`. */
const AXIS_TAG = /^[\x20-\x7e]{4}$/

/** Face slots of a family, in the order of `fonts/fonts.json`. */
const SLOTS = ['regular', 'bold', 'italic', 'bold_italic'] as const

type Slot = (typeof SLOTS)[number]

/**
 * The package's own manifest. `src/node/` and the built `dist/node/` are both two levels below
 * the package root, so one relative URL serves both.
 */
const DEFAULT_MANIFEST = new URL('../../fonts/fonts.json', import.meta.url)

/**
 * Reads a fonts manifest and every font file it names, so that Node entry points (CLI, server)
 * can hand the core bytes, never paths. Paths in the manifest are relative to the manifest. A
 * face is a file name, or `{ "file": …, "axes": { "wght": 700 } }` for an instance of a variable
 * font. Files must be TTF, OTF, WOFF or WOFF2; WOFF2 is decoded to TTF/OTF here. Each file is
 * read once, however many faces name it, and checked: a stray text file, a collection, a broken
 * WOFF2 or an axis the font lacks fails here, naming the file, rather than deep inside layout.
 *
 * @param manifestPath A file path (relative to the working directory) or `file:` URL of the
 *   manifest (default: the package's own `fonts/fonts.json` with Inter, Roboto and Lora).
 * @returns The faces of every family, keyed by family name, in manifest order.
 * @throws {FontManifestError} When the manifest or a font file is missing or malformed.
 * @example
 * ```ts
 * const sources = await loadFontSources()
 * const registry = createFontRegistry(sources)
 * ```
 */
export async function loadFontSources(
  manifestPath: string | URL = DEFAULT_MANIFEST
): Promise<Record<string, FamilySources>> {
  const manifest = resolve(manifestPath instanceof URL ? fileURLToPath(manifestPath) : manifestPath)
  const directory = dirname(manifest)
  const fail = (problem: FontManifestProblem, cause?: unknown): never => {
    throw new FontManifestError(manifest, [problem], cause)
  }

  let text: string
  try {
    text = await readFile(manifest, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const what = code === 'ENOENT' ? 'missing' : `unreadable (\`${code ?? 'error'}\`)`
    return fail(
      { path: '', message: `Unexpected ${what} file \`${manifest}\`, expected a fonts manifest` },
      error
    )
  }
  let json: unknown
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch (error) {
    return fail(
      {
        path: '',
        message: `Unexpected JSON syntax error \`${(error as Error).message}\` in \`${manifest}\`, expected a JSON document`,
      },
      error
    )
  }

  const problems: FontManifestProblem[] = []
  const files: {
    family: string
    slot: Slot
    path: string
    file: string
    axes: Record<string, number> | undefined
  }[] = []
  const families = isObject(json) ? (json as Record<string, unknown>)['families'] : undefined
  if (!isObject(json) || !isObject(families)) {
    return fail({
      path: isObject(json) ? 'families' : '',
      message: `Unexpected value \`${shape(isObject(json) ? families : json)}\`${isObject(json) ? ' for `families`' : ''} in \`${manifest}\`, expected an \`object\` of families, as in \`{"families": {"Inter": {"regular": "Inter-Regular.ttf"}}}\``,
    })
  }
  if (Object.keys(families).length === 0) {
    problems.push({
      path: 'families',
      message: `Unexpected empty \`families\` in \`${manifest}\`, expected at least one family`,
    })
  }
  for (const [family, faces] of Object.entries(families)) {
    const path = `families.${family}`
    if (!isObject(faces)) {
      problems.push({
        path,
        message: `Unexpected value \`${shape(faces)}\` for \`${path}\` in \`${manifest}\`, expected an \`object\` of face files`,
      })
      continue
    }
    for (const [slot, face] of Object.entries(faces)) {
      const slotPath = `${path}.${slot}`
      if (!isSlot(slot)) {
        problems.push({
          path: slotPath,
          message: `Unexpected face \`${slot}\` in \`${manifest}\`, expected one of ${SLOTS.map((name) => `\`${name}\``).join(', ')}`,
        })
        continue
      }
      const instance = isObject(face)
      const file = instance ? face['file'] : face
      const axes = instance ? face['axes'] : undefined
      if (typeof file !== 'string' || file === '') {
        problems.push({
          path: instance ? `${slotPath}.file` : slotPath,
          message: `Unexpected value \`${shape(file)}\` for \`${instance ? `${slotPath}.file` : slotPath}\` in \`${manifest}\`, expected a font file name \`string\`${instance ? '' : ' or `{"file": …, "axes": {"wght": 700}}`'}`,
        })
        continue
      }
      const extra = instance
        ? Object.keys(face).filter((key) => key !== 'file' && key !== 'axes')
        : []
      if (extra.length > 0) {
        problems.push({
          path: `${slotPath}.${extra[0]}`,
          message: `Unexpected key \`${extra[0]}\` for \`${slotPath}\` in \`${manifest}\`, expected only \`file\` and \`axes\``,
        })
        continue
      }
      const axisProblem = checkAxes(axes, `${slotPath}.axes`, manifest)
      if (axisProblem) {
        problems.push(axisProblem)
        continue
      }
      files.push({
        family,
        slot,
        path: slotPath,
        file: resolve(directory, file),
        axes: axes as Record<string, number> | undefined,
      })
    }
    if (!Object.hasOwn(faces, 'regular')) {
      problems.push({
        path: `${path}.regular`,
        message: `Unexpected missing face \`regular\` for \`${path}\` in \`${manifest}\`, expected a font file name \`string\``,
      })
    }
  }

  // Each file is read and unpacked once; faces naming the same file share its bytes, so the
  // registry parses two instances of one variable font from one buffer.
  const reads = new Map<string, Promise<Uint8Array | Error>>()
  const unpacked = new Map<string, Uint8Array | ((path: string) => string)>()
  const bytes = await Promise.all(
    files.map(async ({ path, file, axes }) => {
      let read = reads.get(file)
      if (!read) {
        read = readFile(file).then(
          (data) => new Uint8Array(data),
          (error: Error) => error
        )
        reads.set(file, read)
      }
      const data = await read
      if (data instanceof Error) {
        const code = (data as NodeJS.ErrnoException).code
        const what = code === 'ENOENT' ? 'missing' : `unreadable (\`${code ?? 'error'}\`)`
        problems.push({
          path,
          message: `Unexpected ${what} file \`${file}\` for \`${path}\`, expected a ${FONT_FORMATS} font file`,
        })
        return undefined
      }
      let sfnt = unpacked.get(file)
      if (!sfnt) {
        sfnt = unpackFile(data, file)
        unpacked.set(file, sfnt)
      }
      if (typeof sfnt === 'function') {
        problems.push({ path, message: sfnt(path) })
        return undefined
      }
      try {
        normalizeAxes(readSfnt(sfnt, file), file, axes)
      } catch (error) {
        if (!(error instanceof FontError)) throw error
        problems.push({ path: `${path}.axes`, message: `${error.message} (for \`${path}\`)` })
        return undefined
      }
      return sfnt
    })
  )
  if (problems.length > 0) {
    // Problems of file reads arrive in completion order; report them in manifest order.
    const order = new Map(files.map((entry, index) => [entry.path, index]))
    // A problem of a face's axes (`families.X.bold.axes`) ranks with its face.
    const rank = (problem: FontManifestProblem): number =>
      order.get(problem.path) ?? order.get(problem.path.replace(/\.axes$/, '')) ?? -1
    throw new FontManifestError(
      manifest,
      problems
        .map((problem, index) => ({ problem, index }))
        .sort((a, b) => rank(a.problem) - rank(b.problem) || a.index - b.index)
        .map(({ problem }) => problem)
    )
  }

  const faces = new Map<string, Partial<Record<Slot, FaceSource>>>()
  files.forEach(({ family, slot, axes }, index) => {
    const slots = faces.get(family) ?? {}
    const data = bytes[index]
    if (data !== undefined) slots[slot] = axes ? { bytes: data, axes } : data
    faces.set(family, slots)
  })
  // Object.fromEntries defines own properties, so a family named `__proto__` stays a family.
  return Object.fromEntries(
    [...faces].flatMap(([family, { regular, bold, italic, bold_italic }]) =>
      regular === undefined
        ? [] // Cannot happen: a family without `regular` was reported above.
        : [
            [
              family,
              {
                regular,
                ...(bold && { bold }),
                ...(italic && { italic }),
                ...(bold_italic && { bold_italic }),
              } satisfies FamilySources,
            ],
          ]
    )
  )
}

/**
 * A font file as sfnt bytes (WOFF and WOFF2 unpacked, WOFF2 with Node's Brotli), or the problem
 * that makes it unusable, as a function of the manifest field naming it.
 */
function unpackFile(data: Uint8Array, file: string): Uint8Array | ((path: string) => string) {
  const content = (fix: string) => (path: string) =>
    `Unexpected content of \`${file}\` for \`${path}\`, expected a ${FONT_FORMATS} font file${fix}`
  try {
    fontFormat(data, file)
  } catch (error) {
    if (!(error instanceof FontError)) throw error
    return content(
      error.code === 'unsupported-format'
        ? ', font collections are not supported: extract one face'
        : ''
    )
  }
  try {
    return unpackFont(data, file, nativeWoff2)
  } catch (error) {
    if (!(error instanceof FontError)) throw error
    return (path) => `${error.message} (for \`${path}\`)`
  }
}

/** Checks the shape of a face's `axes`: an object of 4-character tags to finite numbers. */
function checkAxes(axes: unknown, path: string, manifest: string): FontManifestProblem | undefined {
  if (axes === undefined) return undefined
  if (!isObject(axes)) {
    return {
      path,
      message: `Unexpected value \`${shape(axes)}\` for \`${path}\` in \`${manifest}\`, expected an \`object\` of axis values, as in \`{"wght": 700}\``,
    }
  }
  for (const [tag, value] of Object.entries(axes)) {
    if (!AXIS_TAG.test(tag)) {
      return {
        path: `${path}.${tag}`,
        message: `Unexpected axis \`${tag}\` for \`${path}\` in \`${manifest}\`, expected a 4-character tag such as \`wght\``,
      }
    }
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      return {
        path: `${path}.${tag}`,
        message: `Unexpected value \`${shape(value)}\` for \`${path}.${tag}\` in \`${manifest}\`, expected a \`number\``,
      }
    }
  }
  return undefined
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isSlot(value: string): value is Slot {
  return (SLOTS as readonly string[]).includes(value)
}

/** A short rendering of a manifest value for messages. */
function shape(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? '[]' : '[…]'
  if (isObject(value)) return '{…}'
  return typeof value === 'string' ? JSON.stringify(value) : String(value)
}
