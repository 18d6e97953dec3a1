/**
 * The work on one QR value in one QR element: resolved and sized once (spec 2.6 rule 4), its
 * symbol built once when it is drawn. A `Preflight` keeps these objects in its cache.
 *
 * @module
 */
import type { KeyedQrElement, QrElement, UrlQrElement } from '../design/types.ts'
import { checkQrUrlElement } from '../qr/check-qr-url-element.ts'
import { checkQrValue } from '../qr/check-qr-value.ts'
import { qrMatrix, type QrMatrix } from '../qr/qr-matrix.ts'
import type { QrUrlElementResult, QrValueResult } from '../qr/types.ts'

/** One QR value (keyed: as sent, clipped to 2048 characters; URL kind: as designed). */
export class QrWork {
  /** The QR element. */
  readonly element: QrElement
  /** The value. */
  readonly value: string
  #result: QrValueResult | QrUrlElementResult | undefined
  #matrix: QrMatrix | null | undefined

  /**
   * @param element The QR element (keyed or URL kind).
   * @param value The value to encode: `qr_codes.<key>`, or the element's `url`.
   */
  constructor(element: QrElement, value: string) {
    this.element = element
    this.value = value
  }

  /** The URL rules and the fit of the value: resolved URL and version, or the problem. */
  result(): QrValueResult | QrUrlElementResult {
    if (this.#result === undefined) {
      const element = this.element
      this.#result = Object.freeze(
        'key' in element
          ? checkQrValue(this.value, element satisfies KeyedQrElement)
          : checkQrUrlElement({ ...(element satisfies UrlQrElement), url: this.value })
      )
    }
    return this.#result
  }

  /**
   * The symbol that is drawn: the modules of the resolved URL at the element's level, in the
   * version the fit found, even when that version is too large for the area (the preview marks
   * it). `undefined` when the value is no complete http(s) URL or version 40 cannot hold it.
   */
  matrix(): QrMatrix | undefined {
    if (this.#matrix === undefined) {
      const result = this.result()
      let matrix: QrMatrix | null = null
      if (result.ok) {
        matrix = qrMatrix(result.resolvedUrl, this.element.error_correction, result.version)
      } else if (result.problem === 'too-large' && result.requiredVersion !== null) {
        matrix = qrMatrix(result.resolvedUrl, this.element.error_correction, result.requiredVersion)
      }
      this.#matrix = matrix
    }
    return this.#matrix ?? undefined
  }
}
