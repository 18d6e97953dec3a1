/**
 * The contract of an address rule: a small check with a stable code that judges one resolved
 * address and reports warnings (the spec leaves address formats open, so never an error).
 *
 * @module
 */
import type { Warning } from '../verdict/types.ts'
import type { ResolvedAddress } from './types.ts'

/** Which address of a postcard (spec 2.3). */
export type AddressSide = 'from' | 'to'

/** One rule on an address. */
export interface AddressRule {
  /** Stable id, e.g. `postal-code`. */
  readonly id: string
  /**
   * Judges an address.
   *
   * @param address The address, resolved once.
   * @param side Whether it is the sender's or the recipient's.
   * @param warn Where the rule reports.
   */
  run(address: ResolvedAddress, side: AddressSide, warn: (warning: Warning) => void): void
}
