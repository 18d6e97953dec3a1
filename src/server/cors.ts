/**
 * CORS (the Fetch standard's "CORS protocol"), so that a page on another origin (a form on
 * `localhost:5173`, a client in a browser) can call the sandbox. Tokens travel in the
 * `Authorization` header, never in cookies, so no credentials mode is needed and any origin may
 * call by default, as the service's API is meant to be called from anywhere a token is.
 *
 * - A preflight (`OPTIONS` with `Origin` and `Access-Control-Request-Method`) of an existing
 *   route gets 204 with the route's methods, the request headers the API reads, and a max age;
 *   one from an origin that is not allowed gets 403.
 * - Every answer lets an allowed page read it and the headers a client acts on: `Retry-After`,
 *   `X-RateLimit-*` (spec 8), `X-Request-Id`, `Idempotent-Replayed`.
 *
 * @module
 */
import { HttpError } from './http-error.ts'

/** Which origins may call the sandbox from a browser. */
export interface CorsOptions {
  /**
   * `*` for any origin, or a list of origins (`https://app.example.com`, `http://localhost:5173`:
   * scheme, host and port) (default: `*`).
   */
  readonly origins?: '*' | readonly string[]
}

/** The checked policy: any origin, or a set of them. */
export type CorsPolicy = '*' | ReadonlySet<string>

/** The request headers the API reads (spec 4.1, 4.2, 5). */
const allowedHeaders = 'Authorization, Content-Type, X-Request-Id, Idempotency-Key'

/** The answer headers a client acts on (spec 8, the replay markers). */
const exposedHeaders =
  'Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, X-Request-Id, Idempotent-Replayed'

/** How long a browser may reuse a preflight, in seconds (Chromium caps it at 7200). */
const maxAgeSeconds = '600'

/**
 * Whether a text is an origin as browsers send it: scheme, host and optional port, nothing else.
 *
 * @param text The candidate.
 * @returns `true` for `https://app.example.com` or `http://localhost:5173`.
 */
export function isOrigin(text: string): boolean {
  try {
    const url = new URL(text)
    return url.origin === text && url.origin !== 'null'
  } catch {
    return false
  }
}

/**
 * Whether an origin may call.
 *
 * @param policy The policy.
 * @param origin The request's `Origin`, if any.
 * @returns `true` for any origin under `*`.
 */
function allows(policy: CorsPolicy, origin: string | null): boolean {
  return policy === '*' || (origin !== null && policy.has(origin))
}

/**
 * Adds the CORS headers of an answer.
 *
 * @param policy The policy, or `false` for none.
 * @param origin The request's `Origin`, if any.
 * @param headers The answer's headers, completed here.
 */
export function addCorsHeaders(
  policy: CorsPolicy | false,
  origin: string | null,
  headers: Record<string, string>
): void {
  if (policy === false) return
  // The answer depends on the origin when only some may read it: caches must know.
  if (policy !== '*') headers['vary'] = headers['vary'] ? `${headers['vary']}, Origin` : 'Origin'
  if (!allows(policy, origin)) return
  headers['access-control-allow-origin'] = policy === '*' ? '*' : (origin as string)
  headers['access-control-expose-headers'] = exposedHeaders
}

/**
 * The headers of the answer to `OPTIONS`: `Allow` (RFC 9110 9.3.7), and for a preflight the
 * methods, headers and max age the browser asks about.
 *
 * @param policy The policy, or `false` for none.
 * @param request The request's headers.
 * @param methods The methods of the route, without `OPTIONS`.
 * @returns The headers of the 204.
 * @throws {HttpError} 403 for a preflight of an origin that is not allowed.
 */
export function optionsHeaders(
  policy: CorsPolicy | false,
  request: { get(name: string): string | null },
  methods: readonly string[]
): Record<string, string> {
  const headers: Record<string, string> = { allow: ['OPTIONS', ...methods].sort().join(', ') }
  const origin = request.get('origin')
  if (policy === false || origin === null || !request.get('access-control-request-method')) {
    return headers
  }
  if (!allows(policy, origin)) {
    const allowed = [...(policy === '*' ? [] : policy)].map((name) => `\`${name}\``).join(', ')
    throw new HttpError(
      403,
      `The origin \`${origin.slice(0, 100)}\` may not call this sandbox; allowed: ${allowed}.`
    )
  }
  headers['access-control-allow-methods'] = methods.join(', ')
  headers['access-control-allow-headers'] = allowedHeaders
  headers['access-control-max-age'] = maxAgeSeconds
  return headers
}
