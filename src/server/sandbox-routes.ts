/**
 * Routes of the sandbox only, not of the Direct-Mail API: what the service's dashboard does by
 * hand (spec 3: the API logs' remove and resume actions; pausing a flow) and what a developer
 * wants to see (the API logs, the entries). They need a token of the account, see only its data
 * in the token's mode, are not rate-limited and are not recorded in the API logs themselves.
 *
 * - `GET /api/v1/logs?limit=N`: the API logs, newest first (default 100, at most 1000).
 * - `POST /api/v1/logs/{request_id}/remove`: removes the entry that request created from its
 *   mailing; `/resume` restores it (queued again, or accepted while its flow is paused).
 * - `POST /api/v1/flows/{flow_id}/pause` and `/resume`: hold or release the flow's entries.
 * - `GET /api/v1/entries?flow_id=&limit=N`: the entries, newest first.
 * - `GET /api/v1/entries/{request_id}/proof.pdf`: the PDF print proof of the entry a request
 *   created (`renderProof`: front and back, what prints, the design's bleed).
 *
 * @module
 */
import { previewEmojiKeys } from '../preview/preview-emoji-keys.ts'
import { renderProof } from '../proof/render-proof.ts'
import type { ResolvedFlow } from './api-options.ts'
import type { Principal } from './authenticate.ts'
import type { Exchange, HandlerContext } from './handler-context.ts'
import { HttpError } from './http-error.ts'
import { jsonReply, type Reply } from './reply.ts'
import { placeEntry } from './schedule.ts'
import type { EntryRecord } from './store.ts'

const defaultLimit = 100
const maxLimit = 1000

/**
 * An entry as the sandbox routes show it: without the answer it keeps for replays.
 *
 * @param entry The stored entry.
 * @returns The entry to list.
 */
function shown(entry: EntryRecord): EntryRecord {
  if (entry.answer === undefined) return entry
  const { answer: _answer, ...rest } = entry
  return rest
}

function authenticate(context: HandlerContext, exchange: Exchange): Principal {
  const principal = context.authenticate(exchange.request.headers.get('authorization'))
  exchange.principal = principal
  return principal
}

/**
 * The `limit` query parameter.
 *
 * @param url The request URL.
 * @returns 1 to 1000 (default 100).
 * @throws {HttpError} 400 for another value.
 */
function readLimit(url: URL): number {
  const text = url.searchParams.get('limit')
  if (text === null) return defaultLimit
  const limit = /^\d{1,4}$/.test(text) ? Number(text) : Number.NaN
  if (!(limit >= 1 && limit <= maxLimit)) {
    throw new HttpError(
      400,
      `Unexpected \`${text.slice(0, 40)}\` for \`limit\`, expected an integer from 1 to ${maxLimit}.`
    )
  }
  return limit
}

/**
 * `GET /api/v1/logs`.
 *
 * @param context The handler.
 * @param exchange The request.
 * @returns `{ data: LogRecord[] }`.
 */
export async function listLogs(context: HandlerContext, exchange: Exchange): Promise<Reply> {
  const principal = authenticate(context, exchange)
  const limit = readLimit(exchange.url)
  const data = await context.store.logs.list(principal.accountId, principal.mode, limit)
  return jsonReply(200, { data })
}

/**
 * `GET /api/v1/entries`.
 *
 * @param context The handler.
 * @param exchange The request.
 * @returns `{ data: EntryRecord[] }`.
 */
export async function listEntries(context: HandlerContext, exchange: Exchange): Promise<Reply> {
  const principal = authenticate(context, exchange)
  const limit = readLimit(exchange.url)
  const flowId = exchange.url.searchParams.get('flow_id')
  const flow = flowId === null ? undefined : ownFlow(context, principal, flowId)
  const data = await context.store.entries.list(
    {
      account_id: principal.accountId,
      mode: principal.mode,
      ...(flow ? { flow_id: flow.id } : {}),
    },
    limit
  )
  return jsonReply(200, { data: data.map(shown) })
}

/**
 * A flow of the caller's account.
 *
 * @throws {HttpError} 404 for a flow that does not exist or belongs to another account.
 */
function ownFlow(context: HandlerContext, principal: Principal, flowId: string): ResolvedFlow {
  const flow = context.options.flows.get(flowId.toLowerCase())
  if (!flow || flow.accountId !== principal.accountId) {
    throw new HttpError(
      404,
      `The flow \`${flowId}\` does not exist or does not belong to this account.`
    )
  }
  return flow
}

/**
 * The entry a request created, in the caller's account and token mode.
 *
 * @throws {HttpError} 404 for none, or one of another account or mode.
 */
