/**
 * Spec 2.5 rules 1-3 and the limits of spec 2.5 and 8: which keys `content` must carry, and how
 * long its values may be.
 *
 * @module
 */
import { fieldMessages } from '../schema/field-messages.ts'
import { isMissing } from '../schema/is-missing.ts'
import { childOf, fieldEntries } from '../schema/read-field.ts'
import { SPEC_LIMITS } from '../spec/limits.ts'
import { defineRule } from '../verdict/define-rule.ts'
import { countCharacters } from './count-characters.ts'
import { checkKeyedValue } from './check-keyed-value.ts'
import type { PostcardContext } from './types.ts'

const MAX_PROPERTIES = SPEC_LIMITS.contentProperties
const MAX_VALUE_LENGTH = SPEC_LIMITS.contentValueLength
const MAX_TOTAL_LENGTH = SPEC_LIMITS.contentTotalLength

/**
 * Checks `content` against the design's Markdown areas:
 *
 * - rule 1: with Markdown areas, `content` is required and every key is required (`null`, blank
 *   and empty count as missing, as for Laravel's `required`);
 * - rule 2: without, `content` must be omitted (an empty or `null` one counts as omitted);
 * - rule 3: unknown keys are rejected;
 * - at most 10 properties, each value a string of at most 8000 characters, all values together
 *   at most 20000 characters. Characters are Unicode code points (see `countCharacters`).
 *
 * Every error about a key (missing, unknown, sent when none) adds `meta.expected_content_keys`
 * (spec 7.1), so clients can rewrite their keys to exactly these.
 */
export const checkContent = defineRule<PostcardContext>({
  id: 'content-keys',
  spec: '2.5 rules 1-3, 8',
  summary:
    'content carries exactly the keys of the design, at most 10, each a string of at most 8000 characters, 20000 together.',
  run({ body, design }, report) {
    const keys = design.markdownAreas.map((area) => area.key)
    const expectKeys = () => report.meta({ expected_content_keys: keys })
    const content = childOf(body, 'content')
    // spec 2.5 rule 2
    if (keys.length === 0) {
      if (!isMissing(content)) {
        report.error('content', fieldMessages.prohibited('content'), 'prohibited')
        expectKeys()
      }
      return
    }
    // spec 2.5 rule 1
    if (isMissing(content)) {
      report.error('content', fieldMessages.required('content'), 'required')
      expectKeys()
      return
    }
    const entries = fieldEntries(content)
    if (entries === undefined) {
      report.error('content', fieldMessages.array('content'), 'array')
      expectKeys()
      return
    }
    if (entries.length > MAX_PROPERTIES) {
      report.error('content', fieldMessages.maxItems('content', MAX_PROPERTIES), 'max-items', {
        max: MAX_PROPERTIES,
      })
    }
    let total = 0
    for (const [, value] of entries) {
      if (typeof value === 'string') total += countCharacters(value, MAX_TOTAL_LENGTH - total)
      if (total > MAX_TOTAL_LENGTH) break
    }
    if (total > MAX_TOTAL_LENGTH) {
      report.error(
        'content',
        fieldMessages.maxTotalLength('content', MAX_TOTAL_LENGTH),
        'max-total-length',
        { max: MAX_TOTAL_LENGTH }
      )
    }
    for (const key of keys) {
      const value = childOf(content, key)
      if (checkKeyedValue(report, `content.${key}`, value, MAX_VALUE_LENGTH)) expectKeys()
    }
    // spec 2.5 rule 3
    const expected = new Set(keys)
    for (const [key] of entries) {
      if (expected.has(key)) continue
      const path = `content.${key}`
      report.error(path, fieldMessages.prohibited(path), 'prohibited')
      expectKeys()
    }
  },
})
