/**
 * Structural validation shared by postcards and campaigns: the generated ajv validator for JSON
 * types, plus Laravel's `required` rule, which JSON Schema cannot express.
 *
 * @module
 */
import type { FieldErrorDraft } from '../verdict/types.ts'
import { fieldMessages } from './field-messages.ts'
import { isMissing } from './is-missing.ts'
import { mapSchemaErrors } from './map-schema-errors.ts'
import { childOf, hasMembers } from './read-field.ts'
import type { SchemaError } from './schema-error.ts'

/** A generated validator (`src/schema/*.generated.js`). */
export interface SchemaValidator {
  (data: unknown): boolean
  /** Errors of the last call, `null` when it passed. */
  errors: SchemaError[] | null
}

/** A required path, split once (see {@link compileRequiredPaths}). */
export interface RequiredPath {
  readonly path: string
  /** The parent's path, `''` for a top-level field. */
  readonly parent: string
  /** The path's keys, e.g. `['to', 'zip']`. */
  readonly keys: readonly string[]
}

/**
 * Splits a list of required paths once, so a validator that checks many bodies does not split
 * them per body (callers keep the result, e.g. as a module constant of a generated list).
 *
 * @param paths Required field paths, parents before children.
 * @returns The split paths, frozen.
 */
export function compileRequiredPaths(paths: readonly string[]): readonly RequiredPath[] {
  return Object.freeze(
    paths.map((path) => {
      const dot = path.lastIndexOf('.')
      return Object.freeze({
        path,
        parent: dot === -1 ? '' : path.slice(0, dot),
        keys: Object.freeze(path.split('.')),
      })
    })
  )
}

/**
 * Checks a body's structure and returns every error at once (the validator runs with
 * `allErrors`).
 *
 * Required fields follow Laravel's `required` rule: absent, `null`, blank and empty values are
 * missing. A missing field hides its own children (`to` missing is one error, not five), and a
 * field whose parent is absent and not required, or not an object, is not required.
 *
 * @param body The request body (any JSON value).
 * @param validate The generated validator of the body's schema.
 * @param requiredPaths Required field paths, parents before children, split by
 *   {@link compileRequiredPaths} (e.g. of the validator module's `requiredPaths`).
 * @returns The field errors, required ones first; callers order them with `orderFieldErrors`.
 */
export function checkStructure(
  body: unknown,
  validate: SchemaValidator,
  requiredPaths: readonly RequiredPath[]
): FieldErrorDraft[] {
  // A list of the paths found missing only when there are any (a valid body has none).
  let missing: string[] | undefined
  const result: FieldErrorDraft[] = []
  // Siblings are listed together (`to.zip`, `to.city`): their parent is walked to once.
  let parentPath = ''
  let parentValue = body
  for (const { path, parent, keys } of requiredPaths) {
    const last = keys.length - 1
    if (parent !== parentPath) {
      parentPath = parent
      parentValue = body
      for (let index = 0; index < last; index++) {
        parentValue = childOf(parentValue, keys[index] ?? '')
      }
    }
    if (parent !== '' && (missing?.includes(parent) || !hasMembers(parentValue))) continue
    if (isMissing(childOf(parentValue, keys[last] ?? ''))) {
      ;(missing ??= []).push(path)
      result.push({ path, code: 'required', message: fieldMessages.required(path) })
    }
  }
  if (validate(body)) return result
  for (const error of mapSchemaErrors(validate.errors, body)) {
    // A required `null` fails its JSON type too; Laravel reports it as missing only.
    if (!missing?.includes(error.path)) result.push(error)
  }
  return result
}
