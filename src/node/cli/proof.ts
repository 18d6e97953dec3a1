/**
 * `preflight proof`: writes the print proof of a postcard submission (one PDF, front and back)
 * and prints its verdict.
 *
 * @module
 */
import { dirname } from 'node:path'
import { mkdir, writeFile } from 'node:fs/promises'
import { renderProof } from '../../proof/render-proof.ts'
import { defaultMaxBodyBytes } from '../../server/api-options.ts'
import { analyzeSubmission } from './analyze-submission.ts'
import { UsageError, processIo, reportMisuse, write, type CliIo } from './cli-io.ts'
import { readArguments } from './read-arguments.ts'

/** Usage text, printed by `--help` and after a usage error. */
export const USAGE = `Usage: preflight proof --design <design.json> --out <file.pdf> [--fonts <fonts.json>]
                       [--cmyk] [--marks] <payload.json|->

Draws a POST /api/v1/postcards body on the flow's design as a print proof: one PDF with the
front and the back as two pages (trim box = the card, bleed box = card and bleed, text as
outlines, no fonts), and prints the verdict as JSON. The same input gives the same bytes.
Exit codes: 0 the service would accept the body, 1 it would refuse it (422, or 400 or 413
for a body it cannot read: not JSON, or over ${defaultMaxBodyBytes} bytes; no PDF then), 2 misuse.

  --design <file>    The flow's design document (JSON).
  --out <file.pdf>   Where the PDF is written (its folder is created if missing).
  --fonts <file>     Fonts manifest (default: the package's fonts/fonts.json).
  --cmyk             Colours as DeviceCMYK (K = 1 - max(R, G, B)); default sRGB.
  --marks            Crop marks outside the bleed (the page grows to hold them).
  <payload.json|->   The body; - reads standard input.
`

/** What `proof` accepts. */
const SPEC = {
  options: {
    design: { type: 'string', value: '<design.json>', required: true },
    out: { type: 'string', value: '<file.pdf>', required: true },
    fonts: { type: 'string', value: '<fonts.json>' },
    cmyk: { type: 'boolean' },
    marks: { type: 'boolean' },
  },
  positionals: { min: 1, max: 1, missing: 'the payload file (or `-` for stdin)' },
} as const

/** The arguments of `proof`, read; mistakes are `ArgumentError`s. */
function readProofArguments(args: readonly string[]) {
  const parsed = readArguments(args, SPEC)
  if (parsed === 'help') return 'help'
  const { values, positionals } = parsed
  return {
    files: { fonts: values.fonts, design: values.design, payload: positionals[0] ?? '-' },
    out: values.out,
    draw: { colorSpace: values.cmyk ? 'cmyk' : 'rgb', marks: values.marks } as const,
  }
}

/**
 * Runs `preflight proof`. A body the service cannot read gets its answer (400 or 413) and no
 * PDF; a body it would refuse with 422 still gets its proof (what would print) and exit code 1.
 *
 * @param args The arguments after `proof`.
 * @param io Streams (default: the process's).
 * @returns 0 accepted, 1 refused, 2 misuse (one line on stderr).
 */
export async function main(args: readonly string[], io: CliIo = processIo): Promise<number> {
  try {
    const options = readProofArguments(args)
    if (options === 'help') {
      io.stdout.write(USAGE)
      return 0
    }
    const submission = await analyzeSubmission('proof', options.files, io)
    if (!submission) return 1
    const { analysis, emojiArtwork } = submission
    await writePdf(options.out, renderProof(analysis, { emojiArtwork, ...options.draw }))
    await write(io.stdout, `${JSON.stringify(analysis.verdict, null, 2)}\n`)
    return analysis.verdict.ok ? 0 : 1
  } catch (error) {
    return reportMisuse('proof', error, io)
  }
}

/** Writes the file; a path that cannot be created or written is a usage error. */
async function writePdf(path: string, pdf: Uint8Array): Promise<void> {
  try {
    await mkdir(dirname(path), { recursive: true })
    await writeFile(path, pdf)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error'
    throw new UsageError(
      `Unexpected unwritable file \`${path}\` (\`${code}\`), expected a path for the PDF proof`,
      { cause: error }
    )
  }
}
