import { request as httpRequest, type IncomingMessage } from 'node:http'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import shipped from '../../config/sandbox.json' with { type: 'json' }
import { main } from '../../src/node/cli/serve.ts'
import { formatBanner, startSandboxServer, type SandboxServer } from '../../src/node/serve.ts'
import { a6Postcard } from '../server/sandbox.ts'

const acme = shipped.accounts[0] as (typeof shipped.accounts)[number]
const testToken = acme.tokens[0] as string
const a6Flow = acme.flows[0]?.id as string

const postcard = a6Postcard({ content: { greeting: 'Hello **Erika**!', body: 'Spring is here.' } })

/** One raw HTTP exchange with a streamed body, written with back pressure. */
function streamPost(
  url: string,
  chunks: number,
  chunkSize: number,
  headers: Record<string, string> = {}
): Promise<{ status: number; body: string; written: number; headers: IncomingMessage['headers'] }> {
  return new Promise((resolve, reject) => {
    let written = 0
    let settled = false
    const req = httpRequest(
      url,
      { method: 'POST', headers: { authorization: `Bearer ${testToken}`, ...headers } },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => {
          settled = true
          resolve({ status: res.statusCode ?? 0, body, written, headers: res.headers })
        })
      }
    )
    // The server closes the connection after a 413: later writes may fail, the answer stands.
    req.on('error', (error) => {
      if (!settled) setTimeout(() => (settled ? undefined : reject(error)), 200)
    })
    const chunk = Buffer.alloc(chunkSize, 0x20)
    const pump = () => {
      while (written < chunks && !req.destroyed) {
        written++
        if (!req.write(chunk)) return void req.once('drain', pump)
      }
      if (!req.destroyed) req.end()
    }
    pump()
  })
}

