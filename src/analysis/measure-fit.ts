/**
 * `measureFit`: live fit feedback for one text in one Markdown area, from its one layout.
 *
 * @module
 */
import type { MarkdownElement } from '../design/types.ts'
import type { FitMeasurement } from '../layout/measure-fit.ts'
import type { LayoutOptions } from '../layout/renderer-profile.ts'
import type { FontRegistry } from '../text/types.ts'
import { PreflightOptionsError } from './analysis-environment.ts'
import { AreaWork } from './area-work.ts'

/**
 * Measures a text in its area without building an error: for live feedback such as "3.2 mm
 * left" or "2 lines over" in a form. The text is read and laid out exactly as an analysis does it
 * (the same layout the preview draws). A form that keeps a `createPreflight` instance calls its
 * `measureFit(key, text)` instead, which reuses the work of unchanged texts. Never throws on the
 * text.
 *
 * @param text The Markdown text.
 * @param area The Markdown area of the design.
 * @param fonts The font registry.
 * @param options The renderer profile (default `chromium`): use the profile of the verdict.
 * @returns The measurement (mm rounded to 0.01).
 * @throws {FontError} When the area's family is not in the registry.
 * @example
 * ```ts
 * const { fits, remaining_mm } = measureFit(text, design.markdownAreas[0], fonts)
 * ```
 */
export function measureFit(
  text: string,
  area: MarkdownElement,
  fonts: FontRegistry,
  options: LayoutOptions = {}
): FitMeasurement {
  const fit = new AreaWork(area, text, {
    fonts,
    emojiVersion: undefined,
    profile: options.profile ?? 'chromium',
  }).fit()
  if (fit) return fit
  // Without the family nothing is laid out: the registry throws the FontError that says so.
  fonts.face(area.font_family)
  throw new PreflightOptionsError(`Unexpected area \`${area.key}\` that cannot be laid out`)
}
