/**
 * Bearer-token authentication (spec 5): `Authorization: Bearer <svc>_test_...` or
 * `<svc>_live_...`, looked up among the configured tokens in constant time.
 *
 * @module
 */
import { HttpError } from './http-error.ts'
import type { TokenMode } from './store.ts'

/** Who sent a request: the account and mode of its token. */
export interface Principal {
  readonly accountId: string
  readonly mode: TokenMode
  /** Position of the token in the configuration: names its rate-limit counters. */
  readonly tokenIndex: number
}

/** A configured token with the account it belongs to. */
export interface TokenGrant {
  readonly token: string
  readonly accountId: string
  readonly mode: TokenMode
}

/** Laravel's text for a missing or unknown token (spec 5 rule 4: 401 with a `message`). */
export const unauthenticatedMessage = 'Unauthenticated.'

/** Longer presented tokens are refused without comparing (configured ones are far shorter). */
const maxTokenLength = 512

const encoder = new TextEncoder()
const bearer = /^Bearer +(\S+) *$/i

/**
 * Compares two byte strings in time that depends on their lengths only, never on where they
 * first differ, so response times reveal nothing of a configured token.
 *
 * @param a Bytes.
 * @param b Bytes.
 * @returns Whether they are equal.
 */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  const length = Math.max(a.length, b.length)
  let difference = a.length ^ b.length
  for (let index = 0; index < length; index++) {
    difference |= (a[index] ?? 0) ^ (b[index] ?? 0)
  }
  return difference === 0
}

/**
 * Builds the authenticator of a set of tokens.
 *
 * @param grants The configured tokens (checked by the handler's options).
 * @returns A function from the `Authorization` header to the principal; it throws a 401
 *   {@link HttpError} for a missing, malformed or unknown token.
 */
export function createAuthenticator(
  grants: readonly TokenGrant[]
): (authorization: string | null) => Principal {
  const known = grants.map((grant) => encoder.encode(grant.token))
  return (authorization) => {
    const presented = authorization === null ? undefined : bearer.exec(authorization)?.[1]
    if (presented === undefined || presented.length > maxTokenLength) {
      throw new HttpError(401, unauthenticatedMessage)
    }
    const bytes = encoder.encode(presented)
    let match = -1
    // Every token is compared, the match or not, so the time does not tell which one matched.
    for (let index = 0; index < known.length; index++) {
      if (constantTimeEqual(bytes, known[index] ?? new Uint8Array(0))) match = index
    }
    const grant = grants[match]
    if (!grant) throw new HttpError(401, unauthenticatedMessage)
    return { accountId: grant.accountId, mode: grant.mode, tokenIndex: match }
  }
}
