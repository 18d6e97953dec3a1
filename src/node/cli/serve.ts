/**
 * `preflight serve [--config <config.json>] [--port N] [--host H] [--redis <url>]`: runs the
 * sandbox of the Direct-Mail API until SIGINT or SIGTERM. Without `--config` it serves the
 * shipped `config/sandbox.json` on http://localhost:8787 (what `npm start` does) and prints the
 * tokens and flow ids to use. With `--redis` its state lives in Redis, shared by every server
 * started with the same URL (several processes behind one load balancer, or a restart).
 *
 * @module
 */
import { openRedisStore, RedisStoreError, type RedisStore } from '../redis-store.ts'
import { isOrigin } from '../../server/cors.ts'
import { defaultShutdownTimeoutMs } from '../node-bridge.ts'
import { formatBanner, startSandboxServer, type SandboxServerOptions } from '../serve.ts'
import { ServerConfigError } from '../server-config.ts'
import { ArgumentError, processIo, type CliIo } from './cli-io.ts'
import { readArguments } from './read-arguments.ts'

/** Usage text, printed by `--help` and after a usage error. */
export const USAGE = `Usage: preflight serve [--config <config.json>] [--port <n>] [--host <name>] [--redis <url>]
                       [--allow-origin <origin>]... [--shutdown-timeout <seconds>]

Runs the sandbox of the Direct-Mail API v1 (POST /api/v1/postcards, POST /api/v1/campaigns,
API logs, OpenAPI document at /openapi.json) until SIGINT or SIGTERM. On the signal it stops
accepting, lets the requests in flight finish, and exits; a second signal exits at once.

  --config <file>   Accounts, tokens and flows (default: the package's config/sandbox.json).
  --port <n>        Port, 0 for any free one (default: the PORT environment variable, else
                    8787).
  --host <name>     Interface to listen on (default: localhost).
  --redis <url>     Keep the state in Redis (redis://host:port), shared by every server
                    started with the same URL (default: in memory, this process only).
  --allow-origin <origin>
                    Let pages of this origin (https://app.example.com) call the sandbox from a
                    browser (CORS); repeat for several (default: any origin).
  --shutdown-timeout <seconds>
                    How long requests in flight may take to finish after the signal before
                    their connections are closed (default: 10).
`

/** The port `preflight serve` listens on without `--port` or `PORT` (the CLI's documented default). */
const defaultPort = 8787

/** The options of `serve`: the server's, and the Redis URL of `--redis`. */
export type ServeArguments = SandboxServerOptions & { readonly redis?: string }

/**
 * Reads the arguments of `serve`.
 *
 * @param args The arguments after `serve`.
 * @param env The environment: `PORT` is the port when `--port` is not given, as hosting
 *   platforms and process managers set it (default: the process's).
 * @returns The server options, or `help`.
 * @throws {ArgumentError} For an unknown flag, a missing value or a bad port.
 */
export function readServeArguments(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env
): ServeArguments | 'help' {
  const parsed = readArguments(args, {
    options: {
      config: { type: 'string', value: '<config.json>' },
      port: { type: 'string', value: '<n>' },
      host: { type: 'string', value: '<name>' },
      redis: { type: 'string', value: '<url>' },
      'allow-origin': { type: 'string', value: '<origin>', multiple: true },
      'shutdown-timeout': { type: 'string', value: '<seconds>' },
    },
    positionals: { min: 0, max: 0 },
  })
  if (parsed === 'help') return 'help'
  const { values } = parsed
  let port: number | undefined
  const [given, name] = values.port === undefined ? [env['PORT'], 'PORT'] : [values.port, '--port']
  if (given !== undefined && given !== '') {
    port = /^\d{1,5}$/.test(given) ? Number(given) : Number.NaN
    if (!(port <= 65_535)) {
      throw new ArgumentError(
        `Unexpected \`${given}\` for \`${name}\`, expected a port from 0 to 65535`
      )
    }
  }
  let shutdownTimeoutMs: number | undefined
  const timeout = values['shutdown-timeout']
  if (timeout !== undefined) {
    const seconds = /^\d{1,4}(?:\.\d{1,3})?$/.test(timeout) ? Number(timeout) : Number.NaN
    if (!(seconds <= 3600)) {
      throw new ArgumentError(
        `Unexpected \`${timeout}\` for \`--shutdown-timeout\`, expected seconds from 0 to 3600`
      )
    }
    shutdownTimeoutMs = Math.round(seconds * 1000)
  }
  const origins = values['allow-origin']
  for (const origin of origins ?? []) {
    if (origin !== '*' && !isOrigin(origin)) {
      throw new ArgumentError(
        `Unexpected \`${origin}\` for \`--allow-origin\`, expected an origin, e.g. \`https://app.example.com\` (scheme, host and port; no path), or \`*\``
      )
    }
  }
  return {
    ...(origins === undefined ? {} : { cors: { origins } }),
    ...(values.config === undefined ? {} : { config: values.config }),
    port: port ?? defaultPort,
    ...(values.host === undefined ? {} : { host: values.host }),
    ...(values.redis === undefined ? {} : { redis: values.redis }),
    ...(shutdownTimeoutMs === undefined ? {} : { shutdownTimeoutMs }),
  }
}

