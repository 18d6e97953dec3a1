/**
 * Warnings on the addresses of a postcard: the one place where the address rules meet the
 * body and the design.
 *
 * @module
 */
import { addressRules } from '../address/address-rules.ts'
import { checkAddressBlock } from '../address/check-address-block.ts'
import { resolveAddress } from '../address/resolve-address.ts'
import { childOf } from '../schema/read-field.ts'
import type { Warning } from '../verdict/types.ts'
import type { PostcardCheck } from './types.ts'

/**
 * Resolves `from` and `to` once (spec 2.3: the recipient against the sender's country, the
 * sender against the recipient's, as a return address), runs every address rule on both
 * (postal code, country, required parts), then judges the recipient block in each address
 * element of the design (lines, widths, font size). Warnings only: the spec leaves address
 * formats open.
 */
export const checkAddresses: PostcardCheck = {
  id: 'addresses',
  run({ body, design, options, report }) {
    const from = childOf(body, 'from')
    const to = childOf(body, 'to')
    const warn = (warning: Warning): void => report.warn(warning)
    const sender = resolveAddress(from, { from: to })
    const recipient = resolveAddress(to, { from })
    for (const rule of addressRules) rule.run(sender, 'from', warn)
    for (const rule of addressRules) rule.run(recipient, 'to', warn)
    for (const side of ['front', 'back'] as const) {
      design.sides[side].elements.forEach((element, i) => {
        if (element.type !== 'address') return
        const warnings = checkAddressBlock({
          element,
          path: `sides.${side}.elements[${i}]`,
          lines: recipient.lines,
          senderPrinted: element.sender_line && sender.lines.length > 0,
          fonts: options.fonts,
        })
        for (const warning of warnings) warn(warning)
      })
    }
  },
}