describe('the Node sandbox server', () => {
  let sandbox: SandboxServer
  let emptyDemo: string

  beforeAll(async () => {
    emptyDemo = await mkdtemp(join(tmpdir(), 'no-demo-'))
    sandbox = await startSandboxServer({ port: 0, demo: emptyDemo })
  })
  afterAll(async () => {
    await sandbox.close()
  })

  test('should listen on a free port of localhost', () => {
    expect(sandbox.port).toBeGreaterThan(0)
    expect(sandbox.url).toBe(`http://localhost:${sandbox.port}`)
  })

  test('should queue a postcard over HTTP, with the headers of spec 8', async () => {
    const response = await fetch(`${sandbox.url}/api/v1/postcards`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${testToken}`,
        'content-type': 'application/json',
        'x-request-id': 'http-1',
      },
      body: JSON.stringify(postcard),
    })
    expect(response.status).toBe(201)
    expect(response.headers.get('x-ratelimit-limit')).toBe('600')
    expect(response.headers.get('x-request-id')).toBe('http-1')
    const body = (await response.json()) as Record<string, unknown>
    expect(body).toMatchObject({ request_id: 'http-1', flow_id: a6Flow, status: 'queued' })
    expect(body['queued_for']).toMatch(/^\d{4}-\d\d-\d\dT(?:0[67]|1[23]):00:00Z$/)
    const again = await fetch(`${sandbox.url}/api/v1/postcards`, {
      method: 'POST',
      headers: { authorization: `Bearer ${testToken}`, 'x-request-id': 'http-1' },
      body: '{}',
    })
    expect(again.status).toBe(409)
    expect(await again.json()).toEqual(body)
  })

  test('should answer 413 to a streamed body over 1 MB without reading all of it', async () => {
    // 64 MB offered in 64 KiB chunks, no Content-Length (chunked transfer encoding).
    const answer = await streamPost(`${sandbox.url}/api/v1/postcards`, 1024, 65_536)
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toEqual({ message: 'The request body is larger than 1 MB.' })
    expect(answer.headers['connection']).toBe('close')
    expect(answer.written).toBeLessThan(1024)
  })

  test('should answer 413 to a declared length over 1 MB at once', async () => {
    const answer = await streamPost(`${sandbox.url}/api/v1/postcards`, 17, 65_536, {
      'content-length': String(17 * 65_536),
    })
    expect(answer.status).toBe(413)
  })

  test('should read a body that arrives slowly, in pieces', async () => {
    const text = JSON.stringify(postcard)
    const body = new PassThrough()
    const answer = new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        `${sandbox.url}/api/v1/postcards`,
        { method: 'POST', headers: { authorization: `Bearer ${testToken}` } },
        (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        }
      )
      req.on('error', reject)
      body.pipe(req)
    })
    for (let index = 0; index < text.length; index += 40) {
      body.write(text.slice(index, index + 40))
      await new Promise((resolve) => setTimeout(resolve, 2))
    }
    body.end()
    expect(await answer).toBe(201)
  })

  test('should answer a refusal that leaves the body unread, then close', async () => {
    const answer = await streamPost(`${sandbox.url}/api/v1/postcards`, 8, 1024, {
      authorization: 'Bearer nope',
    })
    expect(answer.status).toBe(401)
    expect(answer.body).toBe('{"message":"Unauthenticated."}')
  })

  test.each([
    ['a declared length (collected)', { 'content-length': '5000' }],
    ['no length (streamed)', { 'transfer-encoding': 'chunked' }],
  ])('should shrug off a client that disconnects mid-body, %s', async (_name, headers) => {
    const errors = vi.spyOn(console, 'error')
    try {
      await new Promise<void>((resolve) => {
        const req = httpRequest(`${sandbox.url}/api/v1/postcards`, {
          method: 'POST',
          headers: { authorization: `Bearer ${testToken}`, ...headers },
        })
        req.on('error', () => resolve())
        req.write('{"flow_id": ')
        setTimeout(() => {
          req.destroy()
          resolve()
        }, 50)
      })
      await new Promise((resolve) => setTimeout(resolve, 100))
      const after = await fetch(`${sandbox.url}/openapi.json`)
      expect(after.status).toBe(200)
      expect(errors).not.toHaveBeenCalled()
    } finally {
      errors.mockRestore()
    }
  })

  test('should serve the start page with the tokens and flows to use', async () => {
    const response = await fetch(`${sandbox.url}/`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const html = await response.text()
    for (const account of shipped.accounts) {
      for (const token of account.tokens) expect(html).toContain(token)
      for (const flow of account.flows) expect(html).toContain(flow.id)
    }
    const head = await fetch(`${sandbox.url}/`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
  })

  test('should serve the OpenAPI document and emoji artwork', async () => {
    const openapi = await fetch(`${sandbox.url}/openapi.json`)
    expect(((await openapi.json()) as { openapi: string }).openapi).toBe('3.1.0')
    const emoji = await fetch(`${sandbox.url}/emoji/1f600.svg`)
    expect(emoji.status).toBe(200)
    expect(emoji.headers.get('content-type')).toBe('image/svg+xml')
    expect(await emoji.text()).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="36" height="36" viewBox="0 0 36 36">/
    )
  })

  test('should print the tokens and flow ids to use', () => {
    const banner = formatBanner(sandbox)
    expect(banner.split('\n').slice(0, 3)).toEqual([
      `Direct-Mail API sandbox listening on ${sandbox.url}`,
      `  config:  ${sandbox.config.source}`,
      `  OpenAPI: ${sandbox.url}/openapi.json`,
    ])
    for (const account of shipped.accounts) {
      expect(banner).toContain(`Account ${account.id}`)
      for (const token of account.tokens) {
        expect(banner).toContain(
          `  ${token.startsWith('dm_live_') ? 'live' : 'test'} token: ${token}`
        )
      }
      for (const flow of account.flows) expect(banner).toContain(`  flow ${flow.id}  `)
    }
  })
})

describe('serving a built demo page', () => {
  test('should serve the files of the demo folder and nothing outside it', async () => {
    const demo = await mkdtemp(join(tmpdir(), 'demo-'))
    await writeFile(join(demo, 'index.html'), '<!doctype html><title>demo</title>')
    await writeFile(join(demo, 'app.js'), 'export {}')
    const sandbox = await startSandboxServer({ port: 0, demo })
    try {
      const page = await fetch(`${sandbox.url}/`)
      expect(await page.text()).toBe('<!doctype html><title>demo</title>')
      const script = await fetch(`${sandbox.url}/app.js`)
      expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
      expect((await fetch(`${sandbox.url}/%2e%2e/package.json`)).status).toBe(404)
      expect((await fetch(`${sandbox.url}/missing.js`)).status).toBe(404)
    } finally {
      await sandbox.close()
    }
  })
})

/** Streams that collect what a command writes. */
function captureIo() {
  const out = new PassThrough()
  const err = new PassThrough()
  let stdout = ''
  let stderr = ''
  out.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  err.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return {
    io: { stdin: new PassThrough(), stdout: out, stderr: err },
    stdout: () => stdout,
    stderr: () => stderr,
  }
}

describe('preflight serve', () => {
  test('should start on the shipped config, print what to use, serve, and stop cleanly', async () => {
    const { io, stdout } = captureIo()
    const stop = new AbortController()
    const exit = main(['--port', '0'], io, stop.signal)
    while (!stdout().includes('Try:')) await new Promise((resolve) => setTimeout(resolve, 10))
    const url = /listening on (http:\/\/\S+)/.exec(stdout())?.[1] as string
    for (const account of shipped.accounts) {
      for (const token of account.tokens) expect(stdout()).toContain(token)
    }
    // The printed curl example works as printed.
    const curl = /-H 'Content-Type: application\/json' -d '(.+)'$/m.exec(stdout())?.[1] as string
    const response = await fetch(`${url}/api/v1/postcards`, {
      method: 'POST',
      headers: { authorization: `Bearer ${testToken}` },
      body: curl,
    })
    expect(response.status).toBe(201)
    stop.abort()
    expect(await exit).toBe(0)
    await expect(fetch(`${url}/openapi.json`)).rejects.toThrow()
  })

  test.each([
    [
      ['--prot', '1'],
      /^preflight serve: Unexpected option `--prot`, did you mean `--port`\? \(see `preflight serve --help`\)\n$/,
    ],
    [
      ['--port', '70000'],
      /^preflight serve: Unexpected `70000` for `--port`, expected a port from 0 to 65535 \(see `preflight serve --help`\)\n$/,
    ],
    [
      ['--allow-origin', 'https://app.example/'],
      /^preflight serve: Unexpected `https:\/\/app\.example\/` for `--allow-origin`, expected an origin, e\.g\. `https:\/\/app\.example\.com` \(scheme, host and port; no path\), or `\*` \(see `preflight serve --help`\)\n$/,
    ],
    [
      ['--shutdown-timeout', 'soon'],
      /^preflight serve: Unexpected `soon` for `--shutdown-timeout`, expected seconds from 0 to 3600 \(see `preflight serve --help`\)\n$/,
    ],
    [
      ['--config', '/nonexistent.json'],
      /^preflight serve: Invalid sandbox config `\/nonexistent\.json`: Unexpected missing file, expected a config file\n$/,
    ],
  ])('should exit 2 with one line for %j', async (args, line) => {
    const { io, stderr } = captureIo()
    expect(await main(args, io)).toBe(2)
    expect(stderr()).toMatch(line)
  })

  test('should let only the origins of --allow-origin call from a browser', async () => {
    const { io, stdout } = captureIo()
    const stop = new AbortController()
    const exit = main(
      [
        '--port',
        '0',
        '--allow-origin',
        'https://app.example',
        '--allow-origin',
        'http://localhost:5173',
      ],
      io,
      stop.signal
    )
    while (!stdout().includes('Try:')) await new Promise((resolve) => setTimeout(resolve, 10))
    const url = /listening on (http:\/\/\S+)/.exec(stdout())?.[1] as string
    const preflight = (origin: string) =>
      fetch(`${url}/api/v1/postcards`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST' },
      })
    const allowed = await preflight('http://localhost:5173')
    expect(allowed.status).toBe(204)
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect((await preflight('https://evil.example')).status).toBe(403)
    stop.abort()
    expect(await exit).toBe(0)
  })

  test('should exit 2 when the port is taken', async () => {
    const blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, 'localhost', resolve))
    const port = (blocker.address() as { port: number }).port
    try {
      const { io, stderr } = captureIo()
      expect(await main(['--port', String(port)], io)).toBe(2)
      expect(stderr()).toBe(
        `preflight serve: Unexpected \`EADDRINUSE\` listening on port ${port}, expected a free port (try --port)\n`
      )
    } finally {
      blocker.close()
    }
  })

  test('should print its usage with --help', async () => {
    const { io, stdout } = captureIo()
    expect(await main(['--help'], io)).toBe(0)
    expect(stdout()).toMatch(/^Usage: preflight serve \[--config <config\.json>\]/)
  })
})
