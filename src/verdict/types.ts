/**
 * The verdict of a validation: either ok, or the spec's exact 422 body (spec 7.1), plus
 * non-blocking warnings in both cases.
 *
 * @module
 */

/** The six Markdown features of spec 2.5, in the spec's order (`meta.allowed_markdown`). */
export type MarkdownFeature =
  'paragraphs' | 'line_breaks' | 'bold' | 'italic' | 'bullet_lists' | 'numbered_lists'

/** One item of `meta.markdown_fit_errors` (spec 7.1): a text that does not fit its area. */
export interface MarkdownFitError {
  readonly key: string
  readonly label: string
  readonly available_width_mm: number
  readonly available_height_mm: number
  readonly measured_height_mm: number
  readonly overflow_mm: number
  readonly font_size_pt: number
  readonly line_height: number
  readonly block_count: number
  readonly line_count: number
  readonly suggested_action: string
}

/** One item of `meta.qr_fit_errors` (spec 7.1): a valid URL too large for its QR area. */
export interface QrFitError {
  readonly key: string
  readonly label: string
  readonly resolved_url_length: number
  readonly suggested_action: string
}

/** `meta` of the 422 body; each member is present only when relevant (spec 7.1). */
export interface UnprocessableMeta {
  readonly expected_content_keys?: readonly string[]
  readonly allowed_markdown?: readonly MarkdownFeature[]
  readonly markdown_fit_errors?: readonly MarkdownFitError[]
  readonly expected_qr_keys?: readonly string[]
  readonly qr_fit_errors?: readonly QrFitError[]
}

/** The spec's 422 body (spec 7.1), byte for byte what the service answers. */
export interface UnprocessableBody {
  /** The first error, then `(and N more errors)` when there are more (Laravel's format). */
  readonly message: string
  /** Field path (`to.zip`, `content.greeting`) to its messages, in the order found. */
  readonly errors: Readonly<Record<string, readonly string[]>>
  readonly meta?: UnprocessableMeta
}

/** Stable codes of warnings: non-blocking findings that never turn a verdict into a 422. */
export type WarningCode =
  | 'emoji-not-in-set'
  | 'missing-glyph'
  | 'emphasis-not-resolved'
  | 'emoji-artwork-missing'
  | 'image-rejected'
  | 'zip-format'
  | 'zip-range'
  | 'zip-state-mismatch'
  | 'width-overflow'
  | 'country-on-request'
  | 'country-not-served'
  | 'country-unrecognized'
  | 'address-part-missing'
  | 'address-lines-overflow'
  | 'address-line-too-wide'
  | 'address-font-small'
  | 'unknown-field'
  | 'payment-method-unknown'
  | 'invoice-email-missing'
  | 'image-resolution'
  | (string & {})

/**
 * Stable ids of the rules that make findings: each id names one small unit that implements one
 * part of the spec (`src/postcard/rules.ts`, `src/campaign/rules.ts`; the address rules in
 * `src/address/`), or one thing a preview
 * could not draw. Every {@link FieldError} and {@link Warning} carries the id of its rule.
 */
export type RuleId =
  // postcards (spec 2.3-2.6)
  | 'postcard-structure'
  | 'content-keys'
  | 'markdown-syntax'
  | 'text-fit'
  | 'qr-keys'
  | 'qr-urls'
  | 'address-country'
  | 'address-postal-code'
  | 'address-required-parts'
  | 'address-block-fit'
  | 'address-font-size'
  | 'unknown-fields'
  | 'emoji-set'
  | 'glyph-coverage'
  | 'image-resolution'
  // campaigns (spec 2.1, 4.2)
  | 'campaign-structure'
  | 'campaign-formats'
  | 'segment-source'
  | 'billing'
  // previews: what could not be drawn as designed
  | 'emoji-artwork'
  | 'design-image'
  | (string & {})

/**
 * A non-blocking finding (typed data with a stable `code`), e.g. an emoji newer than the pinned
 * set (spec 2.3) or a character the area's font cannot draw.
 */
export interface Warning {
  /** Stable machine code, e.g. `emoji-not-in-set`. */
  readonly code: WarningCode
  /** Field path of the value it concerns, e.g. `content.greeting` or `to.first_name`. */
  readonly path: string
  /** One sentence for people, following the message grammar of the project. */
  readonly message: string
  /** Extra data of the finding (the grapheme, its code points, its emoji version...). */
  readonly data?: Readonly<Record<string, unknown>>
  /** The rule that made it, e.g. `emoji-set` (see {@link RuleId}). */
  readonly rule: RuleId
}

/** A warning as a rule words it; the rule's id is added when it is reported. */
export type WarningDraft = Omit<Warning, 'rule'>

/** An accepted body: the service would take it. */
export interface ValidVerdict {
  readonly ok: true
  readonly warnings: readonly Warning[]
}

/** A rejected body: the service would answer 422 with exactly `body`. */
export interface InvalidVerdict {
  readonly ok: false
  readonly status: 422
  readonly body: UnprocessableBody
  readonly warnings: readonly Warning[]
}

/** What `validatePostcard` and `validateCampaign` return; they never throw on any input. */
export type Verdict = ValidVerdict | InvalidVerdict

/**
 * Stable codes of field errors, mostly named after the Laravel rule whose message they carry
 * (`required`, `string`, `prohibited`...), so hosts can react to a kind of error without
 * parsing its message. Other checks add their own (`markdown-syntax`, `qr-fit`...).
 */
export type FieldErrorCode =
  | 'required'
  | 'string'
  | 'array'
  | 'boolean'
  | 'in'
  | 'uuid'
  | 'date-format'
  | 'email'
  | 'prohibited'
  | 'max-length'
  | 'max-items'
  | 'max-total-length'
  | 'url-kind-qr'
  | 'online-shop-source'
  | 'invalid'
  | 'markdown'
  | 'fit'
  | 'url'
  | 'qr-fit'
  | (string & {})

/**
 * One message of the 422 body's `errors` as data: the field path, the message the service would
 * give, and a stable code. Checks report these; `createUnprocessableBody` groups them by path.
 */
export interface FieldError {
  /** Field path, e.g. `to.zip`, `content.greeting` or `segment.source`. */
  readonly path: string
  /** The message, word for word as the service words it. */
  readonly message: string
  /** Stable machine code of the kind of error, e.g. `required`. */
  readonly code: FieldErrorCode
  /**
   * What the message says beyond its path, as data (the limit, the measured height, the URL
   * problem...), so a host can word it in another language (`createMessages`) or act on it.
   * Absent when the path and the code say everything (`required`, `string`...).
   */
  readonly data?: Readonly<Record<string, unknown>>
  /** The rule that made it, e.g. `content-keys` (see {@link RuleId}). */
  readonly rule: RuleId
}

/** A field error as a rule words it; the rule's id is added when it is reported. */
export type FieldErrorDraft = Omit<FieldError, 'rule'>
