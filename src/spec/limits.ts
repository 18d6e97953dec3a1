/**
 * The limits of the Direct-Mail API v1 (spec 2.5, 2.6 and 8), in one place: every rule, the
 * preview's clipping, the design parser and the sandbox's rate limits read them from here.
 *
 * @module
 */

/** The numbers and the key pattern of spec 8 (and 2.5, 2.6), as frozen data. */
export interface SpecLimits {
  /** spec 2.5, 8: at most this many properties in `content` (`10`). */
  readonly contentProperties: number
  /** spec 2.5: a design has at most this many Markdown areas (`10`). */
  readonly markdownAreas: number
  /** spec 2.5, 8: characters (code points) of one `content` value (`8000`). */
  readonly contentValueLength: number
  /** spec 2.5, 8: characters of all `content` values together (`20000`). */
  readonly contentTotalLength: number
  /** spec 2.6, 8: characters of one `qr_codes` value (`2048`). */
  readonly qrValueLength: number
  /** spec 2.5, 2.6, 8: the pattern of `content` and `qr_codes` keys (`^[a-z][a-z0-9_]{0,63}$`). */
  readonly keyPattern: RegExp
  /** spec 8: `POST /api/v1/postcards` requests per minute and token (`600`). */
  readonly postcardsPerMinute: number
  /** spec 8: `POST /api/v1/campaigns` requests per minute and token (`60`). */
  readonly campaignsPerMinute: number
}

/**
 * The limits of spec 8 (and of sections 2.5 and 2.6 they repeat). Characters are Unicode code
 * points, as the service (a Laravel application, `mb_strlen`) counts them.
 *
 * @example
 * ```ts
 * textarea.maxLength = SPEC_LIMITS.contentValueLength // 8000 (code points; `maxLength` counts UTF-16 units)
 * ```
 */
export const SPEC_LIMITS: SpecLimits = Object.freeze({
  // spec 2.5 and 8: "The object has at most 10 properties."
  contentProperties: 10,
  // spec 2.5: "A design has at most 10 Markdown areas."
  markdownAreas: 10,
  // spec 2.5 and 8: "Each value is a non-empty string of at most 8000 characters."
  contentValueLength: 8000,
  // spec 2.5 and 8: "All values together have at most 20000 characters."
  contentTotalLength: 20000,
  // spec 2.6 and 8: "Each value is a non-empty string of at most 2048 characters."
  qrValueLength: 2048,
  // spec 2.5, 2.6 and 8: "Key pattern: ^[a-z][a-z0-9_]{0,63}$". No `g` flag: `test` keeps no state.
  keyPattern: /^[a-z][a-z0-9_]{0,63}$/,
  // spec 8: "Postcard requests | 600 per minute per account API token".
  postcardsPerMinute: 600,
  // spec 8: "Campaign requests | 60 per minute per account API token".
  campaignsPerMinute: 60,
})
