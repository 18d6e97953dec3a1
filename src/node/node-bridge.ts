/**
 * Node only: the bridge from `node:http` to a web-standard fetch handler (bodies streamed both
 * ways, never buffered unbounded), and the edges of HTTP/1.1 that a fetch handler never sees,
 * each answered in the handler's JSON shape (made by `toResponse`, the one place refusals are
 * made):
 *
 * - the request target, `Host`, version and framing Node lets through (`request-head.ts`);
 * - what Node's parser refuses (`clientError`), `CONNECT`, an `Expect` other than
 *   `100-continue` (`client-error.ts`); `100 Continue` only when the handler reads the body;
 * - closing a connection whose client is still sending, in stages (`lingering-close.ts`).
 *
 * The requests read in one turn of the event loop (those that keep their connection) are
 * judged together at its end, and their answers written together at the end of the next
 * (`turn-batch.ts`).
 *
 * @module
 */
import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http'
import type { Socket } from 'node:net'
import type { ApiHandler } from '../server/create-api-handler.ts'
import { directCallOf, type CallAnswer, type CallRequest } from '../server/direct-call.ts'
import { HttpError, toResponse } from '../server/http-error.ts'
import { answerOf } from '../server/reply.ts'
import { connectRefusal, parserRefusal, rawAnswer, type ParserError } from './client-error.ts'
import { lingeringClose, type Linger, type LingerOptions } from './lingering-close.ts'
import { bodyStream, bufferedBodyBytes, collectBody, type BodyReader } from './request-body.ts'
import { readRequestHead, wholeServer } from './request-head.ts'
import { requestHeaders } from './request-headers.ts'
import { createTurnBatch } from './turn-batch.ts'

/**
 * The headers of a Node request as a `Headers` (names in lower case, repeated ones joined), for
 * a handler called through `Request`.
 *
 * @param rawHeaders The request's raw header lines.
 * @returns The headers.
 */
