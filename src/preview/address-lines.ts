/**
 * The text of an `address` element: the recipient block from `to` and the one-line sender from
 * `from` (spec 2.3 address object), as `formatAddress` lays them out for the posts. The seam
 * between the preview and the address module (the analysis will carry these lines).
 *
 * @module
 */
import { addressLayoutText } from '../address/address-block.ts'
import { resolveAddress } from '../address/resolve-address.ts'

/**
 * The recipient block as the destination's post reads it (`formatAddress` with the sender as
 * the origin), one line per `\n`, runs of spaces kept for the layout engine. Missing or
 * mistyped fields are left out, so a bad body still shows what it has.
 *
 * @param to The body's `to` value (anything).
 * @param from The body's `from` value: where the card is posted from (anything).
 * @returns The text to lay out, or `''` when there is nothing to print.
 */
export function recipientText(to: unknown, from: unknown): string {
  return addressLayoutText(resolveAddress(to, { from }).lines)
}

/**
 * The sender line printed above the recipient: the sender's address as a return address, its
 * lines joined by `, ` (its country on international mail, in the destination's language, as
 * Deutsche Post asks: `GERMANIA` on a card to Italy).
 *
 * @param from The body's `from` value (anything).
 * @param to The body's `to` value: where a returned card comes from (anything).
 * @returns The line, or `''` when there is nothing to print.
 */
export function senderLine(from: unknown, to: unknown): string {
  return addressLayoutText([resolveAddress(from, { from: to }).lines.join(', ')])
}
