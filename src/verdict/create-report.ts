/**
 * The collector that checks report into, and that turns into a verdict.
 *
 * @module
 */
import { createUnprocessableBody } from './create-unprocessable-body.ts'
import type { FieldError, FieldErrorCode, UnprocessableMeta, Verdict, Warning } from './types.ts'

/**
 * What checks report into: field errors, `meta` members and warnings, in the order found.
 * Checks never throw on user input; they report.
 */
export interface Report {
  /** Field errors so far, in the order found. */
  readonly errors: readonly FieldError[]
  /** Warnings so far, in the order found. */
  readonly warnings: readonly Warning[]
  /** Adds a field error (a message of the 422 body's `errors`). */
  error(path: string, message: string, code: FieldErrorCode): void
  /** Adds field errors found elsewhere, e.g. by `checkStructure`. */
  errorsFrom(errors: readonly FieldError[]): void
  /** Adds a non-blocking warning. */
  warn(warning: Warning): void
  /**
   * Sets members of `meta`: the expected keys and `allowed_markdown` are set (the last call
   * wins), fit errors are appended.
   */
  meta(meta: UnprocessableMeta): void
  /** Whether an error was reported at `path` or below it (`content` covers `content.body`). */
  hasError(path: string): boolean
  /**
   * The verdict: ok with the warnings, or the 422 body of every error.
   *
   * @param order Puts the errors in reporting order (default: as found).
   */
  toVerdict(order?: (errors: readonly FieldError[]) => readonly FieldError[]): Verdict
}

/**
 * Creates an empty report. Validators hand one to each check in turn, so checks stay small and
 * independent, and a new check (Markdown, fit, QR capacity, emoji) plugs in without knowing the
 * others (STYLE rule 5).
 *
 * @returns A new, empty report.
 */
export function createReport(): Report {
  const errors: FieldError[] = []
  const warnings: Warning[] = []
  const meta: {
    -readonly [K in keyof UnprocessableMeta]: UnprocessableMeta[K]
  } = {}
  return {
    errors,
    warnings,
    error(path, message, code) {
      errors.push({ path, message, code })
    },
    errorsFrom(found) {
      errors.push(...found)
    },
    warn(warning) {
      warnings.push(warning)
    },
    meta(add) {
      if (add.expected_content_keys) meta.expected_content_keys = add.expected_content_keys
      if (add.allowed_markdown) meta.allowed_markdown = add.allowed_markdown
      if (add.expected_qr_keys) meta.expected_qr_keys = add.expected_qr_keys
      if (add.markdown_fit_errors) {
        meta.markdown_fit_errors = [...(meta.markdown_fit_errors ?? []), ...add.markdown_fit_errors]
      }
      if (add.qr_fit_errors) {
        meta.qr_fit_errors = [...(meta.qr_fit_errors ?? []), ...add.qr_fit_errors]
      }
    },
    hasError(path) {
      const below = `${path}.`
      return errors.some((error) => error.path === path || error.path.startsWith(below))
    },
    toVerdict(order) {
      if (errors.length === 0) return { ok: true, warnings: [...warnings] }
      const ordered = order ? order(errors) : errors
      return {
        ok: false,
        status: 422,
        body: createUnprocessableBody(ordered, meta),
        warnings: [...warnings],
      }
    },
  }
}
