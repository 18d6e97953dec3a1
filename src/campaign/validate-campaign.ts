/**
 * `validateCampaign`: judges a campaign body exactly as `POST /api/v1/campaigns` would.
 *
 * @module
 */
import { readOnce } from '../analysis/read-body.ts'
import { requiredPaths, fieldOrder, validate } from '../schema/campaign.generated.js'
import {
  checkStructure,
  compileRequiredPaths,
  type RequiredPath,
} from '../schema/check-structure.ts'
import { fieldMessages } from '../schema/field-messages.ts'
import { isCalendarDate } from '../schema/is-calendar-date.ts'
import { isEmailAddress } from '../schema/is-email-address.ts'
import { isMissing } from '../schema/is-missing.ts'
import { isUuid } from '../schema/is-uuid.ts'
import { orderFieldErrors } from '../schema/order-field-errors.ts'
import { readField } from '../schema/read-field.ts'
import { createCollector, verdictOf } from '../verdict/create-report.ts'
import { defineRule, runRules, type Rule } from '../verdict/define-rule.ts'
import { shorten } from '../verdict/shorten.ts'
import type { Verdict } from '../verdict/types.ts'
import { DEFAULT_MARKETING_SOURCE, ONLINE_SHOP_SOURCES } from './campaign-defaults.ts'
import { CampaignOptionsError } from './campaign-options-error.ts'
import type { CampaignOptions } from './types.ts'

/** The `segment.source` for an uploaded CSV file (spec 2.1). */
const CSV_SOURCE = 'csv'
/** The payment method spec 2.1 documents: invoice. */
const INVOICE = 'rechnung'
/** A lower-case platform name: `hubspot`, `active_campaign`. */
const SOURCE_NAME = /^[a-z][a-z\d_-]*$/

/** The default required paths of the campaign schema, split once. */
const DEFAULT_REQUIRED = compileRequiredPaths(requiredPaths)

/** Options with every default applied. */
export interface ResolvedOptions {
  readonly marketingSource: string
  readonly onlineShopSources: readonly string[]
  readonly required: readonly RequiredPath[]
}

/** What every campaign rule sees: the body as read once and the resolved options. */
export interface CampaignContext {
  readonly body: unknown
  readonly options: ResolvedOptions
}

/** Applies the defaults and rejects options that cannot work. */
function resolveOptions(options: CampaignOptions): ResolvedOptions {
  const marketingSource = options.marketingSource ?? DEFAULT_MARKETING_SOURCE
  const onlineShopSources = options.onlineShopSources ?? ONLINE_SHOP_SOURCES
  if (typeof marketingSource !== 'string' || !SOURCE_NAME.test(marketingSource)) {
    throw new CampaignOptionsError(
      `Unexpected \`marketingSource\` \`${String(marketingSource)}\`, expected the lower-case name of a marketing-automation platform such as \`${DEFAULT_MARKETING_SOURCE}\``
    )
  }
  if (marketingSource === CSV_SOURCE || onlineShopSources.includes(marketingSource)) {
    throw new CampaignOptionsError(
      `Unexpected \`marketingSource\` \`${marketingSource}\`, expected a marketing-automation platform: \`csv\` is always allowed and online-shop platforms never are`
    )
  }
  // Parents before children, so that a missing parent hides its children (the schema's own
  // list is in document order already).
  const required =
    options.required === undefined
      ? DEFAULT_REQUIRED
      : compileRequiredPaths(
          [...options.required].sort((a, b) => a.split('.').length - b.split('.').length)
        )
  return { marketingSource, onlineShopSources, required }
}

/** The string at a path when it is present and not blank, for format rules. */
function presentString(body: unknown, path: string): string | undefined {
  const value = readField(body, path)
  return typeof value === 'string' && !isMissing(value) ? value : undefined
}

/** spec 2.1, 4.2: required fields (Laravel's `required`) and JSON types. */
const checkCampaignStructure = defineRule<CampaignContext>({
  id: 'campaign-structure',
  spec: '2.1, 4.2',
  summary: 'The required fields are present, with the JSON types and values spec 2.1 shows.',
  run({ body, options }, report) {
    report.errorsFrom(checkStructure(body, validate, options.required))
  },
})

/** spec 2.1: formats of strings whose JSON type the schema already checked. */
const checkFormats = defineRule<CampaignContext>({
  id: 'campaign-formats',
  spec: '2.1, 1 (dates)',
  summary:
    'segment.id and design.postcardDesignId are UUIDs, deliveryPeriodEndAt a calendar date, invoiceEmail an e-mail address.',
  run({ body }, report) {
    for (const path of ['segment.id', 'design.postcardDesignId']) {
      const value = presentString(body, path)
      if (value !== undefined && !isUuid(value))
        report.error(path, fieldMessages.uuid(path), 'uuid')
    }
    const date = 'delivery.deliveryPeriodEndAt'
    const end = presentString(body, date)
    if (end !== undefined && !isCalendarDate(end)) {
      report.error(date, fieldMessages.dateFormat(date, 'Y-m-d'), 'date-format', {
        format: 'Y-m-d',
      })
    }
    const email = 'billing.invoiceEmail'
    const address = presentString(body, email)
    if (address !== undefined && !isEmailAddress(address)) {
      report.error(email, fieldMessages.email(email), 'email')
    }
  },
})

