/**
 * `preflight preview`: writes the SVG preview of a postcard submission (`front.svg`,
 * `back.svg`) and prints its verdict.
 *
 * @module
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { renderPreview } from '../../preview/render-preview.ts'
import { defaultMaxBodyBytes } from '../../server/api-options.ts'
import { analyzeSubmission } from './analyze-submission.ts'
import { ArgumentError, UsageError, processIo, reportMisuse, write, type CliIo } from './cli-io.ts'
import { readArguments } from './read-arguments.ts'

/** Usage text, printed by `--help` and after a usage error. */
export const USAGE = `Usage: preflight preview --design <design.json> --out-dir <dir> [--fonts <fonts.json>]
                         [--bleed] [--safe-zone <mm>] <payload.json|->

Renders a POST /api/v1/postcards body on the flow's design: writes <dir>/front.svg and
<dir>/back.svg (standalone SVG, millimetres, text as outlines) and prints the verdict as JSON.
Exit codes: 0 the service would accept the body, 1 it would refuse it (422, or 400 or 413
for a body it cannot read: not JSON, or over ${defaultMaxBodyBytes} bytes), 2 misuse.

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

/** What `preview` accepts. */
const SPEC = {
  options: {
    design: { type: 'string', value: '<design.json>', required: true },
    'out-dir': { type: 'string', value: '<dir>', required: true },
    fonts: { type: 'string', value: '<fonts.json>' },
    bleed: { type: 'boolean' },
    'safe-zone': { type: 'string', value: '<mm>' },
  },
  positionals: { min: 1, max: 1, missing: 'the payload file (or `-` for stdin)' },
} as const

/** Reads the arguments; mistakes are {@link ArgumentError}s. */
function readPreviewArguments(args: readonly string[]): Arguments | 'help' {
  const parsed = readArguments(args, SPEC)
  if (parsed === 'help') return 'help'
  const { values, positionals } = parsed
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
    bleed: values.bleed,
    safeZoneMm,
    payload: positionals[0] ?? '-',
  }
}

/**
 * Runs `preflight preview`: loads fonts and design, reads the body, loads only the emoji artwork
 * the preview draws (`previewEmojiKeys`), renders both sides with `renderPreview`, writes them
 * and prints the verdict. A body the service cannot read (not JSON, too large) gets its answer
 * (400 or 413) and no preview. Misuse (bad arguments, an unreadable or invalid design or fonts
 * manifest, an unreadable payload file, an unwritable directory) prints one line on stderr and
 * returns 2.
 *
 * @param args The arguments after `preview`.
 * @param io Streams (default: the process's).
 * @returns The exit code: 0 accepted, 1 refused (422, 400 or 413), 2 misuse.
 */
export async function main(args: readonly string[], io: CliIo = processIo): Promise<number> {
  try {
    const options = readPreviewArguments(args)
    if (options === 'help') {
      io.stdout.write(USAGE)
      return 0
    }
    const submission = await analyzeSubmission('preview', options, io)
    if (!submission) return 1
    const { analysis, emojiArtwork } = submission
    const preview = renderPreview(analysis, {
      emojiArtwork,
      bleed: options.bleed,
      safeZoneMm: options.safeZoneMm,
    })
    await writeSides(options.outDir, preview.front, preview.back)
    await write(io.stdout, `${JSON.stringify(preview.verdict, null, 2)}\n`)
    return preview.verdict.ok ? 0 : 1
  } catch (error) {
    return reportMisuse('preview', error, io)
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
