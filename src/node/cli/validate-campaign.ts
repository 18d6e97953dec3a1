/**
 * `preflight validate-campaign`: judges campaign bodies as `POST /api/v1/campaigns` would.
 *
 * @module
 */
import { validateCampaign } from '../../campaign/validate-campaign.ts'
import type { CampaignOptions } from '../../campaign/types.ts'
import { processIo, reportMisuse, type CliIo } from './cli-io.ts'
import { judgePayloads } from './judge-payloads.ts'
import { readArguments } from './read-arguments.ts'
import { defaultMaxBodyBytes } from '../../server/api-options.ts'

/** Usage text, printed by `--help` and after a usage error. */
export const USAGE = `Usage: preflight validate-campaign [--marketing-source <name>] [--ndjson] <payload.json|->

Judges a POST /api/v1/campaigns body and prints the verdict as JSON.
Exit codes: 0 the service would accept every body, 1 it would refuse one (422, or 400 or 413
for a body it cannot read: not JSON, or over ${defaultMaxBodyBytes} bytes), 2 misuse.

  --marketing-source <name>  The segment.source allowed besides csv (default: hubspot).
  --ndjson                   One body per line in (blank lines skipped), one verdict per
                             line out, streamed.
  <payload.json|->           The body (or NDJSON bodies); - reads standard input.
`

/** What `validate-campaign` accepts. */
const SPEC = {
  options: {
    'marketing-source': { type: 'string', value: '<name>' },
    ndjson: { type: 'boolean' },
  },
  positionals: { min: 1, max: 1, missing: 'the payload file (or `-` for stdin)' },
} as const

/**
 * Runs `preflight validate-campaign`: judges the body (or each NDJSON line) with
 * `validateCampaign` and prints the verdicts. Misuse (bad arguments or marketing source, an
 * unreadable payload file) prints one line on stderr and returns 2; a body the service cannot
 * read (not JSON, too large) gets its answer (400 or 413) as its verdict.
 *
 * @param args The arguments after `validate-campaign`.
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
    const options: CampaignOptions =
      values['marketing-source'] === undefined
        ? {}
        : { marketingSource: values['marketing-source'] }
    // Misuse of the options shows before any body is read.
    validateCampaign({}, options)
    return await judgePayloads({
      command: 'validate-campaign',
      source: positionals[0] ?? '-',
      ndjson: values.ndjson,
      judge: (body) => validateCampaign(body, options),
      io,
    })
  } catch (error) {
    return reportMisuse('validate-campaign', error, io)
  }
}
