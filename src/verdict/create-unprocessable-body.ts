/**
 * The spec 7.1 422 body, built from field errors.
 *
 * @module
 */
import type { FieldErrorDraft, UnprocessableBody, UnprocessableMeta } from './types.ts'

/** Laravel's `message` when there is no error to summarize. */
const FALLBACK_MESSAGE = 'The given data was invalid.'

/**
 * Laravel's summary (`ValidationException::summarize`): the first message, then
 * ` (and 1 more error)` or ` (and N more errors)` counting every further message.
 *
 * @param messages All messages in the order of the `errors` object.
 * @returns The `message` of the body.
 */
function summarize(messages: readonly string[]): string {
  const [first, ...rest] = messages
  if (first === undefined) return FALLBACK_MESSAGE
  if (rest.length === 0) return first
  return `${first} (and ${rest.length} more ${rest.length === 1 ? 'error' : 'errors'})`
}

/**
 * `meta` with its members in the spec's order, each present only when relevant: the expected
 * keys whenever set (an empty list says the design requires none), `allowed_markdown` whenever
 * set, fit errors when there is at least one.
 */
function buildMeta(meta: UnprocessableMeta): UnprocessableMeta | undefined {
  const result: {
    -readonly [K in keyof UnprocessableMeta]: UnprocessableMeta[K]
  } = {}
  if (meta.expected_content_keys) result.expected_content_keys = [...meta.expected_content_keys]
  if (meta.allowed_markdown) result.allowed_markdown = [...meta.allowed_markdown]
  if (meta.markdown_fit_errors?.length) result.markdown_fit_errors = [...meta.markdown_fit_errors]
  if (meta.expected_qr_keys) result.expected_qr_keys = [...meta.expected_qr_keys]
  if (meta.qr_fit_errors?.length) result.qr_fit_errors = [...meta.qr_fit_errors]
  return Object.keys(result).length > 0 ? result : undefined
}

/**
 * Builds the 422 body of spec 7.1 exactly as the service (a Laravel application) answers it.
 *
 * - `errors` maps each field path to its messages in the order found; fields keep the order of
 *   their first message. As in Laravel's `MessageBag`, a message repeated for the same field is
 *   kept once.
 * - `message` is the first message, then ` (and N more errors)` counting every further message
 *   across all fields (` (and 1 more error)` for one).
 * - `meta` is omitted when it has no member.
 *
 * @param errors Field errors in the order to report them.
 * @param meta Members of `meta` gathered by the checks.
 * @returns The body, ready for `JSON.stringify`.
 */
export function createUnprocessableBody(
  errors: readonly FieldErrorDraft[],
  meta: UnprocessableMeta = {}
): UnprocessableBody {
  const byPath = new Map<string, string[]>()
  const messages: string[] = []
  for (const error of errors) {
    const list = byPath.get(error.path)
    if (list === undefined) {
      byPath.set(error.path, [error.message])
    } else if (!list.includes(error.message)) {
      list.push(error.message)
    }
  }
  for (const list of byPath.values()) messages.push(...list)
  // Object.fromEntries defines own properties, so a path such as `__proto__` stays a field.
  const body: { message: string; errors: Record<string, string[]>; meta?: UnprocessableMeta } = {
    message: summarize(messages),
    errors: Object.fromEntries(byPath),
  }
  const builtMeta = buildMeta(meta)
  if (builtMeta) body.meta = builtMeta
  return body
}
