/**
 * Node only: what Node's HTTP parser (llhttp) refuses, as the sandbox's refusals. Node answers
 * these itself with a bare `400`, `431` or `413` and no body; the bridge answers them in the
 * same JSON shape as every other refusal (`{"message": ...}`), made by `toResponse`.
 *
 * The messages name the problem the client can fix, never the parser's internals.
 *
 * @module
 */
import { maxHeaderSize, STATUS_CODES } from 'node:http'
import type { CallAnswer } from '../server/direct-call.ts'
import { HttpError } from '../server/http-error.ts'

/** A method is a token (RFC 9110 9.1, 5.6.2). */
const tokenPattern = /^[!#$%&'*+.^`|~\w-]{1,20}$/

/** The request's first line, as far as the parser saw it. */
function requestLine(packet: Buffer | undefined): string {
  if (!packet) return ''
  const end = packet.indexOf('\n')
  return packet.subarray(0, end < 0 ? Math.min(packet.length, 300) : end).toString('latin1')
}

/** Whether the head the parser saw declares both a length and a transfer coding. */
function hasBothFramings(packet: Buffer | undefined): boolean {
  const head = packet?.toString('latin1') ?? ''
  return /\ncontent-length\s*:/i.test(head) && /\ntransfer-encoding\s*:/i.test(head)
}

/** An error of Node's HTTP parser, as `clientError` hands it over. */
export interface ParserError extends Error {
  readonly code?: string
  /** The bytes the parser failed on. */
  readonly rawPacket?: Buffer
}

/** Where the parser failed, and the server's header limit. */
export interface ParserContext {
  /** Whether it failed in a body (after the head of a request was read). */
  readonly inBody: boolean
  /** The server's `maxHeaderSize` in bytes (default: Node's, 16 KB). */
  readonly headerLimit?: number | undefined
}

/**
 * The refusal for an error of Node's HTTP parser.
 *
 * @param error What `clientError` received.
 * @param context Where it failed.
 * @returns The refusal, or `undefined` for an error of the connection itself (a reset), which
 *   gets no answer.
 */
export function parserRefusal(error: ParserError, context: ParserContext): HttpError | undefined {
  const code = error.code ?? ''
  if (!code.startsWith('HPE_') && code !== 'ERR_HTTP_REQUEST_TIMEOUT') {
    // Errors of the connection (ECONNRESET, EPIPE...) are not the parser's: nobody to answer.
    return undefined
  }
  if (context.inBody) {
    return code === 'HPE_INVALID_EOF_STATE'
      ? new HttpError(400, 'The request ended before its body was complete.')
      : code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new HttpError(408, 'The request body did not arrive in time.')
        : new HttpError(400, 'The request body is not valid chunked encoding.')
  }
  switch (code) {
    case 'HPE_HEADER_OVERFLOW': {
      const limit = context.headerLimit ?? maxHeaderSize
      return new HttpError(431, `The request headers are larger than ${limit / 1024} KB.`)
    }
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return new HttpError(413, 'The chunk extensions of the request body are too large.')
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new HttpError(408, 'The request did not arrive in time.')
    case 'HPE_INVALID_METHOD': {
      // RFC 9110 9.1: an unknown method is 501; something that is not a method, 400.
      const method = requestLine(error.rawPacket).split(' ')[0] ?? ''
      return tokenPattern.test(method)
        ? new HttpError(501, `The ${method} method is not supported.`)
        : new HttpError(400, 'The request line is malformed.')
    }
    case 'HPE_PAUSED_H2_UPGRADE':
      return new HttpError(505, 'HTTP/2.0 is not supported; send HTTP/1.1 or HTTP/1.0.')
    case 'HPE_INVALID_URL':
    case 'HPE_INVALID_CONSTANT':
    case 'HPE_INVALID_VERSION':
      return new HttpError(400, 'The request line is malformed.')
    case 'HPE_INVALID_HEADER_TOKEN':
      return new HttpError(
        400,
        'A request header is malformed: a character that is not allowed, or a space before its colon.'
      )
    case 'HPE_INVALID_CONTENT_LENGTH':
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
    case 'HPE_INVALID_TRANSFER_ENCODING':
      return hasBothFramings(error.rawPacket)
        ? new HttpError(400, 'The request has both Content-Length and Transfer-Encoding.')
        : code === 'HPE_INVALID_TRANSFER_ENCODING'
          ? new HttpError(400, 'The Transfer-Encoding header is not valid.')
          : new HttpError(400, 'The Content-Length header is not a valid length.')
    case 'HPE_INVALID_EOF_STATE':
      return new HttpError(400, 'The request ended before its head was complete.')
    default:
      return new HttpError(400, 'The request head is malformed.')
  }
}

/**
 * The refusal of the `CONNECT` method (RFC 9110 9.3.6): this server is not a proxy.
 *
 * @returns The refusal.
 */
export function connectRefusal(): HttpError {
  return new HttpError(501, 'The CONNECT method is not supported: this server is not a proxy.')
}

/**
 * An answer as the bytes of an HTTP/1.1 message, for a socket that has no `ServerResponse`
 * (the parser failed, or `CONNECT`): the same header fields the bridge sends, then
 * `Connection: close`.
 *
 * @param answer The answer.
 * @returns The bytes.
 */
export function rawAnswer(answer: CallAnswer): Buffer {
  const body = answer.body === null ? Buffer.alloc(0) : Buffer.from(answer.body)
  const lines = [`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}`]
  for (const name of Object.keys(answer.headers).sort()) {
    lines.push(`${name.toLowerCase()}: ${answer.headers[name] ?? ''}`)
  }
  lines.push('connection: close', `content-length: ${body.byteLength}`)
  lines.push(`Date: ${new Date().toUTCString()}`, '', '')
  return Buffer.concat([Buffer.from(lines.join('\r\n'), 'latin1'), body])
}
