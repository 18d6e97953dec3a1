/**
 * The JSON bodies of the Direct-Mail API v1 as TypeScript types: what a client sends to
 * `POST /api/v1/postcards` and `POST /api/v1/campaigns`, and what comes back (spec 2.1-2.4). The
 * 422 body (spec 7.1) is `UnprocessableBody` of the verdict types.
 *
 * Only shapes: what the service accepts is decided by `validatePostcard` and `validateCampaign`
 * (a value of these types can still be refused, e.g. text that does not fit its area).
 *
 * @module
 */

/** An address, the same shape for `from` and `to` (spec 2.3). */
export interface PostcardAddress {
  readonly company?: string | null
  readonly first_name?: string | null
  readonly last_name?: string | null
  readonly address_line1: string
  readonly address_line2?: string | null
  readonly zip: string
  readonly city: string
  /** A country code or name; the spec does not say which (spec 2.3). */
  readonly country: string
}

/** The body of `POST /api/v1/postcards`: one recipient for an API flow (spec 2.3). */
export interface PostcardSubmission {
  /** The API flow that receives the entry, a UUID. */
  readonly flow_id: string
  /** Sender. */
  readonly from: PostcardAddress
  /** Recipient. */
  readonly to: PostcardAddress
  /**
   * Markdown texts keyed by the design's Markdown field names (spec 2.5): required when the
   * design has Markdown areas, refused when it has none.
   */
  readonly content?: Readonly<Record<string, string>>
  /**
   * Complete HTTP(S) URLs keyed by the design's QR field names (spec 2.6): required when the
   * design has keyed QR codes, refused when it has none.
   */
  readonly qr_codes?: Readonly<Record<string, string>>
}

/**
 * The answer of `POST /api/v1/postcards` (spec 2.4): the same body for 201 (`queued`), 202
 * (`accepted`, the flow is paused) and the 409 replay of an `X-Request-Id` already used.
 */
export interface PostcardAnswer {
  /** The request's `X-Request-Id`: the one sent, or the service's own when none was. */
  readonly request_id: string
  readonly flow_id: string
  /** `queued` (201, flow active) or `accepted` (202, flow paused) (spec 3). */
  readonly status: 'queued' | 'accepted'
  /** The batch the entry is queued for, `YYYY-MM-DDTHH:mm:ssZ`; null while the flow is paused. */
  readonly queued_for: string | null
}

/** The segment of a campaign (spec 2.1). */
export interface CampaignSegment {
  /**
   * `csv`, or the lower-case name of the service's marketing-automation platform; online-shop
   * platforms are refused (spec 2.1).
   */
  readonly source: string
  /** A UUID: the uploaded CSV file, or the platform's segment. */
  readonly id: string
}

/**
 * The body of `POST /api/v1/campaigns` (spec 2.1). The spec does not say which fields are
 * required; the members this type requires are `DEFAULT_CAMPAIGN_REQUIRED`, what
 * `validateCampaign` requires by default.
 */
export interface CampaignRequest {
  readonly name: string
  readonly description?: string | null
  /** Caller data that correlates the campaign with records of the caller's systems. */
  readonly metadata?: readonly string[] | null
  readonly processingType: 'automatic' | 'one_off'
  readonly addressVerification?: boolean
  readonly segment: CampaignSegment
  readonly design: { readonly postcardDesignId: string }
  /** `deliveryPeriodEndAt` is a date, `YYYY-MM-DD`. */
  readonly delivery: { readonly deliveryPeriodEndAt: string }
  /** `rechnung` (invoice) is the payment method the spec documents, with an invoice e-mail. */
  readonly billing: { readonly paymentMethod: string; readonly invoiceEmail?: string }
}

/**
 * The answer of `POST /api/v1/campaigns`: the campaign (spec 2.2). The spec shows `id`, `slug`
 * and `status` and leaves their formats and every other member open.
 */
export interface Campaign {
  readonly id: string
  readonly slug: string
  readonly status: string
  readonly [member: string]: unknown
}
