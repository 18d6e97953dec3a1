/**
 * `POST /api/v1/postcards` (spec 4.1): one recipient into an API flow.
 *
 * Order of the steps: token (401), rate limit (429), `X-Request-Id` replay (409), body (413,
 * 400), flow (404), the core's verdict (422), then the entry (201 queued, 202 accepted).
 *
 * What is cached for `X-Request-Id`: the 201 and 202 answers, nothing else. Spec 2.4 says the
 * body of a 409 has the shape of 201 and 202, which only those answers have, and spec 7.1's
 * repair rules ask clients to fix a refused payload and send it again, commonly with the same
 * id; caching a 422 (or a 404, 400, 413) would replay the refusal forever instead. Only the
 * first answer that created an entry is remembered, and the replay of it is unconditional
 * (spec 4.1 rules 1-2): whatever the new payload, whatever happened to the entry since.
 *
 * @module
 */
import { createTransientStore } from '../analysis/analysis-store.ts'
import { judgePostcard } from '../analysis/analyze-postcard.ts'
import type { Design } from '../design/types.ts'
import { isUuid } from '../schema/is-uuid.ts'
import { childOf } from '../schema/read-field.ts'
import { createUnprocessableBody } from '../verdict/create-unprocessable-body.ts'
import type { UnprocessableBody } from '../verdict/types.ts'
import type { Exchange, HandlerContext } from './handler-context.ts'
import { HttpError } from './http-error.ts'
import { completeOrRelease, idempotencyKey, reserveKey } from './idempotency.ts'
import { applyRateLimit } from './rate-limit.ts'
import { readJsonBody } from './read-json-body.ts'
import { jsonReply, type JsonReply, type Reply } from './reply.ts'
import { randomUuid } from './random-uuid.ts'
import { placeEntry } from './schedule.ts'
import type { EntryRecord, StoredResponse } from './store.ts'

/** A design without Markdown areas and QR codes: judges what does not depend on the flow. */
const noDesign: Design = {
  id: '00000000-0000-4000-8000-000000000000',
  name: '',
  format: { width_mm: 148, height_mm: 105, bleed_mm: 0 },
  sides: {
    front: { background: '#ffffff', elements: [] },
    back: { background: '#ffffff', elements: [] },
  },
  markdownAreas: [],
  keyedQrCodes: [],
  urlQrCodes: [],
}

/** Without a design no text is measured: the analysis needs no fonts. */
const noFonts = { fonts: undefined, emojiVersion: undefined, profile: 'chromium' } as const

/** Whether a field path concerns `content` or `qr_codes`, whose rules need the design. */
const needsDesign = (path: string) => /^(?:content|qr_codes)(?:\.|$)/.test(path)

/**
 * The 422 body of a submission without a usable `flow_id` (missing, not a string, not a UUID):
 * the core's verdict on everything that does not depend on a design (`flow_id`, `from`, `to`),
 * summarised the core's way. `content` and `qr_codes` cannot be judged without the flow's design,
 * so their findings are left out rather than guessed.
 *
 * @param payload The request body.
 * @returns The body, or `undefined` when nothing independent of the design is wrong.
 */
function flowlessBody(payload: unknown): UnprocessableBody | undefined {
  const store = createTransientStore(noFonts)
  const errors = judgePostcard(payload, noDesign, store).findings.errors.filter(
    (error) => !needsDesign(error.path)
  )
  return errors.length === 0 ? undefined : createUnprocessableBody(errors)
}

/**
 * Handles `POST /api/v1/postcards`.
 *
 * @param context The handler.
 * @param exchange The request.
 * @returns The reply.
 */
