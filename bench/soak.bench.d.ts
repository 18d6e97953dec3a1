// Types of bench/soak.bench.js for test/node/soak.test.ts (the bench itself is plain JavaScript).

/** A token of the soak server's config. */
export interface SoakToken {
  readonly token: string
  readonly account: string
  readonly mode: 'test' | 'live'
}

/** A flow of the soak server's config. */
export interface SoakFlow {
  readonly id: string
  readonly account: string
  readonly paused: boolean
  readonly contentKeys: readonly string[]
  readonly qrKeys: readonly string[]
}

/** Memory of the server process after a garbage collection, in bytes. */
export interface MemorySample {
  readonly heapUsed: number
  readonly rss: number
}

/** Count and hash sums of created entries. */
export interface EntryTally {
  readonly count: number
  readonly sumA: number
  readonly sumB: number
}

/** The server process of the soak. */
export interface SoakServer {
  readonly url: string
  readonly tokens: readonly SoakToken[]
  readonly flows: readonly SoakFlow[]
  readonly limits: { readonly postcardsPerMinute: number; readonly campaignsPerMinute: number }
  readonly retentionMs: number
  readonly maxRecords: number
  readonly maxIdempotencyRecords?: number
  advance(): Promise<unknown>
  memory(): Promise<MemorySample>
  summary(): Promise<{
    readonly created: EntryTally
    readonly errors: readonly string[]
    readonly stored: Readonly<Record<string, number>>
  }>
  stop(): Promise<void>
}

/** What a soak saw and checked. */
export interface SoakReport {
  readonly seconds: number
  readonly clients: number
  readonly phases: number
  readonly requests: number
  readonly statuses: Readonly<Record<string, number>>
  readonly kinds: Readonly<Record<string, number>>
  readonly created: number
  readonly replays: number
  readonly refused: number
  readonly expiredReuses: number
  readonly inProgress: number
  readonly windows: { readonly checked: number; readonly full: number }
  readonly latency: {
    readonly median_us: number
    readonly p99_us: number
    readonly created_median_us: number
    readonly created_p99_us: number
  }
  readonly memory: {
    readonly samples: readonly MemorySample[]
    readonly peakRss: number
    readonly peakHeap: number
  }
  readonly server: Awaited<ReturnType<SoakServer['summary']>>
  readonly expected: EntryTally
  readonly failures: readonly string[]
  readonly failureCount: number
}

export function startSoakServer(options?: {
  readonly retentionMs?: number
  readonly maxRecords?: number
  readonly maxIdempotencyRecords?: number
}): Promise<SoakServer>

export function runSoak(
  server: SoakServer,
  options: {
    readonly durationMs: number
    readonly clients?: number
    readonly phaseMs?: number
    readonly seed?: number
  }
): Promise<SoakReport>

export function run(): Promise<{ name: string; median_us: number; p99_us: number; note: string }[]>
