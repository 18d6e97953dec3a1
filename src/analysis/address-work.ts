/**
 * The work on one address block in one address element: its sender line and its recipient lines,
 * each laid out once, on first use (the analysis asks for both), and the recipient lines that are
 * too wide, measured without a layout (all the rules ask for). A `Preflight` keeps these objects
 * in its cache, keyed by element and printed lines, so validating a body and then drawing it lays
 * the block out once.
 *
 * @module
 */
import {
  addressGeometry,
  layoutRecipientLines,
  layoutSenderLine,
  measureWideLines,
  wideLinesOf,
  type AddressGeometry,
  type WideLine,
} from '../address/address-block.ts'
import type { AddressElement } from '../design/types.ts'
import type { TextLayout } from '../layout/types.ts'
import type { Face } from '../text/types.ts'
import type { AnalysisEnvironment } from './analysis-environment.ts'

/** Marks a layout that was not made (`undefined` means "not asked yet"). */
const NONE = null

/** One printed address block in one address element. Never throws on the lines. */
export class AddressWork {
  readonly element: AddressElement
  /** The sender line as printed (`''`: none). */
  readonly senderLine: string
  /** The recipient lines as printed. */
  readonly recipientLines: readonly string[]
  readonly #environment: AnalysisEnvironment
  #geometry: AddressGeometry | undefined
  #senderLayout: TextLayout | null | undefined
  #recipientLayout: TextLayout | null | undefined
  #wideLines: readonly WideLine[] | undefined
  #face: Face | null | undefined

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

  /** Whether the fonts hold the element's family, so the block can be laid out. */
  get measurable(): boolean {
    const fonts = this.#environment.fonts
    return fonts !== undefined && fonts.has(this.element.font_family)
  }

  /** The regular face of the element's family; `undefined` when not measurable. */
  face(): Face | undefined {
    if (this.#face === undefined) {
      const fonts = this.#environment.fonts
      this.#face =
        fonts !== undefined && this.measurable ? fonts.face(this.element.font_family) : NONE
    }
    return this.#face ?? undefined
  }

  /** The sender line laid out; `undefined` when none is printed or not measurable. */
  senderLayout(): TextLayout | undefined {
    if (this.#senderLayout === undefined) {
      const fonts = this.#environment.fonts
      this.#senderLayout =
        fonts !== undefined && this.measurable && this.senderLine !== ''
          ? layoutSenderLine(
              this.element,
              this.geometry(),
              this.senderLine,
              fonts,
              this.#environment.profile
            )
          : NONE
    }
    return this.#senderLayout ?? undefined
  }

  /** The recipient lines laid out; `undefined` without lines or when not measurable. */
  recipientLayout(): TextLayout | undefined {
    if (this.#recipientLayout === undefined) {
      const fonts = this.#environment.fonts
      this.#recipientLayout =
        fonts !== undefined && this.measurable && this.recipientLines.length > 0
          ? layoutRecipientLines(
              this.element,
              this.geometry(),
              this.recipientLines,
              fonts,
              this.#environment.profile
            )
          : NONE
    }
    return this.#recipientLayout ?? undefined
  }

  /**
   * The recipient lines wider than the element (`[]` when not measurable): from the recipient
   * layout when it is made, else measured from the advances alone (no line breaking, no glyph
   * placed), the layout being made only for a line the measure leaves to it.
   */
  wideLines(): readonly WideLine[] {
    if (this.#wideLines === undefined) {
      const face = this.#recipientLayout ? undefined : this.face()
      const measured = face
        ? measureWideLines(this.element, this.recipientLines, face, this.#environment.profile)
        : undefined
      const layout = measured ? undefined : this.recipientLayout()
      this.#wideLines = measured ?? (layout ? wideLinesOf(layout) : [])
    }
    return this.#wideLines
  }
}
