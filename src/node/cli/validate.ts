/**
 * `preflight validate`: judges postcard submissions against a design, as
 * `POST /api/v1/postcards` would.
 *
 * @module
 */
import { parseArgs } from 'node:util'
import { createPreflight } from '../../analysis/create-preflight.ts'
import { createFontRegistry } from '../../text/font-registry.ts'
import { loadDesign } from '../load-design.ts'
import { loadFontSources } from '../load-fonts.ts'
import { ArgumentError, oneLine, processIo, type CliIo } from './cli-io.ts'
import { judgePayloads } from './judge-payloads.ts'

/** Usage text, printed by `--help` and after a usage error. */
export const USAGE = `Usage: preflight validate --design <design.json> [--fonts <fonts.json>] [--ndjson] <payload.json|->

Judges a POST /api/v1/postcards body against the flow's design and prints the verdict as JSON:
{"ok":true,"warnings":[...]} or {"ok":false,"status":422,"body":{message,errors,meta},"warnings":[...]}.
Exit codes: 0 the service would accept every body, 1 it would answer 422 (or 400), 2 misuse.

  --design <file>    The flow's design document (JSON).
  --fonts <file>     Fonts manifest (default: the package's fonts/fonts.json).
  --ndjson           One body per line in, one verdict per line out, streamed.
  <payload.json|->   The body (or NDJSON bodies); - reads standard input.
`

/** The arguments of `validate`. */
interface Arguments {
  readonly design: string
  readonly fonts: string | undefined
  readonly ndjson: boolean
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
        fonts: { type: 'string' },
        ndjson: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    })
  } catch (error) {
    throw new ArgumentError((error as Error).message)
  }
  const { values, positionals } = parsed
  if (values.help === true) return 'help'
  if (values.design === undefined) throw new ArgumentError('Missing `--design <design.json>`')
  const [payload, ...extra] = positionals
  if (payload === undefined) throw new ArgumentError('Missing the payload file (or `-` for stdin)')
  if (extra.length > 0) throw new ArgumentError(`Unexpected argument \`${extra[0] ?? ''}\``)
  return { design: values.design, fonts: values.fonts, ndjson: values.ndjson === true, payload }
}

/**
 * Runs `preflight validate`: loads the fonts and the design once, then judges the body (or each
 * NDJSON line) with one `Preflight` of the design and prints the verdicts. Misuse (bad
 * arguments, an unreadable or invalid design or fonts manifest, an unreadable payload file, a
 * single payload that is not JSON) prints one line on stderr and returns 2.
 *
 * @param args The arguments after `validate`.
 * @param io Streams (default: the process's).
 * @returns The exit code: 0 every body accepted, 1 any rejected, 2 misuse.
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
    // One instance for the whole stream: recipients of one flow share much of their texts.
    const preflight = createPreflight({ design, fonts })
    return await judgePayloads({
      source: options.payload,
      ndjson: options.ndjson,
      judge: (body) => preflight.validate(body),
      io,
    })
  } catch (error) {
    if (!(error instanceof Error)) throw error
    // One line: the reason, and where to read more for a mistake in the arguments.
    const hint = error instanceof ArgumentError
    io.stderr.write(
      `preflight validate: ${oneLine(error)}${hint ? ', see `preflight validate --help`' : ''}\n`
    )
    return 2
  }
}
