/**
 * Request bodies read from a file or standard input the way the sandbox reads them from a
 * request: the same byte limit (`defaultMaxBodyBytes`, 413 above it), the same UTF-8 decoder
 * and the same JSON decoder (400 for anything else), so that the CLI says what the service
 * would say. A body the service would refuse comes with a diagnostic for the person fixing the
 * file: where (`file:line:column`) and what is wrong there.
 *
 * @module
 */
import { open } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import { defaultMaxBodyBytes } from '../../server/api-options.ts'
import { HttpError } from '../../server/http-error.ts'
import { parseJsonText, readBodyText } from '../../server/read-json-body.ts'
import { locateJsonError } from '../locate-json-error.ts'
import { UsageError, type CliIo } from './cli-io.ts'

/** The service's answer to a body it cannot read: 400 (not JSON) or 413 (too large). */
export interface RefusedBody {
  readonly status: 400 | 413
  /** The `message` of the service's answer, word for word. */
  readonly message: string
  /** For a person: ``Unexpected `}`, expected ...`` for a syntax error, else the `message`. */
  readonly reason: string
  /** Where the syntax error is (1-based, columns in characters), when it is one. */
  readonly position: { readonly line: number; readonly column: number } | undefined
  /** Syntax only: the document goes on past the end of the text (a cut or wrapped document). */
  readonly endsInside: boolean
  /** Syntax only: a second document starts after the first one (one document per line?). */
  readonly secondDocument: boolean
}

/** A body read: its value, or the service's refusal. */
export type ReadBody =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly refused: RefusedBody }

/** A body of an NDJSON source, with its physical line number (1-based). */
export type NdjsonBody = ReadBody & { readonly line: number }

/** How a source is named in diagnostics: the path as given, `<stdin>` for `-`. */
export function sourceName(source: string): string {
  return source === '-' ? '<stdin>' : source
}

/**
 * Opens a source as a byte stream; a file that cannot be read is a usage error.
 *
 * @param source A file path, or `-` for standard input.
 * @param io Streams.
 * @returns The stream.
 * @throws {UsageError} For a missing or unreadable file.
 */
export async function openSource(source: string, io: CliIo): Promise<Readable> {
  if (source === '-') return io.stdin
  try {
    const handle = await open(source, 'r')
    return handle.createReadStream()
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const what = code === 'ENOENT' ? 'missing' : `unreadable (\`${code ?? 'error'}\`)`
    throw new UsageError(`Unexpected ${what} file \`${source}\`, expected a payload JSON file`, {
      cause: error,
    })
  }
}

const byteOrderMark = [0xef, 0xbb, 0xbf]

/** Whether bytes start with the UTF-8 byte order mark (editors write one; it is no part of the body). */
function hasByteOrderMark(bytes: Uint8Array): boolean {
  return byteOrderMark.every((byte, index) => bytes[index] === byte)
}

/**
 * Judges bytes as the sandbox judges a request body: size, UTF-8, JSON.
 *
 * @param bytes The body, or its size alone when it is over the limit (the bytes were not kept).
 * @param limit The byte limit.
 * @returns The value, or the refusal.
 */
async function readBytes(
  bytes: Uint8Array | { readonly size: number },
  limit: number
): Promise<ReadBody> {
  let text: string
  try {
    // The sandbox's own reader: one place for the limit's 413 and the decoder's 400.
    text = (
      await readBodyText(
        bytes instanceof Uint8Array
          ? { headers: { get: () => null }, body: null, collected: bytes }
          : {
              headers: { get: (name) => (name === 'content-length' ? String(bytes.size) : null) },
              body: null,
            },
        limit
      )
    ).text
  } catch (error) {
    return refusal(error, undefined)
  }
  try {
    return { ok: true, value: parseJsonText(text) }
  } catch (error) {
    return refusal(error, text)
  }
}

