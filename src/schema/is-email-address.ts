/**
 * The e-mail address format of spec 2.1 (`billing.invoiceEmail`).
 *
 * @module
 */

/** An atom of the local part: RFC 5322 `atext`, plus any non-ASCII character (RFC 6531). */
const ATOM = /^[\w!#$%&'*+/=?^`{|}~\u{80}-\u{10FFFF}-]+$/u
/** A domain label: letters, digits, hyphens and non-ASCII characters (IDN, RFC 5890). */
const LABEL = /^[a-z\d\u{80}-\u{10FFFF}-]{1,63}$/iu

/**
 * Whether a string is an e-mail address in the sense of the service's `email` rule (Laravel's
 * RFC validation):
 *
 * - one `@` between a local part and a domain;
 * - the local part is dot-separated atoms (`first.last+tag`), no leading, trailing or double dot;
 * - the domain is dot-separated labels of at most 63 characters that neither start nor end with
 *   a hyphen. A single label (`user@localhost`) passes, as it does in Laravel.
 *
 * Non-ASCII addresses (`jörg@bücher.de`) pass. Quoted local parts (`"a b"@example.com`) and
 * address literals (`user@[192.0.2.1]`), which RFC 5322 allows and nobody uses for invoices,
 * do not: they are reported as invalid.
 *
 * @param value The string to test.
 * @returns `true` for an e-mail address.
 */
export function isEmailAddress(value: string): boolean {
  const at = value.lastIndexOf('@')
  if (at <= 0 || at === value.length - 1) return false
  const local = value.slice(0, at)
  const domain = value.slice(at + 1)
  if (!local.split('.').every((atom) => ATOM.test(atom))) return false
  return domain
    .split('.')
    .every((label) => LABEL.test(label) && !label.startsWith('-') && !label.endsWith('-'))
}
