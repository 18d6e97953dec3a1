/**
 * The context every postcard check sees.
 *
 * @module
 */
import type { Design } from '../design/types.ts'
import { isMissing } from '../schema/is-missing.ts'
import { childOf, fieldEntries } from '../schema/read-field.ts'
import type { Report } from '../verdict/create-report.ts'
import type { ContentEntry, PostcardContext, PostcardOptions, QrEntry } from './types.ts'

/** The non-blank string values of an object for the expected elements, in design order. */
function entriesOf<T extends { readonly key: string }>(
  object: unknown,
  elements: readonly T[]
): { key: string; value: string; element: T }[] {
  if (fieldEntries(object) === undefined) return []
  const result: { key: string; value: string; element: T }[] = []
  for (const element of elements) {
    const value = childOf(object, element.key)
    if (typeof value === 'string' && !isMissing(value)) {
      result.push({ key: element.key, value, element })
    }
  }
  return result
}

/**
 * Builds the context of one validation, with the `content` and `qr_codes` values that later
 * checks (Markdown, fit, QR capacity, emoji) parse and measure, so each reads the body the same
 * way. Exported for tests of checks.
 *
 * @param body The request body (any JSON value).
 * @param design The flow's design.
 * @param options The options of the call.
 * @param report Where checks report.
 * @returns The context.
 */
export function createPostcardContext(
  body: unknown,
  design: Design,
  options: PostcardOptions,
  report: Report
): PostcardContext {
  return {
    body,
    design,
    options,
    report,
    contentEntries: entriesOf(childOf(body, 'content'), design.markdownAreas).map(
      ({ key, value, element }): ContentEntry => ({ key, value, area: element })
    ),
    qrEntries: entriesOf(childOf(body, 'qr_codes'), design.keyedQrCodes).map(
      ({ key, value, element }): QrEntry => ({ key, value, element })
    ),
  }
}
