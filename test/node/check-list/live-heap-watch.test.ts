/**
 * The live-heap watch of a check-list worker, against V8's own collections: garbage, however
 * much of it, never counts; live data past the bound does, once a full collection has seen it.
 * (A watch on the heap's size between collections renewed a worker's judge about every thousand
 * rows of a list of unique texts, throwing away its warm caches each time.)
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, describe, expect, test } from 'vitest'
import {
  liveBytesAfterFullCollection,
  watchLiveHeap,
} from '../../../src/node/check-list/live-heap-watch.ts'

setFlagsFromString('--expose-gc')
/** A full (mark-compact) collection, as V8's `gc()` makes it. */
const collect = runInNewContext('gc') as () => void

const MB = 2 ** 20

/** About `mb` MiB of small objects, reachable from the returned array. */
function allocate(mb: number): { n: number; s: string }[] {
  const objects: { n: number; s: string }[] = []
  // Each object with its string is about 64 bytes.
  for (let index = 0; index < (mb * MB) / 64; index++) objects.push({ n: index, s: `x${index}` })
  return objects
}

describe('watchLiveHeap', () => {
  const watch = watchLiveHeap(48 * MB)
  afterAll(() => watch.close())

  test('should not count garbage, however much of it there was before the collection', () => {
    watch.overLimit()
    // 200 MiB allocated and dropped: the heap's size between collections passes the bound.
    for (let round = 0; round < 10; round++) expect(allocate(20).length).toBeGreaterThan(0)
    collect()
    expect(watch.overLimit()).toBe(false)
  })

  test('should count live data past the bound once a full collection has seen it', () => {
    watch.overLimit()
    const live = allocate(80)
    collect()
    expect(watch.overLimit()).toBe(true)
    expect(live.length).toBeGreaterThan(0)
  })

  test('should forget the live data once it is let go and collected', () => {
    let live: unknown[] | undefined = allocate(80)
    collect()
    expect(watch.overLimit()).toBe(true)
    expect(live.length).toBeGreaterThan(0)
    live = undefined
    collect()
    expect(live).toBeUndefined()
    expect(watch.overLimit()).toBe(false)
  })
})

describe('liveBytesAfterFullCollection', () => {
  const space = (spaceName: string, spaceUsedSize: number) => ({ spaceName, spaceUsedSize })
  const collection = (gcType: string, used: number) => ({
    gcType,
    afterGC: {
      heapSpaceStatistics: [
        space('new_space', 9 * MB),
        space('old_space', used),
        space('code_space', MB),
        space('large_object_space', 2 * MB),
        space('new_large_object_space', 5 * MB),
      ],
    },
  })

  test.each([
    ['no collection', [], undefined],
    ['scavenges only', [collection('Scavenge', 50 * MB)], undefined],
    [
      'one full collection: old, code and large-object spaces',
      [collection('MarkSweepCompact', 10 * MB)],
      13 * MB,
    ],
    [
      'the last full collection of several',
      [
        collection('MarkSweepCompact', 30 * MB),
        collection('Scavenge', 1),
        collection('MarkSweepCompact', 20 * MB),
      ],
      23 * MB,
    ],
  ])('%s', (_name, collections, expected) => {
    expect(liveBytesAfterFullCollection(collections)).toBe(expected)
  })
})
