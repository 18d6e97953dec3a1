/**
 * `createApiHandler`: the sandbox of the Direct-Mail API v1 as one web-standard fetch handler,
 * `(request: Request) => Promise<Response>`. It runs unchanged wherever `Request` and
 * `Response` exist: Node (through `postcard-preflight/node`'s server or any fetch adapter),
 * Deno, Bun, Workers, a service worker, and inside Hono, Express or Fastify.
 *
 * @module
 */
import { createPreflight, type Preflight } from '../analysis/create-preflight.ts'
import type { Design } from '../design/types.ts'
import type { FontRegistry } from '../text/types.ts'
import { resolveApiOptions, type ApiHandlerOptions, type ResolvedFlow } from './api-options.ts'
import { createAuthenticator } from './authenticate.ts'
import { createCampaign } from './campaigns-route.ts'
import { addCorsHeaders, optionsHeaders } from './cors.ts'
import { withDirectCall, type CallAnswer, type CallRequest } from './direct-call.ts'
import type { Exchange, HandlerContext } from './handler-context.ts'
import { HttpError, toResponse } from './http-error.ts'
import { readIdHeader } from './id-header.ts'
import { memoryStore } from './memory-store.ts'
import { createDateTimeFormatter } from './format-date-time.ts'
import { createOpenApiDocument } from './openapi-document.ts'
import { submitPostcard } from './postcards-route.ts'
import { randomUuid } from './random-uuid.ts'
import { addRateLimitHeaders } from './rate-limit.ts'
import { answerOf, jsonContentType, toWebResponse, type Reply } from './reply.ts'
import { changeEntry, changeFlow, entryProof, listEntries, listLogs } from './sandbox-routes.ts'
import { assetFile, emojiFile, type StaticFile } from './static-routes.ts'
import { StoreUnavailableError } from './store-unavailable-error.ts'
import type { LogRecord } from './store.ts'

/** A web-standard fetch handler. */
export type ApiHandler = (request: Request) => Promise<Response>

/** A route's work for one method; `params` are the decoded variable path segments. */
type Action = (context: HandlerContext, exchange: Exchange, params: string[]) => Promise<Reply>

/** Bodies up to this size are kept in the API logs; larger ones only by their size. */
const maxLoggedBodyBytes = 65_536

/**
 * The API routes: path segments (`*` is a variable) to their methods. Requests of the two
 * routes of the spec are recorded in the API logs (`logged`).
 */
const routes: readonly {
  readonly segments: readonly string[]
  readonly methods: Readonly<Record<string, Action>>
  readonly logged?: true
}[] = [
  { segments: ['postcards'], methods: { POST: submitPostcard }, logged: true },
  { segments: ['campaigns'], methods: { POST: createCampaign }, logged: true },
  { segments: ['logs'], methods: { GET: listLogs } },
  {
    segments: ['logs', '*', 'remove'],
    methods: { POST: (c, e, [id = '']) => changeEntry(c, e, id, 'remove') },
  },
  {
    segments: ['logs', '*', 'resume'],
    methods: { POST: (c, e, [id = '']) => changeEntry(c, e, id, 'resume') },
  },
  {
    segments: ['flows', '*', 'pause'],
    methods: { POST: (c, e, [id = '']) => changeFlow(c, e, id, 'pause') },
  },
  {
    segments: ['flows', '*', 'resume'],
    methods: { POST: (c, e, [id = '']) => changeFlow(c, e, id, 'resume') },
  },
  { segments: ['entries'], methods: { GET: listEntries } },
  {
    segments: ['entries', '*', 'proof.pdf'],
    methods: { GET: (c, e, [id = '']) => entryProof(c, e, id) },
  },
]

/**
 * Finds the API route of a path below `/api/v1/`.
 *
 * @param rest The path segments after `api/v1`, still percent-encoded.
 * @returns The route and its decoded parameters, or `undefined`.
 */
function matchRoute(rest: readonly string[]) {
  for (const route of routes) {
    if (route.segments.length !== rest.length) continue
    const params: string[] = []
    const matches = route.segments.every((segment, index) => {
      const actual = rest[index] ?? ''
      if (segment !== '*') return segment === actual
      try {
        params.push(decodeURIComponent(actual))
      } catch {
        return false
      }
      return actual !== ''
    })
    if (matches) return { route, params }
  }
  return undefined
}

function notFound(path: string): HttpError {
  return new HttpError(404, `The route \`${path.slice(0, 200)}\` could not be found.`)
}

function methodNotAllowed(method: string, path: string, allowed: readonly string[]): HttpError {
  return new HttpError(
    405,
    `The ${method.slice(0, 20)} method is not supported for route \`${path.slice(0, 200)}\`. Supported methods: ${allowed.join(', ')}.`,
    { headers: { allow: allowed.join(', ') } }
  )
}

/** What a log keeps of a body: the parsed JSON, else its text; nothing when large. */
function loggedBody(text: string | undefined, bytes: number, value: unknown): unknown {
  if (text === undefined || text === '' || bytes > maxLoggedBodyBytes) return null
  return value
}