async function ownEntry(
  context: HandlerContext,
  principal: Principal,
  requestId: string
): Promise<EntryRecord> {
  const entry = await context.store.entries.byRequestId(
    principal.accountId,
    principal.mode,
    requestId
  )
  if (!entry) {
    throw new HttpError(404, `No entry was created by the request \`${requestId}\`.`)
  }
  return entry
}

/**
 * `POST /api/v1/logs/{request_id}/remove` and `/resume` (spec 3 and 4.1 rule 3).
 *
 * @param context The handler.
 * @param exchange The request.
 * @param requestId The request whose entry is meant.
 * @param action `remove` or `resume`.
 * @returns `{ data: EntryRecord }` with the entry's new state; removing a removed entry or
 *   resuming one that is not removed changes nothing.
 */
export async function changeEntry(
  context: HandlerContext,
  exchange: Exchange,
  requestId: string,
  action: 'remove' | 'resume'
): Promise<Reply> {
  const entry = await ownEntry(context, authenticate(context, exchange), requestId)
  let next: EntryRecord = entry
  if (action === 'remove' && entry.status !== 'removed') {
    next = { ...entry, status: 'removed', queued_for: null }
  } else if (action === 'resume' && entry.status === 'removed') {
    const flow = context.options.flows.get(entry.flow_id.toLowerCase())
    // The configuration may have dropped the flow since: the entry then stays on hold.
    const placement = flow
      ? await placeEntry(context, flow, exchange.time)
      : { status: 'accepted' as const, queued_for: null }
    next = { ...entry, ...placement }
  }
  if (next !== entry) {
    next = { ...next, updated_at: context.formatDateTime(exchange.time) }
    await context.store.entries.put(next)
  }
  return jsonReply(200, { data: shown(next) })
}

/**
 * `POST /api/v1/flows/{flow_id}/pause` and `/resume`: pausing holds the flow's queued entries
 * (`accepted`, spec 3), resuming queues the held ones for the next batch.
 *
 * @param context The handler.
 * @param exchange The request.
 * @param flowId The flow.
 * @param action `pause` or `resume`.
 * @returns `{ data: { id, paused, next_batch } }`.
 */
export async function changeFlow(
  context: HandlerContext,
  exchange: Exchange,
  flowId: string,
  action: 'pause' | 'resume'
): Promise<Reply> {
  const principal = authenticate(context, exchange)
  const flow = ownFlow(context, principal, flowId)
  const paused = action === 'pause'
  await context.store.flows.setPaused(flow.id, paused)
  const placement = await placeEntry(context, flow, exchange.time)
  const held = await context.store.entries.list(
    { account_id: principal.accountId, flow_id: flow.id },
    Number.MAX_SAFE_INTEGER
  )
  const from = paused ? 'queued' : 'accepted'
  const updatedAt = context.formatDateTime(exchange.time)
  for (const entry of held) {
    if (entry.status === from) {
      await context.store.entries.put({ ...entry, ...placement, updated_at: updatedAt })
    }
  }
  return jsonReply(200, {
    data: { id: flow.id, paused, next_batch: placement.queued_for },
  })
}

/**
 * `GET /api/v1/entries/{request_id}/proof.pdf`: the print proof of the entry a request created,
 * drawn from its stored postcard on its flow's design (one analysis of the flow's `Preflight`),
 * with the sandbox's emoji artwork. Same auth and account isolation as the other sandbox routes:
 * an entry of another account, or of the other mode, is not found.
 *
 * @param context The handler.
 * @param exchange The request.
 * @param requestId The request whose entry is meant.
 * @returns The PDF (`application/pdf`), the same bytes for the same entry.
 * @throws {HttpError} 404 for no such entry or a flow no longer configured; 503 when the sandbox
 *   has no fonts to set the texts in.
 */
export async function entryProof(
  context: HandlerContext,
  exchange: Exchange,
  requestId: string
): Promise<Reply> {
  const entry = await ownEntry(context, authenticate(context, exchange), requestId)
  const preflight = context.preflights.get(entry.flow_id.toLowerCase())
  if (!preflight) {
    throw new HttpError(404, `The flow \`${entry.flow_id}\` of this entry is no longer configured.`)
  }
  if (!context.fonts) {
    throw new HttpError(
      503,
      'This sandbox has no fonts to set the texts in, so it draws no proofs.'
    )
  }
  const postcard =
    typeof entry.postcard === 'object' && entry.postcard !== null ? entry.postcard : {}
  const analysis = preflight.analyze({ ...postcard, flow_id: entry.flow_id })
  const keys = previewEmojiKeys(analysis)
  const emojiArtwork =
    context.emojiArtwork && keys.length > 0 ? await context.emojiArtwork(keys) : undefined
  const pdf = renderProof(analysis, { emojiArtwork })
  const name = requestId.replace(/[^\w.-]/g, '_').slice(0, 80)
  return {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="proof-${name}.pdf"`,
    },
    body: pdf,
  }
}
