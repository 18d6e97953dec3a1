/**
 * The handler's pipeline without `Request` and `Response` objects, for a host adapter that has
 * the request's parts at hand (the Node bridge of `postcard-preflight/node`).
 *
 * Why: on Node 20 a web `Request` with a body and a `Response` with a body each build a
 * `ReadableStream` (undici's `extractBody`), and reading them back goes through that stream.
 * Behind the Node bridge, a handler that parses the body and answers a constant cost about
 * 140 µs of server CPU per request through `Request`/`Response`, 44 µs without them (a bare
 * `node:http` listener: 32 µs; autocannon over loopback, Node 20). Hono's Node adapter skips
 * them the same way (a lightweight request and a response cache). The fetch handler and the
 * direct call share one pipeline, so both give the same answers byte for byte; only the
 * wrapping differs.
 *
 * Not part of the public API: the key is a private symbol, so a handler of another copy of the
 * package simply has no direct call and is bridged through `Request`/`Response`.
 *
 * @module
 */

/**
 * What the pipeline reads of a request's headers: `get` only. A `Headers` is one; the Node
 * bridge passes a lighter reader of the raw lines that `get`s the same values.
 */
export interface HeaderReader {
  /** The values of a header, joined as `Headers.get` joins them; `null` when absent. */
  get(name: string): string | null
}

/** A request as the pipeline reads it: a web `Request` has all of it except `collected`. */
export interface CallRequest {
  /** The method as sent (the pipeline upper-cases it). */
  readonly method: string
  /** The absolute URL (an adapter that parsed it already passes the `URL`). */
  readonly url: string | URL
  readonly headers: HeaderReader
  /** The body as a stream, `null` when there is none or it was `collected`. */
  readonly body: ReadableStream<Uint8Array> | null
  /**
   * The whole body, when the host already holds it in memory (a small body of declared length
   * that the Node bridge collected); read instead of `body`.
   */
  readonly collected?: Uint8Array | undefined
}

/** The pipeline's answer: what a `Response` would carry. */
export interface CallAnswer {
  readonly status: number
  /** Header names in lower case, one value each. */
  readonly headers: Readonly<Record<string, string>>
  /** `null` for no body (a `HEAD` of a static file). */
  readonly body: string | Uint8Array | null
}

/** The pipeline behind a fetch handler of `createApiHandler`. */
export type DirectCall = (request: CallRequest) => Promise<CallAnswer>

/** Where `createApiHandler` keeps the direct call on the function it returns. */
const directCallKey: unique symbol = Symbol('postcard-preflight direct call')

/**
 * Attaches the pipeline to the fetch handler made from it (non-enumerable, read-only).
 *
 * @param handler The fetch handler.
 * @param call The pipeline it wraps.
 * @returns The same handler.
 */
export function withDirectCall<T extends object>(handler: T, call: DirectCall): T {
  Object.defineProperty(handler, directCallKey, { value: call })
  return handler
}

/**
 * The pipeline behind a fetch handler, when `createApiHandler` of this copy of the package made
 * it.
 *
 * @param handler Any fetch handler.
 * @returns The direct call, or `undefined` for any other handler.
 */
export function directCallOf(handler: object): DirectCall | undefined {
  const call: unknown = (handler as { [directCallKey]?: unknown })[directCallKey]
  return typeof call === 'function' ? (call as DirectCall) : undefined
}
