/**
 * The error of a send that ended without an answer to its last try.
 *
 * @module
 */

/**
 * Why a send ended without an answer: `network` (the last try failed to connect, lost its
 * answer or outlived `attemptTimeoutMs`, and no try was left), `deadline` (the send's
 * `deadlineMs` passed), `aborted` (the caller's `AbortSignal`).
 */
export type SendErrorReason = 'network' | 'deadline' | 'aborted'

/** What a {@link SendError} carries besides its message. */
export interface SendErrorOptions {
  readonly reason: SendErrorReason
  /** The `X-Request-Id` (postcards) or `Idempotency-Key` (campaigns) of the send. */
  readonly requestId: string
  /** Tries started. */
  readonly attempts: number
  /** Whether a try may have reached the service. */
  readonly reached: boolean
  /** The last try's failure (the fetch error, the timeout, the abort reason). */
  readonly cause?: unknown
}

/**
 * A send that ended without an answer to its last try. When `reached` is true, a try may have
 * reached the service, so the postcard or campaign may exist: sending again with the same
 * `requestId` (or `idempotencyKey`) is safe and tells (a postcard then comes back as a replay).
 *
 * @example
 *   catch (error) {
 *     if (error instanceof SendError && error.reason === 'aborted') return
 *   }
 */
export class SendError extends Error {
  override readonly name: string = 'SendError'
  /** `network`, `deadline` or `aborted`. */
  readonly reason: SendErrorReason
  /** The `X-Request-Id` (postcards) or `Idempotency-Key` (campaigns) of the send. */
  readonly requestId: string
  /** Tries started. */
  readonly attempts: number
  /** Whether a try may have reached the service (then resend with `requestId` to know). */
  readonly reached: boolean

  /**
   * @param message What happened, for people.
   * @param options Why, and what was tried.
   */
  constructor(message: string, options: SendErrorOptions) {
    super(message, 'cause' in options ? { cause: options.cause } : undefined)
    this.reason = options.reason
    this.requestId = options.requestId
    this.attempts = options.attempts
    this.reached = options.reached
  }
}
