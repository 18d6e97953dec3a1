/**
 * Node only: a Node request's body for the handler, as bytes (small bodies of declared length)
 * or as a web stream with back pressure (the rest), never buffered unbounded. Either fails with
 * the refusal the bridge hands it when the parser finds the framing broken mid-body, and
 * either asks a client that sent `Expect: 100-continue` for its body only when the handler
 * reads it (RFC 9110 10.1.1), so a refusal sent before reading saves the upload.
 *
 * @module
 */
import type { IncomingMessage } from 'node:http'
import type { HttpError } from '../server/http-error.ts'

/** Bodies up to this declared size are collected before the handler runs. */
export const bufferedBodyBytes = 65_536

/** A body being read for the handler. */
export interface BodyReader {
  /** Fails the body with a refusal (the parser found its framing broken). */
  fail(refusal: HttpError): void
  /** Feeds the handler nothing more (what it did not read is drained elsewhere). */
  stop(): void
}

/** A request body as a web stream. */
export interface BodyStream extends BodyReader {
  readonly stream: ReadableStream<Uint8Array>
}

/**
 * A Node request body as a web stream with back pressure: Node's stream is paused while the
 * web stream's queue is full and dropped when the handler cancels (a body over the limit).
 *
 * @param request The Node request.
 * @param askForBody Called once before the first read (sends `100 Continue` to a client that
 *   waits for it); the stream then pulls nothing before it is read.
 * @returns The stream.
 */
export function bodyStream(request: IncomingMessage, askForBody?: () => void): BodyStream {
  let done = false
  let controls: ReadableStreamDefaultController<Uint8Array> | undefined
  const fail = (error: unknown) => {
    if (!done) controls?.error(error)
    done = true
  }
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controls = controller
        request.on('data', (chunk: Buffer) => {
          if (done) return
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
          if ((controller.desiredSize ?? 0) <= 0) request.pause()
        })
        request.once('end', () => {
          if (!done) controller.close()
          done = true
        })
        request.once('error', fail)
        // A client that disconnects mid-body: without this the reader would wait forever.
        request.once('close', () => fail(new Error('The client closed the connection mid-body')))
      },
      pull() {
        askForBody?.()
        askForBody = undefined
        request.resume()
      },
      cancel() {
        done = true
        request.pause()
      },
    },
    // Waiting for a read before pulling: a client expecting 100-continue must not be asked
    // for a body the handler may refuse unread.
    { highWaterMark: askForBody ? 0 : 65_536, size: (chunk) => chunk.byteLength }
  )
  return { stream, fail, stop: () => (done = true) }
}

/**
 * Collects a body of declared length.
 *
 * @param request The Node request.
 * @param askForBody Called first (sends `100 Continue` to a client that waits for it).
 * @returns The reader, and the bytes: a refusal when it was failed, `undefined` when the client
 *   went away before sending them all.
 */
export function collectBody(
  request: IncomingMessage,
  askForBody?: () => void
): BodyReader & { readonly bytes: Promise<Uint8Array | HttpError | undefined> } {
  let settle: (value: Uint8Array | HttpError | undefined) => void = () => undefined
  const bytes = new Promise<Uint8Array | HttpError | undefined>((resolve) => {
    settle = resolve
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.once('end', () =>
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks))
    )
    request.once('error', () => resolve(undefined))
    request.once('close', () => resolve(undefined)) // no effect after `end`
  })
  askForBody?.()
  return { bytes, fail: (refusal) => settle(refusal), stop: () => undefined }
}
