/**
 * The ordered rules on an address: one home where an address rule is plugged in.
 *
 * @module
 */
import type { AddressRule } from './address-rule.ts'
import { checkCountry } from './check-country.ts'
import { checkPostalCode } from './check-postal-code.ts'
import { checkRequiredParts } from './check-required-parts.ts'

/** Every address rule, in the order their warnings are reported. */
export const addressRules: readonly AddressRule[] = Object.freeze([
  checkCountry,
  checkPostalCode,
  checkRequiredParts,
])
