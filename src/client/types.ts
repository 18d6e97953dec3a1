/**
 * Types of the client: its options, the options of a send, and what a send returns.
 *
 * @module
 */
import type { Campaign, CampaignRequest, PostcardAnswer, PostcardSubmission } from '../api/types.ts'
import type { Verdict, Warning } from '../verdict/types.ts'

/**
 * The `fetch` the client calls: the global one, or any function of its shape (a test double, an
 * instrumented fetch, undici's with a proxy agent). The client calls it with a string URL.
 */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>

/**
 * A local judge of postcard bodies: a `Preflight` of the core (`{ validate(body) }`), or a
 * function such as `(body) => validatePostcard(body, design, { fonts })`. The client does not
 * import the core, so it stays small; the judge comes with the caller's design and fonts. A
 * client for several flows passes a function that picks the design by `body.flow_id`.
 */
export type PreflightLike =
  { readonly validate: (body: unknown) => Verdict } | ((body: unknown) => Verdict)

/**
 * How a send retries. A try is retried after a network failure (no answer, a lost answer, a try
 * past `attemptTimeoutMs`), a 5xx, a 429 and a 409 `request_in_progress`; never after any other
 * answer. Every try of a send carries the same `X-Request-Id` (or `Idempotency-Key`).
 */
export interface RetryOptions {
  /** Tries in all, the first included (default: `5`). */
  readonly attempts?: number
  /**
   * The wait before the second try; each later wait may double it, up to `maxDelayMs`. The wait
   * is drawn at random between 0 and that bound (full jitter) (default: `500`).
   */
  readonly baseDelayMs?: number
  /** The bound of a wait, before jitter (default: `10000`). */
  readonly maxDelayMs?: number
  /**
   * Time a send may take from its first try to its last answer; no try starts and no wait is
   * begun that would end past it, and a try still running then is cut (default: `30000`).
   */
  readonly deadlineMs?: number
  /** Time one try may take before it is cut and counted as a network failure (default: `10000`). */
  readonly attemptTimeoutMs?: number
  /**
   * The clock deadlines and `Retry-After` dates are read on, in ms since the epoch (default:
   * `Date.now`). For tests.
   */
  readonly now?: () => number
  /**
   * Waits between tries; must settle early when `signal` aborts (default: `setTimeout`). For
   * tests. A try that hangs is cut by the platform's timer, not by this.
   */
  readonly sleep?: (ms: number, signal: AbortSignal | undefined) => Promise<void>
  /** A number in [0, 1) for the jitter (default: `Math.random`). For tests. */
  readonly random?: () => number
}

/** Options of `createClient`. */
export interface ClientOptions {
  /**
   * The service's base address (spec 1, `{base_url}`), e.g. `https://api.example.com` or the
   * sandbox's `http://localhost:8787`; `/api/v1/...` is appended.
   */
  readonly baseUrl: string | URL
  /** The account's API token (spec 5), sent as `Authorization: Bearer <token>`. */
  readonly token: string
  /** The fetch to call (default: the global `fetch`, looked up at each call). */
  readonly fetch?: FetchLike
  /** How sends retry (default: {@link RetryOptions}' defaults); `false` tries once. */
  readonly retry?: RetryOptions | false
  /**
   * Judges a postcard before it is sent: a refused body throws the 422 the service would
   * answer, as an `UnprocessableError` with `local: true`, and nothing is sent (default: none).
   */
  readonly preflight?: PreflightLike
  /**
   * Makes the ids of sends that bring none (default: `crypto.randomUUID`, else a version 4 UUID
   * from `crypto.getRandomValues`).
   */
  readonly generateId?: () => string
}

/** Options of one postcard send. */
export interface PostcardSendOptions {
  /**
   * The `X-Request-Id` of this postcard (spec 4.1): any non-empty string without control
   * characters (default: a new UUID). Keep it with the recipient to resend safely later.
   */
  readonly requestId?: string
  /**
   * This call repeats an earlier send of the same `requestId` (after a crash or a lost answer):
   * a 409 replay is then its answer, returned as success, and not a
   * {@link RequestIdReusedError} (default: `false`).
   */
  readonly resend?: boolean
  /** Ends the send, between or during tries, with a `SendError` of reason `aborted`. */
  readonly signal?: AbortSignal
}

