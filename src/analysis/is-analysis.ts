/**
 * Telling an analysis from a body: the drawers (`renderPreview`, `renderProof`) take either.
 *
 * @module
 */
import { isDesign } from './analysis-environment.ts'
import type { PostcardAnalysis } from './types.ts'

/**
 * Whether a value is an analysis (its brand and shape), not a body.
 *
 * @param value Anything.
 * @returns `true` for what `analyzePostcard` returns.
 */
export function isAnalysis(value: unknown): value is PostcardAnalysis {
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as Partial<Record<keyof PostcardAnalysis, unknown>>
  return (
    candidate.kind === 'postcard-analysis' &&
    isDesign(candidate.design) &&
    typeof candidate.sides === 'object' &&
    candidate.sides !== null &&
    typeof candidate.verdict === 'object' &&
    typeof candidate.options === 'object'
  )
}
