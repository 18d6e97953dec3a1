/**
 * Node only: the sandbox server. The one place with `node:http`: it bridges Node requests to
 * the web-standard handler of `postcard-preflight/server` (bodies streamed both ways, never
 * buffered unbounded), reads the config, designs and fonts from disk and serves the demo page.
 *
 * @module
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { readFile, stat } from 'node:fs/promises'
import { extname, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { AddressInfo } from 'node:net'
import type { Asset, AssetSource } from '../server/api-options.ts'
import { createApiHandler, type ApiHandler } from '../server/create-api-handler.ts'
import {
  directCallOf,
  type CallAnswer,
  type CallRequest,
  type DirectCall,
} from '../server/direct-call.ts'
import type { Store } from '../server/store.ts'
import { renderWelcomePage } from '../server/welcome-page.ts'
import type { EmojiArtworkSource } from '../emoji/types.ts'
import { createEmojiArtworkSource } from './emoji-artwork.ts'
import { handlerOptionsOf, loadServerConfig, type ServerConfig } from './server-config.ts'

/** The built demo page (`vite build`), served at `/` when present. */
export const defaultDemoUrl: URL = new URL('../../dist-demo/', import.meta.url)

/** Media types of the files a built demo page has. */
const mediaTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
}

/**
 * Serves the files of a folder (`/` is `index.html`); nothing outside it, whatever the path.
 *
 * @param folder The folder.
 * @returns The asset source.
 */
export function folderAssets(folder: string | URL): AssetSource {
  const root = resolve(folder instanceof URL ? fileURLToPath(folder) : folder)
  return async (path): Promise<Asset | undefined> => {
    const file = resolve(root, `.${path.endsWith('/') ? `${path}index.html` : path}`)
    if (!file.startsWith(root + sep)) return undefined
    try {
      if (!(await stat(file)).isFile()) return undefined
      return {
        body: await readFile(file),
        contentType: mediaTypes[extname(file).toLowerCase()] ?? 'application/octet-stream',
      }
    } catch {
      return undefined
    }
  }
}

/**
 * Whether a folder holds a built page (`index.html`).
 *
 * @param folder The folder.
 * @returns `true` when `index.html` exists.
 */
async function hasIndex(folder: string | URL): Promise<boolean> {
  const root = folder instanceof URL ? fileURLToPath(folder) : folder
  return stat(resolve(root, 'index.html')).then(
    (info) => info.isFile(),
    () => false
  )
}

/**
 * A Node request body as a web stream with back pressure: Node's stream is paused while the
 * web stream's queue is full and dropped when the handler cancels (a body over the limit).
 *
 * @param request The Node request.
 * @returns The stream.
 */
