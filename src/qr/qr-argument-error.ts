/**
 * The error the QR functions throw for arguments no design can hold: a non-positive module,
 * a version outside 1-40, an unknown error-correction level. Such values come from host code,
 * never from a postcard request (a parsed design has already been checked), so they are a
 * misuse to fix, not a finding to report.
 *
 * @module
 */

/** Thrown for an argument outside the domain of a QR function; `argument` names it. */
export class QrArgumentError extends RangeError {
  override readonly name = 'QrArgumentError'
  /** Name of the offending parameter, e.g. `minModuleMm`. */
  readonly argument: string
  /** The value that was passed. */
  readonly value: unknown

  /**
   * @param argument Name of the offending parameter.
   * @param value The value that was passed.
   * @param expected What the parameter takes, e.g. `a positive number of millimetres`.
   */
  constructor(argument: string, value: unknown, expected: string) {
    super(`Unexpected value \`${String(value)}\` for \`${argument}\`, expected ${expected}`)
    this.argument = argument
    this.value = value
  }
}
