/**
 * Defaults of `validateCampaign` for what the spec leaves open.
 *
 * @module
 */
import { requiredPaths } from '../schema/campaign.generated.js'

/**
 * The default marketing-automation platform (spec 2.1's `<marketing_source>`): `hubspot`, the
 * most widely used marketing-automation platform that keeps contacts in segments. The spec does
 * not name it, so hosts that know the service's platform set `marketingSource`.
 */
export const DEFAULT_MARKETING_SOURCE = 'hubspot'

/**
 * Online-shop platforms whose segments the service rejects (spec 1, 4.2), by the lower-case
 * name a client would send: the large international platforms and the shop systems common in
 * the service's stated countries (Germany, Austria, Switzerland, the Netherlands).
 */
export const ONLINE_SHOP_SOURCES: readonly string[] = Object.freeze([
  'shopify',
  'woocommerce',
  'shopware',
  'magento',
  'adobe_commerce',
  'bigcommerce',
  'wix',
  'squarespace',
  'prestashop',
  'ecwid',
  'jtl',
  'gambio',
  'plentymarkets',
  'oxid',
  'lightspeed',
])

/**
 * The fields a campaign must carry unless `CampaignOptions.required` says otherwise. The spec
 * does not say (spec 2.1, "Gaps"); postcard-preflight requires what a campaign cannot be created
 * without: `name`, `processingType`, `segment` (with `source` and `id`), `design` (with
 * `postcardDesignId`), `delivery` (with `deliveryPeriodEndAt`) and `billing` (with
 * `paymentMethod`). `description`, `metadata`, `addressVerification` and
 * `billing.invoiceEmail` are optional. These are the `required` lists of
 * `campaign.schema.json`.
 */
export const DEFAULT_CAMPAIGN_REQUIRED: readonly string[] = Object.freeze([...requiredPaths])
