/**
 * The one place where ajv's errors become the service's field errors.
 *
 * @module
 */
import type { FieldErrorDraft } from '../verdict/types.ts'
import { fieldMessages } from './field-messages.ts'
import { readField } from './read-field.ts'
import type { SchemaError } from './schema-error.ts'

/**
 * Turns a JSON Pointer (`/to/zip`, `/content/a~1b`) into a field path (`to.zip`, `content.a/b`).
 *
 * @param pointer An RFC 6901 JSON Pointer; `''` is the document.
 * @returns The dot-separated field path; `''` for the document.
 */
export function pointerToPath(pointer: string): string {
  if (pointer === '') return ''
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'))
    .join('.')
}

/** The JSON type a `type` error expected: the first one named that is not `null`. */
function expectedType(params: SchemaError['params']): string {
  const types: unknown[] = Array.isArray(params['type']) ? params['type'] : [params['type']]
  const type = types.find((name) => name !== 'null')
  return typeof type === 'string' ? type : ''
}

/**
 * One field error for a type error, or `undefined` when the service would not complain.
 *
 * @param path The field path.
 * @param expected The JSON type the schema names.
 * @param value The value at the path.
 * @returns The field error, or `undefined`.
 */
function typeError(path: string, expected: string, value: unknown): FieldErrorDraft | undefined {
  switch (expected) {
    case 'string':
      return { path, code: 'string', message: fieldMessages.string(path) }
    case 'object':
      // PHP decodes a JSON list to an array too, so a list passes Laravel's `array` rule and is
      // read as an object keyed `0`, `1`, … (read-field.ts); the required rules judge it.
      if (Array.isArray(value)) return undefined
      return { path, code: 'array', message: fieldMessages.array(path) }
    case 'array':
      return { path, code: 'array', message: fieldMessages.array(path) }
    case 'boolean':
      return { path, code: 'boolean', message: fieldMessages.boolean(path) }
    default:
      return { path, code: 'invalid', message: fieldMessages.invalid(path) }
  }
}

/**
 * Maps the errors of a generated validator to field errors worded as the service words them.
 *
 * - At most one error per field: a value of the wrong type also fails its `enum`, and Laravel
 *   would report the type (`The processingType field must be a string.`).
 * - The document itself is never a field: a body that is not an object makes every required
 *   field missing, which the required rules report.
 * - A list where an object is expected is accepted, as PHP accepts it.
 *
 * @param errors The validator's `errors` (`null` when it passed).
 * @param body The validated body, to read offending values.
 * @returns Field errors in the validator's order (schema order).
 */
export function mapSchemaErrors(
  errors: readonly SchemaError[] | null,
  body: unknown
): FieldErrorDraft[] {
  const result: FieldErrorDraft[] = []
  const seen = new Set<string>()
  for (const error of errors ?? []) {
    const path = pointerToPath(error.instancePath)
    if (path === '' || seen.has(path)) continue
    let mapped: FieldErrorDraft | undefined
    if (error.keyword === 'type') {
      mapped = typeError(path, expectedType(error.params), readField(body, path))
    } else if (error.keyword === 'enum') {
      mapped = { path, code: 'in', message: fieldMessages.in(path) }
    } else {
      mapped = { path, code: 'invalid', message: fieldMessages.invalid(path) }
    }
    if (mapped) {
      seen.add(path)
      result.push(mapped)
    }
  }
  return result
}
