/**
 * Structural validation shared by postcards and campaigns: the generated ajv validator for JSON
 * types, plus Laravel's `required` rule, which JSON Schema cannot express.
 *
 * @module
 */
import type { FieldError } from '../verdict/types.ts'
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

/** A required path, split once. */
interface RequiredPath {
  readonly path: string
  /** The parent's path, `''` for a top-level field. */
  readonly parent: string
  /** The path's keys, e.g. `['to', 'zip']`. */
  readonly keys: readonly string[]
}

/** Split paths per list of paths: validators pass the same list on every call. */
const compiled = new WeakMap<readonly string[], readonly RequiredPath[]>()

/** Splits a list of required paths once. */
function compile(paths: readonly string[]): readonly RequiredPath[] {
  let result = compiled.get(paths)
  if (result === undefined) {
    result = paths.map((path) => {
      const dot = path.lastIndexOf('.')
      return { path, parent: dot === -1 ? '' : path.slice(0, dot), keys: path.split('.') }
    })
    compiled.set(paths, result)
  }
  return result
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
 * @param requiredPaths Required field paths, parents before children (e.g. the validator
 *   module's `requiredPaths`).
 * @returns The field errors, required ones first; callers order them with `orderFieldErrors`.
 */
export function checkStructure(
  body: unknown,
  validate: SchemaValidator,
  requiredPaths: readonly string[]
): FieldError[] {
  const missing = new Set<string>()
  const result: FieldError[] = []
  for (const { path, parent, keys } of compile(requiredPaths)) {
    let parentValue = body
    for (let index = 0; index < keys.length - 1; index++) {
      parentValue = childOf(parentValue, keys[index] ?? '')
    }
    if (parent !== '' && (missing.has(parent) || !hasMembers(parentValue))) continue
    if (isMissing(childOf(parentValue, keys.at(-1) ?? ''))) {
      missing.add(path)
      result.push({ path, code: 'required', message: fieldMessages.required(path) })
    }
  }
  validate(body)
  for (const error of mapSchemaErrors(validate.errors, body)) {
    // A required `null` fails its JSON type too; Laravel reports it as missing only.
    if (!missing.has(error.path)) result.push(error)
  }
  return result
}
