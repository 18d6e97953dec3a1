/**
 * The error objects of the generated ajv validators.
 *
 * @module
 */

/**
 * One error of an ajv standalone validator (ajv's `ErrorObject` without `message`: the
 * validators are generated with `messages: false` because `map-schema-errors.ts` words every
 * message the way the service does). Declared here so the core needs no type from ajv, which is
 * a build-time dependency only.
 */
export interface SchemaError {
  /** JSON Pointer of the offending value, e.g. `/to/zip` (`''` for the document). */
  readonly instancePath: string
  /** JSON Pointer of the failing keyword in the schema, e.g. `#/definitions/address/properties/zip/type`. */
  readonly schemaPath: string
  /** The failing keyword: `type` or `enum` in our schemas. */
  readonly keyword: string
  /** Keyword parameters, e.g. `{ type: 'string' }` or `{ allowedValues: [...] }`. */
  readonly params: Readonly<Record<string, unknown>>
}
