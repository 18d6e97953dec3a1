/**
 * Tells a `check-list` worker when its live data (the judge's caches above all) has grown past a
 * bound, so that it can make its judge anew and let the old caches go.
 *
 * The heap's size at an arbitrary moment is no such measure: between two full collections it
 * counts every dead object too. A worker that renewed its judge whenever `used_heap_size` passed
 * the bound did so about every thousand rows of a list of unique texts (61 times in 40,000 rows),
 * each time throwing away warm caches and parsing the fonts again, although the caches are
 * bounded and settle well below it. So the watch reads what V8 reports right after each full
 * (mark-compact) collection: the old generation then holds live data only.
 *
 * @module
 */
import { GCProfiler } from 'node:v8'

/** The heap spaces that outlive a scavenge (V8's names, as `GCProfiler` reports them). */
const OLD_SPACES = new Set(['old_space', 'code_space', 'map_space', 'large_object_space'])

/** What `GCProfiler#stop` reports of one collection (the part read here). */
interface Collection {
  readonly gcType: string
  readonly afterGC: {
    readonly heapSpaceStatistics: readonly {
      readonly spaceName: string
      readonly spaceUsedSize: number
    }[]
  }
}

/** A watch on the live heap of this thread. */
export interface LiveHeapWatch {
  /**
   * Whether the last full collection since the previous call (or the start) left more than the
   * bound alive; collections before a renewal are then never read again.
   */
  overLimit(): boolean
  /** Stops watching. */
  close(): void
}

/**
 * The old generation's bytes after the last full collection among `collections`, if any.
 *
 * @param collections What `GCProfiler#stop` reported.
 */
export function liveBytesAfterFullCollection(
  collections: readonly Collection[]
): number | undefined {
  let live: number | undefined
  for (const collection of collections) {
    if (collection.gcType !== 'MarkSweepCompact') continue
    live = 0
    for (const space of collection.afterGC.heapSpaceStatistics) {
      if (OLD_SPACES.has(space.spaceName)) live += space.spaceUsedSize
    }
  }
  return live
}

/**
 * Starts watching this thread's live heap.
 *
 * @param limitBytes The bound on the old generation after a full collection.
 * @returns The watch; `close` it when done.
 */
export function watchLiveHeap(limitBytes: number): LiveHeapWatch {
  let profiler = new GCProfiler()
  profiler.start()
  return {
    overLimit() {
      const report = profiler.stop() as { readonly statistics: readonly Collection[] } | undefined
      profiler = new GCProfiler()
      profiler.start()
      const live = liveBytesAfterFullCollection(report?.statistics ?? [])
      return live !== undefined && live > limitBytes
    },
    close() {
      profiler.stop()
    },
  }
}
