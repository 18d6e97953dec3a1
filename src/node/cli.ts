/**
 * The `preflight` command line: dispatches `preflight <command> ...` to the module of the
 * command, `src/node/cli/<command>.ts`.
 *
 * @module
 */
import { closest } from './cli/read-arguments.ts'

/** What every command module exports. */
export interface CommandModule {
  /**
   * Runs the command.
   *
   * @param args The arguments after the command name.
   * @returns The exit code: 0 ok, 1 invalid (422), 2 misuse with a one-line reason on stderr.
   */
  main(args: readonly string[]): Promise<number>
}

/**
 * The commands, each loaded on first use so that `preflight validate` never loads the server
 * and `preflight serve` never loads the fonts. To add a command, add its module here; it reads
 * its arguments with `readArguments` (`cli/read-arguments.ts`) and reports misuse with
 * `reportMisuse` (`cli/cli-io.ts`), so every command reads and fails alike.
 */
export const commands: Readonly<Record<string, () => Promise<CommandModule>>> = Object.freeze({
  validate: () => import('./cli/validate.ts'),
  'validate-campaign': () => import('./cli/validate-campaign.ts'),
  preview: () => import('./cli/preview.ts'),
  proof: () => import('./cli/proof.ts'),
  serve: () => import('./cli/serve.ts'),
  'check-list': () => import('./cli/check-list.ts'),
  'merge-reports': () => import('./cli/merge-reports.ts'),
})

/** Usage of `preflight` itself. */
export const USAGE = `Usage: preflight <command> [options]

Commands:
  validate            Judge postcard submissions against a design (POST /api/v1/postcards).
  validate-campaign   Judge campaign bodies (POST /api/v1/campaigns).
  preview             Write SVG previews of a postcard submission and print its verdict.
  proof               Write the PDF print proof of a postcard submission and print its verdict.
  serve               Run the sandbox of the Direct-Mail API.
  check-list          Judge every row of a recipient list (CSV or NDJSON) on all cores.
  merge-reports       Merge the NDJSON reports of parts of one list, in row order.

Run \`preflight <command> --help\` for the options of a command.
Exit codes: 0 ok, 1 the service would refuse a body (422, 400 or 413), 2 misuse.
`

/**
 * Runs `preflight` with the process's arguments (after the executable and script paths).
 *
 * @param argv E.g. `['validate', '--design', 'design.json', 'body.json']`.
 * @returns The exit code of the command; 2 for an unknown or missing command.
 */
export async function main(argv: readonly string[]): Promise<number> {
  const [name, ...args] = argv
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    ;(name === undefined ? process.stderr : process.stdout).write(USAGE)
    return name === undefined ? 2 : 0
  }
  const load = Object.hasOwn(commands, name) ? commands[name] : undefined
  if (load === undefined) {
    const names = Object.keys(commands)
    const near = closest(name, names)
    const known = names.map((command) => `\`${command}\``).join(', ')
    process.stderr.write(
      near === undefined
        ? `preflight: Unexpected command \`${name}\`, expected one of ${known}\n`
        : `preflight: Unexpected command \`${name}\`, did you mean \`${near}\`?\n`
    )
    return 2
  }
  const command = await load()
  return command.main(args)
}