function bodyStream(request: IncomingMessage): ReadableStream<Uint8Array> {
  let done = false
  return new ReadableStream<Uint8Array>(
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
 * The URL of a Node request; a `Host` header that is not a host falls back to `localhost`.
 *
 * @param request The Node request.
 * @returns The absolute URL.
 */
function requestUrl(request: IncomingMessage): URL {
  const target = request.url ?? '/'
  try {
    if (!target.startsWith('/')) return new URL(target)
    return new URL(target, `http://${request.headers.host ?? 'localhost'}`)
  } catch {
    return new URL(target.startsWith('/') ? target : '/', 'http://localhost')
  }
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

/**
 * Answers one Node request with the fetch handler.
 *
 * A handler of `createApiHandler` is called directly on the request's parts, without a
 * `Request`, a `Response` or their streams (`direct-call.ts`: about 100 µs of CPU less per
 * request); any other handler through `Request` and `Response`. Both send the same bytes.
 *
 * @param handler The fetch handler.
 * @param direct Its direct call, if it has one.
 * @param request The Node request.
 * @param response The Node response.
 */
async function bridge(
  handler: ApiHandler,
  direct: DirectCall | undefined,
  request: IncomingMessage,
  response: ServerResponse
): Promise<void> {
  const method = request.method ?? 'GET'
  const hasBody = method !== 'GET' && method !== 'HEAD'
  const declared = Number(request.headers['content-length'] ?? Number.NaN)
  let collected: Uint8Array | undefined
  let stream: ReadableStream<Uint8Array> | null = null
  if (hasBody) {
    // A small body of declared length (Node's parser never delivers more than declared) is
    // collected here: one buffer is much cheaper than a web stream fed chunk by chunk. Anything
    // else (no length, or a larger one) is streamed, so the handler's limit cuts it short.
    if (declared <= bufferedBodyBytes) {
      collected = await collect(request)
      // Nobody is left to answer.
      if (collected === undefined) return void response.destroy()
    } else {
      stream = bodyStream(request)
    }
  }
  const parts: CallRequest = {
    method,
    url: requestUrl(request),
    headers: fetchHeaders(request),
    body: stream,
    collected,
  }
  const answer = await (direct ? direct(parts) : callFetchHandler(handler, parts))
  // Names in lower case and sorted, as `Headers` iterates them: the same bytes either way.
  const names = Object.keys(answer.headers).sort()
  const fields: string[] = []
  for (const name of names) fields.push(name.toLowerCase(), answer.headers[name] ?? '')
  if (hasBody && !request.complete) {
    // The handler left the body unread (a refusal before reading, or one over the limit):
    // answer, then close instead of reading what may be gigabytes more.
    fields.push('connection', 'close')
    response.once('finish', () => request.socket.destroySoon())
  }
  const body = answer.body
  const length =
    body === null ? 0 : typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength
  fields.push('content-length', String(length))
  // One array: Node writes the head without building its header map; a string body goes out
  // in the same write as the head.
  response.writeHead(answer.status, fields)
  response.end(method === 'HEAD' || body === null ? undefined : body)
}

/**
 * A Node `request` listener around a fetch handler (for `node:http`, Express, or any server
 * that hands out `IncomingMessage`/`ServerResponse`).
 *
 * @param handler The fetch handler, e.g. from `createApiHandler`.
 * @returns The listener.
 */
export function toNodeListener(
  handler: ApiHandler
): (request: IncomingMessage, response: ServerResponse) => void {
  const direct = directCallOf(handler)
  return (request, response) => {
    bridge(handler, direct, request, response).catch((error: unknown) => {
      console.error('postcard-preflight sandbox: bridge error', error)
      if (!response.headersSent) {
        response.writeHead(500, { 'content-type': 'application/json; charset=utf-8' })
        response.end('{"message":"Server Error"}')
      } else {
        response.destroy()
      }
    })
  }
}

/** Options of {@link startSandboxServer}. */
export interface SandboxServerOptions {
  /** Config file (default: the shipped `config/sandbox.json`). */
  readonly config?: string | URL
  /** Port; `0` picks a free one (default: `8787`). */
  readonly port?: number
  /** Interface to listen on (default: `localhost`). */
  readonly host?: string
  /** Built demo page (default: `dist-demo/` of the package; a start page when missing). */
  readonly demo?: string | URL
  /** State (default: a fresh in-memory store). */
  readonly store?: Store
  /** Emoji artwork for `GET /emoji/<key>.svg` (default: the package's Twemoji set). */
  readonly emojiArtwork?: EmojiArtworkSource
}

/** A running sandbox server. */
export interface SandboxServer {
  /** Base URL, e.g. `http://localhost:8787`. */
  readonly url: string
  readonly port: number
  readonly config: ServerConfig
  readonly server: Server
  /** Stops accepting connections and closes the idle ones. */
  close(): Promise<void>
}

/**
 * Starts the sandbox server: loads the config, designs and fonts, and listens.
 *
 * @param options Config file, port, host, demo folder.
 * @returns The running server.
 * @throws {ServerConfigError} For a config that cannot serve.
 * @example
 *   const sandbox = await startSandboxServer({ port: 0 })
 *   console.log(formatBanner(sandbox))
 *   await sandbox.close()
 */
export async function startSandboxServer(
  options: SandboxServerOptions = {}
): Promise<SandboxServer> {
  const config = await loadServerConfig(options.config)
  const demo = options.demo ?? defaultDemoUrl
  const page = renderWelcomePage(
    config.accounts.map((account) => ({
      id: account.id,
      tokens: account.tokens,
      flows: account.flows.map((flow) => ({
        id: flow.id,
        designName: flow.design.name,
        contentKeys: flow.design.markdownAreas.map((area) => area.key),
        qrKeys: flow.design.keyedQrCodes.map((code) => code.key),
        paused: flow.paused ?? false,
        batch: flow.batch,
      })),
    }))
  )
  const assets: AssetSource = (await hasIndex(demo))
    ? folderAssets(demo)
    : (path) =>
        path === '/' || path === '/index.html'
          ? { body: page, contentType: 'text/html; charset=utf-8' }
          : undefined
  const handler = createApiHandler({
    ...handlerOptionsOf(config),
    ...(options.store ? { store: options.store } : {}),
    emojiArtwork: options.emojiArtwork ?? createEmojiArtworkSource(),
    assets,
  })
  const server = createServer(toNodeListener(handler))
  const host = options.host ?? 'localhost'
  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen)
    server.listen(options.port ?? 8787, host, () => {
      server.off('error', rejectListen)
      resolveListen()
    })
  })
  const port = (server.address() as AddressInfo).port
  const shownHost = host.includes(':') ? `[${host}]` : host
  return {
    url: `http://${shownHost}:${port}`,
    port,
    config,
    server,
    close: () =>
      new Promise<void>((resolveClose, rejectClose) => {
        server.close((error) => (error ? rejectClose(error) : resolveClose()))
        server.closeIdleConnections()
      }),
  }
}

