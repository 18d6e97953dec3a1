/**
 * Reads a request body as JSON without ever holding more than the limit in memory: the
 * `Content-Length` is checked first, then the stream is counted chunk by chunk and cancelled
 * as soon as it passes the limit (a client may stream gigabytes without a length).
 *
 * @module
 */
import { hasLoneSurrogate } from '../text/code-points.ts'
import { HttpError } from './http-error.ts'

/** PHP's `json_decode` default depth, the service's own limit for nested bodies. */
export const maxJsonDepth = 512

/** A body as text, with its size in bytes. */
export interface BodyText {
  readonly text: string
  readonly bytes: number
}

/** A parsed body and its exact text (kept for the API logs and the fingerprint fallback). */
export interface JsonBody extends BodyText {
  readonly value: unknown
}

/** What the reader needs of a request; a web `Request` is one. */
export interface BodySource {
  readonly headers: { get(name: string): string | null }
  readonly body: ReadableStream<Uint8Array> | null
  /** The whole body when the host already holds it (see `CallRequest`); read instead of `body`. */
  readonly collected?: Uint8Array | undefined
}

const decoder = new TextDecoder('utf-8', { fatal: true })

/**
 * Formats a byte count for the 413 message (`1 MB` for 1 048 576 bytes).
 *
 * @param bytes The limit.
 * @returns The human text.
 */
function describeLimit(bytes: number): string {
  const megabytes = bytes / 1_048_576
  return Number.isInteger(megabytes) ? `${megabytes} MB` : `${bytes} bytes`
}

function tooLarge(limit: number): HttpError {
  return new HttpError(413, `The request body is larger than ${describeLimit(limit)}.`)
}

/**
 * Reads the body bytes, at most `limit` of them.
 *
 * @param request The request.
 * @param limit Maximum number of bytes.
 * @returns The bytes.
 */
async function readBytes(request: BodySource, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  if (declared > limit) {
    await request.body?.cancel().catch(() => undefined)
    throw tooLarge(limit)
  }
  const collected = request.collected
  if (collected) {
    if (collected.byteLength > limit) throw tooLarge(limit)
    return collected
  }
  if (!request.body) return new Uint8Array(0)
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let length = 0
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>
    try {
      chunk = await reader.read()
    } catch (error) {
      // The host's refusal (framing found broken mid-body) as it made it; otherwise the client
      // went away or the transport failed: its fault, not a bug of ours.
      if (error instanceof HttpError) throw error
      throw new HttpError(400, 'The request body could not be read to its end.')
    }
    const { done, value } = chunk
    if (done) break
    length += value.byteLength
    if (length > limit) {
      await reader.cancel().catch(() => undefined)
      throw tooLarge(limit)
    }
    chunks.push(value)
  }
  if (chunks.length === 1 && chunks[0]) return chunks[0]
  const bytes = new Uint8Array(length)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

/** A surrogate code unit, raw or as a JSON escape (`\uD800` to `\uDFFF`). */
const mayHoldSurrogate = /[\uD800-\uDFFF]|\\u[Dd][89A-Fa-f]/

const loneSurrogate = 'it contains an unpaired UTF-16 surrogate'
const tooDeep = `it nests deeper than ${maxJsonDepth} levels`

/**
 * Checks what `JSON.parse` accepts but the service's decoder (PHP `json_decode`) refuses:
 * nesting deeper than {@link maxJsonDepth} and unpaired surrogates (`JSON_ERROR_UTF16`).
 *
 * Recursive but bounded: it never descends below an object or array at depth
 * `maxJsonDepth + 1`, so a body of a million `[` cannot overflow the stack here (and no later
 * step sees such a body). It allocates nothing per node: this runs on every request. A body
 * with several problems gets the one met first in this order: an object's keys before its
 * members, its members from the last to the first.
 *
 * @param node The parsed body, or a part of it.
 * @param depth The nesting level of `node` (the body is at 1).
 * @returns The problem, or `undefined`.
 */
function decoderProblem(node: unknown, depth = 1): string | undefined {
  if (typeof node === 'string') return hasLoneSurrogate(node) ? loneSurrogate : undefined
  if (node === null || typeof node !== 'object') return undefined
  if (depth > maxJsonDepth) return tooDeep
  if (Array.isArray(node)) {
    for (let index = node.length - 1; index >= 0; index--) {
      const problem = decoderProblem(node[index], depth + 1)
      if (problem) return problem
    }
    return undefined
  }
  const keys = Object.keys(node)
  for (const key of keys) if (hasLoneSurrogate(key)) return loneSurrogate
  for (let index = keys.length - 1; index >= 0; index--) {
    const problem = decoderProblem((node as Record<string, unknown>)[keys[index] ?? ''], depth + 1)
    if (problem) return problem
  }
  return undefined
}

/**
 * Reads a body as UTF-8 text.
 *
 * @param request The request; its body is consumed (or cancelled when too large).
 * @param limit Maximum body size in bytes.
 * @returns The text and its size.
 * @throws {HttpError} 413 over the limit, 400 for bytes that are not UTF-8.
 */
export async function readBodyText(request: BodySource, limit: number): Promise<BodyText> {
  const bytes = await readBytes(request, limit)
  try {
    return { text: decoder.decode(bytes), bytes: bytes.byteLength }
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON: it is not UTF-8.')
  }
}

/**
 * Parses a body's text as the service's JSON decoder would.
 *
 * @param text The body.
 * @returns The value.
 * @throws {HttpError} 400 for anything that is not JSON.
 */
export function parseJsonText(text: string): unknown {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.')
  }
  // The walk is skipped when its answer is known from the text: only a text with a surrogate,
  // raw or escaped, can hold an unpaired one, and nesting deeper than the limit takes more than
  // twice as many characters (a bracket to open and one to close each level).
  const problem =
    text.length > 2 * maxJsonDepth || mayHoldSurrogate.test(text)
      ? decoderProblem(value)
      : undefined
  if (problem) throw new HttpError(400, `The request body is not valid JSON: ${problem}.`)
  return value
}

/**
 * Reads and parses a JSON body.
 *
 * @param request The request; its body is consumed (or cancelled when too large).
 * @param limit Maximum body size in bytes.
 * @param received Called with the text as soon as it is read, before parsing (for the logs).
 * @returns The parsed value and the text.
 * @throws {HttpError} 413 over the limit, 400 for anything that is not JSON.
 */
export async function readJsonBody(
  request: BodySource,
  limit: number,
  received?: (body: BodyText) => void
): Promise<JsonBody> {
  const body = await readBodyText(request, limit)
  received?.(body)
  // Members listed, not spread: a spread copy takes V8's slow path for the member added after.
  return { text: body.text, bytes: body.bytes, value: parseJsonText(body.text) }
}
