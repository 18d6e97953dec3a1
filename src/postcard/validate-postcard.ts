/**
 * `validatePostcard`: judges a postcard submission exactly as `POST /api/v1/postcards` would.
 *
 * @module
 */
import { assertDesign, resolveEnvironment } from '../analysis/analysis-environment.ts'
import { createTransientStore } from '../analysis/analysis-store.ts'
import { judgePostcard } from '../analysis/analyze-postcard.ts'
import type { AnalyzeOptions } from '../analysis/types.ts'
import type { Design } from '../design/types.ts'
import type { Verdict } from '../verdict/types.ts'

/**
 * Judges a postcard submission (spec 2.3) against the flow's design, exactly as the service
 * would: the verdict is either ok or the service's 422 body (spec 7.1) with every error at once,
 * plus non-blocking warnings in both cases. It is the verdict of `analyzePostcard` for the same
 * arguments (the same rules on the same reading), computing only what the verdict needs; a form
 * or a server that judges many bodies of one design keeps a `createPreflight` instance instead.
 *
 * It never throws on a body: any JSON value (what `JSON.parse` or `Request.json()` returns),
 * however malformed, yields a verdict. The only throws are for a `design` that is not a parsed
 * {@link Design} and for options that break the contract, mistakes of the host program.
 *
 * @param body The request body, as parsed from JSON.
 * @param design The flow's design, from `parseDesign`.
 * @param options Fonts for the rules that measure text (without them the fit and glyph rules are
 *   skipped), the pinned emoji version, the renderer profile.
 * @returns The verdict.
 * @throws {TypeError} When `design` is not a parsed design.
 * @throws {PreflightOptionsError} When the options break the contract.
 * @throws {EmojiVersionError} When `options.emojiVersion` is not a pinnable version.
 * @example
 * ```ts
 * const verdict = validatePostcard(JSON.parse(text), parseDesign(designJson))
 * if (!verdict.ok) console.log(verdict.status, verdict.body.message)
 * ```
 */
export function validatePostcard(
  body: unknown,
  design: Design,
  options: AnalyzeOptions = {}
): Verdict {
  assertDesign(design)
  const store = createTransientStore(resolveEnvironment(options))
  return judgePostcard(body, design, store).verdict
}