/**
 * What the server prints when it starts: where it listens, the tokens to use and the flows.
 *
 * @param sandbox The running server.
 * @returns The lines, joined by newlines.
 */
export function formatBanner(sandbox: Pick<SandboxServer, 'url' | 'config'>): string {
  const { url, config } = sandbox
  const lines = [
    `Direct-Mail API sandbox listening on ${url}`,
    `  config:  ${config.source}`,
    `  OpenAPI: ${url}/openapi.json`,
  ]
  for (const account of config.accounts) {
    lines.push('', `Account ${account.id}`)
    for (const token of account.tokens) {
      const mode = token.startsWith(`${config.tokenPrefix}_live_`) ? 'live' : 'test'
      lines.push(`  ${mode} token: ${token}`)
    }
    for (const flow of account.flows) {
      const state = flow.paused
        ? 'paused'
        : `active, batches ${flow.batch.at.join(', ')} ${flow.batch.time_zone}`
      lines.push(`  flow ${flow.id}  ${flow.design.name} (${state})`)
    }
  }
  const first = config.accounts[0]
  const token = first?.tokens.find((t) => t.startsWith(`${config.tokenPrefix}_test_`))
  const flow = first?.flows[0]
  if (token && flow) {
    const payload = JSON.stringify(samplePostcard(flow))
    lines.push(
      '',
      'Try:',
      `  curl -i ${url}/api/v1/postcards -H 'Authorization: Bearer ${token}' \\`,
      `    -H 'Content-Type: application/json' -d '${payload.replaceAll("'", "'\\''")}'`
    )
  }
  return lines.join('\n')
}

/**
 * A valid-looking submission for a flow: sample addresses, a short text per Markdown area and a
 * URL per keyed QR code.
 *
 * @param flow The flow.
 * @returns The body.
 */
function samplePostcard(flow: {
  readonly id: string
  readonly design: ServerConfig['accounts'][number]['flows'][number]['design']
}) {
  const address = {
    first_name: 'Erika',
    last_name: 'Mustermann',
    address_line1: 'Heidestraße 17',
    zip: '51147',
    city: 'Köln',
    country: 'DE',
  }
  const body: Record<string, unknown> = {
    flow_id: flow.id,
    from: {
      company: 'Bloom & Co.',
      address_line1: 'Gartenweg 3',
      zip: '10115',
      city: 'Berlin',
      country: 'DE',
    },
    to: address,
  }
  if (flow.design.markdownAreas.length > 0) {
    body['content'] = Object.fromEntries(
      flow.design.markdownAreas.map((area) => [area.key, 'Hello **Erika**!'])
    )
  }
  if (flow.design.keyedQrCodes.length > 0) {
    body['qr_codes'] = Object.fromEntries(
      flow.design.keyedQrCodes.map((code) => [code.key, 'https://example.com/c/SPRING'])
    )
  }
  return body
}
