/**
 * Node only: the sandbox server. It serves the web-standard handler of
 * `postcard-preflight/server` on `node:http` through the bridge (`node-bridge.ts`), reads the
 * config, designs and fonts from disk and serves the demo page.
 *
 * @module
 */
import type { Server } from 'node:http'
import { readFile, stat } from 'node:fs/promises'
import { extname, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { AddressInfo } from 'node:net'
import type { Asset, AssetSource } from '../server/api-options.ts'
import type { CorsOptions } from '../server/cors.ts'
import { createApiHandler } from '../server/create-api-handler.ts'
import type { Store } from '../server/store.ts'
import { renderWelcomePage } from '../server/welcome-page.ts'
import type { EmojiArtworkSource } from '../emoji/types.ts'
import { createEmojiArtworkSource } from './emoji-artwork.ts'
import { closeGracefully, createNodeServer, type CloseOptions } from './node-bridge.ts'
import { samplePostcard } from './sample-postcard.ts'
import { handlerOptionsOf, loadServerConfig, type ServerConfig } from './server-config.ts'

// Where the benchmarks and older imports find the bridge.
export { toNodeListener } from './node-bridge.ts'

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
  /**
   * How long `close()` lets requests in flight finish, in milliseconds, before it closes their
   * connections (default: `10000`).
   */
  readonly shutdownTimeoutMs?: number
  /** Which origins may call from a browser (default: any; `false`: no CORS headers). */
  readonly cors?: CorsOptions | false
}

/** A running sandbox server. */
export interface SandboxServer {
  /** Base URL, e.g. `http://localhost:8787`. */
  readonly url: string
  readonly port: number
  readonly config: ServerConfig
  readonly server: Server
  /**
   * Stops the server gracefully (`closeGracefully`): stops accepting at once, closes idle
   * connections, lets the requests in flight finish, and closes what is still open after the
   * shutdown timeout.
   *
   * @returns How many connections were still open at the deadline and were closed.
   */
  close(options?: CloseOptions): Promise<number>
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
    ...(options.cors === undefined ? {} : { cors: options.cors }),
  })
  const server = createNodeServer(handler)
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
    close: (closeOptions) =>
      closeGracefully(server, { timeoutMs: options.shutdownTimeoutMs, ...closeOptions }),
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
