/**
 * The streams a CLI command talks to, and how it fails.
 *
 * @module
 */
import { once } from 'node:events'
import type { Readable, Writable } from 'node:stream'

/** Streams of a command; the process's own by default, a test's own otherwise. */
export interface CliIo {
  readonly stdin: Readable
  readonly stdout: Writable
  readonly stderr: Writable
}

/** The process's streams. */
export const processIo: CliIo = {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
}

/**
 * A usage mistake (unknown flag, missing file, invalid design): the command prints its one-line
 * reason on stderr and exits 2.
 */
export class UsageError extends Error {
  override readonly name: string = 'UsageError'
}

/** A mistake in the arguments themselves: the message also points to `--help`. */
export class ArgumentError extends UsageError {
  override readonly name = 'ArgumentError'
}

/**
 * Writes text and waits while the stream's buffer is full, so that output of any length keeps
 * memory flat (the consumer sets the pace).
 *
 * @param stream Where to write.
 * @param text What to write.
 */
export async function write(stream: Writable, text: string): Promise<void> {
  if (!stream.write(text)) await once(stream, 'drain')
}

/**
 * One line for stderr from any error: errors that list problems (`DesignError`,
 * `FontManifestError`) have them joined with `; ` after their first line.
 *
 * @param error What was thrown.
 * @returns The reason, without line breaks.
 */
export function oneLine(error: unknown): string {
  if (!(error instanceof Error)) return joinLines(String(error))
  const problems = (error as { problems?: unknown }).problems
  if (Array.isArray(problems) && problems.length > 0) {
    const head = (error.message.split('\n')[0] ?? '').replace(/:$/, '')
    const listed = problems.map((problem: { path?: unknown; message?: unknown }) => {
      const path =
        typeof problem.path === 'string' && problem.path !== '' ? `${problem.path}: ` : ''
      return `${path}${String(problem.message)}`
    })
    return `${head}: ${listed.join('; ')}`
  }
  return joinLines(error.message)
}

/**
 * Reports why a command could not run: one line on stderr, `preflight <command>: <reason>`, and
 * for a mistake in the arguments where to read more. Every command ends its failures here, so
 * they all read alike.
 *
 * @param command The command's name, e.g. `validate`.
 * @param error What was thrown; anything but an `Error` is a bug and is thrown again.
 * @param io Streams.
 * @returns `2`, the exit code of misuse.
 */
export function reportMisuse(command: string, error: unknown, io: CliIo): 2 {
  if (!(error instanceof Error)) throw error
  const hint = error instanceof ArgumentError ? ` (see \`preflight ${command} --help\`)` : ''
  io.stderr.write(`preflight ${command}: ${oneLine(error)}${hint}\n`)
  return 2
}

/** Joins the lines of a text with single spaces. */
function joinLines(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join(' ')
}
