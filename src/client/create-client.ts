/**
 * `createClient`: the typed client of the Direct-Mail API v1, on `fetch` alone.
 *
 * @module
 */
import type { Campaign, PostcardAnswer } from '../api/types.ts'
import { randomUuid } from '../server/random-uuid.ts'
import type { Warning } from '../verdict/types.ts'
import {
  apiErrorOf,
  describeAnswer,
  RequestIdReusedError,
  UnprocessableError,
  type SendContext,
} from './api-error.ts'
import { checkRequestId } from './check-request-id.ts'
import { ClientOptionsError } from './client-options-error.ts'
import { resolveRetry } from './retry-policy.ts'
import { sendWithRetries, type Sent } from './send-with-retries.ts'
import type { Client, ClientOptions, FetchLike, PreflightLike } from './types.ts'

/**
 * The base address, checked: HTTP(S), no credentials (fetch refuses them), no query or fragment
 * (paths are appended to it).
 *
 * @returns The address without a trailing slash.
 */
function checkBaseUrl(value: unknown): string {
  let url: URL | undefined
  try {
    url = new URL(String(value))
  } catch {
    url = undefined
  }
  if (
    !url ||
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.username !== '' ||
    url.password !== '' ||
    url.search !== '' ||
    url.hash !== ''
  ) {
    throw new ClientOptionsError(
      `Unexpected \`${String(value).slice(0, 300)}\` for \`baseUrl\`, expected an http(s) URL without credentials, query or fragment, e.g. \`https://api.example.com\``
    )
  }
  let path = url.pathname
  while (path.endsWith('/')) path = path.slice(0, -1)
  return url.origin + path
}

/** Whether a 409's body is the replay of a postcard answer (spec 2.4). */
function isPostcardAnswer(body: unknown): body is PostcardAnswer {
  const answer = body as Partial<PostcardAnswer> | null
  return typeof answer?.request_id === 'string' && typeof answer.status === 'string'
}

const isSuccess = (status: number) => status >= 200 && status < 300

/** A send's endpoint and id. */
interface Target extends SendContext {
  readonly url: string
}

/**
 * Creates a client of the Direct-Mail API v1 (spec 4): `postcards.create` and
 * `campaigns.create`, on `fetch` alone (browsers, Node 20+, Deno, Bun, Workers), without any
 * dependency.
 *
 * Every send has one id, `X-Request-Id` for postcards and `Idempotency-Key` for campaigns, the
 * caller's or a new UUID, and every retry carries it, so a retry never creates a second postcard
 * or campaign. Retries follow `retry` (network failures, 5xx, 429 with `Retry-After`; never
 * another 4xx). With `preflight`, a postcard the service would refuse is refused locally with
 * the same 422 body, without a request.
 *
 * @param options Base URL, token, and optionally fetch, retry, preflight, generateId.
 * @returns The client.
 * @throws {ClientOptionsError} For options that cannot work.
 * @example
 *   const client = createClient({ baseUrl: 'http://localhost:8787', token: 'dm_test_…' })
 *   const { status, body, replayed } = await client.postcards.create(postcard)
 */
export function createClient(options: ClientOptions): Client {
  const base = checkBaseUrl(options.baseUrl)
  const { token } = options
  if (typeof token !== 'string' || !/^[\x21-\x7e]+$/.test(token)) {
    throw new ClientOptionsError(
      'Unexpected `token`, expected the API token: visible ASCII characters, e.g. `dm_test_…`'
    )
  }
  const policy = resolveRetry(options.retry)
  const fetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const generateId = options.generateId ?? randomUuid
  const preflight: PreflightLike | undefined = options.preflight

  /**
   * A send's context: the caller's id, checked, or a new one.
   *
   * @param path The endpoint.
   * @param idHeader The header of its id.
   * @param given The caller's id, if any.
   * @param name The option that gives it.
   */
  function contextOf(
    path: string,
    idHeader: string,
    given: string | undefined,
    name: string
  ): Target {
    const requestId = checkRequestId(
      given ?? generateId(),
      given === undefined ? 'generateId()' : name
    )
    return { label: `POST ${path}`, url: base + path, idHeader, requestId }
  }

  function send(context: Target, body: string, signal: AbortSignal | undefined): Promise<Sent> {
    return sendWithRetries(fetch, policy, {
      ...context,
      headers: {
        accept: 'application/json',
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        [context.idHeader.toLowerCase()]: context.requestId,
      },
      body,
      signal,
    })
  }

  return {
    postcards: {
      async create(body, sendOptions = {}) {
        const given = sendOptions.requestId
        const context = contextOf('/api/v1/postcards', 'X-Request-Id', given, 'requestId')
        const { requestId } = context
        if (sendOptions.resend === true && given === undefined) {
          throw new ClientOptionsError(
            'Unexpected `resend` without `requestId`, expected the `requestId` of the send it repeats'
          )
        }
        const text = JSON.stringify(body)
        let warnings: readonly Warning[] = []
        if (preflight) {
          // The verdict on what is sent: the JSON text, as the service reads it.
          const sent: unknown = JSON.parse(text)
          const verdict =
            typeof preflight === 'function' ? preflight(sent) : preflight.validate(sent)
          if (!verdict.ok) {
            throw new UnprocessableError(describeAnswer(context, 422, verdict.body, 0), {
              status: 422,
              body: verdict.body,
              requestId,
              attempts: 0,
              local: true,
              warnings: verdict.warnings,
            })
          }
          warnings = verdict.warnings
        }
        const sent = await send(context, text, sendOptions.signal)
        const { answer, attempts } = sent
        const done = { body: answer.body as PostcardAnswer, requestId, attempts, warnings }
        if (isSuccess(answer.status)) return { status: answer.status, replayed: false, ...done }
        if (answer.status === 409 && isPostcardAnswer(answer.body)) {
          // spec 4.1 rule 1: the entry this id created. Ours when a try of this call may have
          // reached the service before, or when the caller says the id is of its earlier send;
          // otherwise the id was someone else's, and this postcard was not queued.
          if (sent.reachedBefore || sendOptions.resend === true) {
            return { status: 409, replayed: true, ...done }
          }
          throw new RequestIdReusedError(
            `${describeAnswer(context, 409, answer.body, attempts)}: the id was used by an earlier request; nothing was queued now. Send with a new requestId, or with \`resend: true\` when this repeats that request`,
            {
              status: 409,
              body: answer.body,
              headers: answer.headers,
              requestId,
              attempts,
              ...(sent.previous === undefined ? {} : { cause: sent.previous }),
            }
          )
        }
        throw apiErrorOf(context, answer, attempts, undefined, sent.previous)
      },
    },
    campaigns: {
      async create(body, sendOptions = {}) {
        const context = contextOf(
          '/api/v1/campaigns',
          'Idempotency-Key',
          sendOptions.idempotencyKey,
          'idempotencyKey'
        )
        const sent = await send(context, JSON.stringify(body), sendOptions.signal)
        const { answer, attempts } = sent
        if (isSuccess(answer.status)) {
          return {
            status: answer.status,
            body: answer.body as Campaign,
            replayed: answer.headers.get('idempotent-replayed') === 'true',
            idempotencyKey: context.requestId,
            attempts,
          }
        }
        // A 409 here is never ours: every try sends the same body, and spec 4.2's 409 is a key
        // used with another body (`idempotency_key_reused`).
        throw apiErrorOf(context, answer, attempts, undefined, sent.previous)
      },
    },
  }
}
