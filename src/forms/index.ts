/**
 * postcard-preflight/forms: what a form needs beyond the core. The rules of
 * `POST /api/v1/postcards` as a Standard Schema (react-hook-form, TanStack Form, vee-validate...),
 * messages for people in English, German, Dutch and French worded from the findings' codes and
 * data, and the repair of a refused body by spec 7.1's repair rules. An entry of its own, so a
 * page that only checks and previews does not load the catalogues (the core's browser bundle has
 * a budget of 120 kB gzipped).
 *
 * @module
 */

// The rules as a Standard Schema
export {
  postcardSchema,
  type PostcardSchema,
  type PostcardSchemaFailure,
  type PostcardSchemaIssue,
  type PostcardSchemaOptions,
  type PostcardSchemaProps,
  type PostcardSchemaSuccess,
  type PostcardSchemaWarning,
} from '../standard-schema/postcard-schema.ts'
export type * from '../standard-schema/standard-schema.ts'

// Messages for people in English, German, Dutch and French, from the findings' codes and data
export { createMessages, type Messages } from '../i18n/create-messages.ts'
export { LOCALES, LocaleError, type Locale } from '../i18n/locale.ts'
export type { Formatter } from '../i18n/formatter.ts'

// Repairing a refused body by spec 7.1's repair rules, every change listed
export { repairPostcard } from '../repair/repair-postcard.ts'
export type {
  RepairChange,
  RepairOptions,
  RepairProblem,
  RepairProblemCode,
  RepairResult,
  RepairRule,
} from '../repair/types.ts'
