/**
 * Spec 2.5: only paragraphs, line breaks, bold, italic, bullet and numbered lists.
 *
 * @module
 */
import { ALLOWED_MARKDOWN } from '../markdown/allowed-markdown.ts'
import { defineRule } from '../verdict/define-rule.ts'
import type { PostcardContext } from './types.ts'

/**
 * Puts every unsupported construct of a `content` value under `content.<key>`, naming it and its
 * line:column, and sets `meta.allowed_markdown` (spec 7.1) whenever syntax is rejected. Values
 * already rejected (e.g. over-long) are not parsed. The reading is the value's one parse, which
 * the layout uses too.
 */
export const checkMarkdownSyntax = defineRule<PostcardContext>({
  id: 'markdown-syntax',
  spec: '2.5 (supported and unsupported syntax), 7.1',
  summary:
    'content values use only paragraphs, line breaks, bold, italic, bullet and numbered lists.',
  run({ contentEntries }, report) {
    let rejected = false
    for (const entry of contentEntries) {
      const path = `content.${entry.key}`
      if (report.hasError(path)) continue
      for (const violation of entry.work.reading().syntax.violations) {
        const { code, construct, line, column, placeholder } = violation
        report.error(path, violation.message, 'markdown', {
          violation: code,
          construct,
          line,
          column,
          ...(placeholder === undefined ? {} : { placeholder }),
        })
        rejected = true
      }
    }
    if (rejected) report.meta({ allowed_markdown: ALLOWED_MARKDOWN })
  },
})
