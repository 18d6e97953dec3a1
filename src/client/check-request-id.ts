/**
 * The check of the ids callers bring for their sends (a send without one gets the sandbox's
 * `randomUuid`: `crypto.randomUUID`, else `crypto.getRandomValues`, which browsers also give to
 * pages that are not secure contexts).
 *
 * @module
 */
import { ClientOptionsError } from './client-options-error.ts'

/**
 * Checks an id for the `X-Request-Id` or `Idempotency-Key` header: a non-empty string (spec 4.1)
 * of visible ASCII and spaces, at most 255 characters (Stripe's and the IETF draft's bound), so
 * that every runtime sends it unchanged and no header can be injected.
 *
 * @param id The id.
 * @param name The option's name, for the message.
 * @returns The id.
 * @throws {ClientOptionsError} For any other value.
 */
export function checkRequestId(id: unknown, name: string): string {
  if (typeof id !== 'string' || !/^[\x21-\x7e](?:[\x20-\x7e]{0,253}[\x21-\x7e])?$/.test(id)) {
    throw new ClientOptionsError(
      `Unexpected \`${String(id).slice(0, 300)}\` for \`${name}\`, expected 1 to 255 visible ASCII characters`
    )
  }
  return id
}
