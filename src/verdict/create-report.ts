/**
 * The collector that rules report into, and that turns into findings and a verdict.
 *
 * @module
 */
import { createUnprocessableBody } from './create-unprocessable-body.ts'
import type {
  FieldError,
  FieldErrorCode,
  FieldErrorDraft,
  RuleId,
  UnprocessableMeta,
  Verdict,
  Warning,
  WarningDraft,
} from './types.ts'

/**
 * What one rule reports into: field errors, `meta` members and warnings. Every finding is
 * stamped with the rule's id. Rules never throw on user input; they report.
 */
export interface Report {
  /**
   * Adds a field error (a message of the 422 body's `errors`), with the data its message is made
   * of beyond the path (see `FieldError.data`).
   */
  error(
    path: string,
    message: string,
    code: FieldErrorCode,
    data?: Readonly<Record<string, unknown>>
  ): void
  /** Adds field errors found elsewhere, e.g. by `checkStructure`. */
  errorsFrom(errors: readonly FieldErrorDraft[]): void
  /** Adds a non-blocking warning. */
  warn(warning: WarningDraft): void
  /**
   * Sets members of `meta`: the expected keys and `allowed_markdown` are set (the last call
   * wins), fit errors are appended.
   */
  meta(meta: UnprocessableMeta): void
  /** Whether any rule reported an error at `path` or below it (`content` covers `content.body`). */
  hasError(path: string): boolean
}

/** Everything the rules of one validation found (spec 7.1 `errors` and `meta`, and warnings). */
export interface ReportFindings {
  /** Field errors, in the order the `order` function of {@link Collector.findings} gave. */
  readonly errors: readonly FieldError[]
  /** `meta` members as reported. */
  readonly meta: UnprocessableMeta
  /** Warnings, in the order found. */
  readonly warnings: readonly Warning[]
}

/** Collects the findings of every rule of one validation. */
export interface Collector {
  /** Field errors so far, in the order found. */
  readonly errors: readonly FieldError[]
  /** Warnings so far, in the order found. */
  readonly warnings: readonly Warning[]
  /** Whether an error was reported at `path` or below it. */
  hasError(path: string): boolean
  /** The report of one rule: what it reports carries its id. */
  as(rule: RuleId): Report
  /**
   * The findings, frozen.
   *
   * @param order Puts the errors in reporting order (default: as found; not called without errors).
   */
  findings(order?: (errors: readonly FieldError[]) => readonly FieldError[]): ReportFindings
}

type MutableMeta = { -readonly [K in keyof UnprocessableMeta]: UnprocessableMeta[K] }

/** What one validation has found so far. */
interface Found {
  readonly errors: FieldError[]
  readonly warnings: Warning[]
  readonly meta: MutableMeta
}

/** Whether an error was reported at `path` or below it. */
function hasErrorAt(errors: readonly FieldError[], path: string): boolean {
  // A valid body has no error: rules ask this for every field, so no string is built for it.
  if (errors.length === 0) return false
  const below = `${path}.`
  return errors.some((error) => error.path === path || error.path.startsWith(below))
}

/** The report of one rule: what it reports is stamped with its id. */
class RuleReport implements Report {
  readonly #found: Found
  readonly #rule: RuleId

  constructor(found: Found, rule: RuleId) {
    this.#found = found
    this.#rule = rule
  }

  error(
    path: string,
    message: string,
    code: FieldErrorCode,
    data?: Readonly<Record<string, unknown>>
  ): void {
    this.#found.errors.push(
      data === undefined
        ? { path, message, code, rule: this.#rule }
        : { path, message, code, data, rule: this.#rule }
    )
  }

  errorsFrom(errors: readonly FieldErrorDraft[]): void {
    for (const error of errors) this.#found.errors.push({ ...error, rule: this.#rule })
  }

  warn(warning: WarningDraft): void {
    this.#found.warnings.push({ ...warning, rule: this.#rule })
  }

  meta(add: UnprocessableMeta): void {
    const meta = this.#found.meta
    if (add.expected_content_keys) meta.expected_content_keys = add.expected_content_keys
    if (add.allowed_markdown) meta.allowed_markdown = add.allowed_markdown
    if (add.expected_qr_keys) meta.expected_qr_keys = add.expected_qr_keys
    if (add.markdown_fit_errors) {
      meta.markdown_fit_errors = [...(meta.markdown_fit_errors ?? []), ...add.markdown_fit_errors]
    }
    if (add.qr_fit_errors) {
      meta.qr_fit_errors = [...(meta.qr_fit_errors ?? []), ...add.qr_fit_errors]
    }
  }

  hasError(path: string): boolean {
    return hasErrorAt(this.#found.errors, path)
  }
}

/**
 * Creates an empty collector. Validators hand each rule its own {@link Report} in turn, so rules
 * stay small and independent and every finding names its rule.
 *
 * @returns A new, empty collector.
 */
export function createCollector(): Collector {
  return new Collection()
}

/** No findings: shared by every valid body without warnings (frozen, so nothing can add to it). */
const NONE: readonly never[] = Object.freeze([])
const NO_META: UnprocessableMeta = Object.freeze({})

/** A frozen copy of a list (the shared empty one for an empty list). */
function frozenCopy<T>(list: readonly T[]): readonly T[] {
  return list.length === 0 ? NONE : Object.freeze([...list])
}

/** The findings of one validation (a class: one object a body, no closures). */
class Collection implements Collector {
  readonly #found: Found = { errors: [], warnings: [], meta: {} }

  get errors(): readonly FieldError[] {
    return this.#found.errors
  }

  get warnings(): readonly Warning[] {
    return this.#found.warnings
  }

  hasError(path: string): boolean {
    return hasErrorAt(this.#found.errors, path)
  }

  as(rule: RuleId): Report {
    return new RuleReport(this.#found, rule)
  }

  findings(order?: (errors: readonly FieldError[]) => readonly FieldError[]): ReportFindings {
    const { errors, warnings, meta } = this.#found
    let key: string | undefined
    for (key in meta) break
    return Object.freeze({
      // A valid body has no error to order.
      errors: frozenCopy(order && errors.length > 0 ? order(errors) : errors),
      meta: key === undefined ? NO_META : Object.freeze({ ...meta }),
      warnings: frozenCopy(warnings),
    })
  }
}

/**
 * The verdict of findings: ok with the warnings, or the spec 7.1 422 body of every error.
 *
 * @param findings Errors in reporting order, `meta` and warnings.
 * @returns The verdict, frozen.
 */
export function verdictOf(findings: ReportFindings): Verdict {
  if (findings.errors.length === 0) {
    return Object.freeze({ ok: true, warnings: findings.warnings })
  }
  return Object.freeze({
    ok: false,
    status: 422,
    body: createUnprocessableBody(findings.errors, findings.meta),
    warnings: findings.warnings,
  })
}
