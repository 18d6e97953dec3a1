/**
 * The work on one address block in one address element: its sender line and recipient lines laid
 * out once, on first use. A `Preflight` keeps these objects in its cache, keyed by element and
 * printed lines, so validating a body and then drawing it lays the block out once.
 *
 * @module
 */
import {
  addressGeometry,
  layoutAddressBlock,
  type AddressGeometry,
  type AddressLayouts,
} from '../address/address-block.ts'
import type { AddressElement } from '../design/types.ts'
import type { AnalysisEnvironment } from './analysis-environment.ts'

const NOT_LAID_OUT: AddressLayouts = Object.freeze({
  senderLayout: undefined,
  recipientLayout: undefined,
})

/** One printed address block in one address element. Never throws on the lines. */
export class AddressWork {
  readonly element: AddressElement
  /** The sender line as printed (`''`: none). */
  readonly senderLine: string
  /** The recipient lines as printed. */
  readonly recipientLines: readonly string[]
  readonly #environment: AnalysisEnvironment
  #geometry: AddressGeometry | undefined
  #layouts: AddressLayouts | undefined

  /**
   * @param element The address element.
   * @param senderLine The sender line as printed.
   * @param recipientLines The recipient lines as printed.
   * @param environment Fonts and profile of the analysis.
   */
  constructor(
    element: AddressElement,
    senderLine: string,
    recipientLines: readonly string[],
    environment: AnalysisEnvironment
  ) {
    this.element = element
    this.senderLine = senderLine
    this.recipientLines = recipientLines
    this.#environment = environment
  }

  /** Where the sender line and the recipient block go (no fonts needed). */
  geometry(): AddressGeometry {
    this.#geometry ??= addressGeometry(
      this.element,
      this.senderLine !== '',
      this.#environment.profile
    )
    return this.#geometry
  }

  /** The block laid out; both layouts `undefined` without fonts for the element's family. */
  layouts(): AddressLayouts {
    if (this.#layouts === undefined) {
      const fonts = this.#environment.fonts
      this.#layouts =
        fonts !== undefined && fonts.has(this.element.font_family)
          ? Object.freeze(
              layoutAddressBlock(
                this.element,
                this.geometry(),
                this.senderLine,
                this.recipientLines,
                fonts,
                this.#environment.profile
              )
            )
          : NOT_LAID_OUT
    }
    return this.#layouts
  }
}
