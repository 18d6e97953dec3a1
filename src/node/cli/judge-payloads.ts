/**
 * Reads request bodies (one document, or NDJSON streamed line by line), judges each, and writes
 * the verdicts: the common part of `preflight validate` and `preflight validate-campaign`.
 *
 * @module
 */
import type { Verdict } from '../../verdict/types.ts'
import { write, type CliIo } from './cli-io.ts'
import {
  openSource,
  readBody,
  readNdjsonBodies,
  sourceName,
  type RefusedBody,
} from './read-bodies.ts'

/**
 * The verdict written for a body the service cannot read: its answer (400 or 413 with its
 * `message`), in the shape of a verdict.
 */
export interface RefusedVerdict {
  readonly ok: false
  readonly status: 400 | 413
  readonly body: { readonly message: string }
  readonly warnings: readonly []
}

/** What to read and how to judge it. */
export interface JudgeOptions {
  /** The command, for the diagnostics on stderr (`validate`). */
  readonly command: string
  /** A file path, or `-` for standard input. */
  readonly source: string
  /** One body per line (NDJSON) instead of one document. */
  readonly ndjson: boolean
  /** Judges one parsed body. */
  readonly judge: (body: unknown) => Verdict
  /** Streams. */
  readonly io: CliIo
}

/** Diagnostics written for the refused lines of one NDJSON source, at most; then a count. */
const MAX_LINE_DIAGNOSTICS = 10

/**
 * The verdict of a refused body.
 *
 * @param refused The refusal.
 * @returns What the service answers, as a verdict.
 */
export function refusedVerdict(refused: RefusedBody): RefusedVerdict {
  return { ok: false, status: refused.status, body: { message: refused.message }, warnings: [] }
}

/**
 * The diagnostic of a refused body for a person: ``file:line:column: Unexpected `}`, ...``.
 *
 * @param name The source's name.
 * @param refused The refusal.
 * @param line The body's line in an NDJSON source (its column stays the syntax error's).
 * @returns One line, without the command prefix.
 */
export function describeRefusal(name: string, refused: RefusedBody, line?: number): string {
  const { position } = refused
  if (!position) return `${name}${line === undefined ? '' : `:${line}`}: ${refused.reason}`
  return `${name}:${line ?? position.line}:${position.column}: ${refused.reason}`
}

/**
 * Judges the bodies of a source and writes the verdicts to stdout.
 *
 * - One document: the verdict as indented JSON. A body the service would refuse (400 not JSON,
 *   413 over the size limit) gets the service's answer as its verdict and, on stderr, where and
 *   why (``payload.json:3:1: Unexpected `}`, ...``), with a hint when the file looks like
 *   NDJSON.
 * - NDJSON: one compact verdict per body line, in order, streamed with backpressure, so memory
 *   stays flat whatever the size of the stream. Blank lines are skipped. A refused line gets
 *   the service's answer and a diagnostic with its line number (the first
 *   {@link MAX_LINE_DIAGNOSTICS}, then a count), and a line that ends inside a document gets a
 *   hint once: the input looks like pretty-printed JSON.
 *
 * @param options Source, mode, judge and streams.
 * @returns `0` when every body is accepted, `1` when the service would refuse any (422, 400 or
 *   413), as `--help` says.
 * @throws {UsageError} For a source that cannot be read.
 */
export async function judgePayloads(options: JudgeOptions): Promise<number> {
  const { io, judge, command } = options
  const name = sourceName(options.source)
  const input = await openSource(options.source, io)
  const diagnose = (text: string) => write(io.stderr, `preflight ${command}: ${text}\n`)

  if (!options.ndjson) {
    const read = await readBody(input)
    if (!read.ok) {
      await write(io.stdout, `${JSON.stringify(refusedVerdict(read.refused), null, 2)}\n`)
      const hint = read.refused.secondDocument
        ? ' (the file looks like NDJSON, one document per line: add --ndjson)'
        : ''
      await diagnose(`${describeRefusal(name, read.refused)}${hint}`)
      return 1
    }
    const verdict = judge(read.value)
    await write(io.stdout, `${JSON.stringify(verdict, null, 2)}\n`)
    return verdict.ok ? 0 : 1
  }

  let allOk = true
  let refusedLines = 0
  let hinted = false
  for await (const read of readNdjsonBodies(input)) {
    if (read.ok) {
      const verdict = judge(read.value)
      if (!verdict.ok) allOk = false
      await write(io.stdout, `${JSON.stringify(verdict)}\n`)
      continue
    }
    allOk = false
    await write(io.stdout, `${JSON.stringify(refusedVerdict(read.refused))}\n`)
    if (++refusedLines <= MAX_LINE_DIAGNOSTICS) {
      await diagnose(describeRefusal(name, read.refused, read.line))
    }
    if (read.refused.endsInside && !hinted) {
      hinted = true
      await diagnose(
        `${name}:${read.line}: the line ends inside a JSON document: it looks like pretty-printed JSON, and --ndjson reads one whole document per line (leave out --ndjson for one document, or print each document on one line, e.g. with \`jq -c\`)`
      )
    }
  }
  if (refusedLines > MAX_LINE_DIAGNOSTICS) {
    await diagnose(
      `${name}: ${refusedLines - MAX_LINE_DIAGNOSTICS} more refused lines not listed (their verdicts are on stdout)`
    )
  }
  return allOk ? 0 : 1
}
