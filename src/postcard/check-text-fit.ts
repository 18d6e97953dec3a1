/**
 * Spec 2.5 rule 4: text is fit-checked against its designed area before the entry is accepted.
 *
 * @module
 */
import { MAX_EMPHASIS_WORK } from '../markdown/parse-for-layout.ts'
import { defineRule } from '../verdict/define-rule.ts'
import type { MarkdownFitError } from '../verdict/types.ts'
import type { PostcardContext } from './types.ts'

/** `52.3` → `52.3 mm`, keeping the two decimals the fit error carries. */
function mm(value: number): string {
  return `${value} mm`
}

/**
 * The `content.<key>` message of a text that does not fit: how tall it is, what the area
 * takes, and the exact action of its `markdown_fit_errors` item.
 */
export function fitMessage(error: MarkdownFitError): string {
  return `Unexpected text height of ${mm(error.measured_height_mm)} in the area \`${error.label}\`, expected at most ${mm(error.available_height_mm)}. ${error.suggested_action}`
}

/**
 * Measures the layout of every `content` value that passed the key, length and syntax rules in
 * its area's font (needs `fonts`; skipped without) and reports the ones taller than their area: a
 * message under `content.<key>` and one `meta.markdown_fit_errors` item each (spec 7.1). The
 * layout is the one the preview draws.
 */
export const checkTextFit = defineRule<PostcardContext>({
  id: 'text-fit',
  spec: '2.5 rule 4, 7.1',
  summary: "Each content value fits its area in the design's font, size and line height.",
  run({ fonts, contentEntries }, report) {
    if (!fonts) return
    const fitErrors: MarkdownFitError[] = []
    for (const entry of contentEntries) {
      const path = `content.${entry.key}`
      if (report.hasError(path)) continue
      if (!entry.work.measurable) continue
      const syntax = entry.work.reading().syntax
      if (!syntax.emphasisResolved) {
        report.warn({
          code: 'emphasis-not-resolved',
          path,
          message: `Unexpected ${syntax.emphasisRuns} bold or italic markers in ${path}, expected far fewer: the fit is measured with \`*\` and \`_\` as plain characters.`,
          data: { runs: syntax.emphasisRuns, work_limit: MAX_EMPHASIS_WORK },
        })
      }
      const error = entry.work.fitError()
      const suggestion = entry.work.fitSuggestion()
      if (!error || !suggestion) continue
      report.error(path, fitMessage(error), 'fit', {
        label: error.label,
        measured_height_mm: error.measured_height_mm,
        available_height_mm: error.available_height_mm,
        overflow_mm: error.overflow_mm,
        ...suggestion,
      })
      fitErrors.push(error)
    }
    if (fitErrors.length > 0) report.meta({ markdown_fit_errors: fitErrors })
  },
})
