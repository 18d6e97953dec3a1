/**
 * `preflight validate`: judges postcard submissions against a design, as
 * `POST /api/v1/postcards` would.
 *
 * @module
 */
import { createPreflight } from '../../analysis/create-preflight.ts'
import { createFontRegistry } from '../../text/font-registry.ts'
import { loadDesign } from '../load-design.ts'
import { loadFontSources } from '../load-fonts.ts'
import { processIo, reportMisuse, type CliIo } from './cli-io.ts'
import { judgePayloads } from './judge-payloads.ts'
import { readArguments } from './read-arguments.ts'
import { defaultMaxBodyBytes } from '../../server/api-options.ts'

/** Usage text, printed by `--help` and after a usage error. */
export const USAGE = `Usage: preflight validate --design <design.json> [--fonts <fonts.json>] [--ndjson] <payload.json|->

Judges a POST /api/v1/postcards body against the flow's design and prints the verdict as JSON:
{"ok":true,"warnings":[...]} or {"ok":false,"status":422,"body":{message,errors,meta},"warnings":[...]}.
Exit codes: 0 the service would accept every body, 1 it would refuse one (422, or 400 or 413
for a body it cannot read: not JSON, or over ${defaultMaxBodyBytes} bytes), 2 misuse.

  --design <file>    The flow's design document (JSON).
  --fonts <file>     Fonts manifest (default: the package's fonts/fonts.json).
  --ndjson           One body per line in (blank lines skipped), one verdict per
                     line out, streamed.
  <payload.json|->   The body (or NDJSON bodies); - reads standard input.
`

/** What `validate` accepts. */
const SPEC = {
  options: {
    design: { type: 'string', value: '<design.json>', required: true },
    fonts: { type: 'string', value: '<fonts.json>' },
    ndjson: { type: 'boolean' },
  },
  positionals: { min: 1, max: 1, missing: 'the payload file (or `-` for stdin)' },
} as const

/**
 * Runs `preflight validate`: loads the fonts and the design once, then judges the body (or each
 * NDJSON line) with one `Preflight` of the design and prints the verdicts. Misuse (bad
 * arguments, an unreadable or invalid design or fonts manifest, an unreadable payload file)
 * prints one line on stderr and returns 2; a body the service cannot read (not JSON, too large)
 * gets its answer (400 or 413) as its verdict.
 *
 * @param args The arguments after `validate`.
 * @param io Streams (default: the process's).
 * @returns The exit code: 0 every body accepted, 1 any refused (422, 400 or 413), 2 misuse.
 */
export async function main(args: readonly string[], io: CliIo = processIo): Promise<number> {
  try {
    const parsed = readArguments(args, SPEC)
    if (parsed === 'help') {
      io.stdout.write(USAGE)
      return 0
    }
    const { values, positionals } = parsed
    const fonts = createFontRegistry(await loadFontSources(values.fonts))
    const design = await loadDesign(values.design, { families: fonts.families })
    // One instance for the whole stream: recipients of one flow share much of their texts.
    const preflight = createPreflight({ design, fonts })
    return await judgePayloads({
      command: 'validate',
      source: positionals[0] ?? '-',
      ndjson: values.ndjson,
      judge: (body) => preflight.validate(body),
      io,
    })
  } catch (error) {
    return reportMisuse('validate', error, io)
  }
}
