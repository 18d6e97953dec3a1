/**
 * `validatePostcard`: judges a postcard submission exactly as `POST /api/v1/postcards` would.
 *
 * @module
 */
import type { Design } from '../design/types.ts'
import { orderFieldErrors } from '../schema/order-field-errors.ts'
import { fieldOrder } from '../schema/postcard.generated.js'
import { createReport } from '../verdict/create-report.ts'
import type { Verdict } from '../verdict/types.ts'
import { postcardChecks } from './postcard-checks.ts'
import { createPostcardContext } from './create-postcard-context.ts'
import type { PostcardOptions } from './types.ts'

/** Whether a value looks like a parsed {@link Design} (the host's side of the contract). */
function isDesign(design: unknown): design is Design {
  if (typeof design !== 'object' || design === null) return false
  const candidate = design as Partial<Record<keyof Design, unknown>>
  return (
    Array.isArray(candidate.markdownAreas) &&
    Array.isArray(candidate.keyedQrCodes) &&
    Array.isArray(candidate.urlQrCodes)
  )
}

/**
 * Judges a postcard submission (spec 2.3) against the flow's design, exactly as the service
 * would: the verdict is either ok or the service's 422 body (spec 7.1) with every error at once,
 * plus non-blocking warnings in both cases.
 *
 * It never throws on a body: any JSON value (what `JSON.parse` or `Request.json()` returns),
 * however malformed, yields a verdict. The only throw is for a `design` that is not a parsed
 * {@link Design}, a mistake of the host program.
 *
 * @param body The request body, as parsed from JSON.
 * @param design The flow's design, from `parseDesign`.
 * @param options Fonts for the checks that measure text.
 * @returns The verdict.
 * @throws {TypeError} When `design` is not a parsed design.
 * @example
 * ```ts
 * const verdict = validatePostcard(JSON.parse(text), parseDesign(designJson))
 * if (!verdict.ok) console.log(verdict.status, verdict.body.message)
 * ```
 */
export function validatePostcard(
  body: unknown,
  design: Design,
  options: PostcardOptions = {}
): Verdict {
  if (!isDesign(design)) {
    throw new TypeError(
      'Unexpected `design` without `markdownAreas`, `keyedQrCodes` and `urlQrCodes`, expected a design returned by `parseDesign`'
    )
  }
  const report = createReport()
  const context = createPostcardContext(body, design, options, report)
  for (const check of postcardChecks) check.run(context)
  const keyOrders = {
    content: design.markdownAreas.map((area) => area.key),
    qr_codes: design.keyedQrCodes.map((code) => code.key),
  }
  return report.toVerdict((errors) => orderFieldErrors(errors, fieldOrder, keyOrders))
}
