/**
 * Node only: the bridge from `node:http` to a web-standard fetch handler (bodies streamed both
 * ways, never buffered unbounded), and the edges of HTTP/1.1 that a fetch handler never sees:
 * the request target and `Host` (RFC 9112 3.2, `request-head.ts`) and closing a connection
 * whose client is still sending (RFC 9112 9.6, `lingering-close.ts`).
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { ApiHandler } from '../server/create-api-handler.ts'
import { directCallOf, type CallAnswer, type CallRequest } from '../server/direct-call.ts'
import { toResponse } from '../server/http-error.ts'
import { answerOf } from '../server/reply.ts'
import { lingeringClose, type Linger, type LingerOptions } from './lingering-close.ts'
import { readRequestHead, wholeServer } from './request-head.ts'

/** A request body as a web stream, and how to stop feeding it. */
interface BodyStream {
  readonly stream: ReadableStream<Uint8Array>
  /** Feeds the stream nothing more (its reader may be gone; the bytes are drained elsewhere). */
  stop(): void
}

/**
 * A Node request body as a web stream with back pressure: Node's stream is paused while the
 * web stream's queue is full and dropped when the handler cancels (a body over the limit).
 *
 * @param request The Node request.
 * @returns The stream.
 */
function bodyStream(request: IncomingMessage): BodyStream {
  let done = false
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        request.on('data', (chunk: Buffer) => {
          if (done) return
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
          if ((controller.desiredSize ?? 0) <= 0) request.pause()
        })
        request.once('end', () => {
          if (!done) controller.close()
          done = true
        })
        request.once('error', (error) => {
          if (!done) controller.error(error)
          done = true
        })
        // A client that disconnects mid-body: without this the reader would wait forever.
        request.once('close', () => {
          if (!done) controller.error(new Error('The client closed the connection mid-body'))
          done = true
        })
      },
      pull() {
        request.resume()
      },
      cancel() {
        done = true
        request.pause()
      },
    },
    { highWaterMark: 65_536, size: (chunk) => chunk.byteLength }
  )
  return { stream, stop: () => (done = true) }
}

/** Bodies up to this declared size are collected before the handler runs. */
const bufferedBodyBytes = 65_536

/**
 * Collects a body of declared length.
 *
 * @param request The Node request.
 * @returns The bytes, or `undefined` when the client went away before sending them all.
 */
function collect(request: IncomingMessage): Promise<Uint8Array | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.once('end', () =>
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks))
    )
    request.once('error', () => resolve(undefined))
    request.once('close', () => resolve(undefined)) // no effect after `end`
  })
}

/**
 * The headers of a Node request as the Fetch standard holds them (names in lower case, repeated
 * ones joined by `, `), which is what a handler reads from a `Request` made of them.
 *
 * @param request The Node request.
 * @returns The headers.
 */
function fetchHeaders(request: IncomingMessage): Headers {
  const headers = new Headers()
  const raw = request.rawHeaders
  for (let index = 0; index + 1 < raw.length; index += 2) {
    try {
      headers.append(raw[index] ?? '', raw[index + 1] ?? '')
    } catch {
      // A header the Fetch standard cannot hold is dropped, as a browser would.
    }
  }
  return headers
}

/**
 * Runs any fetch handler on a request's parts: builds the `Request`, reads the `Response`.
 *
 * @param handler The fetch handler.
 * @param request The request's parts; a collected body becomes the `Request`'s body.
 * @returns The answer, headers in the order `Headers` iterates them.
 */
async function callFetchHandler(handler: ApiHandler, request: CallRequest): Promise<CallAnswer> {
  const body = request.collected ?? request.body
  const webRequest = new Request(String(request.url), {
    method: request.method,
    headers: request.headers,
    ...(body === null ? {} : { body, duplex: 'half' }),
  } as RequestInit)
  const answer = await handler(webRequest)
  const bytes = new Uint8Array(await answer.arrayBuffer())
  const headers: Record<string, string> = {}
  answer.headers.forEach((value, name) => (headers[name] = value))
  return { status: answer.status, headers, body: bytes }
}

/** Reports a failure of the bridge itself (a bug): it becomes a bare 500. */
const reportBridgeError = (error: unknown) =>
  console.error('postcard-preflight sandbox: bridge error', error)

/** The methods this server answers at all, for `OPTIONS *` (RFC 9110 9.3.7). */
const serverMethods = 'GET, HEAD, OPTIONS, POST'

/** Options of {@link toNodeListener}. */
export interface NodeBridgeOptions {
  /**
   * Bounds of the drain after an answer sent before the body was read (a 413, 401, 429):
   * `lingering-close.ts` (default: 5 s and 8 MiB).
   */
  readonly linger?: LingerOptions
}

/** A Node `request` listener. */
export type NodeListener = (request: IncomingMessage, response: ServerResponse) => void

/**
 * The bridge of one server: answers requests with the fetch handler and closes connections the
 * way RFC 9112 asks.
 *
 * @param handler The fetch handler.
 * @param options Bounds of the lingering close.
 * @returns The request listener.
 */
