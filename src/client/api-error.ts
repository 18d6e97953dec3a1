/**
 * Errors of answers: the service answered, and not with success. {@link ApiError} for any
 * status, {@link UnprocessableError} for the spec's 422 (also when the local pre-flight refuses
 * a body without sending it), {@link RequestIdReusedError} for a 409 that replays someone
 * else's postcard.
 *
 * @module
 */
import type { PostcardAnswer } from '../api/types.ts'
import type { UnprocessableBody, UnprocessableMeta, Warning } from '../verdict/types.ts'

/** One HTTP answer, read whole. */
export interface Answer {
  readonly status: number
  readonly headers: Headers
  /** The body's JSON value, else its text. */
  readonly body: unknown
}

/** The send an answer belongs to, for the error's message and members. */
export interface SendContext {
  /** `POST /api/v1/postcards`. */
  readonly label: string
  /** `X-Request-Id` or `Idempotency-Key`. */
  readonly idHeader: string
  /** Its value. */
  readonly requestId: string
}

/** What every {@link ApiError} carries besides its message. */
export interface ApiErrorOptions<Body> {
  /** The HTTP status of the answer. */
  readonly status: number
  /** The answer's body: its JSON value, else its text. */
  readonly body: Body
  /** The answer's headers (empty for a local refusal). */
  readonly headers?: Headers | undefined
  /** The `X-Request-Id` (postcards) or `Idempotency-Key` (campaigns) of the send. */
  readonly requestId: string
  /** Tries made, the one answered included (`0` for a local refusal). */
  readonly attempts: number
  /** How long the service asked to wait (`Retry-After`), in ms, when it said. */
  readonly retryAfterMs?: number | undefined
  /** The failure of the previous try, when the send was retried. */
  readonly cause?: unknown
}

/**
 * The service answered with an error status: 4xx (never retried, except 429), or a 429/5xx that
 * still stood when the retries ended. `body` is the parsed answer, so `error.body.message` is the
 * service's own words (spec 7). The last try got this answer; `cause` holds the previous try's
 * failure when there was one.
 *
 * @example
 *   try { await client.postcards.create(body) } catch (error) {
 *     if (error instanceof ApiError && error.status === 404) console.log(error.body)
 *   }
 */
export class ApiError<Body = unknown> extends Error {
  override readonly name: string = 'ApiError'
  /** The HTTP status. */
  readonly status: number
  /** The answer's body: its JSON value, else its text. */
  readonly body: Body
  /** The answer's headers (`X-RateLimit-*`, `Retry-After`...). */
  readonly headers: Headers
  /** The `X-Request-Id` (postcards) or `Idempotency-Key` (campaigns) of the send. */
  readonly requestId: string
  /** Tries made. */
  readonly attempts: number
  /** `Retry-After` in ms, when the answer had one. */
  readonly retryAfterMs: number | undefined
  /**
   * The body's machine code, when it has one: the sandbox's `request_in_progress` and
   * `idempotency_key_reused` (409), or `request_id_reused` (see {@link RequestIdReusedError}).
   */
  readonly code: string | undefined

  /**
   * @param message What happened, for people.
   * @param options The answer.
   */
  constructor(message: string, options: ApiErrorOptions<Body>) {
    super(message, 'cause' in options ? { cause: options.cause } : undefined)
    this.status = options.status
    this.body = options.body
    this.headers = options.headers ?? new Headers()
    this.requestId = options.requestId
    this.attempts = options.attempts
    this.retryAfterMs = options.retryAfterMs
    const code = (options.body as { readonly code?: unknown } | null)?.code
    this.code = typeof code === 'string' ? code : undefined
  }
}

/**
 * A 422: the body was refused (spec 7.1), by the service or, with the client's `preflight`,
 * locally before anything was sent (`local`). `errors` and `meta` are the spec's members, typed.
 */
export class UnprocessableError extends ApiError<UnprocessableBody> {
  override readonly name: string = 'UnprocessableError'
  override readonly status = 422 as const
  /** Field path (`to.zip`, `content.greeting`) to its messages (spec 7.1). */
  readonly errors: UnprocessableBody['errors']
  /** Expected keys, allowed Markdown, fit errors, as relevant (spec 7.1). */
  readonly meta: UnprocessableMeta | undefined
  /** Whether the client's pre-flight refused the body without sending it. */
  readonly local: boolean
  /** The local verdict's warnings (empty for a refusal by the service). */
  readonly warnings: readonly Warning[]

  /**
   * @param message What happened, for people.
   * @param options The answer, whether it is local, and the local verdict's warnings.
   */
  constructor(
    message: string,
    options: ApiErrorOptions<UnprocessableBody> & {
      readonly local?: boolean
      readonly warnings?: readonly Warning[]
    }
  ) {
    super(message, options)
    const body = options.body as Partial<UnprocessableBody> | null
    // A service that is not the spec's could answer 422 with another shape: `errors` stays an
    // object to read, whatever came.
    this.errors = typeof body?.errors === 'object' && body.errors !== null ? body.errors : {}
    this.meta = typeof body?.meta === 'object' && body.meta !== null ? body.meta : undefined
    this.local = options.local ?? false
    this.warnings = options.warnings ?? []
  }
}

/**
 * A 409 to a postcard whose `X-Request-Id` the caller chose and that no try of this call can
 * have used before: the id was used by an earlier request, the service replayed that request's
 * answer (`body`, spec 4.1 rule 1) and queued nothing now. Either the caller repeats that
 * earlier request (then it is done, and `resend: true` says so next time), or it reused an id
 * for another postcard, which was not sent.
 */
export class RequestIdReusedError extends ApiError<PostcardAnswer> {
  override readonly name: string = 'RequestIdReusedError'
  override readonly status = 409 as const
  override readonly code = 'request_id_reused' as const
}

/**
 * The message of an answer's error: the request, the status, the service's `message`, the id.
 *
 * @param context The send.
 * @param status The status.
 * @param body The body.
 * @param attempts Tries made.
 * @returns E.g. ``POST /api/v1/postcards: 404 The flow `…` does not exist… (X-Request-Id `…`, try 1)``.
 */
export function describeAnswer(
  context: SendContext,
  status: number,
  body: unknown,
  attempts: number
): string {
  const said = (body as { readonly message?: unknown } | null)?.message
  const message = typeof said === 'string' ? ` ${said.slice(0, 500)}` : ''
  const tries = attempts === 0 ? 'checked locally, nothing sent' : `try ${attempts}`
  return `${context.label}: ${status}${message} (${context.idHeader} \`${context.requestId}\`, ${tries})`
}

/**
 * The error of an answer that is not success: an {@link UnprocessableError} for 422, an
 * {@link ApiError} for any other status.
 *
 * @param context The send.
 * @param answer The answer.
 * @param attempts Tries made.
 * @param retryAfterMs Its `Retry-After`, read.
 * @param cause The previous try's failure, if any.
 * @returns The error.
 */
export function apiErrorOf(
  context: SendContext,
  answer: Answer,
  attempts: number,
  retryAfterMs: number | undefined,
  cause: unknown
): ApiError {
  const options = {
    status: answer.status,
    body: answer.body,
    headers: answer.headers,
    requestId: context.requestId,
    attempts,
    retryAfterMs,
    ...(cause === undefined ? {} : { cause }),
  }
  const message = describeAnswer(context, answer.status, answer.body, attempts)
  return answer.status === 422
    ? new UnprocessableError(message, options as ApiErrorOptions<UnprocessableBody>)
    : new ApiError(message, options)
}
