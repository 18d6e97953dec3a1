/**
 * The service's field messages. The service answers 422 in Laravel's `{message, errors}` shape, so
 * each message is Laravel's English validation line (`lang/en/validation.php`) with `:attribute`
 * replaced by the field path exactly as the body spells it (`flow_id`, `to.address_line1`), the
 * way the project's reference messages name fields (stock Laravel would print `flow id`).
 *
 * @module
 */

/** Formats a list of values as `` `a`, `b` or `c` `` (values in backticks: CONTRIBUTING.md). */
function list(values: readonly string[]): string {
  const quoted = values.map((value) => `\`${value}\``)
  if (quoted.length <= 1) return quoted.join('')
  return `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1) ?? ''}`
}

/**
 * Every message of a field error, one function per rule, so the wording lives in one place and
 * tests can assert it word for word.
 */
export const fieldMessages = {
  /** Laravel `required`: absent, `null`, blank, or an empty object or list. */
  required: (path: string): string => `The ${path} field is required.`,
  /** Laravel `string`. */
  string: (path: string): string => `The ${path} field must be a string.`,
  /** Laravel `array`: PHP reads JSON objects and lists alike as arrays. */
  array: (path: string): string => `The ${path} field must be an array.`,
  /** Laravel `boolean`. */
  boolean: (path: string): string => `The ${path} field must be true or false.`,
  /** Laravel `any_of`: our fallback for a schema keyword without a rule of its own. */
  invalid: (path: string): string => `The ${path} field is invalid.`,
  /** Laravel `in` (and `enum`). */
  in: (path: string): string => `The selected ${path} is invalid.`,
  /** Laravel `uuid`. */
  uuid: (path: string): string => `The ${path} field must be a valid UUID.`,
  /** Laravel `date_format`. */
  dateFormat: (path: string, format: string): string =>
    `The ${path} field must match the format ${format}.`,
  /** Laravel `email`. */
  email: (path: string): string => `The ${path} field must be a valid email address.`,
  /** Laravel `prohibited`: sent although it must be omitted. */
  prohibited: (path: string): string => `The ${path} field is prohibited.`,
  /** Laravel `max` on a string. */
  maxLength: (path: string, max: number): string =>
    `The ${path} field must not be greater than ${max} characters.`,
  /** Laravel `max` on an array. */
  maxItems: (path: string, max: number): string =>
    `The ${path} field must not have more than ${max} items.`,
  /** Spec 2.5's limit on all `content` values together (no Laravel rule has it). */
  maxTotalLength: (path: string, max: number): string =>
    `The ${path} field must not be greater than ${max} characters in total.`,
  /**
   * A key of `qr_codes` that names a QR code of the URL kind, which stores its target in the
   * design (spec 2.6 rule 5).
   */
  urlKindQr: (path: string, label: string): string =>
    `The ${path} field is prohibited: \`${label}\` is a QR code of the URL kind, its target is stored in the design.`,
  /** `qr_codes` sent for a design whose QR codes are all of the URL kind (spec 2.6 rules 2, 5). */
  urlKindQrs: (path: string, labels: readonly string[]): string =>
    `The ${path} field is prohibited: the design's QR codes (${list(labels)}) are of the URL kind, their targets are stored in the design.`,
  /** An online-shop segment source (spec 1, 2.1). */
  onlineShopSource: (path: string, value: string, allowed: readonly string[]): string =>
    `Unexpected online-shop source \`${value}\` for ${path}, expected ${list(allowed)}: segments from online-shop platforms are not supported.`,
} as const
