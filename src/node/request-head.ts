/**
 * Node only: what RFC 9112 asks of a request's head before the request reaches the handler, for
 * what Node's parser lets through. The request target becomes the URL the handler routes on,
 * and a head the server must refuse becomes an {@link HttpError} (answered in the sandbox's
 * JSON shape by the bridge).
 *
 * - **Request target** (RFC 9112 3.2): the origin form is a path, whatever it starts with:
 *   `//evil.example/x` is the path `//evil.example/x`, never a host (a `URL` built from it with
 *   a base would read it as one). The absolute form (`http://host/path`) names its own host
 *   and must be an `http` or `https` URL with a host; the asterisk form is for `OPTIONS` only.
 * - **Host** (RFC 9112 3.2): an HTTP/1.1 request has exactly one, and it is a host.
 * - **Version** (RFC 9110 15.6.6): only HTTP/1.x is served here.
 * - **Transfer-Encoding** (RFC 9112 6.1, 6.3): `chunked` must be the last coding of a request,
 *   and no other coding is understood.
 *
 * @module
 */
import type { IncomingMessage } from 'node:http'
import { HttpError } from '../server/http-error.ts'

/** The target `OPTIONS *` asks about: the server as a whole (RFC 9110 9.3.7). */
export const wholeServer = '*'

/** What a request target shows in a message: at most 200 characters. */
const shown = (text: string) => text.slice(0, 200)

/** A `Host` value: a reg-name or IP literal and an optional port (RFC 3986 3.2.2, 3.2.3). */
const hostPattern = /^(?:\[[\d.:A-F]+\]|[\w!$&'()*+,.;=~%-]+)(?::(\d{0,5}))?$/i

/** A URI scheme followed by `:` (RFC 3986 3.1): the start of an absolute-form target. */
const schemePattern = /^[A-Z][\d+.A-Z-]*:/i

/** An `http` or `https` URL with an authority (RFC 9110 4.2: an empty host is invalid). */
const httpUrlPattern = /^https?:\/\/[^/?#]/i

/** The refusal of a `Host` value that is not a host. */
const notAHost = (host: string) =>
  new HttpError(400, `The Host header \`${shown(host)}\` is not a host.`)

/**
 * The `Host` of a request, checked.
 *
 * @param request The Node request.
 * @returns The host (`localhost` when HTTP/1.0 sends none, or an empty one is sent).
 * @throws {HttpError} 400 for an HTTP/1.1 request without `Host`, with several, or with a value
 *   that is not a host.
 */
function checkedHost(request: IncomingMessage): string {
  // The raw lines, not `headers` (which keeps the first of several) nor `headersDistinct`
  // (which copies every header): this runs on every request.
  const raw = request.rawHeaders
  let host: string | undefined
  for (let index = 0; index + 1 < raw.length; index += 2) {
    if ((raw[index] as string).length !== 4 || (raw[index] as string).toLowerCase() !== 'host') {
      continue
    }
    if (host !== undefined) throw new HttpError(400, 'The request has more than one Host header.')
    host = raw[index + 1] as string
  }
  if (host === undefined) {
    if (request.httpVersionMinor >= 1) throw new HttpError(400, 'The request has no Host header.')
    return 'localhost'
  }
  if (host === '') return 'localhost'
  const match = hostPattern.exec(host)
  // RFC 3986 3.2.3: the port may be empty.
  if (!match || Number(match[1] ?? '') > 65_535) throw notAHost(host)
  return host
}

/**
 * Refuses framing that Node's parser accepts but RFC 9112 does not.
 *
 * @param request The Node request.
 * @throws {HttpError} 400 when `chunked` is not the last transfer coding, 501 for a coding other
 *   than `chunked`.
 */
function checkTransferEncoding(request: IncomingMessage): void {
  const header = request.headers['transfer-encoding']
  if (header === undefined) return
  const codings = header
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '')
  if (codings.at(-1) !== 'chunked') {
    // RFC 9112 6.3 item 4: the length of the body cannot be determined.
    throw new HttpError(
      400,
      `The Transfer-Encoding \`${shown(header)}\` does not end with \`chunked\`, so the body has no known length.`
    )
  }
  const unknown = codings.find((coding) => coding !== 'chunked')
  if (unknown !== undefined) {
    // RFC 9112 6.1: a transfer coding the server does not understand.
    throw new HttpError(
      501,
      `The transfer coding \`${shown(unknown)}\` is not supported; send the body with \`chunked\` alone or with a Content-Length.`
    )
  }
}

/**
 * Reads and checks a request's head: its URL, or `*` for `OPTIONS *`.
 *
 * @param request The Node request.
 * @returns The absolute URL of the target (for the origin form on the request's `Host`), or
 *   {@link wholeServer}.
 * @throws {HttpError} 400 for a head RFC 9112 refuses, 501 for a transfer coding other than
 *   `chunked`, 505 for an HTTP version other than 1.x.
 */
export function readRequestHead(request: IncomingMessage): URL | typeof wholeServer {
  if (request.httpVersionMajor !== 1) {
    throw new HttpError(
      505,
      `HTTP/${request.httpVersion} is not supported; send HTTP/1.1 or HTTP/1.0.`
    )
  }
  const host = checkedHost(request)
  checkTransferEncoding(request)
  const target = request.url ?? '/'
  if (target.startsWith('/')) {
    // Concatenated, never resolved against a base: the target stays the path (RFC 9112 3.2.1).
    // Only the host can make it fail (WHATWG's stricter hosts, e.g. `999.1.1.1`).
    try {
      return new URL(`http://${host}${target}`)
    } catch {
      throw notAHost(host)
    }
  }
  if (target === wholeServer) {
    if (request.method === 'OPTIONS') return wholeServer
    throw new HttpError(400, 'The request target `*` is only allowed with OPTIONS.')
  }
  if (schemePattern.test(target)) {
    let url: URL | undefined
    try {
      url = httpUrlPattern.test(target) ? new URL(target) : undefined
    } catch {
      url = undefined
    }
    // The absolute form names its own host; `Host` is ignored (RFC 9112 3.2.2).
    if (url?.hostname) return url
    throw new HttpError(
      400,
      `The request target \`${shown(target)}\` is not an \`http\` or \`https\` URL.`
    )
  }
  throw new HttpError(
    400,
    `The request target \`${shown(target)}\` is neither a path nor an \`http\` URL.`
  )
}
