/**
 * Node only: reads a fonts manifest (`fonts/fonts.json`, format in `docs/design-format.md`) and
 * the font files it names, as bytes for the core's font registry.
 *
 * @module
 */
import { readFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FamilySources } from '../text/types.ts'

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

/** What the font layer (opentype.js) parses. */
const FONT_FORMATS = 'TTF, OTF or WOFF'

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
 * can hand the core bytes, never paths. Paths in the manifest are relative to the manifest.
 * Files are checked to be TTF, OTF or WOFF by their signature, so a WOFF2 file or a stray text
 * file fails here, with its name, rather than deep inside font parsing.
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
  const files: { family: string; slot: Slot; path: string; file: string }[] = []
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
    for (const [slot, file] of Object.entries(faces)) {
      const slotPath = `${path}.${slot}`
      if (!isSlot(slot)) {
        problems.push({
          path: slotPath,
          message: `Unexpected face \`${slot}\` in \`${manifest}\`, expected one of ${SLOTS.map((name) => `\`${name}\``).join(', ')}`,
        })
      } else if (typeof file !== 'string' || file === '') {
        problems.push({
          path: slotPath,
          message: `Unexpected value \`${shape(file)}\` for \`${slotPath}\` in \`${manifest}\`, expected a font file name \`string\``,
        })
      } else {
        files.push({ family, slot, path: slotPath, file: resolve(directory, file) })
      }
    }
    if (!Object.hasOwn(faces, 'regular')) {
      problems.push({
        path: `${path}.regular`,
        message: `Unexpected missing face \`regular\` for \`${path}\` in \`${manifest}\`, expected a font file name \`string\``,
      })
    }
  }

  const bytes = await Promise.all(
    files.map(async ({ path, file }) => {
      let data: Uint8Array
      try {
        data = new Uint8Array(await readFile(file))
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code
        const what = code === 'ENOENT' ? 'missing' : `unreadable (\`${code ?? 'error'}\`)`
        problems.push({
          path,
          message: `Unexpected ${what} file \`${file}\` for \`${path}\`, expected a ${FONT_FORMATS} font file`,
        })
        return undefined
      }
      const problem = checkSignature(data, file, path)
      if (problem !== undefined) problems.push(problem)
      return data
    })
  )
  if (problems.length > 0) {
    // Problems of file reads arrive in completion order; report them in manifest order.
    const order = new Map(files.map((entry, index) => [entry.path, index]))
    const rank = (problem: FontManifestProblem): number => order.get(problem.path) ?? -1
    throw new FontManifestError(
      manifest,
      problems
        .map((problem, index) => ({ problem, index }))
        .sort((a, b) => rank(a.problem) - rank(b.problem) || a.index - b.index)
        .map(({ problem }) => problem)
    )
  }

  const faces = new Map<string, Partial<Record<Slot, Uint8Array>>>()
  files.forEach(({ family, slot }, index) => {
    const slots = faces.get(family) ?? {}
    const data = bytes[index]
    if (data !== undefined) slots[slot] = data
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

/** Rejects files the font layer cannot parse, by their first four bytes. */
function checkSignature(
  data: Uint8Array,
  file: string,
  path: string
): FontManifestProblem | undefined {
  const tag = String.fromCharCode(...data.subarray(0, 4))
  // TrueType (0x00010000 or `true`), CFF OpenType (`OTTO`) and WOFF 1 (`wOFF`).
  if (tag === '\0\u0001\0\0' || tag === 'true' || tag === 'OTTO' || tag === 'wOFF') return undefined
  const fix =
    tag === 'wOF2'
      ? ', WOFF2 is not supported: decompress it to TTF first'
      : tag === 'ttcf'
        ? ', font collections are not supported: extract one face'
        : ''
  return {
    path,
    message: `Unexpected content of \`${file}\` for \`${path}\`, expected a ${FONT_FORMATS} font file${fix}`,
  }
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