function createBridge(handler: ApiHandler, options: NodeBridgeOptions): NodeListener {
  const direct = directCallOf(handler)
  /** Connections in their lingering close: requests that still arrive on them get no answer. */
  const lingering = new WeakSet<Socket>()

  /**
   * Closes the connection after this answer. A client may still be sending a body nobody read:
   * the connection is closed in stages (`lingering-close.ts`) so that the answer reaches it.
   */
  function closeAfter(request: IncomingMessage, response: ServerResponse): void {
    const socket = request.socket
    lingering.add(socket)
    let linger: Linger | undefined
    let early = 0
    let ended = request.complete
    const start = () => {
      if (linger) return
      linger = lingeringClose(socket, options.linger)
      linger.drained(early)
      if (ended) linger.done()
    }
    // Read and discard the rest of the body, counted against the bound.
    request.on('data', (chunk: Buffer) => {
      if (linger) linger.drained(chunk.byteLength)
      else early += chunk.byteLength
    })
    request.once('end', () => {
      if (linger) linger.done()
      else ended = true
    })
    // Node's server ends a `Connection: close` socket with `destroySoon()` once the answer is
    // written, which closes it with the rest of the body unread: a reset. Linger instead.
    socket.destroySoon = start
    response.once('finish', () => setImmediate(start))
    request.resume()
  }

  /**
   * Writes an answer in one `writeHead` (names in lower case and sorted, as `Headers` iterates
   * them, so the direct call and the fetch handler send the same bytes).
   *
   * @param close Whether to close the connection after it (`Connection: close`); it is also
   *   closed when the body was left unread.
   */
  function send(
    request: IncomingMessage,
    response: ServerResponse,
    answer: CallAnswer,
    close: boolean
  ): void {
    const names = Object.keys(answer.headers).sort()
    const fields: string[] = []
    for (const name of names) fields.push(name.toLowerCase(), answer.headers[name] ?? '')
    if (close || !request.complete) {
      // A refused head, or a body the handler left unread (a refusal before reading, or one
      // over the limit): answer, then close instead of reading what may be gigabytes more.
      fields.push('connection', 'close')
      closeAfter(request, response)
    }
    const body = answer.body
    const length =
      body === null ? 0 : typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength
    fields.push('content-length', String(length))
    // One array: Node writes the head without building its header map; a string body goes out
    // in the same write as the head.
    response.writeHead(answer.status, fields)
    response.end(request.method === 'HEAD' || body === null ? undefined : body)
  }

  /**
   * Answers one Node request with the fetch handler.
   *
   * The head is checked first (`request-head.ts`): a refusal is answered in the handler's JSON
   * shape, from the same place (`toResponse`). A handler of `createApiHandler` is then called
   * directly on the request's parts, without a `Request`, a `Response` or their streams
   * (`direct-call.ts`: about 100 µs of CPU less per request); any other handler through
   * `Request` and `Response`. Both send the same bytes.
   */
  async function bridge(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let url: URL
    try {
      const target = readRequestHead(request)
      if (target === wholeServer) {
        const answer = { status: 204, headers: { allow: serverMethods }, body: null }
        return send(request, response, answer, false)
      }
      url = target
    } catch (error) {
      return send(request, response, answerOf(toResponse(error, reportBridgeError)), true)
    }
    const method = request.method ?? 'GET'
    const hasBody = method !== 'GET' && method !== 'HEAD'
    const declared = Number(request.headers['content-length'] ?? Number.NaN)
    let collected: Uint8Array | undefined
    let body: BodyStream | undefined
    if (hasBody) {
      // A small body of declared length (Node's parser never delivers more than declared) is
      // collected here: one buffer is much cheaper than a web stream fed chunk by chunk.
      // Anything else (no length, or a larger one) is streamed, so the handler's limit cuts it
      // short.
      if (declared <= bufferedBodyBytes) {
        collected = await collect(request)
        // Nobody is left to answer.
        if (collected === undefined) return void response.destroy()
      } else {
        body = bodyStream(request)
      }
    }
    const parts: CallRequest = {
      method,
      url,
      headers: fetchHeaders(request),
      body: body?.stream ?? null,
      collected,
    }
    const answer = await (direct ? direct(parts) : callFetchHandler(handler, parts))
    // What the handler did not read is drained by the lingering close, not by its stream.
    body?.stop()
    send(request, response, answer, false)
  }

  return (request, response) => {
    if (lingering.has(request.socket)) return void request.resume()
    bridge(request, response).catch((error: unknown) => {
      reportBridgeError(error)
      if (!response.headersSent) {
        response.writeHead(500, { 'content-type': 'application/json; charset=utf-8' })
        response.end('{"message":"Server Error"}')
      } else {
        response.destroy()
      }
    })
  }
}

/**
 * A Node `request` listener around a fetch handler (for `node:http`, Express, or any server
 * that hands out `IncomingMessage`/`ServerResponse`).
 *
 * @param handler The fetch handler, e.g. from `createApiHandler`.
 * @param options Bounds of the lingering close after an early answer.
 * @returns The listener.
 */
export function toNodeListener(handler: ApiHandler, options: NodeBridgeOptions = {}): NodeListener {
  return createBridge(handler, options)
}
