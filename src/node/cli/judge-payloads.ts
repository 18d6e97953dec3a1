/**
 * Reads request bodies (one document, or NDJSON streamed line by line), judges each, and writes
 * the verdicts: the common part of `preflight validate` and `preflight validate-campaign`.
 *
 * @module
 */
import { open } from 'node:fs/promises'
import { createInterface } from 'node:readline'
import type { Readable } from 'node:stream'
import { HttpError } from '../../server/http-error.ts'
import { parseJsonText } from '../../server/read-json-body.ts'
import type { Verdict } from '../../verdict/types.ts'
import { UsageError, write, type CliIo } from './cli-io.ts'

/**
 * The line written for an NDJSON line that is not a JSON document: what the sandbox answers for
 * such a body (400 with its `message`), in the shape of a verdict.
 */
export interface MalformedVerdict {
  readonly ok: false
  readonly status: 400
  readonly body: { readonly message: string }
  readonly warnings: readonly []
}

/** What to read and how to judge it. */
export interface JudgeOptions {
  /** A file path, or `-` for standard input. */
  readonly source: string
  /** One body per line (NDJSON) instead of one document. */
  readonly ndjson: boolean
  /** Judges one parsed body. */
  readonly judge: (body: unknown) => Verdict
  /** Streams. */
  readonly io: CliIo
}

/** Opens the source as a stream; an unreadable file is a usage error. */
async function openSource(source: string, io: CliIo): Promise<Readable> {
  if (source === '-') return io.stdin
  try {
    const handle = await open(source, 'r')
    return handle.createReadStream({ encoding: 'utf8' })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const what = code === 'ENOENT' ? 'missing' : `unreadable (\`${code ?? 'error'}\`)`
    throw new UsageError(`Unexpected ${what} file \`${source}\`, expected a payload JSON file`, {
      cause: error,
    })
  }
}

/** Parses a body as the sandbox server does (same decoder, same 400 message). */
function parse(text: string): { value: unknown } | { error: MalformedVerdict } {
  try {
    return { value: parseJsonText(text) }
  } catch (error) {
    if (!(error instanceof HttpError)) throw error
    return { error: { ok: false, status: 400, body: { message: error.message }, warnings: [] } }
  }
}

/**
 * Judges the bodies of a source and writes the verdicts to stdout.
 *
 * - One document: the verdict as indented JSON. A file that is not JSON is a usage error.
 * - NDJSON: one compact verdict per input line, in order, streamed: lines are read with
 *   `readline` (which pauses the input while verdicts are written) and written with
 *   backpressure, so memory stays flat whatever the size of the stream. A line that is not a
 *   JSON document (blank lines included) yields a {@link MalformedVerdict} line, so output line
 *   N always answers input line N.
 *
 * @param options Source, mode, judge and streams.
 * @returns `0` when every body is accepted, `1` when any is not.
 * @throws {UsageError} For an unreadable source or a single document that is not JSON.
 */
export async function judgePayloads(options: JudgeOptions): Promise<number> {
  const { io, judge } = options
  const input = await openSource(options.source, io)
  const where = options.source === '-' ? 'standard input' : `\`${options.source}\``
  if (!options.ndjson) {
    input.setEncoding('utf8')
    let text = ''
    for await (const chunk of input) text += chunk as string
    const parsed = parse(text.replace(/^\uFEFF/, ''))
    if ('error' in parsed) {
      throw new UsageError(`${parsed.error.body.message.replace(/\.$/, '')} (${where})`)
    }
    const verdict = judge(parsed.value)
    await write(io.stdout, `${JSON.stringify(verdict, null, 2)}\n`)
    return verdict.ok ? 0 : 1
  }
  let allOk = true
  let first = true
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })
  for await (const line of lines) {
    const parsed = parse(first ? line.replace(/^\uFEFF/, '') : line)
    first = false
    const verdict = 'error' in parsed ? parsed.error : judge(parsed.value)
    if (!verdict.ok) allOk = false
    await write(io.stdout, `${JSON.stringify(verdict)}\n`)
  }
  return allOk ? 0 : 1
}
