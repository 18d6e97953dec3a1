/**
 * postcard-preflight/client: a typed client of the Direct-Mail API v1 on `fetch` alone (browsers,
 * Node, Deno, Bun, Workers), with safe retries: one id per send, reused by every retry. It does
 * not import the core; a local pre-flight is passed in (`preflight`).
 *
 * @module
 */
export { createClient } from './create-client.ts'
export {
  ApiError,
  RequestIdReusedError,
  UnprocessableError,
  type ApiErrorOptions,
} from './api-error.ts'
export { SendError, type SendErrorOptions, type SendErrorReason } from './send-error.ts'
export { ClientOptionsError } from './client-options-error.ts'
export { DEFAULT_RETRY } from './retry-policy.ts'
export type * from './types.ts'
export type * from '../api/types.ts'
export type {
  InvalidVerdict,
  MarkdownFeature,
  MarkdownFitError,
  QrFitError,
  UnprocessableBody,
  UnprocessableMeta,
  ValidVerdict,
  Verdict,
  Warning,
} from '../verdict/types.ts'
