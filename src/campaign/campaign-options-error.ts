/**
 * The error `validateCampaign` throws for options that cannot work.
 *
 * @module
 */

/**
 * Thrown by `validateCampaign` for options that cannot work (a mistake of the host program,
 * never of the body): a marketing source that is not a lower-case name, or one that is `csv`
 * or an online-shop platform.
 */
export class CampaignOptionsError extends Error {
  override readonly name = 'CampaignOptionsError'
}
