/**
 * A pool of long-lived worker threads that takes batches in order and hands their results back
 * in the same order, with a bounded window: at most `window` batches are queued, being judged,
 * or judged and waiting for an earlier one. `submit` waits for room, and the results' consumer
 * sets the pace (a slow disk slows the reading), so memory stays flat however long the list.
 *
 * @module
 */
import { Worker } from 'node:worker_threads'
import type { FromWorker, ToWorker, WorkerSetup } from './worker-protocol.ts'

/** Options of {@link OrderedPool}. */
export interface OrderedPoolOptions {
  /** The worker module. */
  readonly url: URL
  /** How many workers. */
  readonly workers: number
  /** The setup of worker `index`. */
  readonly setup: (index: number) => WorkerSetup
  /** Batches in flight at most (queued, judged, or waiting to be delivered in order). */
  readonly window: number
  /** Heap limits of each worker (V8 collects sooner under a lower limit, keeping RSS down). */
  readonly resourceLimits?: ConstructorParameters<typeof Worker>[1] extends infer O
    ? O extends { resourceLimits?: infer R }
      ? R
      : never
    : never
  /** Receives each batch's result, in submission order; the pool waits for its promise. */
  readonly onResult: (result: FromWorker & { type: 'batch' }) => void | Promise<void>
}

/** Thrown when a worker fails (an exception in it, or an exit before the end). */
export class WorkerFailure extends Error {
  override readonly name = 'WorkerFailure'
}

/** A worker, the batches queued on it, and the replies it owes. */
interface PoolWorker {
  readonly worker: Worker
  queued: number
  readonly replies: { resolve: (message: FromWorker) => void; reject: (error: Error) => void }[]
}

/** See the module comment. */
export class OrderedPool {
  readonly #options: OrderedPoolOptions
  readonly #workers: PoolWorker[] = []
  readonly #done = new Map<number, FromWorker & { type: 'batch' }>()
  #waiting: (() => void)[] = []
  #next = 0
  #delivered = 0
  #pumping = false
  #failure: Error | undefined
  #closed = false

  /** @param options Workers, window and the consumer of results. */
  constructor(options: OrderedPoolOptions) {
    this.#options = options
    for (let index = 0; index < options.workers; index++) {
      const worker = new Worker(options.url, {
        workerData: options.setup(index),
        // Workers take the process's flags, except those only an entry script may have.
        execArgv: process.execArgv.filter((flag) => !flag.startsWith('--input-type')),
        ...(options.resourceLimits ? { resourceLimits: options.resourceLimits } : {}),
      })
      const entry: PoolWorker = { worker, queued: 0, replies: [] }
      worker.on('message', (message: FromWorker) => this.#receive(entry, message))
      worker.on('error', (error) => this.#fail(new WorkerFailure(error.message, { cause: error })))
      worker.on('exit', (code) => {
        if (!this.#closed) this.#fail(new WorkerFailure(`Unexpected exit of a worker (${code})`))
      })
      this.#workers.push(entry)
    }
  }

  /** Batches submitted so far. */
  get submitted(): number {
    return this.#next
  }

  /**
   * Queues a batch on the least busy worker, after waiting for room in the window.
   *
   * @param rows The batch's message without its sequence number.
   * @throws {WorkerFailure} When a worker failed.
   */
  async submit(rows: (ToWorker & { type: 'batch' })['rows']): Promise<void> {
    while (this.#failure === undefined && this.#next - this.#delivered >= this.#options.window) {
      await new Promise<void>((resolve) => this.#waiting.push(resolve))
    }
    if (this.#failure) throw this.#failure
    const target = this.#workers.reduce((best, entry) =>
      entry.queued < best.queued ? entry : best
    )
    target.queued++
    const message: ToWorker = { type: 'batch', seq: this.#next++, rows }
    target.worker.postMessage(message)
  }

  /**
   * Waits until every submitted batch has been delivered.
   *
   * @throws {WorkerFailure} When a worker failed.
   */
  async drain(): Promise<void> {
    while (this.#failure === undefined && this.#delivered < this.#next) {
      await new Promise<void>((resolve) => this.#waiting.push(resolve))
    }
    if (this.#failure) throw this.#failure
  }

  /**
   * Asks one worker something outside the batches (the previews at the end).
   *
   * @param index The worker.
   * @param message The request.
   * @returns Its reply.
   */
  request(index: number, message: ToWorker): Promise<FromWorker> {
    const entry = this.#workers[index]
    if (this.#failure) return Promise.reject(this.#failure)
    if (entry === undefined) return Promise.reject(new RangeError(`No worker ${index}`))
    return new Promise((resolve, reject) => {
      entry.replies.push({ resolve, reject })
      entry.worker.postMessage(message)
    })
  }

  /** Stops the workers. */
  async close(): Promise<void> {
    this.#closed = true
    await Promise.all(this.#workers.map((entry) => entry.worker.terminate()))
  }

  #receive(entry: PoolWorker, message: FromWorker): void {
    if (message.type !== 'batch') {
      entry.replies.shift()?.resolve(message)
      return
    }
    entry.queued--
    this.#done.set(message.seq, message)
    void this.#pump()
  }

  /** Delivers finished batches in order, one at a time. */
  async #pump(): Promise<void> {
    if (this.#pumping) return
    this.#pumping = true
    try {
      for (
        let result = this.#done.get(this.#delivered);
        this.#failure === undefined && result !== undefined;
        result = this.#done.get(this.#delivered)
      ) {
        this.#done.delete(this.#delivered)
        await this.#options.onResult(result)
        this.#delivered++
        this.#wake()
      }
    } catch (error) {
      this.#fail(error as Error)
    } finally {
      this.#pumping = false
    }
  }

  #fail(error: Error): void {
    this.#failure ??= error
    for (const entry of this.#workers)
      for (const reply of entry.replies.splice(0)) reply.reject(error)
    this.#wake()
  }

  #wake(): void {
    const waiting = this.#waiting
    this.#waiting = []
    for (const resolve of waiting) resolve()
  }
}
