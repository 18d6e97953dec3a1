/**
 * Spec 2.5: only paragraphs, line breaks, bold, italic, bullet and numbered lists.
 *
 * @module
 */
import { ALLOWED_MARKDOWN } from '../markdown/allowed-markdown.ts'
import { judgeSyntax } from './judge-content.ts'
import type { PostcardCheck } from './types.ts'

/**
 * Puts every unsupported construct of a `content` value under `content.<key>`, naming it and its
 * line:column, and sets `meta.allowed_markdown` (spec 7.1) whenever syntax is rejected. Values
 * already rejected (e.g. over-long) are not parsed.
 */
export const checkMarkdownSyntax: PostcardCheck = {
  id: 'markdown-syntax',
  run({ report, contentEntries }) {
    let rejected = false
    for (const entry of contentEntries) {
      const path = `content.${entry.key}`
      if (report.hasError(path)) continue
      for (const violation of judgeSyntax(entry.value).violations) {
        report.error(path, violation.message, 'markdown')
        rejected = true
      }
    }
    if (rejected) report.meta({ allowed_markdown: ALLOWED_MARKDOWN })
  },
}