/** spec 1, 2.1, 4.2: `csv` or the marketing source; online-shop platforms say why they fail. */
const checkSegmentSource = defineRule<CampaignContext>({
  id: 'segment-source',
  spec: '1, 2.1, 4.2',
  summary:
    'segment.source is csv or the marketing source; online-shop sources are rejected with a reason.',
  run({ body, options }, report) {
    const path = 'segment.source'
    const source = presentString(body, path)
    if (source === undefined) return
    const allowed = [CSV_SOURCE, options.marketingSource]
    if (allowed.includes(source)) return
    const name = source.trim().toLowerCase()
    if (options.onlineShopSources.includes(name)) {
      report.error(
        path,
        fieldMessages.onlineShopSource(path, source, allowed),
        'online-shop-source',
        { source, allowed }
      )
    } else {
      report.error(path, fieldMessages.in(path), 'in')
    }
  },
})

/** Warnings on billing: spec 2.1 documents `rechnung` only, shown with `invoiceEmail`. */
const checkBilling = defineRule<CampaignContext>({
  id: 'billing',
  spec: '2.1',
  summary:
    'Warns about a payment method other than rechnung, and rechnung without an invoice e-mail.',
  run({ body }, report) {
    const method = presentString(body, 'billing.paymentMethod')
    if (method === undefined) return
    if (method !== INVOICE) {
      report.warn({
        code: 'payment-method-unknown',
        path: 'billing.paymentMethod',
        message: `Unexpected payment method \`${shorten(method)}\`, expected \`${INVOICE}\`: the only value the spec documents`,
        data: { paymentMethod: method },
      })
    } else if (isMissing(readField(body, 'billing.invoiceEmail'))) {
      report.warn({
        code: 'invoice-email-missing',
        path: 'billing.invoiceEmail',
        message: `Unexpected \`${INVOICE}\` without \`billing.invoiceEmail\`, expected the e-mail address the invoice goes to`,
      })
    }
  },
})

/**
 * What the campaign rules see: the body read once (a getter runs at most once, nothing can
 * throw) and the options with their defaults.
 *
 * @param body The request body (anything).
 * @param options The options of `validateCampaign`.
 * @returns The context of the rules.
 * @throws {CampaignOptionsError} When the options cannot work.
 */
export function createCampaignContext(body: unknown, options: CampaignOptions): CampaignContext {
  const resolved = resolveOptions(options)
  const depth = Math.max(3, ...resolved.required.map((required) => required.keys.length + 1))
  return { body: readOnce(body, depth), options: resolved }
}

/** Every rule of a campaign, in the order they run. */
export const campaignRules: readonly Rule<CampaignContext>[] = Object.freeze([
  checkCampaignStructure,
  checkFormats,
  checkSegmentSource,
  checkBilling,
])

/**
 * Judges a campaign body (spec 2.1) exactly as the service would: the verdict is either ok or a
 * 422 body in the shape of spec 7.1 with every error at once, plus non-blocking warnings.
 *
 * Rules: the required fields (see `CampaignOptions.required`), JSON types, `processingType`
 * (`automatic` or `one_off`), UUIDs in `segment.id` and `design.postcardDesignId`, a real
 * calendar date `YYYY-MM-DD` in `delivery.deliveryPeriodEndAt`, an e-mail address in
 * `billing.invoiceEmail`, and `segment.source` either `csv` or the marketing source; an
 * online-shop source is rejected with a message that says such segments are not supported.
 * Fields the spec does not show are ignored, as it says further fields may exist.
 *
 * It never throws on a body: any JSON value yields a verdict.
 *
 * @param body The request body, as parsed from JSON.
 * @param options The marketing source, online-shop sources and required fields.
 * @returns The verdict.
 * @throws {CampaignOptionsError} When the options cannot work (never because of the body).
 * @example
 * ```ts
 * const verdict = validateCampaign(JSON.parse(text), { marketingSource: 'hubspot' })
 * if (!verdict.ok) console.log(verdict.body.errors)
 * ```
 */
export function validateCampaign(body: unknown, options: CampaignOptions = {}): Verdict {
  const collector = createCollector()
  runRules(campaignRules, createCampaignContext(body, options), collector)
  return verdictOf(collector.findings((errors) => orderFieldErrors(errors, fieldOrder)))
}
