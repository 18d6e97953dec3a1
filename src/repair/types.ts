/**
 * What `repairPostcard` returns: the repaired body, every change made, what it could not
 * repair, and the verdict of the repaired body.
 *
 * @module
 */
import type { AnalyzeOptions } from '../analysis/types.ts'
import type { Design } from '../design/types.ts'
import type { Verdict } from '../verdict/types.ts'

/** The repair rules of spec 7.1, as the changes name them. */
export type RepairRule =
  /** A `content` or `qr_codes` key renamed to the expected key it means. */
  | 'rename-key'
  /** A field of spec 2.3 sent under another name (`postcode`) renamed to its own (`zip`). */
  | 'rename-field'
  /** A text shortened to the longest prefix that fits its area. */
  | 'shorten-text'
  /** Spaces around a QR URL removed. */
  | 'trim-url'
  /** `https://` added to a QR URL written without its scheme. */
  | 'complete-url'
  /** Tracking parameters (`utm_*`, `fbclid`, `gclid`...) dropped from a QR URL too large to fit. */
  | 'drop-tracking-parameters'

/**
 * One change. For a rename, `path` is the field as sent and `before`/`after` are the old and
 * the new key; for a value, `path` is the field and `before`/`after` its old and new value.
 */
export interface RepairChange {
  readonly path: string
  readonly rule: RepairRule
  readonly before: string
  readonly after: string
  /** More about the change (the tracking parameters dropped...). */
  readonly data?: Readonly<Record<string, unknown>>
}

/** Stable codes of what a repair left for a person. */
export type RepairProblemCode =
  /** A key that means more than one expected key, or one another key means too. */
  | 'ambiguous-key'
  /** A key close to no expected key. */
  | 'unmatched-key'
  /** A QR value no rule completes (a bare code, another scheme...). */
  | 'url-not-completable'
  /** A QR URL that does not fit even without tracking parameters. */
  | 'url-too-large'
  /** A text whose first word alone does not fit its area. */
  | 'text-not-shortenable'
  /** A field the 422 body names that this design and these fonts find nothing wrong with. */
  | 'not-reproduced'

/** Something the repair did not change, and why (typed data, with a message for people). */
export interface RepairProblem {
  readonly path: string
  readonly code: RepairProblemCode
  /** One sentence in the project's grammar (English). */
  readonly message: string
  readonly data?: Readonly<Record<string, unknown>>
}

/** The result of a repair. */
export interface RepairResult {
  /** The repaired body: a JSON copy of the body with the changes; the body itself is untouched. */
  readonly body: unknown
  /** Every change, in the order made. */
  readonly changes: readonly RepairChange[]
  /** What was left, with the reason. */
  readonly problems: readonly RepairProblem[]
  /** The verdict of the repaired body (what `validatePostcard` gives it). */
  readonly verdict: Verdict
}

/** Options of `repairPostcard`. */
export interface RepairOptions extends AnalyzeOptions {
  /** The flow's design, from `parseDesign`. */
  readonly design: Design
  /**
   * Appended to a shortened text that does not end a sentence (default `…`); `false` for
   * none. It is measured with the text: the repaired text fits with it.
   */
  readonly ellipsis?: string | false | undefined
}
