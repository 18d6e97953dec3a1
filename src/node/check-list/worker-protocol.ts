/**
 * The messages between `check-list` and its workers: plain data that structured cloning copies
 * cheaply (arrays of strings and numbers, no class instances).
 *
 * @module
 */
import type { BodyPath, JsonObject } from './build-body.ts'
import type { ListTally } from './list-tally.ts'

/** What every worker is started with. */
export interface WorkerSetup {
  /** The worker's index, reported back with the rows whose bodies it keeps. */
  readonly index: number
  /** The design document as parsed JSON (checked by the main thread already). */
  readonly design: unknown
  /** Fonts manifest path (`undefined`: the package's). */
  readonly fonts: string | undefined
  /** Constant fields every row is built over. */
  readonly template: JsonObject
  /** CSV: the body path of each column; `undefined` for NDJSON. */
  readonly paths: readonly (BodyPath | null)[] | undefined
  /** NDJSON: renamed top-level keys (`--map`). */
  readonly rename: readonly (readonly [string, BodyPath | null])[]
  /** How many worst rows to keep (and their bodies, for previews). */
  readonly keep: number
  /** Whether to write one NDJSON verdict line per row. */
  readonly lines: boolean
  /**
   * Live bytes (the old generation after a full collection) past which the worker makes its
   * judge anew, dropping its caches.
   */
  readonly renewAtBytes: number
}

/**
 * One row of a batch: `[row, line, cells]` for CSV, `[row, line, json]` for NDJSON, and
 * `[row, line, null, reason]` for a row the reader could not read.
 */
export type BatchRow =
  | readonly [row: number, line: number, cells: readonly string[]]
  | readonly [row: number, line: number, json: string]
  | readonly [row: number, line: number, nothing: null, reason: string]

/** Main → worker. */
export type ToWorker =
  | { readonly type: 'batch'; readonly seq: number; readonly rows: readonly BatchRow[] }
  | { readonly type: 'bodies'; readonly rows: readonly number[] }

/** One card drawn for the report. */
export interface CardPreview {
  readonly row: number
  readonly front: string
  readonly back: string
}

/** Worker → main. */
export type FromWorker =
  | {
      readonly type: 'batch'
      readonly seq: number
      /** The batch's NDJSON verdict lines (`''` without `--out`). */
      readonly lines: string
      readonly tally: ListTally
    }
  | { readonly type: 'bodies'; readonly bodies: readonly (readonly [row: number, body: unknown])[] }
