/**
 * Test helper (Node only): HTTP/1.1 over a raw TCP socket, for requests no HTTP client would
 * send (odd request targets, broken framing, control characters, several Host headers) and for
 * reading answers byte for byte (header names as sent, the exact bytes of a header value).
 */
import { connect } from 'node:net'

/** One parsed HTTP/1.1 answer. */
export interface RawAnswer {
  readonly status: number
  /** Header names in lower case; values as latin1 text (one char per byte, as sent). */
  readonly headers: Readonly<Record<string, string>>
  /** The body as UTF-8 text. */
  readonly body: string
  /** The bytes of the whole answer (status line, headers, body). */
  readonly raw: Buffer
}

/** What a raw exchange saw: the answers in order, and how the connection ended. */
export interface RawExchange {
  readonly answers: readonly RawAnswer[]
  /** `end` when the server closed cleanly (FIN), else the socket error code (`ECONNRESET`). */
  readonly closed: string
  /** All bytes received. */
  readonly received: Buffer
}

/**
 * Parses the HTTP/1.1 answers in a byte buffer (bodies of `Content-Length` only; a `1xx` has
 * none). Stops at the first incomplete answer.
 *
 * @param bytes What the server sent.
 * @returns The complete answers.
 */
export function parseAnswers(bytes: Buffer): RawAnswer[] {
  const answers: RawAnswer[] = []
  let offset = 0
  for (;;) {
    const end = bytes.indexOf('\r\n\r\n', offset, 'latin1')
    if (end < 0) return answers
    const head = bytes.subarray(offset, end).toString('latin1').split('\r\n')
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head[0] ?? '')?.[1] ?? Number.NaN)
    const headers: Record<string, string> = {}
    for (const line of head.slice(1)) {
      const colon = line.indexOf(':')
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
    }
    const length = status < 200 ? 0 : Number(headers['content-length'] ?? 0)
    if (end + 4 + length > bytes.length) return answers
    answers.push({
      status,
      headers,
      body: bytes.subarray(end + 4, end + 4 + length).toString('utf8'),
      raw: bytes.subarray(offset, end + 4 + length),
    })
    offset = end + 4 + length
  }
}

/**
 * Sends raw bytes to a server and collects what comes back until the server closes the
 * connection, or `waitMs` after the last byte arrived (a kept-alive connection). The first byte
 * may take up to 10 s (a loaded machine).
 *
 * @param port The server's port on 127.0.0.1.
 * @param request The bytes to send (a string is sent as latin1: one byte per char).
 * @param waitMs How long to wait for more after the last byte (default: 1000).
 * @returns The answers and how the connection ended.
 */
export function rawExchange(
  port: number,
  request: string | Buffer,
  waitMs = 1000
): Promise<RawExchange> {
  const firstByteMs = 10_000
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    let timer: NodeJS.Timeout | undefined
    let settled = false
    const finish = (closed: string) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      socket.destroy()
      const received = Buffer.concat(chunks)
      resolve({ answers: parseAnswers(received), closed, received })
    }
    const idle = (ms: number) => {
      clearTimeout(timer)
      timer = setTimeout(() => finish('open'), ms)
    }
    socket.on('data', (chunk) => {
      chunks.push(chunk)
      idle(waitMs)
    })
    socket.on('end', () => finish('end'))
    socket.on('error', (error: NodeJS.ErrnoException) => finish(error.code ?? error.message))
    socket.write(typeof request === 'string' ? Buffer.from(request, 'latin1') : request)
    idle(firstByteMs)
  })
}
