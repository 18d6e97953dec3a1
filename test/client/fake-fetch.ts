/**
 * Test helper: a scripted `fetch` that records every call, and a clock whose waits pass at once.
 * Pure, so the client's tests run in Node and in Chromium alike.
 */
import type { FetchLike, RetryOptions } from '../../src/client/types.ts'

/** One call the client made. */
export interface Call {
  readonly url: string
  readonly method: string
  readonly headers: Headers
  readonly body: string
  readonly signal: AbortSignal | undefined
  /** The fake clock's time when it was made. */
  readonly time: number
}

/** What one call answers: a response, a thrown error, or a function of the call. */
export type Step = Response | Error | ((call: Call) => Response | Promise<Response>)

/** A JSON response. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  })
}

/** The failure fetch reports when no answer came (undici's and Chromium's: a TypeError). */
export function networkError(): TypeError {
  return new TypeError('fetch failed')
}

/** A valid spec 2.4 answer. */
export function postcardAnswer(requestId: string, status: 'queued' | 'accepted' = 'queued') {
  return {
    request_id: requestId,
    flow_id: '7375c8ae-613b-4182-8fb6-51639fd11db4',
    status,
    queued_for: status === 'queued' ? '2026-03-02T13:00:00Z' : null,
  }
}

/**
 * A clock for `retry.now` and `retry.sleep`: waits are recorded and pass at once, moving the
 * time by their length.
 */
export function fakeClock(start = Date.parse('2026-03-02T09:15:00Z')) {
  const clock = {
    time: start,
    slept: [] as number[],
    retry: {} as Required<Pick<RetryOptions, 'now' | 'sleep' | 'random'>>,
  }
  clock.retry = {
    now: () => clock.time,
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw signal.reason
      clock.slept.push(ms)
      clock.time += ms
    },
    random: () => 0.5,
  }
  return clock
}

/**
 * A fetch that answers the calls with `steps` in order (the last step repeats).
 *
 * @param steps The answers.
 * @param time The clock that stamps each call.
 * @returns The fetch and its calls.
 */
export function scriptedFetch(steps: readonly Step[], time: () => number = () => 0) {
  const calls: Call[] = []
  const fetch: FetchLike = async (url, init) => {
    const call: Call = {
      url,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: String(init.body),
      signal: init.signal ?? undefined,
      time: time(),
    }
    calls.push(call)
    const step = steps[Math.min(calls.length, steps.length) - 1]
    if (step === undefined) throw new Error('no step')
    if (step instanceof Error) throw step
    return typeof step === 'function' ? step(call) : step.clone()
  }
  return { fetch, calls }
}
