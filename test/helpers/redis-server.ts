/**
 * Test helper (Node only): a throwaway `redis-server` on a free loopback port, with persistence
 * off, for the tests of the Redis store and of several sandbox processes sharing it.
 *
 * `redis-server --port 0` does not pick a free port (it disables TCP), so a free port is found by
 * binding a `node:net` server to port 0 and closing it; if another process grabs the port in
 * between, Redis fails to bind and the start is retried on a new port.
 *
 * The binary is `redis-server` from `PATH` (Debian package `redis-server`, installed by
 * `.ci/run`), or the path in `REDIS_SERVER`.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'

/** A running Redis server started by {@link startRedisServer}. */
export interface RedisServer {
  /** `redis://127.0.0.1:<port>`. */
  readonly url: string
  readonly port: number
  /** The server process (only the helper stops it). */
  readonly process: ChildProcess
  /** Stops the server (SIGTERM, then SIGKILL after two seconds) and waits for its exit. */
  stop(): Promise<void>
}

/** Error of the helper: no `redis-server`, or one that did not start. */
export class RedisServerError extends Error {
  override readonly name = 'RedisServerError'
}

/** A port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

/** Options of {@link startRedisServer}. */
export interface RedisServerOptions {
  /** The port (default: a free one). */
  readonly port?: number
  /**
   * A folder for an append-only file written before every reply (`appendfsync always`), so a
   * server killed with SIGKILL and started again on the same folder keeps every write it
   * acknowledged (default: no persistence).
   */
  readonly dir?: string
}

/** Starts redis-server on `port`; resolves once it accepts connections. */
function launch(binary: string, port: number, dir?: string): Promise<RedisServer> {
  return new Promise((resolve, reject) => {
    const persistence =
      dir === undefined
        ? ['--appendonly', 'no']
        : ['--appendonly', 'yes', '--appendfsync', 'always', '--dir', dir]
    const child = spawn(
      binary,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        ...persistence,
        '--daemonize',
        'no',
        '--loglevel',
        'notice',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] }
    )
    let output = ''
    let settled = false
    const exited = new Promise<void>((done) => child.once('exit', () => done()))
    const stop = async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM')
        const timer = setTimeout(() => child.kill('SIGKILL'), 2000)
        await exited
        clearTimeout(timer)
      }
    }
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8')
      if (!settled && output.includes('Ready to accept connections')) {
        settled = true
        resolve({ url: `redis://127.0.0.1:${port}`, port, process: child, stop })
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('error', (error) => {
      if (settled) return
      settled = true
      reject(
        new RedisServerError(
          `Unexpected \`${error.message}\` starting \`${binary}\`, expected the redis-server binary (Debian package redis-server, or set REDIS_SERVER)`
        )
      )
    })
    child.once('exit', (code, signal) => {
      if (settled) return
      settled = true
      reject(
        new RedisServerError(
          `Unexpected exit (${String(code ?? signal)}) of redis-server on port ${port}, expected it to start:\n${output.trim()}`
        )
      )
    })
  })
}

/**
 * Starts a Redis server on a loopback port, persistence off (`--save ''`, `--appendonly no`)
 * unless `dir` is given.
 *
 * @param options The port (default: a free one) and a folder for persistence.
 * @returns The running server; call `stop()` after the tests.
 * @throws {RedisServerError} When redis-server is missing or does not start (after 5 ports).
 */
export async function startRedisServer(options: RedisServerOptions = {}): Promise<RedisServer> {
  const binary = process.env['REDIS_SERVER'] ?? 'redis-server'
  if (options.port !== undefined) return launch(binary, options.port, options.dir)
  let last: unknown
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await launch(binary, await freePort(), options.dir)
    } catch (error) {
      last = error
      // Only a port taken in the meantime is worth another try.
      if (!(error instanceof RedisServerError) || !/in use|bind/i.test(error.message)) break
    }
  }
  throw last
}
