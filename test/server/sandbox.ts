/**
 * Test helper: a sandbox handler on the sample designs with an injected clock, and requests
 * built with `new Request(...)` (no port: the handler is pure, hono-style).
 */
import a5 from '../../designs/a5-ten-areas.json' with { type: 'json' }
import a6 from '../../designs/a6-greeting.json' with { type: 'json' }
import dl from '../../designs/dl-plain.json' with { type: 'json' }
import { parseDesign } from '../../src/design/parse-design.ts'
import { SAMPLE_RECIPIENT, samplePostcard } from '../../src/node/sample-postcard.ts'
import type { ApiHandlerOptions } from '../../src/server/api-options.ts'
import { createApiHandler } from '../../src/server/create-api-handler.ts'
import { directCallOf, type DirectCall } from '../../src/server/direct-call.ts'
import { memoryStore } from '../../src/server/memory-store.ts'
import { toWebResponse } from '../../src/server/reply.ts'

export const designs = { a6: parseDesign(a6), dl: parseDesign(dl), a5: parseDesign(a5) }

/** acme: the A6 flow (active) and the DL flow (paused); globex: the A5 flow. */
export const flows = {
  a6: '7375c8ae-613b-4182-8fb6-51639fd11db4',
  dl: 'c0b69cb4-68d4-481d-9b2a-a9a6b4d5c9bb',
  a5: '7e7a5629-0025-4365-8f16-395259e933d9',
}

export const tokens = {
  acmeTest: 'dm_test_vUn2LzQrjwQUg9yTFaT5i6wC',
  acmeLive: 'dm_live_zChN33HUNRmJG29M2TYJCUPc',
  globexTest: 'dm_test_SdpfxrTsAttun9ZPGeZRfkFj',
  globexLive: 'dm_live_zFyogUjeVWnBmgF2Ux7qZ3Lo',
}

export const accounts: ApiHandlerOptions['accounts'] = [
  {
    id: 'acme',
    tokens: [tokens.acmeTest, tokens.acmeLive],
    flows: [
      {
        id: flows.a6,
        design: designs.a6,
        batch: { at: ['08:00', '14:00'], time_zone: 'Europe/Berlin' },
      },
      {
        id: flows.dl,
        design: designs.dl,
        paused: true,
        batch: { at: ['09:00'], time_zone: 'Europe/Berlin' },
      },
    ],
  },
  {
    id: 'globex',
    tokens: [tokens.globexTest, tokens.globexLive],
    flows: [
      {
        id: flows.a5,
        design: designs.a5,
        batch: { at: ['10:00'], time_zone: 'Europe/Amsterdam' },
      },
    ],
  },
]

/** 2026-03-02 10:15 in Berlin (CET): the next batch of the A6 flow is 14:00 CET = 13:00Z. */
export const start = Date.parse('2026-03-02T09:15:00Z')
export const nextA6Batch = '2026-03-02T13:00:00Z'

export const address = SAMPLE_RECIPIENT

/** A valid submission to the A6 flow. */
export function a6Postcard(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...samplePostcard({ id: flows.a6, design: designs.a6 }),
    content: { greeting: 'Hello **Erika**!', body: 'Spring is here.\nSee you soon.' },
    ...extra,
  }
}

/** A valid submission to the DL flow (no Markdown areas, no keyed QR codes). */
export function dlPostcard(): Record<string, unknown> {
  return { flow_id: flows.dl, from: address, to: address }
}

/** A valid campaign. */
export function campaign(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Spring sale 2026',
    description: null,
    metadata: ['crm-4711'],
    processingType: 'one_off',
    addressVerification: true,
    segment: { source: 'csv', id: 'b2a0c6f4-2f7e-4f38-9a43-6c7a7f0b1c55' },
    design: { postcardDesignId: '2f1d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b' },
    delivery: { deliveryPeriodEndAt: '2026-04-30' },
    billing: { paymentMethod: 'rechnung', invoiceEmail: 'billing@example.com' },
    ...extra,
  }
}

/** A handler with a fresh store and a clock that tests move by hand. */
export function sandbox(options: Partial<ApiHandlerOptions> = {}) {
  const store = memoryStore()
  const clock = { time: start }
  const errors: unknown[] = []
  const handler = createApiHandler({
    accounts,
    store,
    now: () => clock.time,
    onError: (error) => errors.push(error),
    ...options,
  })
  const send = (
    method: string,
    path: string,
    init: {
      token?: string | null
      body?: unknown
      raw?: BodyInit
      headers?: Record<string, string>
    } = {}
  ) => {
    const headers: Record<string, string> = { ...init.headers }
    const token = init.token === undefined ? tokens.acmeTest : init.token
    if (token !== null) headers['authorization'] = `Bearer ${token}`
    let body: BodyInit | undefined = init.raw
    if (init.body !== undefined) {
      body = JSON.stringify(init.body)
      headers['content-type'] = 'application/json'
    }
    return handler(
      new Request(`http://localhost${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body }),
      })
    )
  }
  /**
   * Sends a request through the handler's pipeline with plain `Headers`, which keep what a
   * browser's `Request` drops (`Origin`, `Access-Control-Request-*` are forbidden request
   * headers there): for CORS tests that run in Node and in Chromium alike.
   */
  const sendWithHeaders = async (
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: unknown
  ): Promise<Response> => {
    const call = directCallOf(handler) as DirectCall
    const bytes = body === undefined ? undefined : new TextEncoder().encode(JSON.stringify(body))
    return toWebResponse(
      await call({
        method,
        url: `http://localhost${path}`,
        headers: new Headers(headers),
        body: null,
        collected: bytes,
      })
    )
  }
  return { handler, store, clock, errors, send, sendWithHeaders }
}

/** Status, the headers that matter and the parsed body of a response. */
export async function read(response: Response) {
  const text = await response.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: json as Record<string, unknown>,
  }
}
