/**
 * `preflight preview`: writes the SVG preview of a postcard submission (`front.svg`,
 * `back.svg`) and prints its verdict.
 *
 * @module
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { previewEmojiKeys } from '../../preview/preview-emoji-keys.ts'
import { analyzePostcard } from '../../analysis/analyze-postcard.ts'
import { renderPreview } from '../../preview/render-preview.ts'
import { HttpError } from '../../server/http-error.ts'
import { parseJsonText } from '../../server/read-json-body.ts'
import { createFontRegistry } from '../../text/font-registry.ts'
import { loadEmojiArtwork } from '../emoji-artwork.ts'
import { loadDesign } from '../load-design.ts'
import { loadFontSources } from '../load-fonts.ts'
import { ArgumentError, UsageError, oneLine, processIo, write, type CliIo } from './cli-io.ts'

/** Usage text, printed by `--help` and after a usage error. */
export const USAGE = `Usage: preflight preview --design <design.json> --out-dir <dir> [--fonts <fonts.json>]
                         [--bleed] [--safe-zone <mm>] <payload.json|->

Renders a POST /api/v1/postcards body on the flow's design: writes <dir>/front.svg and
<dir>/back.svg (standalone SVG, millimetres, text as outlines) and prints the verdict as JSON.
Exit codes: 0 the service would accept the body, 1 it would answer 422 (or 400), 2 misuse.

  --design <file>    The flow's design document (JSON).
  --out-dir <dir>    Where front.svg and back.svg are written (created if missing).
  --fonts <file>     Fonts manifest (default: the package's fonts/fonts.json).
  --bleed            Show the bleed around the card and mark the trim box.
  --safe-zone <mm>   Draw a safe-zone guide this many millimetres inside the trim box.
  <payload.json|->   The body; - reads standard input.
`

/** The arguments of `preview`. */
interface Arguments {
  readonly design: string
  readonly outDir: string
  readonly fonts: string | undefined
  readonly bleed: boolean
  readonly safeZoneMm: number | undefined
  readonly payload: string
}

/** Reads the arguments; mistakes are {@link ArgumentError}s. */
function readArguments(args: readonly string[]): Arguments | 'help' {
  let parsed
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: {
        design: { type: 'string' },
        'out-dir': { type: 'string' },
        fonts: { type: 'string' },
        bleed: { type: 'boolean' },
        'safe-zone': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    })
  } catch (error) {
    throw new ArgumentError((error as Error).message)
  }
  const { values, positionals } = parsed
  if (values.help === true) return 'help'
  if (values.design === undefined) throw new ArgumentError('Missing `--design <design.json>`')
  if (values['out-dir'] === undefined) throw new ArgumentError('Missing `--out-dir <dir>`')
  const [payload, ...extra] = positionals
  if (payload === undefined) throw new ArgumentError('Missing the payload file (or `-` for stdin)')
  if (extra.length > 0) throw new ArgumentError(`Unexpected argument \`${extra[0] ?? ''}\``)
  const safeZone = values['safe-zone']
  let safeZoneMm: number | undefined
  if (safeZone !== undefined) {
    safeZoneMm = Number(safeZone)
    if (safeZone.trim() === '' || !Number.isFinite(safeZoneMm) || safeZoneMm < 0) {
      throw new ArgumentError(
        `Unexpected \`--safe-zone\` value \`${safeZone}\`, expected a number of millimetres of at least \`0\``
      )
    }
  }
  return {
    design: values.design,
    outDir: values['out-dir'],
    fonts: values.fonts,
    bleed: values.bleed === true,
    safeZoneMm,
    payload,
  }
}

/**
 * Runs `preflight preview`: loads fonts and design, reads the body, loads only the emoji artwork
 * the preview draws (`previewEmojiKeys`), renders both sides with `renderPreview`, writes them
 * and prints the verdict. Misuse (bad arguments, an unreadable or invalid design or fonts
 * manifest, an unreadable payload, a payload that is not JSON, an unwritable directory) prints
 * one line on stderr and returns 2.
 *
 * @param args The arguments after `preview`.
 * @param io Streams (default: the process's).
 * @returns The exit code: 0 accepted, 1 rejected (422), 2 misuse.
 */
export async function main(args: readonly string[], io: CliIo = processIo): Promise<number> {
  try {
    const options = readArguments(args)
    if (options === 'help') {
      io.stdout.write(USAGE)
      return 0
    }
    const fonts = createFontRegistry(await loadFontSources(options.fonts))
    const design = await loadDesign(options.design, { families: fonts.families })
    const body = await readPayload(options.payload, io)
    const analysis = analyzePostcard(body, design, { fonts })
    const emojiArtwork = await loadEmojiArtwork(previewEmojiKeys(analysis))
    const preview = renderPreview(analysis, {
      emojiArtwork,
      bleed: options.bleed,
      safeZoneMm: options.safeZoneMm,
    })
    await writeSides(options.outDir, preview.front, preview.back)
    await write(io.stdout, `${JSON.stringify(preview.verdict, null, 2)}\n`)
    return preview.verdict.ok ? 0 : 1
  } catch (error) {
    if (!(error instanceof Error)) throw error
    const hint = error instanceof ArgumentError
    io.stderr.write(
      `preflight preview: ${oneLine(error)}${hint ? ', see `preflight preview --help`' : ''}\n`
    )
    return 2
  }
}

/** Reads and parses the body as the sandbox server would (same decoder, same 400 message). */
async function readPayload(source: string, io: CliIo): Promise<unknown> {
  const where = source === '-' ? 'standard input' : `\`${source}\``
  let text = ''
  if (source === '-') {
    io.stdin.setEncoding('utf8')
    for await (const chunk of io.stdin) text += chunk as string
  } else {
    try {
      text = await readFile(source, 'utf8')
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      const what = code === 'ENOENT' ? 'missing' : `unreadable (\`${code ?? 'error'}\`)`
      throw new UsageError(`Unexpected ${what} file ${where}, expected a payload JSON file`, {
        cause: error,
      })
    }
  }
  try {
    return parseJsonText(text.replace(/^\uFEFF/, ''))
  } catch (error) {
    if (!(error instanceof HttpError)) throw error
    throw new UsageError(`${error.message.replace(/\.$/, '')} (${where})`, { cause: error })
  }
}

/** Writes both sides; a directory that cannot be created or written is a usage error. */
async function writeSides(directory: string, front: string, back: string): Promise<void> {
  try {
    await mkdir(directory, { recursive: true })
    await writeFile(join(directory, 'front.svg'), front)
    await writeFile(join(directory, 'back.svg'), back)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error'
    throw new UsageError(
      `Unexpected unwritable directory \`${directory}\` (\`${code}\`), expected a directory for front.svg and back.svg`,
      { cause: error }
    )
  }
}
