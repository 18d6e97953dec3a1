/**
 * CORS with a real browser as the oracle: a page served on one origin (`http://localhost:<a>`)
 * calls the sandbox on another (`http://127.0.0.1:<b>`) with `fetch`, as a form on
 * `localhost:5173` calls `preflight serve`. Chromium sends the preflight and enforces the
 * answer: the page reads the 201, the 429 with `Retry-After` and the `X-RateLimit-*` headers;
 * a sandbox that allows other origins only is refused by the browser itself.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { SandboxServer } from '../../src/node/serve.ts'
import { useSandboxServer } from '../helpers/sandbox-server.ts'
import { a6Postcard, tokens } from '../server/sandbox.ts'
import { chromiumOptions } from './demo-build.ts'

/** The page's server: one empty HTML page, on its own origin. */
let pages: Server
let pageUrl: string
let browser: Browser
let page: Page

/** A sandbox allowing any origin, with 2 postcards a minute (the 3rd is a 429). */
const open = useSandboxServer({}, { limits: { postcards_per_minute: 2, campaigns_per_minute: 60 } })
/** A sandbox that allows one other origin only. */
const closed = useSandboxServer({ cors: { origins: ['https://app.example'] } })

beforeAll(async () => {
  pages = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end('<!doctype html><title>a form on another origin</title>')
  })
  await new Promise<void>((resolve) => pages.listen(0, 'localhost', resolve))
  pageUrl = `http://localhost:${(pages.address() as AddressInfo).port}/`
  browser = await chromium.launch(chromiumOptions)
  page = await browser.newPage()
  await page.goto(pageUrl)
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => pages?.close(resolve))
})

/** What the page's script got from the sandbox, or the error `fetch` threw. */
interface Seen {
  readonly status?: number
  readonly body?: string
  readonly headers?: Record<string, string | null>
  readonly error?: string
}

/** Runs `fetch` in the page (its origin), as a form's script does. */
function fetchFromPage(sandbox: SandboxServer, requestId: string): Promise<Seen> {
  return page.evaluate(
    async ({ url, token, requestId, body }) => {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'x-request-id': requestId,
            'idempotency-key': requestId,
          },
          body,
        })
        const headers: Record<string, string | null> = {}
        for (const name of [
          'retry-after',
          'x-ratelimit-limit',
          'x-ratelimit-remaining',
          'x-ratelimit-reset',
          'x-request-id',
          'content-type',
        ]) {
          headers[name] = response.headers.get(name)
        }
        return { status: response.status, body: await response.text(), headers }
      } catch (error) {
        return { error: String(error) }
      }
    },
    {
      url: `${sandbox.url}/api/v1/postcards`,
      token: tokens.acmeTest,
      requestId,
      body: JSON.stringify(a6Postcard()),
    }
  )
}

describe('a page on another origin in Chromium', () => {
  test('should be on another origin than the sandbox', () => {
    expect(new URL(pageUrl).origin).not.toBe(new URL(open().url).origin)
  })

  test('should create a postcard and read the answer and the rate-limit headers', async () => {
    const seen = await fetchFromPage(open(), 'cors-page-1')
    expect(seen.error).toBeUndefined()
    expect(seen.status).toBe(201)
    expect(JSON.parse(seen.body ?? '')).toMatchObject({
      request_id: 'cors-page-1',
      status: 'queued',
    })
    expect(seen.headers).toMatchObject({
      'x-ratelimit-limit': '2',
      'x-ratelimit-remaining': '1',
      'x-request-id': 'cors-page-1',
      'content-type': 'application/json; charset=utf-8',
    })
  })

  test('should read a 429 and its Retry-After', async () => {
    await fetchFromPage(open(), 'cors-page-2')
    const seen = await fetchFromPage(open(), 'cors-page-3')
    expect(seen.status).toBe(429)
    expect(seen.body).toBe('{"message":"Too Many Attempts."}')
    expect(Number(seen.headers?.['retry-after'])).toBeGreaterThanOrEqual(1)
    expect(seen.headers?.['x-ratelimit-remaining']).toBe('0')
    expect(Number(seen.headers?.['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000)
  })

  test('should be stopped by the browser when the sandbox does not allow its origin', async () => {
    const seen = await fetchFromPage(closed(), 'cors-page-4')
    expect(seen.status).toBeUndefined()
    expect(seen.error).toBe('TypeError: Failed to fetch')
    // The preflight was refused: the request itself never reached the sandbox.
    const entries = await fetch(`${closed().url}/api/v1/entries`, {
      headers: { authorization: `Bearer ${tokens.acmeTest}` },
    })
    expect(((await entries.json()) as { data: unknown[] }).data).toEqual([])
  })
})