function fetchHeaders(rawHeaders: readonly string[]): Headers {
  const headers = new Headers()
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    try {
      headers.append(rawHeaders[index] ?? '', rawHeaders[index + 1] ?? '')
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
 * @param raw The Node request's raw header lines, for the `Request`'s headers.
 * @returns The answer, headers in the order `Headers` iterates them.
 */
async function callFetchHandler(
  handler: ApiHandler,
  request: CallRequest,
  raw: readonly string[]
): Promise<CallAnswer> {
  const body = request.collected ?? request.body
  const webRequest = new Request(String(request.url), {
    method: request.method,
    headers: fetchHeaders(raw),
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

/** The answer to a refusal, made where every refusal is made. */
const refusalAnswer = (refusal: unknown): CallAnswer =>
  answerOf(toResponse(refusal, reportBridgeError))

/** The methods this server answers at all, for `OPTIONS *` (RFC 9110 9.3.7). */
const serverMethods = 'GET, HEAD, OPTIONS, POST'

/** Options of {@link toNodeListener} and {@link createNodeServer}. */
export interface NodeBridgeOptions {
  /**
   * Bounds of the drain after an answer sent before the body was read (a 413, 401, 429, or a
   * refusal of the parser): `lingering-close.ts` (default: 5 s and 8 MiB).
   */
  readonly linger?: LingerOptions
}

/** A Node `request` listener. */
export type NodeListener = (request: IncomingMessage, response: ServerResponse) => void

/** The requests of one connection being answered. */
interface Connection {
  /** Requests received and not yet answered (several when pipelined). */
  active: number
  /** The body being read, failed when the parser finds its framing broken. */
  body?: BodyReader | undefined
  /** A refusal of the parser to send once the requests before it are answered. */
  pending?: HttpError | undefined
}

/** The listeners of the bridge for a `node:http` server. */
interface Bridge {
  readonly request: NodeListener
  readonly checkContinue: NodeListener
  readonly checkExpectation: NodeListener
  readonly clientError: (error: ParserError, socket: Socket) => void
  readonly connect: (request: IncomingMessage, socket: Socket) => void
}

/**
 * The bridge of one server: answers requests with the fetch handler and closes connections the
 * way RFC 9112 asks.
 *
 * @param handler The fetch handler.
 * @param options Bounds of the lingering close.
 * @param headerLimit The server's `maxHeaderSize`, for the 431 message.
 * @param stopping Whether the server is shutting down: every answer then closes its connection.
 * @returns The listeners.
 */
function createBridge(
  handler: ApiHandler,
  options: NodeBridgeOptions,
  headerLimit?: number,
  stopping: () => boolean = () => false
): Bridge {
  const direct = directCallOf(handler)
  /** Requests of this turn of the event loop with their bodies in, judged at its end. */
  const verdicts = createTurnBatch(reportBridgeError)
  /** Answers made in this turn, written together at its end. */
  const answers = createTurnBatch(reportBridgeError)
  /** Connections being answered. */
  const connections = new WeakMap<Socket, Connection>()
  /** Connections closing after their last answer: requests that still arrive get none. */
  const closing = new WeakSet<Socket>()
  /** Connections in their drain (`lingering-close.ts`). */
  const lingers = new WeakMap<Socket, Linger>()

  /** Half-closes a connection whose answer is written, and drains it (bounded). */
  function linger(socket: Socket): Linger {
    closing.add(socket)
    let drain = lingers.get(socket)
    if (!drain) {
      drain = lingeringClose(socket, options.linger)
      lingers.set(socket, drain)
    }
    return drain
  }

  /** Writes a refusal on a connection without a `ServerResponse`, then closes it in stages. */
  function refuseRaw(socket: Socket, refusal: HttpError): void {
    if (!socket.writable) return void socket.destroy()
    socket.write(rawAnswer(refusalAnswer(refusal)))
    linger(socket)
  }

  /**
   * Closes the connection after this answer. A client may still be sending a body nobody read:
   * the connection is closed in stages (`lingering-close.ts`) so that the answer reaches it.
   */
  function closeAfter(request: IncomingMessage, response: ServerResponse): void {
    const socket = request.socket
    closing.add(socket)
    let drain: Linger | undefined
    let early = 0
    let ended = request.complete
    const start = () => {
      if (drain) return
      drain = linger(socket)
      drain.drained(early)
      if (ended) drain.done()
    }
    // Read and discard the rest of the body, counted against the bound.
    request.on('data', (chunk: Buffer) => {
      if (drain) drain.drained(chunk.byteLength)
      else early += chunk.byteLength
    })
    request.once('end', () => {
      if (drain) drain.done()
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
   * them, so the direct call and the fetch handler send the same bytes): at once when it ends
   * its connection, else at the end of this turn of the event loop.
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
    const socket = request.socket
    const connection = connections.get(socket)
    if (connection) {
      connection.active--
      if (connection.active === 0) {
        connections.delete(socket)
        // A malformed request was pipelined behind this one: its refusal follows this answer.
        const pending = connection.pending
        if (pending) response.once('finish', () => refuseRaw(socket, pending))
      }
    }
    const names = Object.keys(answer.headers).sort()
    const fields: string[] = []
    for (const name of names) fields.push(name.toLowerCase(), answer.headers[name] ?? '')
    const closes = close || !request.complete || stopping()
    if (closes) {
      // A refused head, or a body the handler left unread (a refusal before reading, or one
      // over the limit): answer, then close instead of reading what may be gigabytes more.
      // While the server shuts down, no connection is kept for another request.
      fields.push('connection', 'close')
      closeAfter(request, response)
    }
    const body = answer.body
    const length =
      body === null ? 0 : typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength
    // RFC 9110 8.6: a 204 has no content and no Content-Length.
    if (answer.status !== 204) fields.push('content-length', String(length))
    const payload = request.method === 'HEAD' || body === null ? undefined : body
    // One array: Node writes the head without building its header map; a string body goes out
    // in the same write as the head. An answer that ends its connection goes out at once (see
    // `bridge`).
    const write = () => {
      response.writeHead(answer.status, fields)
      response.end(payload)
    }
    if (closes || !response.shouldKeepAlive) return write()
    // Written with the other answers of this turn of the event loop (`turn-batch.ts`).
    answers.add(() => {
      try {
        write()
      } catch (error) {
        // A bug: the client gets a closed connection rather than waiting for an answer.
        response.destroy()
        throw error
      }
    })
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
  async function bridge(
    request: IncomingMessage,
    response: ServerResponse,
    connection: Connection,
    expectsContinue: boolean
  ): Promise<void> {
    let url: URL
    try {
      const target = readRequestHead(request)
      if (target === wholeServer) {
        const answer = { status: 204, headers: { allow: serverMethods }, body: null }
        return send(request, response, answer, false)
      }
      url = target
    } catch (error) {
      return send(request, response, refusalAnswer(error), true)
    }
    const method = request.method ?? 'GET'
    const hasBody = method !== 'GET' && method !== 'HEAD'
    const declared = Number(request.headers['content-length'] ?? Number.NaN)
    // RFC 9110 10.1.1: the client waits for `100 Continue` before it sends the body; it is
    // sent when the handler starts reading, never for a refusal that reads nothing.
    const askForBody = expectsContinue ? () => response.writeContinue() : undefined
    let collected: Uint8Array | undefined
    let stream: ReadableStream<Uint8Array> | null = null
    if (hasBody && !request.complete) {
      // A small body of declared length (Node's parser never delivers more than declared) is
      // collected here: one buffer is much cheaper than a web stream fed chunk by chunk.
      // Anything else (no length, or a larger one) is streamed, so the handler's limit cuts it
      // short.
      if (declared <= bufferedBodyBytes) {
        const reader = collectBody(request, askForBody)
        connection.body = reader
        const bytes = await reader.bytes
        connection.body = undefined
        // The client went away: nobody is left to answer.
        if (bytes === undefined) return void response.destroy()
        if (bytes instanceof HttpError) return send(request, response, refusalAnswer(bytes), true)
        collected = bytes
      } else {
        const reader = bodyStream(request, askForBody)
        connection.body = reader
        stream = reader.stream
      }
    } else if (hasBody) {
      collected = new Uint8Array(0)
    }
    const parts: CallRequest = {
      method,
      url,
      // Read on demand: the pipeline only `get`s a few (`request-headers.ts`).
      headers: requestHeaders(request.rawHeaders),
      body: stream,
      collected,
    }
    // A request that keeps its connection is judged with the others read in this turn, once
    // the reading is done (`turn-batch.ts`). One that ends it (`Connection: close`, HTTP/1.0) is
    // judged and answered at once, as its client may half-close right after sending: Node ends
    // such a connection when it reads the end (its `httpAllowHalfOpen` is off), and an answer
    // made later would be lost. Unless requests pipelined before it wait: it waits behind them,
    // so that a connection's requests are judged in the order they were sent.
    if (response.shouldKeepAlive || connection.active > 1) {
      await new Promise<void>((resolve) => verdicts.add(resolve))
    }
    const answer = await (direct
      ? direct(parts)
      : callFetchHandler(handler, parts, request.rawHeaders))
    // What the handler did not read is drained by the lingering close, not by its stream.
    connection.body?.stop()
    connection.body = undefined
    send(request, response, answer, false)
  }

  /** The `request` listener; `checkContinue` is the same with `Expect: 100-continue`. */
  const listen =
    (expectsContinue: boolean): NodeListener =>
    (request, response) => {
      const socket = request.socket
      if (closing.has(socket)) return void request.resume()
      let connection = connections.get(socket)
      if (!connection) connections.set(socket, (connection = { active: 0 }))
      connection.active++
      bridge(request, response, connection, expectsContinue).catch((error: unknown) => {
        reportBridgeError(error)
        if (!response.headersSent) {
          response.writeHead(500, { 'content-type': 'application/json; charset=utf-8' })
          response.end('{"message":"Server Error"}')
        } else {
          response.destroy()
        }
      })
    }

  return {
    request: listen(false),
    checkContinue: listen(true),
    checkExpectation(request, response) {
      const expectation = String(request.headers.expect ?? '').slice(0, 80)
      const refusal = new HttpError(
        417,
        `The expectation \`${expectation}\` cannot be met; only \`100-continue\` is supported.`
      )
      send(request, response, refusalAnswer(refusal), true)
    },
    clientError(error, socket) {
      // A connection in its drain: the parser fails on every chunk it is fed; count them.
      const drain = lingers.get(socket)
      if (drain) return void drain.drained(error.rawPacket?.byteLength ?? 0)
      if (closing.has(socket)) return
      const connection = connections.get(socket)
      const refusal = parserRefusal(error, {
        inBody: connection?.body !== undefined,
        headerLimit,
      })
      if (!refusal) return void socket.destroy()
      if (connection?.body) {
        // The framing broke in the middle of a body: the handler answers the refusal.
        connection.body.fail(refusal)
        connection.pending = undefined
      } else if (connection) {
        // A malformed request pipelined behind requests still being answered.
        connection.pending ??= refusal
      } else {
        refuseRaw(socket, refusal)
      }
    },
    connect(_request, socket) {
      // `CONNECT` hands over the raw socket: no response object, and no parser to drain it.
      socket.write(rawAnswer(refusalAnswer(connectRefusal())))
      const drain = linger(socket)
      socket.on('data', (chunk: Buffer) => drain.drained(chunk.byteLength))
      socket.resume()
    },
  }
}

/**
 * A Node `request` listener around a fetch handler (for `node:http`, Express, or any server
 * that hands out `IncomingMessage`/`ServerResponse`). A server of {@link createNodeServer} also
 * answers what never reaches a `request` listener: what Node's parser refuses, `CONNECT`, an
 * unmet `Expect`.
 *
 * @param handler The fetch handler, e.g. from `createApiHandler`.
 * @param options Bounds of the lingering close after an early answer.
 * @returns The listener.
 */
export function toNodeListener(handler: ApiHandler, options: NodeBridgeOptions = {}): NodeListener {
  return createBridge(handler, options).request
}

/**
 * A `node:http` server around a fetch handler that answers every request, well-formed or not,
 * in the handler's JSON shape: the bridge's `request` listener plus `checkContinue`,
 * `checkExpectation`, `clientError` and `connect`. Node's own `Host` check (a bare 400) is off;
 * the bridge checks `Host` itself.
 *
 * @param handler The fetch handler, e.g. from `createApiHandler`.
 * @param options Bounds of the lingering close, and `node:http` server options.
 * @returns The server, not yet listening.
 * @example
 *   const server = createNodeServer(createApiHandler({ accounts }))
 *   server.listen(8787)
 */
export function createNodeServer(
  handler: ApiHandler,
  options: NodeBridgeOptions & { readonly http?: ServerOptions } = {}
): Server {
  const bridge = createBridge(
    handler,
    options,
    options.http?.maxHeaderSize,
    // Once `close()` ran, the server no longer listens: it is shutting down.
    () => !server.listening
  )
  const server = createServer({ ...options.http, requireHostHeader: false }, bridge.request)
  server.on('checkContinue', bridge.checkContinue)
  server.on('checkExpectation', bridge.checkExpectation)
  server.on('clientError', bridge.clientError)
  server.on('connect', bridge.connect)
  return server
}

/** How long requests in flight may take to finish after a stop, by default. */
export const defaultShutdownTimeoutMs = 10_000

/** Options of {@link closeGracefully}. */
export interface CloseOptions {
  /**
   * How long requests in flight may take to finish, in milliseconds; then their connections
   * are closed (default: `10000`).
   */
  readonly timeoutMs?: number | undefined
}

/**
 * Stops a server the way a process manager's SIGTERM asks: it stops accepting at once, closes
 * idle connections, lets the requests in flight finish (their answers close their
 * connections), and after `timeoutMs` closes whatever is still open.
 *
 * @param server A listening `node:http` server (of {@link createNodeServer}: its answers then
 *   carry `Connection: close`).
 * @param options The time allowed.
 * @returns How many connections were still open at the deadline and were closed.
 */
export async function closeGracefully(server: Server, options: CloseOptions = {}): Promise<number> {
  const timeoutMs = options.timeoutMs ?? defaultShutdownTimeoutMs
  let cut = 0
  const closed = new Promise<void>((resolve) => server.close(() => resolve()))
  server.closeIdleConnections()
  const timer = setTimeout(() => {
    server.getConnections((_error, count) => {
      cut = count
      server.closeAllConnections()
    })
  }, timeoutMs)
  await closed
  clearTimeout(timer)
  return cut
}
