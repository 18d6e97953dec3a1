/**
 * Options of campaign validation.
 *
 * @module
 */

/** Options of `validateCampaign`. */
export interface CampaignOptions {
  /**
   * The lower-case name of the service's marketing-automation platform, the one
   * `segment.source` the spec allows besides `csv` (spec 2.1 writes it `<marketing_source>`)
   * (default: `hubspot`).
   */
  readonly marketingSource?: string
  /**
   * Lower-case names of online-shop platforms, whose segments the service rejects with a message
   * that says so (spec 1, 4.2) (default: `ONLINE_SHOP_SOURCES`).
   */
  readonly onlineShopSources?: readonly string[]
  /**
   * Paths of the fields that must be present, with Laravel's `required` semantics (null, blank
   * and empty count as missing). A child is only required when its parent is present (default:
   * `DEFAULT_CAMPAIGN_REQUIRED`).
   */
  readonly required?: readonly string[]
}