function parseOrText(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/**
 * The sandbox judges and never draws: a text seen once is remembered by its key alone, and its
 * work is kept from its second sight (a template text every recipient shares), so that a
 * campaign's unique texts keep no work alive from one request to the next (0.85–0.90x the CPU
 * per unique request).
 */
const SANDBOX_CACHE = { keepFirstSight: false } as const

/**
 * One `Preflight` per flow, shared by flows with the same design object.
 *
 * @param flows The resolved flows by id.
 * @param fonts The fonts of every design.
 * @returns The preflights by flow id.
 */
function createPreflights(
  flows: ReadonlyMap<string, ResolvedFlow>,
  fonts: FontRegistry | undefined
): ReadonlyMap<string, Preflight> {
  const byDesign = new Map<Design, Preflight>()
  const result = new Map<string, Preflight>()
  for (const [id, flow] of flows) {
    let preflight = byDesign.get(flow.design)
    if (!preflight) {
      preflight = createPreflight({
        design: flow.design,
        ...(fonts ? { fonts } : {}),
        cache: SANDBOX_CACHE,
      })
      byDesign.set(flow.design, preflight)
    }
    result.set(id, preflight)
  }
  return result
}

/**
 * Creates the sandbox API handler.
 *
 * Routes (spec 4, 5, 7, 8, and the sandbox's own, documented in `docs/server.md`):
 * - `POST /api/v1/postcards`, `POST /api/v1/campaigns`: the Direct-Mail API v1;
 * - `GET /api/v1/logs`, `POST /api/v1/logs/{request_id}/remove|resume`,
 *   `POST /api/v1/flows/{flow_id}/pause|resume`, `GET /api/v1/entries`: sandbox only;
 * - `GET /openapi.json`: the OpenAPI 3.1 document;
 * - `GET /emoji/<key>.svg` with `emojiArtwork`, any other `GET` with `assets`;
 * - `OPTIONS` of any of them: 204 with `Allow`, and CORS preflights (`cors.ts`).
 *
 * Every answer is JSON except the static files; nothing a client sends makes it throw: an
 * unexpected failure is reported to `onError` once and answered with a bare 500.
 *
 * @param options Accounts, flows and their designs, fonts, store, clock, limits.
 * @returns The fetch handler.
 * @throws {ApiOptionsError} When the options cannot work (every problem listed).
 * @example
 *   const handler = createApiHandler({
 *     accounts: [{ id: 'acme', tokens: ['dm_test_abc123'], flows: [{ id, design, batch }] }],
 *     fonts: createFontRegistry(await loadFontSources()),
 *   })
 *   const response = await handler(new Request('http://localhost/api/v1/postcards', init))
 */
export function createApiHandler(options: ApiHandlerOptions): ApiHandler {
  const resolved = resolveApiOptions(options)
  const report =
    options.onError ??
    ((error: unknown) => console.error('postcard-preflight sandbox: unexpected error', error))
  const context: HandlerContext = {
    options: resolved,
    store: options.store ?? memoryStore(),
    now: options.now ?? Date.now,
    fonts: options.fonts,
    preflights: createPreflights(resolved.flows, options.fonts),
    marketingSource: options.marketingSource,
    emojiArtwork: options.emojiArtwork,
    authenticate: createAuthenticator(resolved.grants),
    report,
    formatDateTime: createDateTimeFormatter(),
    batchCache: new Map(),
  }
  const { emojiArtwork, assets } = options
  let openApiText: string | undefined

  /**
   * Serves everything outside `/api/`. A path with nothing behind it is 404 whatever the method;
   * 405 says that the resource exists (RFC 9110 15.5.6).
   */
  async function serveStatic(method: string, path: string): Promise<StaticFile> {
    const file = await findStatic(path)
    if (method !== 'GET' && method !== 'HEAD') throw methodNotAllowed(method, path, ['GET', 'HEAD'])
    return file
  }

  /** The file of a path outside `/api/`. */
  async function findStatic(path: string): Promise<StaticFile> {
    if (path === '/openapi.json') {
      openApiText ??= JSON.stringify(
        createOpenApiDocument({
          tokenPrefix: resolved.tokenPrefix,
          postcardsPerMinute: resolved.postcardsPerMinute,
          campaignsPerMinute: resolved.campaignsPerMinute,
          maxBodyBytes: resolved.maxBodyBytes,
        })
      )
      return { body: openApiText, headers: { 'content-type': jsonContentType } }
    }
    const emoji = /^\/emoji\/([^/]+)$/.exec(path)
    if (emoji && emojiArtwork) return emojiFile(emojiArtwork, emoji[1] ?? '')
    if (assets) return assetFile(assets, path)
    throw notFound(path)
  }

  /** Runs an API route, records it and adds the headers of spec 8. */
  async function serveApi(exchange: Exchange, rest: readonly string[]): Promise<CallAnswer> {
    const match = matchRoute(rest)
    let reply: Reply
    try {
      if (!match) throw notFound(exchange.path)
      const methods = Object.keys(match.route.methods)
      const action = match.route.methods[exchange.method]
      if (exchange.method === 'OPTIONS') {
        // RFC 9110 9.3.7, and the CORS preflight (`cors.ts`): no token, not counted, not logged.
        const headers = optionsHeaders(resolved.cors, exchange.request.headers, methods)
        reply = { status: 204, headers, body: '' }
      } else if (!action) {
        throw methodNotAllowed(exchange.method, exchange.path, methods)
      } else {
        // An id the sandbox could not echo faithfully (`id-header.ts`), before anything else.
        if (exchange.refusal) throw exchange.refusal
        reply = await action(context, exchange, match.params)
      }
    } catch (error) {
      reply = toResponse(error, report)
    }
    if (match?.route.logged && exchange.principal) {
      // A log the store cannot take now is lost, not a bug: the answer stands.
      await record(exchange, reply).catch((error: unknown) => {
        if (!(error instanceof StoreUnavailableError)) report(error)
      })
    }
    // Added last, in this order: spec 8's headers, the route's own, the request id. Copied
    // with `Object.assign`: on Node 20's V8 every property added to a copy made by spread
    // (`{ ...headers }`) takes a slow path, about 1 µs each, and five more are added below.
    const headers: Record<string, string> = Object.assign({}, reply.headers)
    addRateLimitHeaders(exchange, headers)
    if (exchange.headers) Object.assign(headers, exchange.headers)
    headers['x-request-id'] = exchange.requestId
    return { status: reply.status, headers, body: reply.status === 204 ? null : reply.body }
  }

  /** Appends the request to its account's API logs (spec 1). */
  async function record(exchange: Exchange, reply: Reply): Promise<void> {
    const principal = exchange.principal
    if (!principal) return
    const received = exchange.received
    const log: LogRecord = {
      id: randomUuid(),
      time: context.formatDateTime(exchange.time),
      account_id: principal.accountId,
      mode: principal.mode,
      method: exchange.method,
      path: exchange.path,
      status: reply.status,
      request_id: exchange.requestId,
      request_bytes: received?.bytes ?? 0,
      request_body: loggedBody(
        received?.text,
        received?.bytes ?? 0,
        exchange.body ? exchange.body.value : received?.text
      ),
      response_body:
        typeof reply.body === 'string'
          ? loggedBody(
              reply.body,
              reply.body.length,
              'value' in reply ? reply.value : parseOrText(reply.body)
            )
          : null,
      entry_id: exchange.entryId ?? null,
    }
    await context.store.logs.append(log)
  }

  /** The whole pipeline, from a request's parts to the answer with its CORS headers. */
  async function call(request: CallRequest): Promise<CallAnswer> {
    const answer = await route(request)
    // Every answer of `route` has a headers object of its own, built for it: added to in
    // place (copying it first costs ~5 µs, as V8 then leaves its fast object shape).
    addCorsHeaders(
      resolved.cors,
      request.headers.get('origin'),
      answer.headers as Record<string, string>
    )
    return answer
  }

  /** Routes a request to its answer; never throws. */
  async function route(request: CallRequest): Promise<CallAnswer> {
    try {
      const url = typeof request.url === 'string' ? new URL(request.url) : request.url
      const method = request.method.toUpperCase()
      const path = url.pathname
      const segments = path.split('/').slice(1)
      if (segments[0] === 'api') {
        const sent = readIdHeader(request.headers, 'X-Request-Id')
        const exchange: Exchange = {
          request,
          method,
          path,
          url,
          time: context.now(),
          requestId: typeof sent === 'string' ? sent : randomUuid(),
          requestIdSent: typeof sent === 'string',
          ...(sent instanceof HttpError ? { refusal: sent } : {}),
        }
        // Only version 1 exists (spec 9): any other prefix matches no route.
        return await serveApi(exchange, segments[1] === 'v1' ? segments.slice(2) : [])
      }
      let file: StaticFile
      try {
        if (method === 'OPTIONS') {
          await findStatic(path)
          const headers = optionsHeaders(resolved.cors, request.headers, ['GET', 'HEAD'])
          return { status: 204, headers, body: null }
        }
        file = await serveStatic(method, path)
      } catch (error) {
        return answerOf(toResponse(error, report), method === 'HEAD')
      }
      return { status: 200, headers: file.headers, body: method === 'HEAD' ? null : file.body }
    } catch (error) {
      return answerOf(toResponse(error, report))
    }
  }

  const handler: ApiHandler = async (request) => {
    try {
      return toWebResponse(
        await call({
          method: request.method,
          url: request.url,
          headers: request.headers,
          body: request.body,
        })
      )
    } catch (error) {
      // A header value the Response refuses: a bug of the sandbox, answered like any other.
      return toWebResponse(answerOf(toResponse(error, report)))
    }
  }
  // The Node bridge calls the pipeline without Request and Response (see direct-call.ts).
  return withDirectCall(handler, call)
}
