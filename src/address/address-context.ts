/**
 * What an address rule sees: the postcard's addresses resolved once, and the fonts. The postcard
 * rule context extends it, so the address rules sit in the one rule registry
 * (`src/postcard/rules.ts`) like every other rule.
 *
 * @module
 */
import type { FontRegistry } from '../text/types.ts'
import type { PostcardAddresses } from './types.ts'

/** Which address of a postcard (spec 2.3). */
export type AddressSide = 'from' | 'to'

/** The part of the postcard rule context the address rules read. */
export interface AddressContext {
  /** `from` and `to` resolved once, and the design's address blocks. */
  readonly addresses: PostcardAddresses
  /** The fonts, for the rules that measure the block; without them those are skipped. */
  readonly fonts: FontRegistry | undefined
}