/**
 * Runs `preflight serve`.
 *
 * @param args The arguments after `serve`.
 * @param io Streams (default: the process's).
 * @param stop Stops the server when aborted (default: SIGINT or SIGTERM of the process).
 * @returns `0` after a clean stop; `2` for misuse: bad arguments, a config that cannot serve,
 *   a port that cannot be used (one line on stderr each).
 */
export async function main(
  args: readonly string[],
  io: CliIo = processIo,
  stop?: AbortSignal
): Promise<number> {
  let sandbox
  let parsed
  let store: RedisStore | undefined
  let port: number | undefined
  try {
    parsed = readServeArguments(args)
    if (parsed === 'help') {
      io.stdout.write(USAGE)
      return 0
    }
    const { redis, ...options } = parsed
    port = options.port
    if (redis !== undefined) store = await openRedisStore(redis)
    sandbox = await startSandboxServer(store ? { ...options, store } : options)
  } catch (error) {
    await store?.close()
    const reason = misuse(error, port)
    if (reason === undefined) throw error
    io.stderr.write(`preflight serve: ${reason}\n`)
    return 2
  }
  io.stdout.write(`${formatBanner(sandbox)}\n`)
  const running = sandbox
  await new Promise<void>((resolve) => {
    if (stop) return void stop.addEventListener('abort', () => resolve(), { once: true })
    process.once('SIGINT', () => resolve())
    process.once('SIGTERM', () => resolve())
  })
  // A second signal: close what is still open now rather than after the timeout.
  const now = () => running.server.closeAllConnections()
  process.once('SIGINT', now)
  process.once('SIGTERM', now)
  const cut = await running.close()
  process.off('SIGINT', now)
  process.off('SIGTERM', now)
  if (cut > 0) {
    const seconds = (parsed.shutdownTimeoutMs ?? defaultShutdownTimeoutMs) / 1000
    io.stderr.write(
      `preflight serve: ${cut === 1 ? '1 connection was' : `${cut} connections were`} still open after ${seconds} s and ${cut === 1 ? 'was' : 'were'} closed\n`
    )
  }
  await store?.close()
  return 0
}

/**
 * The one-line reason of a misuse, or `undefined` for an error that is not one.
 *
 * @param error What starting the server threw.
 * @param port The port asked for (`undefined`: the default).
 * @returns The reason.
 */
function misuse(error: unknown, port: number | undefined): string | undefined {
  if (error instanceof ArgumentError) return `${error.message} (see \`preflight serve --help\`)`
  if (error instanceof RedisStoreError) return `${error.message} (see --redis)`
  if (error instanceof ServerConfigError) {
    const problems = error.problems.map((problem) =>
      problem
        .split('\n')
        .map((line) => line.trim())
        .join(' ')
    )
    return `Invalid sandbox config \`${error.source}\`: ${problems.join('; ')}`
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL') {
    return `Unexpected \`${code}\` listening on port ${port ?? defaultPort}, expected a free port (try --port)`
  }
  return undefined
}
