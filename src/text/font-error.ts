/**
 * The error the font layer throws for misuse by the host programmer: bytes that are not a
 * usable font, an instance a variable font cannot give, or a family the registry does not know.
 * User text never causes it.
 *
 * @module
 */

/** Stable codes of {@link FontError}. */
export type FontErrorCode =
  /**
   * The bytes are a collection (extract one face first), or WOFF2 given to the synchronous
   * `createFontRegistry` (use `loadFontRegistry`).
   */
  | 'unsupported-format'
  /**
   * The bytes are not a font, their WOFF/WOFF2 container is broken (zlib or Brotli data, the
   * `glyf` transform), or a table the engine needs is missing or broken.
   */
  | 'invalid-font'
  /** Axes for a font without variations, an axis the font lacks, or a value that is no number. */
  | 'invalid-variation'
  /** A family name that was never registered. */
  | 'unknown-family'
  /** A registry was given no families, or a family without its regular face. */
  | 'invalid-sources'

/**
 * Thrown for fonts the host hands in that cannot be used, or for an unknown family. Carries a
 * stable `code` so hosts (the CLI, the server) can map it without parsing the message.
 */
export class FontError extends Error {
  /** Stable machine code of the problem. */
  readonly code: FontErrorCode

  /**
   * @param code Stable machine code.
   * @param message One sentence following the project's message grammar.
   * @param options `cause` when a parser error is wrapped.
   */
  constructor(code: FontErrorCode, message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'FontError'
    this.code = code
  }
}
