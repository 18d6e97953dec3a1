/**
 * The addresses of a postcard read once: `from` and `to` resolved as the posts read them, and the
 * block each address element of the design prints, for the address rules and every output.
 *
 * @module
 */
import { recipientOverflowMm, type WideLine } from '../address/address-block.ts'
import { recognizeCountry } from '../address/recognize-country.ts'
import { resolveAddress } from '../address/resolve-address.ts'
import type { AddressBlock, PostcardAddresses, ResolvedAddress } from '../address/types.ts'
import {
  SIDE_NAMES,
  type AddressElement,
  type Design,
  type DesignElement,
  type SideName,
} from '../design/types.ts'
import type { TextLayout } from '../layout/types.ts'
import type { Face } from '../text/types.ts'
import type { AddressWork } from './address-work.ts'
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
  const recognize = new CountryMemo()
  const sender = resolveAddress(from, { from: to }, recognize.code)
  const recipient = resolveAddress(to, { from }, recognize.code)
  return new Addresses(sender, recipient, design, store)
}

/** Recognises the (usually two) country values of a card once each. */
class CountryMemo {
  readonly #values: string[] = []
  readonly #codes: (string | undefined)[] = []

  readonly code = (country: string): string | undefined => {
    const index = this.#values.indexOf(country)
    if (index >= 0) return this.#codes[index]
    const code = recognizeCountry(country)
    this.#values.push(country)
    this.#codes.push(code)
    return code
  }
}

/** The addresses of a card, with the design's blocks made on first use. */
class Addresses implements PostcardAddresses {
  readonly sender: ResolvedAddress
  readonly recipient: ResolvedAddress
  readonly #design: Design
  readonly #store: AnalysisStore
  #blocks: readonly AddressBlock[] | undefined

  constructor(
    sender: ResolvedAddress,
    recipient: ResolvedAddress,
    design: Design,
    store: AnalysisStore
  ) {
    this.sender = sender
    this.recipient = recipient
    this.#design = design
    this.#store = store
  }

  blocks(): readonly AddressBlock[] {
    this.#blocks ??= addressBlocks(this.#design, this.#store, this.sender, this.recipient)
    return this.#blocks
  }
}

function addressBlocks(
  design: Design,
  store: AnalysisStore,
  sender: ResolvedAddress,
  recipient: ResolvedAddress
): readonly AddressBlock[] {
  const blocks: AddressBlock[] = []
  let senderText: string | undefined
  let recipientLines: readonly string[] | undefined
  // Plain loops: this runs for every body, over every element of the design.
  for (const side of SIDE_NAMES) {
    const elements = design.sides[side].elements
    for (let index = 0; index < elements.length; index++) {
      const element = elements[index] as DesignElement
      if (element.type !== 'address') continue
      recipientLines ??= printedLines(recipient.lines)
      const senderLine = element.sender_line
        ? (senderText ??= clipText(sender.lines.join(', '), MAX_FIELD_LENGTH))
        : ''
      const work = store.address(element, senderLine, recipientLines)
      blocks.push(new PrintedBlock(work, side, index))
    }
  }
  return blocks
}

/** The recipient lines as printed: each line's first 2048 code points, frozen. */
function printedLines(lines: readonly string[]): readonly string[] {
  // The lines of a real address are far shorter: no copy is made for them.
  const clipped = lines.some((line) => line.length > MAX_FIELD_LENGTH)
    ? lines.map((line) => clipText(line, MAX_FIELD_LENGTH))
    : [...lines]
  return Object.freeze(clipped)
}

/**
 * The block of one address element, read from its work (a class: one object a block, its path
 * written and its geometry read on first use).
 */
class PrintedBlock implements AddressBlock {
  readonly #work: AddressWork
  readonly #side: SideName
  readonly #index: number

  constructor(work: AddressWork, side: SideName, index: number) {
    this.#work = work
    this.#side = side
    this.#index = index
  }

  get element(): AddressElement {
    return this.#work.element
  }

  get path(): string {
    return `sides.${this.#side}.elements[${this.#index}]`
  }

  get senderLine(): string {
    return this.#work.senderLine
  }

  get recipientLines(): readonly string[] {
    return this.#work.recipientLines
  }

  get recipientTop_mm(): number {
    return this.#work.geometry().recipientTop_mm
  }

  get recipientCapacity(): number {
    return this.#work.geometry().capacity
  }

  /** What the recipient layout measures as `overflow_mm`, known without laying it out. */
  get recipientOverflow_mm(): number {
    return recipientOverflowMm(this.#work.geometry(), this.#work.recipientLines.length)
  }

  senderLayout(): TextLayout | undefined {
    return this.#work.senderLayout()
  }

  recipientLayout(): TextLayout | undefined {
    return this.#work.recipientLayout()
  }

  wideRecipientLines(): readonly WideLine[] {
    return this.#work.wideLines()
  }

  face(): Face | undefined {
    return this.#work.face()
  }
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
