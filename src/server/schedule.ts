/**
 * Where a flow's entries go (spec 3): into the next batch while the flow is active (`queued`,
 * 201), on hold while it is paused (`accepted`, 202, `queued_for` null).
 *
 * @module
 */
import type { ResolvedFlow } from './api-options.ts'
import type { HandlerContext } from './handler-context.ts'
import { nextBatch } from './next-batch.ts'
import type { EntryStatus } from './store.ts'

/** The state a new or resumed entry gets. */
export interface Placement {
  readonly status: Extract<EntryStatus, 'queued' | 'accepted'>
  readonly queued_for: string | null
}

/**
 * Whether a flow is paused now: a pause or resume of the sandbox routes wins over the
 * configuration.
 *
 * @param context The handler.
 * @param flow The flow.
 * @returns `true` when paused.
 */
export async function isPaused(context: HandlerContext, flow: ResolvedFlow): Promise<boolean> {
  return (await context.store.flows.paused(flow.id)) ?? flow.paused
}

/**
 * The next batch of a flow after `time`. The answer is the same for every `time` from the
 * instant it was computed for up to the batch itself, so it is kept per flow: one conversion
 * per batch instead of one per request.
 *
 * @param context The handler.
 * @param flow The flow.
 * @param time Epoch milliseconds.
 * @returns The batch as `YYYY-MM-DDTHH:mm:ssZ`.
 */
export function nextBatchOf(context: HandlerContext, flow: ResolvedFlow, time: number): string {
  const cached = context.batchCache.get(flow.id)
  if (cached && cached.from <= time && time < cached.next) return cached.text
  const next = nextBatch(time, flow.batch.at, flow.batch.time_zone)
  const text = context.formatDateTime(next)
  context.batchCache.set(flow.id, { from: time, next, text })
  return text
}

/**
 * The placement of an entry of `flow` at `time`.
 *
 * @param context The handler.
 * @param flow The flow.
 * @param time Epoch milliseconds.
 * @returns `queued` with the next batch, or `accepted` with null while paused.
 */
export async function placeEntry(
  context: HandlerContext,
  flow: ResolvedFlow,
  time: number
): Promise<Placement> {
  if (await isPaused(context, flow)) return { status: 'accepted', queued_for: null }
  return { status: 'queued', queued_for: nextBatchOf(context, flow, time) }
}
