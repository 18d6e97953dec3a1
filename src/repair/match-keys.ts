/**
 * Which expected key a sent key means (spec 7.1 repair rule: "rewrite payload keys to exactly
 * match `meta.expected_content_keys` or `meta.expected_qr_keys`"), only where that is beyond
 * doubt: the same words in another case or spelling (`Greeting`, `body text`, `coupon-url`,
 * `couponUrl`), or a small typo (`gretting`), towards exactly one missing key, claimed by no
 * other sent key.
 *
 * @module
 */
import { editDistance } from '../verdict/edit-distance.ts'

/** A sent key renamed to the expected key it means. */
export interface KeyMatch {
  readonly key: string
  readonly target: string
}

/** A sent key that could mean more than one expected key, or one another sent key means too. */
export interface AmbiguousKey {
  readonly key: string
  /** The expected keys it is equally close to. */
  readonly candidates: readonly string[]
}

/** How the sent keys that are not expected map onto the expected keys that are missing. */
export interface KeyMatching {
  readonly matches: readonly KeyMatch[]
  readonly ambiguous: readonly AmbiguousKey[]
  /** Sent keys close to no missing key. */
  readonly unmatched: readonly string[]
}

/**
 * A key as a design would spell it (spec 2.5, 2.6: `^[a-z][a-z0-9_]{0,63}$`): accents dropped,
 * camel case split, lower case, every run of other characters one `_`.
 *
 * @param key A sent key.
 * @returns `Body Text` → `body_text`, `couponURL` → `coupon_url`, `Grüße` → `grusse`.
 */
export function normalizeKey(key: string): string {
  const plain = key.normalize('NFKD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss')
  let words = ''
  for (let index = 0; index < plain.length; index++) {
    const char = plain.charAt(index)
    const before = plain.charAt(index - 1)
    const after = plain.charAt(index + 1)
    // A capital starts a word after a small letter or a digit (`couponUrl`), and so does the
    // last capital of a run followed by a small letter (`URLCoupon`).
    const upper = isUpper(char)
    if (upper && (isLowerOrDigit(before) || (isUpper(before) && isLower(after)))) words += '_'
    words += char
  }
  const snake = words.toLowerCase().replace(/[^a-z0-9]+/g, '_')
  let start = 0
  let end = snake.length
  while (start < end && snake.charAt(start) === '_') start++
  while (end > start && snake.charAt(end - 1) === '_') end--
  return snake.slice(start, end)
}

function isUpper(char: string): boolean {
  return char >= 'A' && char <= 'Z'
}

function isLower(char: string): boolean {
  return char >= 'a' && char <= 'z'
}

function isLowerOrDigit(char: string): boolean {
  return isLower(char) || (char >= '0' && char <= '9')
}

/** Edits allowed between a normalised sent key and an expected key: one per three characters. */
function allowedEdits(target: string): number {
  return Math.max(1, Math.min(2, Math.floor(target.length / 3)))
}

/**
 * How close a sent key is to an expected key: 0 when they are the same words, the number of
 * edits between them when that is small enough, `undefined` otherwise.
 */
function closeness(key: string, target: string): number | undefined {
  // A key of the spec has at most 64 characters: a longer one means none of them.
  if (key.length > 4 * 64) return undefined
  const normal = normalizeKey(key)
  if (normal === target) return 0
  const allowed = allowedEdits(target)
  const distance = editDistance(normal, target, allowed)
  return distance <= allowed ? distance : undefined
}

/**
 * Matches the sent keys a design does not expect to the expected keys the body lacks. A sent key
 * is renamed only when exactly one missing key is the closest to it and no other sent key is as
 * close to that key; every other sent key is reported, with its candidates.
 *
 * @param sent Sent keys that are not expected, in body order.
 * @param missing Expected keys the body lacks, in design order.
 * @returns The renames, the ambiguous keys and the unmatched ones.
 */
export function matchKeys(sent: readonly string[], missing: readonly string[]): KeyMatching {
  const best = new Map<string, { distance: number; targets: string[] }>()
  for (const key of sent) {
    let found: { distance: number; targets: string[] } | undefined
    for (const target of missing) {
      const distance = closeness(key, target)
      if (distance === undefined) continue
      if (found === undefined || distance < found.distance) found = { distance, targets: [target] }
      else if (distance === found.distance) found.targets.push(target)
    }
    if (found) best.set(key, found)
  }
  const claims = new Map<string, number>()
  for (const { targets } of best.values()) {
    if (targets.length === 1) {
      const target = targets[0] as string
      claims.set(target, (claims.get(target) ?? 0) + 1)
    }
  }
  const matches: KeyMatch[] = []
  const ambiguous: AmbiguousKey[] = []
  const unmatched: string[] = []
  for (const key of sent) {
    const found = best.get(key)
    if (!found) unmatched.push(key)
    else if (found.targets.length === 1 && claims.get(found.targets[0] as string) === 1) {
      matches.push({ key, target: found.targets[0] as string })
    } else ambiguous.push({ key, candidates: found.targets })
  }
  return { matches, ambiguous, unmatched }
}
