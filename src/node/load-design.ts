/**
 * Node only: reads a design document from disk and checks it with `parseDesign`.
 *
 * @module
 */
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { DesignError } from '../design/design-error.ts'
import { parseDesign, type ParseDesignOptions } from '../design/parse-design.ts'
import type { Design } from '../design/types.ts'

/**
 * Reads a design JSON file and parses it, so that the CLI and the server turn a path into a
 * checked {@link Design} in one call. Every failure is a {@link DesignError} naming the file:
 * an unreadable file, a JSON syntax error (the parser's own message) or the design's problems.
 *
 * @param path A file path (relative to the working directory) or a `file:` URL.
 * @param options The registry's families, to reject unknown `font_family` names.
 * @returns The frozen, defaults-filled design.
 * @throws {DesignError} When the file cannot be read, is not JSON or is not a valid design.
 * @example
 * ```ts
 * const sources = await loadFontSources()
 * const design = await loadDesign('designs/a6-greeting.json', { families: Object.keys(sources) })
 * ```
 */
export async function loadDesign(
  path: string | URL,
  options?: ParseDesignOptions
): Promise<Design> {
  const source = path instanceof URL ? fileURLToPath(path) : path
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const what = code === 'ENOENT' ? 'missing' : `unreadable (\`${code ?? 'error'}\`)`
    throw new DesignError(
      [{ path: '', message: `Unexpected ${what} file \`${source}\`, expected a design JSON file` }],
      { source, cause: error }
    )
  }
  let json: unknown
  try {
    // Editors on Windows like to save a byte order mark, which `JSON.parse` refuses.
    json = JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch (error) {
    throw new DesignError(
      [
        {
          path: '',
          message: `Unexpected JSON syntax error \`${(error as Error).message}\`, expected a JSON document`,
        },
      ],
      { source, cause: error }
    )
  }
  try {
    return parseDesign(json, options)
  } catch (error) {
    if (error instanceof DesignError) throw new DesignError(error.problems, { source })
    throw error
  }
}