export async function submitPostcard(context: HandlerContext, exchange: Exchange): Promise<Reply> {
  const principal = context.authenticate(exchange.request.headers.get('authorization'))
  exchange.principal = principal
  await applyRateLimit(context, exchange, 'postcards', context.options.postcardsPerMinute)

  if (!exchange.requestIdSent) return accept(context, exchange)

  // spec 4.1 rule 1: a repeated X-Request-Id replays the first answer, whatever the payload,
  // so the body is not even read.
  const key = idempotencyKey(principal, 'postcards', exchange.requestId)
  const owner = randomUuid()
  const found = await reserveKey(context, key, '', owner, 'X-Request-Id', () =>
    earlierAnswer(context, exchange)
  )
  if (found.state === 'completed') {
    await exchange.request.body?.cancel().catch(() => undefined)
    return {
      status: 409,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: found.response.body,
    }
  }
  return completeOrRelease(context, key, owner, [201, 202], () => accept(context, exchange))
}

/**
 * The answer of an earlier request with this `X-Request-Id` that created an entry but left no
 * idempotency record: the store failed between the two writes (an outage, a crash), or dropped
 * the record to stay within its bounds. The entry keeps that answer, so the retry replays it
 * (spec 4.1 rule 1) instead of creating a second entry. After the retention the id is new again,
 * as with a record.
 *
 * @param context The handler.
 * @param exchange The request, authenticated.
 * @returns The first answer, or `undefined` when no such entry exists.
 */
async function earlierAnswer(
  context: HandlerContext,
  exchange: Exchange
): Promise<StoredResponse | undefined> {
  const principal = exchange.principal
  if (!principal) return undefined
  const entry = await context.store.entries.byRequestId(
    principal.accountId,
    principal.mode,
    exchange.requestId
  )
  if (!entry?.answer) return undefined
  const expires = Date.parse(entry.created_at) + context.options.idempotencyRetentionMs
  return expires > exchange.time ? entry.answer : undefined
}

/**
 * Reads, judges and records a submission.
 *
 * @param context The handler.
 * @param exchange The request, authenticated and counted.
 * @returns 201, 202 or 422.
 */
async function accept(context: HandlerContext, exchange: Exchange): Promise<JsonReply> {
  const principal = exchange.principal
  if (!principal) throw new Error('accept needs an authenticated exchange')
  const body = await readJsonBody(exchange.request, context.options.maxBodyBytes, (received) => {
    exchange.received = received
  })
  exchange.body = body
  const payload = body.value

  const flowId = childOf(payload, 'flow_id')
  const flow =
    typeof flowId === 'string' ? context.options.flows.get(flowId.toLowerCase()) : undefined
  if (!flow || flow.accountId !== principal.accountId) {
    const invalid = typeof flowId === 'string' && isUuid(flowId) ? undefined : flowlessBody(payload)
    if (invalid) return jsonReply(422, invalid)
    // spec 4.1: 404 for a flow that does not exist or belongs to another account; the two
    // are indistinguishable so that ids of other accounts cannot be probed.
    throw new HttpError(
      404,
      `The flow \`${String(flowId)}\` does not exist or does not belong to this account.`
    )
  }

  // One Preflight per flow, made with the handler: its cache holds the flow's texts.
  const preflight = context.preflights.get(flow.id.toLowerCase())
  if (!preflight) throw new Error(`No preflight for flow \`${flow.id}\``)
  const verdict = preflight.validate(payload)
  if (!verdict.ok) return jsonReply(422, verdict.body)

  const placement = await placeEntry(context, flow, exchange.time)
  const now = context.formatDateTime(exchange.time)
  // spec 2.4, members in the spec's order.
  const reply = jsonReply(placement.status === 'queued' ? 201 : 202, {
    request_id: exchange.requestId,
    flow_id: flow.id,
    status: placement.status,
    queued_for: placement.queued_for,
  })
  const entry: EntryRecord = {
    id: randomUuid(),
    account_id: principal.accountId,
    mode: principal.mode,
    flow_id: flow.id,
    request_id: exchange.requestId,
    ...placement,
    created_at: now,
    updated_at: now,
    postcard: payload,
    warnings: verdict.warnings,
    answer: { status: reply.status, body: reply.body },
  }
  await context.store.entries.put(entry)
  exchange.entryId = entry.id
  return reply
}