/** The refusal of an `HttpError` of the sandbox's reader, located in the text when it is syntax. */
function refusal(error: unknown, text: string | undefined): ReadBody {
  if (!(error instanceof HttpError) || (error.status !== 400 && error.status !== 413)) throw error
  const located = text === undefined ? undefined : locateJsonError(text)
  return {
    ok: false,
    refused: {
      status: error.status,
      message: error.message,
      reason: located?.message ?? error.message,
      position: located && { line: located.line, column: located.column },
      endsInside: located?.atEnd === true && !located.afterDocument,
      secondDocument:
        located?.afterDocument === true && (located.found === '{' || located.found === '['),
    },
  }
}

/**
 * Reads one body from a stream: at most `limit + 1` bytes are held, the rest is not read.
 *
 * @param input The stream (its bytes).
 * @param limit The byte limit (default: the sandbox's).
 * @returns The value, or the refusal.
 */
export async function readBody(
  input: AsyncIterable<Uint8Array | string>,
  limit: number = defaultMaxBodyBytes
): Promise<ReadBody> {
  const chunks: Uint8Array[] = []
  let size = 0
  let first = true
  for await (const raw of input) {
    let chunk = typeof raw === 'string' ? Buffer.from(raw) : raw
    if (first && hasByteOrderMark(chunk)) chunk = chunk.subarray(3)
    first = false
    size += chunk.byteLength
    if (size > limit) return readBytes({ size }, limit)
    chunks.push(chunk)
  }
  return readBytes(Buffer.concat(chunks), limit)
}

/**
 * Reads NDJSON: one body per line (`\n` or `\r\n`), streamed. Lines of spaces and tabs only are
 * skipped (an editor's trailing newline, a blank line between groups); every other line is a
 * body, refused as the service would refuse it. A line over the limit is not held in memory:
 * only its size is counted, so memory stays bounded by the limit whatever the input.
 *
 * @param input The stream (its bytes); it is read as the consumer asks for bodies.
 * @param limit The byte limit per line (default: the sandbox's).
 * @yields The bodies, in order, with their line numbers.
 */
export async function* readNdjsonBodies(
  input: AsyncIterable<Uint8Array | string>,
  limit: number = defaultMaxBodyBytes
): AsyncGenerator<NdjsonBody> {
  let parts: Uint8Array[] = []
  let size = 0
  let line = 0
  /** The body of the line just ended, or `undefined` for a blank line. */
  const take = async (): Promise<NdjsonBody | undefined> => {
    line++
    let bytes: Uint8Array | { size: number } = { size }
    if (size <= limit) {
      let joined: Uint8Array = parts.length === 1 && parts[0] ? parts[0] : Buffer.concat(parts)
      if (line === 1 && hasByteOrderMark(joined)) joined = joined.subarray(3)
      if (joined.at(-1) === 0x0d) joined = joined.subarray(0, -1)
      bytes = joined
    }
    parts = []
    size = 0
    if (bytes instanceof Uint8Array && isBlank(bytes)) return undefined
    return { ...(await readBytes(bytes, limit)), line }
  }
  for await (const raw of input) {
    const chunk = typeof raw === 'string' ? Buffer.from(raw) : raw
    let start = 0
    for (;;) {
      const end = chunk.indexOf(0x0a, start)
      const piece = chunk.subarray(start, end < 0 ? chunk.length : end)
      size += piece.byteLength
      // Over the limit: keep counting, stop keeping.
      if (size > limit) parts = []
      else if (piece.byteLength > 0) parts.push(piece)
      if (end < 0) break
      const body = await take()
      if (body) yield body
      start = end + 1
    }
  }
  if (size > 0) {
    const body = await take()
    if (body) yield body
  }
}

/** Whether a line has nothing but spaces and tabs. */
function isBlank(bytes: Uint8Array): boolean {
  for (const byte of bytes) if (byte !== 0x20 && byte !== 0x09) return false
  return true
}
