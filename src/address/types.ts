/**
 * Types of postal addresses: the address object of spec 2.3 as read, the options of
 * `formatAddress`, and an address resolved against its country's postal conventions.
 *
 * @module
 */
import type { AddressElement } from '../design/types.ts'
import type { TextLayout } from '../layout/types.ts'
import type { Face } from '../text/types.ts'
import type { WideLine } from './address-block.ts'

/**
 * An address object (spec 2.3, the same shape for `from` and `to`). Every field is optional
 * here: `formatAddress` prints what it has, and the verdict reports what is missing.
 */
export interface AddressObject {
  readonly company?: string | null | undefined
  readonly first_name?: string | null | undefined
  readonly last_name?: string | null | undefined
  readonly address_line1?: string | null | undefined
  readonly address_line2?: string | null | undefined
  readonly zip?: string | null | undefined
  readonly city?: string | null | undefined
  /** An ISO 3166-1 code (`DE`, `DEU`) or the country's name in English, German, Dutch or French. */
  readonly country?: string | null | undefined
}

/** The string fields of an address as read once: trimmed, one line each, `''` when absent. */
export interface AddressParts {
  readonly company: string
  readonly first_name: string
  readonly last_name: string
  readonly address_line1: string
  readonly address_line2: string
  readonly zip: string
  readonly city: string
  readonly country: string
}

/** Options of `formatAddress`. */
export interface FormatAddressOptions {
  /**
   * Where the card is posted: an ISO 3166-1 code or country name, or the sender's address
   * object (its `country` is used). Decides whether the mail is domestic (no country line) or
   * international (the destination's name in capitals, in the language of this country's post).
   * Default: the destination itself, so the address is formatted as domestic mail.
   */
  readonly from?: string | AddressObject | null | undefined
  /**
   * The language of the country line as a BCP 47 tag (`de`, `fr-CH`), when it should not be
   * the one the origin's post expects. Default: the origin's postal language.
   */
  readonly locale?: string | undefined
}

/** The postal conventions of one country: Google's address data with the posts' own rules. */
export interface CountryConventions {
  /** ISO 3166-1 alpha-2 code. */
  readonly code: string
  /** Line templates in Google's notation (`%Z  %C`), without the country line. */
  readonly lines: readonly string[]
  /** Parts the address needs, in Google's letters (`A` street, `C` city, `S` state, `Z` zip). */
  readonly required: string
  /** Parts the post wants in capitals (`C` city, `S` state, `Z` postal code). */
  readonly upper: string
  /** The postal code pattern, anchored; `undefined` when the country has no postal codes. */
  readonly zip: RegExp | undefined
  /** Real postal codes of the country as its post writes them (first is used in messages). */
  readonly zipExamples: readonly string[]
  /** Whether the post writes its postal codes with the space of `zipExamples[0]`. */
  readonly zipSpaced: boolean
}

/** An address resolved once against the conventions of its country and of the origin. */
export interface ResolvedAddress {
  /** The fields as read. */
  readonly parts: AddressParts
  /** The destination country's code, or `undefined` when `country` names none we know. */
  readonly country: string | undefined
  /** The origin country's code, or `undefined` when the origin is not known. */
  readonly origin: string | undefined
  /** Whether the mail leaves the origin's country (a country line is printed). */
  readonly international: boolean
  /** The destination's conventions (a generic layout for an unknown country). */
  readonly conventions: CountryConventions
  /** The city without a state or province written after it (`New York` of `New York, NY`). */
  readonly locality: string
  /** The state or province code found after the city (`NY`), `''` when none. */
  readonly state: string
  /** The postal code as the post writes it (case and spacing), or as sent when it is not one. */
  readonly zip: string
  /** The printed lines, top to bottom. */
  readonly lines: readonly string[]
}

/**
 * An address element and the block it prints, as the address rules read it: the lines and the
 * geometry at once, each layout on first call (the same layout the analysis then holds and the
 * preview draws: made once). The analysis' `AddressAnalysis` is this with both layouts made.
 */
export interface AddressBlock {
  readonly element: AddressElement
  /** The element's design path, e.g. `sides.back.elements[3]`. */
  readonly path: string
  /** The sender line as printed, `''` when none is printed. */
  readonly senderLine: string
  /** The recipient lines as printed, top to bottom. */
  readonly recipientLines: readonly string[]
  /** Top of the recipient block in mm from the element's top edge. */
  readonly recipientTop_mm: number
  /** How many recipient lines the element holds below the sender line. */
  readonly recipientCapacity: number
  /** How far the recipient lines reach below the element in mm (`0` when they fit). */
  readonly recipientOverflow_mm: number
  /** The sender line laid out; `undefined` when none is printed or without the family. */
  senderLayout(): TextLayout | undefined
  /** The recipient lines laid out; `undefined` without lines or without the family. */
  recipientLayout(): TextLayout | undefined
  /**
   * The recipient lines wider than the element, as the recipient layout reports them (measured
   * without it when it is not made yet); `[]` without lines or without the family.
   */
  wideRecipientLines(): readonly WideLine[]
  /** The regular face of the element's family; `undefined` without the family. */
  face(): Face | undefined
}

/**
 * The addresses of one postcard, resolved once for every address rule and every output: `from`
 * as a return address (against the recipient's country), `to` against the sender's, and the
 * block each address element of the design prints.
 */
export interface PostcardAddresses {
  /** `from`, resolved against `to`'s country. */
  readonly sender: ResolvedAddress
  /** `to`, resolved against `from`'s country. */
  readonly recipient: ResolvedAddress
  /** The design's address elements with their blocks, in design order (front, then back). */
  blocks(): readonly AddressBlock[]
}
