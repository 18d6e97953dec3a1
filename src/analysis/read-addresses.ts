/**
 * The addresses of a postcard read once: `from` and `to` resolved as the posts read them, and the
 * block each address element of the design prints, for the address rules and every output.
 *
 * @module
 */
import { recipientOverflowMm } from '../address/address-block.ts'
import { recognizeCountry } from '../address/recognize-country.ts'
import { resolveAddress } from '../address/resolve-address.ts'
import type { AddressBlock, PostcardAddresses } from '../address/types.ts'
import { SIDE_NAMES, type Design, type DesignElement } from '../design/types.ts'
import type { AnalysisStore } from './analysis-store.ts'
import { clipText, MAX_FIELD_LENGTH } from './read-body.ts'
import type { AddressAnalysis } from './types.ts'

/**
 * Resolves the sender and the recipient once (spec 2.3: `to` against the sender's country, so
 * domestic mail has no country line; `from` against the recipient's, as a return address in
 * the language of the post that would return it) and makes each address element's block on
 * first use: its printed lines, laid out once with the store's fonts and renderer profile.
 *
 * The rules judge the whole values; a printed line keeps its first 2048 code points, as every
 * output keeps of an address field.
 *
 * @param from The body's `from` as read once (anything).
 * @param to The body's `to` as read once (anything).
 * @param design The design.
 * @param store Where the layouts come from (fresh, or a `Preflight`'s cache).
 * @returns The addresses.
 */
export function readAddresses(
  from: unknown,
  to: unknown,
  design: Design,
  store: AnalysisStore
): PostcardAddresses {
  // Each address's country is recognised once, as a destination and as the other's origin.
  const values: string[] = []
  const codes: (string | undefined)[] = []
  const recognize = (country: string): string | undefined => {
    const index = values.indexOf(country)
    if (index >= 0) return codes[index]
    const code = recognizeCountry(country)
    values.push(country)
    codes.push(code)
    return code
  }
  const sender = resolveAddress(from, { from: to }, recognize)
  const recipient = resolveAddress(to, { from }, recognize)
  let blocks: readonly AddressBlock[] | undefined
  return Object.freeze({
    sender,
    recipient,
    blocks(): readonly AddressBlock[] {
      blocks ??= addressBlocks(
        design,
        store,
        clipText(sender.lines.join(', '), MAX_FIELD_LENGTH),
        recipient.lines
      )
      return blocks
    },
  })
}

function addressBlocks(
  design: Design,
  store: AnalysisStore,
  senderText: string,
  lines: readonly string[]
): readonly AddressBlock[] {
  const blocks: AddressBlock[] = []
  const recipientLines = Object.freeze(lines.map((line) => clipText(line, MAX_FIELD_LENGTH)))
  // Plain loops: this runs for every body, over every element of the design.
  for (const side of SIDE_NAMES) {
    const elements = design.sides[side].elements
    for (let index = 0; index < elements.length; index++) {
      const element = elements[index] as DesignElement
      if (element.type !== 'address') continue
      const senderLine = element.sender_line ? senderText : ''
      const work = store.address(element, senderLine, recipientLines)
      const geometry = work.geometry()
      blocks.push(
        Object.freeze({
          element,
          path: `sides.${side}.elements[${index}]`,
          senderLine,
          recipientLines,
          recipientTop_mm: geometry.recipientTop_mm,
          recipientCapacity: geometry.capacity,
          // What the recipient layout measures as `overflow_mm`, known without laying it out.
          recipientOverflow_mm: recipientOverflowMm(geometry, recipientLines.length),
          senderLayout: () => work.senderLayout(),
          recipientLayout: () => work.recipientLayout(),
          wideRecipientLines: () => work.wideLines(),
          face: () => work.face(),
        })
      )
    }
  }
  return Object.freeze(blocks)
}

/**
 * The analysis of an address block: its lines and both layouts, made now (or taken from the
 * rules, which made the recipient layout first), as plain frozen data.
 *
 * @param block The block of {@link readAddresses}.
 * @returns The address analysis.
 */
export function analyzeAddressBlock(block: AddressBlock): AddressAnalysis {
  return Object.freeze({
    type: 'address',
    element: block.element,
    path: block.path,
    senderLine: block.senderLine,
    recipientLines: block.recipientLines,
    senderLayout: block.senderLayout(),
    recipientLayout: block.recipientLayout(),
    recipientTop_mm: block.recipientTop_mm,
    recipientCapacity: block.recipientCapacity,
    recipientOverflow_mm: block.recipientOverflow_mm,
  })
}
