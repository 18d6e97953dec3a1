/**
 * The error of a misused client: options that cannot work. Never the service's answer.
 *
 * @module
 */

/**
 * Thrown by `createClient` and by a send for options that cannot work (a base URL that is not
 * HTTP, an empty token, `resend` without `requestId`...): a mistake in the calling code, so
 * nothing is sent.
 */
export class ClientOptionsError extends Error {
  override readonly name: string = 'ClientOptionsError'
}