/** Options of one campaign send. */
export interface CampaignSendOptions {
  /**
   * The `Idempotency-Key` (spec 4.2): any non-empty string without control characters (default:
   * a new UUID; the spec says a key should always be sent). The same key with the same body
   * returns the original campaign; with another body it is a 409.
   */
  readonly idempotencyKey?: string
  /** Ends the send, between or during tries, with a `SendError` of reason `aborted`. */
  readonly signal?: AbortSignal
}

/** What a send of a postcard or a campaign tells besides the answer. */
interface SendSummary {
  /** Tries made. */
  readonly attempts: number
}

/** A postcard the service created now: 201 (`queued`) or 202 (`accepted`, flow paused). */
export interface PostcardCreated extends SendSummary {
  /** 201 or 202 (spec 4.1). */
  readonly status: number
  readonly body: PostcardAnswer
  readonly replayed: false
  /** The `X-Request-Id` sent. */
  readonly requestId: string
  /** The local pre-flight's warnings (empty without `preflight`). */
  readonly warnings: readonly Warning[]
}

/**
 * A postcard the service had already created for this `X-Request-Id`: an earlier try of this
 * call (whose answer was lost) or the earlier send `resend` names. The 409 body is the first
 * answer (spec 4.1 rule 1): `body.status` says whether it was queued or accepted.
 */
export interface PostcardReplayed extends SendSummary {
  readonly status: 409
  readonly body: PostcardAnswer
  readonly replayed: true
  /** The `X-Request-Id` sent. */
  readonly requestId: string
  /** The local pre-flight's warnings (empty without `preflight`). */
  readonly warnings: readonly Warning[]
}

/** What `client.postcards.create` returns: exactly one postcard exists for `requestId`. */
export type PostcardResult = PostcardCreated | PostcardReplayed

/** What `client.campaigns.create` returns. */
export interface CampaignResult extends SendSummary {
  /** 201 (spec 4.2). */
  readonly status: number
  readonly body: Campaign
  /**
   * Whether the service said it returned the campaign an earlier request with this key created
   * (the header `Idempotent-Replayed: true`, which the sandbox sends; the spec names none).
   */
  readonly replayed: boolean
  /** The `Idempotency-Key` sent. */
  readonly idempotencyKey: string
}

/** The API of the Direct-Mail service v1, one method per operation of spec 4. */
export interface Client {
  readonly postcards: {
    /**
     * `POST /api/v1/postcards` (spec 4.1): submits one recipient, retried safely.
     *
     * @param body The submission.
     * @param options Its `requestId`, `resend`, `signal`.
     * @returns The created (or replayed) entry's answer.
     * @throws {UnprocessableError} 422, from the service or the local pre-flight.
     * @throws {RequestIdReusedError} 409 for a `requestId` an earlier request used.
     * @throws {ApiError} Any other error status.
     * @throws {SendError} No answer: network, deadline, aborted.
     */
    create(body: PostcardSubmission, options?: PostcardSendOptions): Promise<PostcardResult>
  }
  readonly campaigns: {
    /**
     * `POST /api/v1/campaigns` (spec 4.2): creates a campaign (live tokens only), retried
     * safely under one `Idempotency-Key`.
     *
     * @param body The campaign.
     * @param options Its `idempotencyKey`, `signal`.
     * @returns The campaign.
     * @throws {UnprocessableError} 422.
     * @throws {ApiError} Any other error status: 409 `idempotency_key_reused` for a key used
     *   with another body, 403 for a test token (the sandbox's choice).
     * @throws {SendError} No answer: network, deadline, aborted.
     */
    create(body: CampaignRequest, options?: CampaignSendOptions): Promise<CampaignResult>
  }
}
