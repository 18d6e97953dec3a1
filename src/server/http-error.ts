/**
 * The single place where failures become HTTP answers (after hono's
 * `HTTPException` and `errorHandler`): steps of the pipeline throw an {@link HttpError} for an
 * expected refusal (400, 401, 403, 404, 405, 409, 413, 429), a store throws a
 * `StoreUnavailableError` when it cannot be reached (503); {@link toResponse} maps them to their
 * replies and maps anything else to a bare 500 after reporting it once.
 *
 * @module
 */
import { jsonReply, type Reply } from './reply.ts'
import { StoreUnavailableError } from './store-unavailable-error.ts'

/**
 * An expected refusal of a request, carried to {@link toResponse}. Its body is the JSON the
 * client receives; the `message` member mirrors the spec's `{ message }` error bodies (spec 7).
 */
export class HttpError extends Error {
  override readonly name = 'HttpError'
  /** HTTP status, 4xx. */
  readonly status: number
  /** JSON body sent to the client. */
  readonly body: Readonly<Record<string, unknown>>
  /** Extra headers of the answer (`Allow`, `Retry-After`...). */
  readonly headers: Readonly<Record<string, string>>

  /**
   * @param status HTTP status.
   * @param message The `message` of the body.
   * @param options Extra body members and headers.
   */
  constructor(
    status: number,
    message: string,
    options: {
      readonly body?: Readonly<Record<string, unknown>>
      readonly headers?: Readonly<Record<string, string>>
    } = {}
  ) {
    super(message)
    this.status = status
    this.body = { message, ...options.body }
    this.headers = options.headers ?? {}
  }
}

/** Laravel's production text for an unexpected failure: it reveals nothing of the cause. */
const serverErrorMessage = 'Server Error'

/**
 * The refusal while the store cannot be reached: `503` (RFC 9110 15.6.4) with `Retry-After`,
 * and a `code` a client can retry on, like `request_in_progress`.
 */
const storeUnavailable = new HttpError(
  503,
  'The sandbox cannot reach its store; retry in a moment.',
  { body: { code: 'store_unavailable' }, headers: { 'retry-after': '1' } }
)

/**
 * Maps any thrown value to the reply the client gets: an {@link HttpError} to its own status,
 * body and headers; a {@link StoreUnavailableError} to {@link storeUnavailable}; anything else
 * to a bare `500 {"message":"Server Error"}` after calling `report` once with the cause (a bug
 * of the sandbox, never a finding about user input).
 *
 * @param error What a step of the pipeline threw.
 * @param report Called with unexpected errors only.
 * @returns The reply.
 */
export function toResponse(error: unknown, report: (error: unknown) => void): Reply {
  if (error instanceof StoreUnavailableError) error = storeUnavailable
  if (error instanceof HttpError) return jsonReply(error.status, error.body, error.headers)
  try {
    report(error)
  } catch {
    // A failing reporter must not turn a 500 into an unhandled rejection of the host.
  }
  return jsonReply(500, { message: serverErrorMessage })
}
