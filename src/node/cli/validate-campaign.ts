/**
 * `preflight validate-campaign`: judges campaign bodies as `POST /api/v1/campaigns` would.
 *
 * @module
 */
import { parseArgs } from 'node:util'
import { validateCampaign } from '../../campaign/validate-campaign.ts'
import type { CampaignOptions } from '../../campaign/types.ts'
import { ArgumentError, oneLine, processIo, type CliIo } from './cli-io.ts'
import { judgePayloads } from './judge-payloads.ts'

/** Usage text, printed by `--help` and after a usage error. */
export const USAGE = `Usage: preflight validate-campaign [--marketing-source <name>] [--ndjson] <payload.json|->

Judges a POST /api/v1/campaigns body and prints the verdict as JSON.
Exit codes: 0 the service would accept every body, 1 it would answer 422 (or 400), 2 misuse.

  --marketing-source <name>  The segment.source allowed besides csv (default: hubspot).
  --ndjson                   One body per line in, one verdict per line out, streamed.
  <payload.json|->           The body (or NDJSON bodies); - reads standard input.
`

/**
 * Runs `preflight validate-campaign`: judges the body (or each NDJSON line) with
 * `validateCampaign` and prints the verdicts. Misuse (bad arguments or marketing source, an
 * unreadable payload file, a single payload that is not JSON) prints one line on stderr and
 * returns 2.
 *
 * @param args The arguments after `validate-campaign`.
 * @param io Streams (default: the process's).
 * @returns The exit code: 0 every body accepted, 1 any rejected, 2 misuse.
 */
export async function main(args: readonly string[], io: CliIo = processIo): Promise<number> {
  try {
    let parsed
    try {
      parsed = parseArgs({
        args: [...args],
        allowPositionals: true,
        strict: true,
        options: {
          'marketing-source': { type: 'string' },
          ndjson: { type: 'boolean' },
          help: { type: 'boolean', short: 'h' },
        },
      })
    } catch (error) {
      throw new ArgumentError((error as Error).message)
    }
    const { values, positionals } = parsed
    if (values.help === true) {
      io.stdout.write(USAGE)
      return 0
    }
    const [payload, ...extra] = positionals
    if (payload === undefined)
      throw new ArgumentError('Missing the payload file (or `-` for stdin)')
    if (extra.length > 0) throw new ArgumentError(`Unexpected argument \`${extra[0] ?? ''}\``)
    const options: CampaignOptions =
      values['marketing-source'] === undefined
        ? {}
        : { marketingSource: values['marketing-source'] }
    // Misuse of the options shows before any body is read.
    validateCampaign({}, options)
    return await judgePayloads({
      source: payload,
      ndjson: values.ndjson === true,
      judge: (body) => validateCampaign(body, options),
      io,
    })
  } catch (error) {
    if (!(error instanceof Error)) throw error
    // One line: the reason, and where to read more for a mistake in the arguments.
    const hint = error instanceof ArgumentError
    io.stderr.write(
      `preflight validate-campaign: ${oneLine(error)}${hint ? ', see `preflight validate-campaign --help`' : ''}\n`
    )
    return 2
  }
}
