/**
 * The Standard Schema v1 interface (`~standard`, standardschema.dev), as types only: what
 * react-hook-form's `standardSchemaResolver`, TanStack Form, vee-validate and the users of Zod,
 * Valibot and ArkType speak. Like Zod and Valibot, the library declares the interface itself
 * instead of depending on `@standard-schema/spec` (the spec invites implementers to do so and
 * promises no change without a new major version); a type test holds it assignable to the
 * package's `StandardSchemaV1`.
 *
 * @module
 */

/** A schema in the Standard Schema v1 sense: everything lives under `~standard`. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': StandardSchemaProps<Input, Output>
}

/** The `~standard` member. */
export interface StandardSchemaProps<Input = unknown, Output = Input> {
  /** The version of the standard: 1. */
  readonly version: 1
  /** Who implements the schema. */
  readonly vendor: string
  /**
   * Checks any value. Synchronous schemas return the result itself, never a promise.
   *
   * @param value Any value.
   * @param options Vendor-specific options (none here).
   */
  readonly validate: (
    value: unknown,
    options?: StandardSchemaOptions | undefined
  ) => StandardSchemaResult<Output> | Promise<StandardSchemaResult<Output>>
  /** Types for inference only; absent at run time. */
  readonly types?: StandardSchemaTypes<Input, Output> | undefined
}

/** Options of `validate`. */
export interface StandardSchemaOptions {
  readonly libraryOptions?: Record<string, unknown> | undefined
}

/** The input and output types of a schema (inference only). */
export interface StandardSchemaTypes<Input = unknown, Output = Input> {
  readonly input: Input
  readonly output: Output
}

/** A value that passed: the output, and no `issues`. */
export interface StandardSchemaSuccess<Output> {
  readonly value: Output
  readonly issues?: undefined
}

/** A value that did not pass: at least one issue. */
export interface StandardSchemaFailure {
  readonly issues: readonly StandardSchemaIssue[]
}

/** What `validate` returns. */
export type StandardSchemaResult<Output> = StandardSchemaSuccess<Output> | StandardSchemaFailure

/** One problem of a value: a message and where it is. */
export interface StandardSchemaIssue {
  readonly message: string
  /** Keys from the value's root to the member, e.g. `['to', 'zip']`. */
  readonly path?: readonly (PropertyKey | StandardSchemaPathSegment)[] | undefined
}

/** A key of a path as an object. */
export interface StandardSchemaPathSegment {
  readonly key: PropertyKey
}
