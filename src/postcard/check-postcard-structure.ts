/**
 * Spec 2.3: the fields of a postcard submission, their JSON types and formats.
 *
 * @module
 */
import { checkStructure, compileRequiredPaths } from '../schema/check-structure.ts'
import { fieldMessages } from '../schema/field-messages.ts'
import { isMissing } from '../schema/is-missing.ts'
import { isUuid } from '../schema/is-uuid.ts'
import { requiredPaths, validate } from '../schema/postcard.generated.js'
import { childOf } from '../schema/read-field.ts'
import { defineRule } from '../verdict/define-rule.ts'
import type { PostcardContext } from './types.ts'

/** The required paths of spec 2.3, split once. */
const REQUIRED = compileRequiredPaths(requiredPaths)

/** Objects whose keys depend on the design: `checkContent` and `checkQrCodes` judge them whole. */
const KEYED_OBJECTS = ['content', 'qr_codes']

/** Whether a path is one of {@link KEYED_OBJECTS} or below one. */
function isKeyed(path: string): boolean {
  return KEYED_OBJECTS.some((name) => path === name || path.startsWith(`${name}.`))
}

/**
 * Checks `flow_id`, `from` and `to` (spec 2.3, 4.1): required fields with Laravel's `required`
 * semantics, JSON types through the generated schema validator, and `flow_id` as a UUID.
 * Unknown fields are ignored, as the service ignores them (`checkUnknownFields` warns).
 */
export const checkPostcardStructure = defineRule<PostcardContext>({
  id: 'postcard-structure',
  spec: '2.3, 4.1',
  summary:
    'flow_id (a UUID), from and to (address objects) are present, with the JSON types of spec 2.3.',
  run({ body }, report) {
    const errors = checkStructure(body, validate, REQUIRED)
    // A valid body has none: no list is made for it.
    if (errors.length > 0) report.errorsFrom(errors.filter((error) => !isKeyed(error.path)))
    // spec 2.3: flow_id is a string of format uuid.
    const flowId = childOf(body, 'flow_id')
    if (typeof flowId === 'string' && !isMissing(flowId) && !isUuid(flowId)) {
      report.error('flow_id', fieldMessages.uuid('flow_id'), 'uuid')
    }
  },
})
