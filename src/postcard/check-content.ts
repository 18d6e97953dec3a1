/**
 * Spec 2.5 rules 1-3 and the limits of spec 2.5 and 8: which keys `content` must carry, and how
 * long its values may be.
 *
 * @module
 */
import { fieldMessages } from '../schema/field-messages.ts'
import { childOf } from '../schema/read-field.ts'
import { SPEC_LIMITS } from '../spec/limits.ts'
import { countCodePoints } from '../text/code-points.ts'
import { defineRule } from '../verdict/define-rule.ts'
import { checkKeyedValues, readKeyedMap, reportUnknownKeys } from './check-keyed-value.ts'
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
 *   at most 20000 characters. Characters are Unicode code points (see `countCodePoints`).
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
    // spec 2.5 rules 1 and 2
    const entries = readKeyedMap(report, 'content', content, keys, expectKeys, () => ({
      message: fieldMessages.prohibited('content'),
      code: 'prohibited',
    }))
    if (entries === undefined) return
    if (entries.length > MAX_PROPERTIES) {
      report.error('content', fieldMessages.maxItems('content', MAX_PROPERTIES), 'max-items', {
        max: MAX_PROPERTIES,
      })
    }
    let total = 0
    for (const [, value] of entries) {
      if (typeof value === 'string') total += countCodePoints(value, MAX_TOTAL_LENGTH - total)
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
    checkKeyedValues(report, 'content', content, keys, MAX_VALUE_LENGTH, expectKeys)
    // spec 2.5 rule 3
    reportUnknownKeys(report, 'content', entries, keys, expectKeys)
  },
})
