/**
 * Test helper (Node only): runs a CLI command's `main` with in-memory streams, as the shell
 * would run it, and collects what it writes.
 */
import { PassThrough } from 'node:stream'
import type { CliIo } from '../../src/node/cli/cli-io.ts'

/** What a command did. */
export interface CommandResult {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

/**
 * Runs a command.
 *
 * @param main The command's `main`.
 * @param args Its arguments.
 * @param stdin What standard input holds (default: nothing).
 * @returns The exit code and the text written to stdout and stderr.
 */
export async function runCommand(
  main: (args: readonly string[], io: CliIo) => Promise<number>,
  args: readonly string[],
  stdin: string | Uint8Array = ''
): Promise<CommandResult> {
  const io = { stdin: new PassThrough(), stdout: new PassThrough(), stderr: new PassThrough() }
  io.stdin.end(stdin)
  let stdout = ''
  let stderr = ''
  io.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  io.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const code = await main(args, io)
  return { code, stdout, stderr }
}

/** The verdict of a body that is not JSON: the sandbox's 400 answer, word for word. */
export const notJsonVerdict = {
  ok: false,
  status: 400,
  body: { message: 'The request body is not valid JSON.' },
  warnings: [],
} as const
