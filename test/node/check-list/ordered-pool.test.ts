/**
 * The ordered pool with real worker threads (a stand-in worker that answers out of order):
 * results in submission order, a bounded window under a slow consumer, failures surfaced.
 */
import { describe, expect, test } from 'vitest'
import { OrderedPool, WorkerFailure } from '../../../src/node/check-list/ordered-pool.ts'
import type { WorkerSetup } from '../../../src/node/check-list/worker-protocol.ts'

const url = new URL('../../fixtures/check-list/echo-worker.js', import.meta.url)
const setup = (index: number) => ({ index }) as unknown as WorkerSetup

describe('the ordered pool', () => {
  test('should deliver results in submission order, with at most `window` batches in flight', async () => {
    const delivered: string[] = []
    let inFlight = 0
    let most = 0
    const pool = new OrderedPool({
      url,
      workers: 3,
      window: 6,
      setup,
      async onResult(result) {
        delivered.push(result.lines)
        // A slow consumer (a slow disk): the pool must wait for it.
        await new Promise((resolve) => setTimeout(resolve, 3))
      },
    })
    try {
      for (let batch = 0; batch < 120; batch++) {
        await pool.submit([
          [batch * 2 + 1, 1, []],
          [batch * 2 + 2, 1, []],
        ])
        inFlight = pool.submitted - delivered.length
        most = Math.max(most, inFlight)
      }
      await pool.drain()
    } finally {
      await pool.close()
    }
    const rows = delivered
      .join('')
      .trim()
      .split('\n')
      .map((line) => Number(line.split(':')[0]))
    expect(rows).toEqual(Array.from({ length: 240 }, (_, index) => index + 1))
    // Every worker took part.
    expect(
      new Set(
        delivered
          .join('')
          .trim()
          .split('\n')
          .map((line) => line.split(':')[1])
      )
    ).toEqual(new Set(['0', '1', '2']))
    expect(most).toBeLessThanOrEqual(6)
  })

  test('should answer requests to one worker outside the batches', async () => {
    const pool = new OrderedPool({ url, workers: 2, window: 4, setup, onResult: () => undefined })
    try {
      expect(await pool.request(1, { type: 'bodies', rows: [7] })).toEqual({
        type: 'bodies',
        bodies: [[1, { rows: [7] }]],
      })
    } finally {
      await pool.close()
    }
  })

  test('should fail submit and drain with a WorkerFailure when a worker throws', async () => {
    const pool = new OrderedPool({ url, workers: 1, window: 2, setup, onResult: () => undefined })
    try {
      await pool.submit([[-1, 1, []]])
      await expect(async () => {
        for (let batch = 0; batch < 10; batch++) await pool.submit([[batch + 1, 1, []]])
        await pool.drain()
      }).rejects.toThrow(WorkerFailure)
    } finally {
      await pool.close()
    }
  })
})
